"""The reads both stores share, written once: the SQL is the same in either database (`?` marks, which
the PostgreSQL store numbers) and so are the rows it returns, so only how a query reaches the
database (`_fetch`) and how a document column is selected differ between them."""

import abc
import json
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any, ClassVar

from db import records, rows, sql
from db.interface import (
    EventRow,
    GameRow,
    HistoryRow,
    Preferences,
    RatedPlayer,
    RecordedGame,
    SettingsRow,
    Shards,
    StatLine,
    Wakeup,
)


class SharedReads(abc.ABC):
    """`GameStore`'s reads on a store's `_fetch`."""

    _GAME_COLUMNS: ClassVar[str]
    """A live row's columns as `rows.game_row` reads them."""
    _HISTORY_COLUMNS: ClassVar[str]
    """A finished game's columns as `rows.history_row` reads them."""

    @abc.abstractmethod
    async def _fetch(self, query: str, params: Sequence[Any]) -> Sequence[Any]:
        """One query outside any write transaction, and its rows; failures become StoreError."""

    async def ping(self) -> None:
        """One trivial query: the database answers."""
        await self._fetch("SELECT 1", ())

    async def unrecorded(self, limit: int) -> list[HistoryRow]:
        """Finished games without a result (finished before results were kept), oldest first."""
        return await self._history_rows(sql.unrecorded_of(limit))

    async def unreviewed(self, limit: int) -> list[HistoryRow]:
        """Finished games whose moves are kept and that have no review yet, newest first."""
        return await self._history_rows(sql.unreviewed_of(limit))

    async def review(self, game_id: int) -> str | None:
        """A finished game's review as saved (its JSON), None if it has none."""
        found = await self._fetch(sql.REVIEW_OF, (game_id,))
        return None if not found else str(found[0][0])

    async def result_message(self, game_id: int) -> int | None:
        """The message a finished game's result links to (its standings once posted, its last board
        until then); None if it has no result or no message."""
        found = await self._fetch("SELECT message_id FROM results WHERE game_id = ?", (game_id,))
        return None if not found or found[0][0] is None else int(found[0][0])

    async def results(
        self, guild_id: int, *, user_id: int | None = None, offset: int = 0, limit: int = 5
    ) -> tuple[list[RecordedGame], int]:
        """One page of a guild's finished games (only `user_id`'s, if given), newest first, and how
        many there are in all."""
        return await records.results_page(self._fetch, guild_id, user_id, offset, limit)

    async def stats(self, guild_id: int, user_id: int | None) -> list[StatLine]:
        """A member's results in a guild by edition; None: the computer players' by edition and
        strength."""
        return [records.stat_line(row) for row in await self._fetch(*records.stats_of(guild_id, user_id))]

    async def ratings(
        self, guild_id: int, ruleset: str, house: str, since: datetime | None = None
    ) -> list[RatedPlayer]:
        """Every person rated in a pool, best conservative rating first; with `since`, only those
        with rated games since then, their games and wins counted since then."""
        query = records.ratings_of(guild_id, ruleset, house, rows.optional_us(since))
        return [records.rated_player(row) for row in await self._fetch(*query)]

    async def wakeups(self, shards: Shards | None = None) -> list[Wakeup]:
        """Every live game's timer, earliest first, from an index alone (no document is read); with
        `shards`, only those of these shards' servers."""
        found = await self._fetch(*sql.wakeups_of(shards))
        return [Wakeup(channel_id, rows.from_us(at)) for channel_id, at in found]

    async def preferences(self, user_ids: Collection[int]) -> dict[int, Preferences]:
        """The lasting choices of those of `user_ids` who made any."""
        if not user_ids:
            return {}
        found = await self._fetch(*sql.preferences_of(user_ids))
        return {user: Preferences(user, bool(calls), rows.from_us(at)) for user, calls, at in found}

    async def server_settings(self, guild_id: int) -> SettingsRow | None:
        """A server's settings as saved, with their version (None: it never chose)."""
        found = await self._fetch("SELECT version, data FROM server_settings WHERE guild_id = ?", (guild_id,))
        return None if not found else SettingsRow(int(found[0][0]), str(found[0][1]))

    async def events(
        self,
        game_id: int,
        *,
        limit: int = 50,
        before_seq: int | None = None,
        kinds: Collection[str] | None = None,
    ) -> list[EventRow]:
        """One page of the log, newest first; pass the last page's smallest seq as `before_seq` for more."""
        found = await self._fetch(*sql.events_of(game_id, limit, before_seq, kinds))
        return [EventRow(game_id, seq, rows.from_us(at), json.loads(data)) for seq, at, data in found]

    async def count_events(self, game_id: int, kinds: Collection[str] | None = None) -> int:
        [(count,)] = await self._fetch(*sql.count_of_events(game_id, kinds))
        return int(count)

    async def live_games(self) -> list[GameRow]:
        """Every live row that can be read, oldest game first (for tools and tests; the bot itself
        never reads them all). A row that cannot be read is left out and logged, as `history` does,
        rather than hiding every other game; the bot sets it aside when its channel next loads it."""
        return rows.live_games(
            await self._fetch(f"SELECT {self._GAME_COLUMNS} FROM games ORDER BY game_id", ())
        )

    async def history(
        self, *, guild_id: int | None = None, channel_id: int | None = None, limit: int = 20
    ) -> list[HistoryRow]:
        """Finished games, newest first, of one guild and/or one channel (None: any). A finished game
        whose saved text is damaged is left out (and logged), not allowed to hide the others."""
        return await self._history_rows(sql.history_of(guild_id, channel_id, limit))

    async def finished_game(self, game_id: int) -> HistoryRow | None:
        found = await self._history_rows(sql.finished_game_of(game_id))
        return found[0] if found else None

    async def _history_rows(self, tail: sql.Query) -> list[HistoryRow]:
        where, params = tail
        found = await self._fetch(f"SELECT {self._HISTORY_COLUMNS} FROM history {where}", params)
        return [finished for finished in map(rows.history_row, found) if finished is not None]
