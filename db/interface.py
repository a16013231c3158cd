"""What the bot needs from a store of games, as a Protocol: SQLite (db/sqlite/store.py) is the default, and
PostgreSQL (db/postgres/) serves several processes sharing one database.

The bot reaches the store only through the service (`bot.service.tables.Tables`), typed on
`GameStore`, so either store plugs in here without touching the cogs or the service. The rows and
errors below are part of the interface: any store returns and raises exactly these.
"""

from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, runtime_checkable


class StoreError(Exception):
    """The database cannot be used; the message is one sentence a server admin can act on."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached or does not answer in time: trouble that may pass by
    itself, so a supervisor retries later instead of waiting for an admin."""


class OutcomeUnknown(StoreError):
    """A write was sent but its answer was lost (the connection dropped, no answer in time, the
    COMMIT failed): it may have committed or not. Only reading the store again tells; any other
    StoreError means nothing was written.

    A read that finds the write not made is final only once the write can no longer land
    (`settled`): a failed SQLite COMMIT is rolled back before this is raised, but a PostgreSQL
    statement may still be on its way or running on the server, and commit after the read."""

    def __init__(self, message: str, *, settle: Callable[[], Awaitable[bool]] | None = None) -> None:
        super().__init__(message)
        self._settle = settle

    async def settled(self) -> bool:
        """Whether the write can no longer land (it did, or it never will), so that a read made
        from now on tells for good; it may wait a moment for that, and never raises. False: a read
        may find it not made and it lands after."""
        return True if self._settle is None else await self._settle()


class GameExists(Exception):
    """The channel already has a live game or lobby."""


class StaleVersion(Exception):
    """The live row (or a server's settings) changed, or is gone, since it was loaded; reload and
    retry. Nothing was written."""


class DamagedRow(Exception):
    """A live row that cannot be read (its bytes are not text): set it aside, never guess at it."""

    def __init__(self, game_id: int, version: int, channel_id: int, reason: str) -> None:
        super().__init__(f"game {game_id} in channel {channel_id}: {reason}")
        self.game_id, self.version, self.channel_id, self.reason = game_id, version, channel_id, reason


@dataclass(frozen=True, slots=True)
class GameRow:
    """A live game as stored; `version` is the optimistic-concurrency token for save/finish/delete."""

    game_id: int
    channel_id: int
    guild_id: int | None
    version: int
    data: str
    deadline: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class EventRow:
    """One entry of a game's log; `seq` counts 1, 2, 3... per game with no gaps."""

    game_id: int
    seq: int
    at: datetime
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A finished game, kept for stats; `data` is the final document, `summary` the caller's digest."""

    game_id: int
    channel_id: int
    guild_id: int | None
    data: str
    summary: dict[str, Any]
    created_at: datetime
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class Wakeup:
    """A live game's earliest timer, as stored: enough to re-arm it without reading the game."""

    channel_id: int
    at: datetime


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process serves: `ids` of `count`. Discord sends a server's events to shard
    `(server id >> 22) % count` (direct messages, with no server, to shard 0), so a game belongs to
    the process whose `ids` hold its server's shard."""

    count: int
    ids: frozenset[int]

    def owns(self, guild_id: int | None) -> bool:
        return ((guild_id or 0) >> 22) % self.count in self.ids


@dataclass(frozen=True, slots=True)
class Pruned:
    """What `prune` removed: the event logs of this many finished games, this many rows in all."""

    games: int
    events: int


@dataclass(frozen=True, slots=True)
class Preferences:
    """A member's lasting choices, applied to every game they play from when they made them."""

    user_id: int
    calls: bool
    """Called by name when a game waits for them (`/payday notices`)."""
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SettingsRow:
    """A server's settings as stored; `version` is the optimistic-concurrency token for
    `set_server_settings` (a server that never chose has no row: version 0)."""

    version: int
    data: str


@dataclass(frozen=True, slots=True)
class Skill:
    """A person's rating in one pool: the mean and the uncertainty of their skill."""

    mu: float
    sigma: float


