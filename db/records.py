"""Finished games' results, placings and ratings (migration 6): the write that records a result in
its game's finishing transaction, and the reads of /payday history, stats and leaderboard.

Each read is one indexed query (two for a history page), so it stays fast with tens of thousands of
games in one server; nothing here parses a game's document. The SQL is written once for both
stores: `?` marks (the PostgreSQL store numbers them) and aggregates both databases know.
"""

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from db.interface import GameResult, Placing, RatedPlayer, Rater, RecordedGame, Skill, StatLine
from db.rows import from_us

Fetch = Callable[[str, list[Any]], Awaitable[Sequence[Any]]]
"""One query of the store, outside any write transaction, and its rows."""
Run = Callable[[str, Sequence[Any]], Awaitable[Iterable[Any]]]
"""One statement inside the caller's write transaction, and the rows it returns: how `record` reaches
either store's connection."""
RatingPool = tuple[int, str, str]
"""Whose ratings a rated game changes: its (guild, edition, house rules)."""
PoolLock = Callable[[RatingPool], Awaitable[None]]
"""Hold a rating pool for the rest of the caller's transaction, so games of one pool that finish at
once are rated one after the other. SQLite needs none (one transaction writes at a time); PostgreSQL
takes an advisory lock, since a person rated for the first time has no row to lock."""


async def _one_writer_at_a_time(pool: RatingPool) -> None:
    """SQLite's writes already take turns."""


_PLACING_COLUMNS = ", ".join(
    (
        "seat",
        "user_id",
        "name",
        "strength",
        "place",
        "net_worth",
        "best_jackpot",
        "deals_sold",
        "lotteries",
        "radio_wins",
        "loans",
        "charges_carried",
        "left_order",
        "mu_before",
        "sigma_before",
        "mu",
        "sigma",
    )
)
_RESULT_COLUMNS = (
    "game_id",
    "guild_id",
    "channel_id",
    "finished_at",
    "message_id",
    "ruleset",
    "house",
    "reason",
    "rated",
    "months",
    "hinted",
)

# The game's guild and time come from its history row, written earlier in the same transaction (or,
# for games finished before results were kept, long before). A game already recorded (by another
# process backfilling the same games at start-up) inserts and returns nothing.
_INSERT_RESULT = (
    "INSERT INTO results (game_id, guild_id, channel_id, finished_at, message_id, ruleset, house, reason,"
    " rated, months, hinted) SELECT game_id, guild_id, channel_id, finished_at, ?, ?, ?, ?, ?, ?, ?"
    " FROM history WHERE game_id = ? ON CONFLICT DO NOTHING RETURNING guild_id, finished_at"
)


SET_MESSAGE = "UPDATE results SET message_id = ? WHERE game_id = ?"
"""The message a game's result links to (none if it has no result): message_id, game_id."""


async def record(
    db: Run, game_id: int, result: GameResult, rate: Rater, take: PoolLock = _one_writer_at_a_time
) -> None:
    """One game's result, its placings and, if it is rated, its people's new ratings, inside the
    caller's transaction: the ratings before are read in it, so two games finishing at once in
    the same pool each rate from the other's result. A game whose result is already recorded is
    left as it is, its ratings counted once."""
    row = (
        *(result.message_id, result.ruleset, result.house, result.reason),
        *(result.rated, result.months, result.hinted),
    )
    inserted = list(await db(_INSERT_RESULT, (*row, game_id)))
    if not inserted:
        return
    [(guild_id, finished_at)] = inserted
    placings = result.placings
    changes: dict[int | None, tuple[Skill | None, Skill]] = {}
    if result.rated and guild_id is not None:
        pool = (guild_id, result.ruleset, result.house)
        await take(pool)
        changes = await _rate(db, pool, finished_at, placings, rate)
    copied = (guild_id, result.ruleset, result.house, finished_at)
    values = []
    for p in placings:
        before, after = changes.get(p.user_id, (None, None))
        values.append(
            (
                game_id,
                *copied,
                p.seat,
                p.user_id,
                p.name,
                p.strength,
                p.place,
                p.net_worth,
                p.best_jackpot,
                p.deals_sold,
                p.lotteries,
                p.radio_wins,
                p.loans,
                p.charges_carried,
                p.left,
                *((None, None) if before is None else (before.mu, before.sigma)),
                *((None, None) if after is None else (after.mu, after.sigma)),
            )
        )
    if not values:
        return
    marks = ",".join(["(" + ",".join("?" * 22) + ")"] * len(values))
    await db(
        f"INSERT INTO placings (game_id, guild_id, ruleset, house, finished_at, {_PLACING_COLUMNS})"
        f" VALUES {marks}",
        [value for placing in values for value in placing],
    )


