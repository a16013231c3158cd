"""A finished game's review, read by the people who played it (the My review button on the
standings), and the table's line the standings gain once the review is in.

Reads only: the review is made by the worker (worker.py) and stored; a look finds it, or finds it
on its way (`Preparing`, with how many reviews come first), or refuses in one sentence: a game of
another server or none, a game the person did not play, a game whose moves were pruned. A person
sees their own seat's review and no one else's. A review not made yet is answered at once, not
waited for: it takes seconds to a minute, so a few seconds' wait would rarely catch it, and the
answer says when to come back (and queues the game, if nothing had yet).
"""

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import ValidationError

from bot.features.review.model import FORMAT, GameReview, SeatReview
from bot.features.review.worker import ReviewWorker
from bot.service.core import Core, UseCases
from bot.service.tables import Archived
from bot.service.values import Refused
from bot.table import Table

log = logging.getLogger(__name__)

PLAYED_LISTED = 25
"""Games /payday review suggests: Discord shows no more choices."""
PLAYED_LOOKED = 200
"""The server's last finished games looked through for a person's own."""


class ReviewCode(StrEnum):
    """Refusals of a review; each has `game`, the game's number."""

    NO_GAME = "review_no_game"
    """No game of that number finished in this server."""
    NOT_PLAYED = "review_not_played"
    """The person did not play in that game: a review is its players' own."""
    PRUNED = "review_pruned"
    """The game's moves were pruned before it was reviewed: its review cannot be made."""
    NONE_PLAYED = "review_none_played"
    """/payday review without a game, from someone with no finished game in this server."""


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One seat's review, with what its words need: the game's seats' names and its edition."""

    game_id: int
    seat: SeatReview
    names: tuple[str, ...]
    ruleset: str


@dataclass(frozen=True, slots=True)
class Preparing:
    """The review is not made yet: `ahead` reviews come before it (1: it is the next, or under way)."""

    game_id: int
    ahead: int


@dataclass(frozen=True, slots=True)
class TableLine:
    """The standings' line of a reviewed game: where the standings are, in which language, and who
    was luckiest and who chose best (seats, ties sharing)."""

    channel_id: int
    message_id: int
    language: str
    names: tuple[str, ...]
    luckiest: tuple[int, ...]
    best_choices: tuple[int, ...]


class Reviews(UseCases):
    """The looks at reviews, and the standings' line once a review is made."""

    def __init__(self, core: Core, worker: ReviewWorker) -> None:
        super().__init__(core)
        self.worker = worker

    async def mine(self, guild_id: int | None, user_id: int, game_id: int | None) -> Reviewed | Preparing:
        """`user_id`'s review of game `game_id` of this server (None: of their last game here)."""
        if game_id is None:
            played = await self.played(guild_id, user_id, limit=1)
            if not played:
                raise Refused(ReviewCode.NONE_PLAYED)
            [game_id] = played
        archived = await self._here(guild_id, game_id)
        seat = played_by(archived.table, user_id)
        if seat is None:
            raise Refused(ReviewCode.NOT_PLAYED, game=game_id)
        review = await self.stored(game_id)
        where = {"game": game_id, "user": user_id, "action": "review"}
        if review is not None:
            log.info("review shown", extra=where)
            names = tuple(s.name for s in archived.table.seats)
            [own] = [reviewed for reviewed in review.seats if reviewed.seat == seat]
            return Reviewed(game_id, own, names, archived.table.game.ruleset)
        if await self.core.tables.logged(game_id) == 0:
            raise Refused(ReviewCode.PRUNED, game=game_id)
        self.worker.want(game_id)
        log.info("review asked for before it is made", extra=where)
        return Preparing(game_id, self.worker.ahead(game_id) or 1)

    async def played(self, guild_id: int | None, user_id: int, limit: int = PLAYED_LISTED) -> list[int]:
        """The finished games of this server `user_id` played in, newest first, as their history
        summaries say (no game is read): what /payday review suggests, and its default."""
        if guild_id is None:
            return []
        summaries = await self.core.tables.summaries(guild_id, PLAYED_LOOKED)
        return [game_id for game_id, summary in summaries if _played_in(summary, user_id)][:limit]

    async def stored(self, game_id: int) -> GameReview | None:
        """The game's review as saved (None: none yet, or one of another format, to be made again)."""
        data = await self.core.tables.store.review(game_id)
        if data is None:
            return None
        try:
            review = GameReview.model_validate_json(data)
        except ValidationError:
            log.warning("stored review unreadable: made again", extra={"game": game_id})
            return None
        return review if review.format == FORMAT else None

    async def table_line(self, review: GameReview) -> TableLine | None:
        """Where the reviewed game's standings are and what their line says; None until they are
        posted (the result links to the last board until then), or if the game has no result."""
        archived = await self.core.tables.archived(review.game_id)
        message_id = await self.core.tables.store.result_message(review.game_id)
        if archived is None or message_id is None or message_id == archived.table.message_id:
            return None
        table = archived.table
        return TableLine(
            archived.row.channel_id,
            message_id,
            table.language,
            tuple(seat.name for seat in table.seats),
            _best(review, lambda seat: seat.luck),
            _best(review, lambda seat: seat.choices),
        )

    async def _here(self, guild_id: int | None, game_id: int) -> Archived:
        archived = await self.core.tables.archived(game_id)
        if archived is None or guild_id is None or archived.row.guild_id != guild_id:
            raise Refused(ReviewCode.NO_GAME, game=game_id)
        if archived.table.state is None:
            raise Refused(ReviewCode.NO_GAME, game=game_id)
        return archived


def _played_in(summary: Mapping[str, Any], user_id: int) -> bool:
    """Whether a history summary names `user_id` in a seat, at the end or before they left it."""
    return any(
        player.get("user_id") == user_id
        or any(stint.get("user_id") == user_id for stint in player.get("stints", []))
        for player in summary.get("players", [])
    )


def played_by(table: Table, user_id: int) -> int | None:
    """The seat `user_id` played in the game (at the end, or before they left it), None if none."""
    for index, seat in enumerate(table.seats):
        if seat.user_id == user_id or any(stint.user_id == user_id for stint in seat.stints):
            return index
    return None


def _best(review: GameReview, measure: Callable[[SeatReview], float]) -> tuple[int, ...]:
    """The seats with the highest `measure` (ties share it)."""
    top = max(measure(seat) for seat in review.seats)
    return tuple(seat.seat for seat in review.seats if measure(seat) == top)