class Rater(Protocol):
    """New ratings for a rated game's people, from their ratings before (None: never rated in this
    pool) and their places (1 the best; ties share one), in the same order."""

    def __call__(self, before: Sequence[Skill | None], places: Sequence[int]) -> Sequence[Skill]: ...


@dataclass(frozen=True, slots=True)
class Placing:
    """One seat of a finished game, or a person who left it besides (`left`): its place (ties share
    one), net worth and the game's records."""

    seat: int
    user_id: int | None
    """None for a computer player."""
    name: str
    strength: str | None
    """A computer player's strength; None for a person."""
    place: int
    net_worth: int
    best_jackpot: int = 0
    deals_sold: int = 0
    lotteries: int = 0
    radio_wins: int = 0
    loans: int = 0
    charges_carried: int = 0
    left: int = 0
    """The order its person left the game in (1 the first), placed last for it; 0: they stayed, or
    the computer's seat. A seat has one row of its own and one more per other person who left it."""
    before: Skill | None = None
    """Read back only: a rated person's rating before the game (None: their first)."""
    after: Skill | None = None
    """Read back only: a rated person's rating after the game; None if the game was not rated."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a finished game leaves for history, stats and the leaderboard, written with the game's
    move to history. `rated`: its people's finishing order counts for their ratings."""

    message_id: int | None
    ruleset: str
    house: str
    """The key of the game's house rules, '' for its edition's own: each key is a pool of its own."""
    reason: str
    rated: bool
    months: int
    placings: tuple[Placing, ...]
    hinted: bool = False
    """Someone took a hint (bot/features/review): the game is not rated, and history says why."""


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A finished game's result as stored, with where it was played."""

    game_id: int
    guild_id: int | None
    channel_id: int
    finished_at: datetime
    result: GameResult


@dataclass(frozen=True, slots=True)
class StatLine:
    """A member's (or, with `strength`, the computer players') games of one edition, summed."""

    ruleset: str
    strength: str | None
    games: int
    wins: int
    net_worth_total: int
    best_net_worth: int
    best_jackpot: int
    most_deals: int
    """The most Deals sold in one game."""
    lotteries: int
    radio_wins: int
    loans: int
    charges_carried: int


@dataclass(frozen=True, slots=True)
class RatedPlayer:
    """A person's rating in one pool, with their rated games and wins: all of them, or those
    finished since the period's start."""

    user_id: int
    name: str
    skill: Skill
    rated_games: int
    """All their rated games in the pool: whether they are ranked at all."""
    games: int
    wins: int


