"""The server's finished games read back: /payday history, stats and leaderboard, always within
one server. Each read is the store's (`GameStore.results`, `stats`, `ratings`); the results they
read are written by the core when a game ends (bot/service/results.py), and the ratings by its
model (bot/service/ratings.py)."""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from bot.service import ratings
from bot.service.core import UseCases
from bot.service.results import house_key
from db.interface import RatedPlayer, RecordedGame, StatLine

HISTORY_PAGE = 5
"""Finished games per page of /payday history."""
LEADERBOARD_PAGE = 10
"""Ranked players per page of /payday leaderboard."""


class Period(StrEnum):
    """The leaderboard's periods: who is listed, and whose games and wins are counted."""

    ALL = "all"
    DAYS_30 = "30d"
    MONTH = "month"
    """Since the first of this month, UTC."""


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of a server's finished games, newest first (only `user_id`'s, if not None)."""

    user_id: int | None
    page: int
    pages: int
    total: int
    games: list[RecordedGame]


@dataclass(frozen=True, slots=True)
class StatsView:
    """A member's results by edition (`lines`), and the computer players' by edition and strength
    (`computers`, when asked for)."""

    user_id: int
    lines: list[StatLine]
    computers: list[StatLine] | None


@dataclass(frozen=True, slots=True)
class Ranked:
    """A person's place on the leaderboard (tied players share one) and their rating."""

    place: int
    player: RatedPlayer

    @property
    def points(self) -> int:
        return ratings.points(self.player.skill)


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """One page of a pool's ranked players; `mine`: the viewer's own place wherever it is, or, for
    a viewer not ranked yet, their rating with their rated games (`short`: True)."""

    ruleset: str
    house: str
    """The pool's house rules (`house_key`): the server's for the edition, '' for its own rules."""
    period: Period
    page: int
    pages: int
    ranked: int
    rows: list[Ranked]
    mine: Ranked | None
    short: bool
    min_games: int


class Records(UseCases):
    """The reads of a server's finished games; each is one server's alone."""

    async def history(self, guild_id: int, user_id: int | None, page: int) -> HistoryPage:
        """A page of the server's finished games (only `user_id`'s, if given), newest first; a page
        past the end shows the last."""
        page = max(page, 1)
        games, total = await self._history_page(guild_id, user_id, page)
        pages = max(1, -(-total // HISTORY_PAGE))
        if page > pages:
            page = pages
            games, total = await self._history_page(guild_id, user_id, page)
        return HistoryPage(user_id, page, pages, total, games)

    async def _history_page(
        self, guild_id: int, user_id: int | None, page: int
    ) -> tuple[list[RecordedGame], int]:
        offset = (page - 1) * HISTORY_PAGE
        store = self.core.tables.store
        return await store.results(guild_id, user_id=user_id, offset=offset, limit=HISTORY_PAGE)

    async def stats(self, guild_id: int, user_id: int, *, computers: bool) -> StatsView:
        """A member's results in this server by edition, with the computer players' if asked."""
        store = self.core.tables.store
        lines = await store.stats(guild_id, user_id)
        return StatsView(user_id, lines, await store.stats(guild_id, None) if computers else None)

    async def leaderboard(
        self,
        guild_id: int,
        ruleset: str | None,
        period: Period,
        viewer_id: int,
        page: int = 1,
    ) -> Leaderboard:
        """A page of the leaderboard of an edition (None: the server's) played by the server's house
        rules for it (its own rules if it has none): people with at least the server's
        `min_ranked_games` rated games, who played rated games in the period, best rating first,
        ranked by their rating from all their games. Games and wins beside them are the period's."""
        settings = await self.core.tables.server_settings(guild_id)
        ruleset, min_ranked_games = ruleset or settings.ruleset, settings.min_ranked_games
        house = house_key(settings.house_rules(ruleset))
        rated = await self.core.tables.store.ratings(guild_id, ruleset, house, self._since(period))
        ranked: list[Ranked] = []
        for player in rated:
            if player.rated_games >= min_ranked_games:
                tied = ranked and ratings.points(ranked[-1].player.skill) == ratings.points(player.skill)
                ranked.append(Ranked(ranked[-1].place if tied else len(ranked) + 1, player))
        mine = next((r for r in ranked if r.player.user_id == viewer_id), None)
        short = False
        if mine is None:
            unranked = next((p for p in rated if p.user_id == viewer_id), None)
            mine, short = (None, False) if unranked is None else (Ranked(0, unranked), True)
        pages = max(1, -(-len(ranked) // LEADERBOARD_PAGE))
        page = min(max(page, 1), pages)
        rows = ranked[(page - 1) * LEADERBOARD_PAGE : page * LEADERBOARD_PAGE]
        return Leaderboard(
            ruleset, house, period, page, pages, len(ranked), rows, mine, short, min_ranked_games
        )

    def _since(self, period: Period) -> datetime | None:
        now = self.core.now().astimezone(UTC)
        if period is Period.DAYS_30:
            return now - timedelta(days=30)
        if period is Period.MONTH:
            return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        return None