async def _rate(
    db: Run,
    pool: RatingPool,
    finished_at: int,
    placings: Sequence[Placing],
    rate: Rater,
) -> dict[int | None, tuple[Skill | None, Skill]]:
    """Rate the game's people in their pool and save their new ratings: by person (each has one
    row a game), before and after."""
    people = [p for p in placings if p.user_id is not None]
    marks = ",".join("?" * len(people))
    known = {
        user: Skill(mu, sigma)
        for user, mu, sigma in await db(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND ruleset = ? AND house = ?"
            f" AND user_id IN ({marks})",
            [*pool, *(p.user_id for p in people)],
        )
    }
    before = [known.get(p.user_id) for p in people if p.user_id is not None]
    after = rate(before, [p.place for p in people])
    for p, skill in zip(people, after, strict=True):
        await db(
            "INSERT INTO ratings AS r (guild_id, ruleset, house, user_id, name, mu, sigma, games, wins,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT (guild_id, ruleset, house, user_id) DO UPDATE SET name = excluded.name,"
            " mu = excluded.mu, sigma = excluded.sigma, games = r.games + 1,"
            " wins = r.wins + excluded.wins, updated_at = excluded.updated_at",
            (*pool, p.user_id, p.name, skill.mu, skill.sigma, int(p.place == 1), finished_at),
        )
    return {p.user_id: (b, a) for p, b, a in zip(people, before, after, strict=True)}


def placing(row: Sequence[Any]) -> Placing:
    """A placings row read with `_PLACING_COLUMNS`."""
    seat, user_id, name, strength, place, net_worth, *records, left, mu_before, sigma_before, mu, sigma = row
    jackpot, deals, lotteries, radio, loans, carried = records
    return Placing(
        seat,
        user_id,
        name,
        strength,
        place,
        net_worth,
        jackpot,
        deals,
        lotteries,
        radio,
        loans,
        carried,
        left,
        before=None if mu_before is None else Skill(mu_before, sigma_before),
        after=None if mu is None else Skill(mu, sigma),
    )


def placings_of(game_ids: Sequence[int]) -> tuple[str, list[int]]:
    """The query of some games' placings, by game then seat (a seat's own row, then its leavers')."""
    marks = ",".join("?" * len(game_ids))
    return (
        f"SELECT game_id, {_PLACING_COLUMNS} FROM placings WHERE game_id IN ({marks})"
        " ORDER BY game_id, seat, left_order",
        list(game_ids),
    )


def page_of(guild_id: int, user_id: int | None, offset: int, limit: int) -> tuple[str, list[Any]]:
    """The query of one page of a guild's results, newest first: all, or one member's."""
    if user_id is None:
        return (
            f"SELECT {', '.join(_RESULT_COLUMNS)} FROM results WHERE guild_id = ?"
            " ORDER BY finished_at DESC, game_id DESC LIMIT ? OFFSET ?",
            [guild_id, limit, offset],
        )
    return (
        f"SELECT {', '.join(f'r.{column}' for column in _RESULT_COLUMNS)} FROM placings AS p"
        " JOIN results AS r USING (game_id) WHERE p.guild_id = ? AND p.user_id = ?"
        " ORDER BY p.finished_at DESC, p.game_id DESC LIMIT ? OFFSET ?",
        [guild_id, user_id, limit, offset],
    )