@runtime_checkable
class GameStore(Protocol):
    """Live games (one per channel, versioned), their append-only event logs, finished games, the
    members' lasting preferences, and each server's settings.

    Every write is one transaction: a save and its events land together or not at all. Failures of
    the machine (disk, locks, permissions) raise StoreError, OutcomeUnknown when the write may have
    committed all the same; a lost race raises StaleVersion.
    """

    async def get(self, channel_id: int) -> GameRow | None:
        """The channel's live row; DamagedRow if it cannot be read."""
        ...

    async def create(
        self, channel_id: int, guild_id: int | None, data: str, deadline: datetime | None = None
    ) -> GameRow:
        """A new live row at version 1; GameExists if the channel already has one."""
        ...

    async def save(
        self, row: GameRow, data: str, deadline: datetime | None, events: Sequence[dict[str, Any]] = ()
    ) -> GameRow:
        """Replace the document and append `events`, all or nothing; the row at version + 1."""
        ...

    async def finish(
        self,
        row: GameRow,
        data: str,
        summary: dict[str, Any],
        events: Sequence[dict[str, Any]] = (),
        result: tuple[GameResult, Rater] | None = None,
    ) -> None:
        """Append the last events, move the game to history and free the channel, and record its
        `result` (rating its people with the `Rater` if it is rated), all or nothing."""
        ...

    async def unrecorded(self, limit: int) -> list[HistoryRow]:
        """Finished games that have no result yet (finished before results were kept), oldest first."""
        ...

    async def unreviewed(self, limit: int) -> list[HistoryRow]:
        """Finished games whose moves are kept (not pruned) and that have no review yet, newest first."""
        ...

    async def review(self, game_id: int) -> str | None:
        """A finished game's review as saved (JSON), None if it has none."""
        ...

    async def save_review(self, game_id: int, data: str) -> None:
        """Keep a finished game's review (JSON), replacing any before."""
        ...

    async def record(self, results: Sequence[tuple[int, GameResult]], rate: Rater) -> None:
        """Record the results of finished games by id, in order, in one transaction."""
        ...

    async def set_result_message(self, game_id: int, message_id: int) -> None:
        """A finished game's result now links to `message_id` (its standings, once posted); nothing
        if the game has no result."""
        ...

    async def result_message(self, game_id: int) -> int | None:
        """The message a finished game's result links to (its standings once posted, its last board
        until then); None if it has no result or no message."""
        ...

    async def results(
        self, guild_id: int, *, user_id: int | None = None, offset: int = 0, limit: int = 5
    ) -> tuple[list[RecordedGame], int]:
        """One page of a guild's finished games (only `user_id`'s, if given), newest first, and how
        many there are in all."""
        ...

    async def stats(self, guild_id: int, user_id: int | None) -> list[StatLine]:
        """A member's results in a guild by edition; None: the computer players' by edition and
        strength."""
        ...

    async def ratings(
        self, guild_id: int, ruleset: str, house: str, since: datetime | None = None
    ) -> list[RatedPlayer]:
        """Every person rated in a pool, best conservative rating first; with `since`, only those
        with rated games since then, their games and wins counted since then."""
        ...

    async def delete(self, row: GameRow) -> None:
        """Drop a lobby that never started, with its log, and give its id back: the next new row
        takes it (at a version above `row`'s), so game numbers count only games that started."""
        ...

    async def set_aside(self, game_id: int, version: int, reason: str) -> bool:
        """Move a live row the bot cannot use out of the way, byte for byte, never deleting it; the
        channel is free again. False if there was no such live row at `version`: a process that
        read the row before another saved it must not move the game of now (one this version of
        the bot can read, perhaps)."""
        ...

    async def wakeups(self, shards: Shards | None = None) -> list[Wakeup]:
        """Every live game's stored timer, earliest first, without reading the games themselves;
        with `shards`, only those of games whose server those shards serve."""
        ...

    async def events(
        self,
        game_id: int,
        *,
        limit: int = 50,
        before_seq: int | None = None,
        kinds: Collection[str] | None = None,
    ) -> list[EventRow]:
        """One page of a game's log, newest first."""
        ...

    async def count_events(self, game_id: int, kinds: Collection[str] | None = None) -> int: ...

    async def history(
        self, *, guild_id: int | None = None, channel_id: int | None = None, limit: int = 20
    ) -> list[HistoryRow]:
        """Finished games, newest first."""
        ...

    async def finished_game(self, game_id: int) -> HistoryRow | None:
        """One finished game by its number (None if no game of that number finished, or its saved
        text is damaged)."""
        ...

    async def prune(self, finished_before: datetime) -> Pruned:
        """Remove the event logs of games finished before then, keeping their results."""
        ...

    async def preferences(self, user_ids: Collection[int]) -> dict[int, Preferences]:
        """The lasting choices of those of `user_ids` who made any."""
        ...

    async def set_preferences(self, user_id: int, *, calls: bool) -> Preferences:
        """Record a member's choices (all of them), replacing any before."""
        ...

    async def server_settings(self, guild_id: int) -> SettingsRow | None:
        """A server's settings as it saved them, with their version (None: it never chose)."""
        ...

    async def set_server_settings(self, guild_id: int, data: str, version: int) -> SettingsRow:
        """Record a server's settings (all of them) over those at `version` (0: it never chose);
        the row at version + 1. StaleVersion, with nothing written, if another writer saved them
        since they were read at `version`."""
        ...

    async def ping(self) -> None:
        """Answer if the database answers (the health check); StoreError if it does not."""
        ...

    async def close(self) -> None: ...