async def results_page(
    fetch: Fetch, guild_id: int, user_id: int | None, offset: int, limit: int
) -> tuple[list[RecordedGame], int]:
    """One page of a guild's results (only `user_id`'s, if given), newest first, with their placings,
    and how many there are in all."""
    [(total,)] = await fetch(*count_of(guild_id, user_id))
    games = await fetch(*page_of(guild_id, user_id, offset, limit))
    if not games:
        return [], int(total)
    placings = await fetch(*placings_of([g[0] for g in games]))
    return _recorded_games(games, placings), int(total)


def _recorded_games(games: Iterable[Sequence[Any]], placings: Iterable[Sequence[Any]]) -> list[RecordedGame]:
    """Results read with `page_of`, each with its placings read with `placings_of`."""
    seats: dict[int, list[Placing]] = {}
    for game_id, *seat in placings:
        seats.setdefault(game_id, []).append(placing(seat))
    return [
        RecordedGame(
            game_id,
            guild,
            channel,
            from_us(finished),
            GameResult(
                *(message, ruleset, house, reason, bool(rated), months),
                tuple(seats.get(game_id, ())),
                bool(hinted),
            ),
        )
        for game_id, guild, channel, finished, message, ruleset, house, reason, rated, months, hinted in games
    ]


def count_of(guild_id: int, user_id: int | None) -> tuple[str, list[Any]]:
    if user_id is None:
        return "SELECT COUNT(*) FROM results WHERE guild_id = ?", [guild_id]
    return "SELECT COUNT(*) FROM placings WHERE guild_id = ? AND user_id = ?", [guild_id, user_id]


_STAT_SUMS = (
    "COUNT(*), COUNT(*) FILTER (WHERE place = 1), SUM(net_worth), MAX(net_worth), MAX(best_jackpot),"
    " MAX(deals_sold), SUM(lotteries), SUM(radio_wins), SUM(loans), SUM(charges_carried)"
)


def stats_of(guild_id: int, user_id: int | None) -> tuple[str, list[Any]]:
    """A member's sums by edition; None: the computer players' by edition and strength."""
    if user_id is None:
        return (
            f"SELECT ruleset, strength, {_STAT_SUMS} FROM placings WHERE guild_id = ? AND user_id IS NULL"
            " GROUP BY ruleset, strength ORDER BY ruleset, strength",
            [guild_id],
        )
    return (
        f"SELECT ruleset, NULL, {_STAT_SUMS} FROM placings WHERE guild_id = ? AND user_id = ?"
        " GROUP BY ruleset ORDER BY ruleset",
        [guild_id, user_id],
    )


def stat_line(row: Sequence[Any]) -> StatLine:
    ruleset, strength, *sums = row
    return StatLine(ruleset, strength, *(int(value or 0) for value in sums))


_BY_RATING = "ORDER BY r.mu - 3 * r.sigma DESC, r.user_id"


def ratings_of(guild_id: int, ruleset: str, house: str, since: int | None) -> tuple[str, list[Any]]:
    """A pool's ratings, best conservative rating first; with `since`, those who played rated
    games since then, with their games and wins since then."""
    pool = [guild_id, ruleset, house]
    if since is None:
        return (
            "SELECT r.user_id, r.name, r.mu, r.sigma, r.games, r.games, r.wins FROM ratings AS r"
            f" WHERE r.guild_id = ? AND r.ruleset = ? AND r.house = ? {_BY_RATING}",
            pool,
        )
    return (
        "SELECT r.user_id, r.name, r.mu, r.sigma, r.games, p.games, p.wins FROM ratings AS r JOIN"
        " (SELECT user_id, COUNT(*) AS games, COUNT(*) FILTER (WHERE place = 1) AS wins FROM placings"
        " WHERE guild_id = ?1 AND ruleset = ?2 AND house = ?3 AND finished_at >= ?4 AND mu IS NOT NULL"
        " GROUP BY user_id) AS p USING (user_id)"
        f" WHERE r.guild_id = ?1 AND r.ruleset = ?2 AND r.house = ?3 {_BY_RATING}",
        [*pool, since],
    )


def rated_player(row: Sequence[Any]) -> RatedPlayer:
    user_id, name, mu, sigma, rated_games, games, wins = row
    return RatedPlayer(user_id, name, Skill(mu, sigma), rated_games, games, int(wins or 0))
