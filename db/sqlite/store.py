"""The SQLite store: one opaque JSON document per live game, an append-only event log, history, the
members' preferences and each server's settings (an opaque JSON document too).

It knows nothing about Discord or the rules engine; it implements `db.interface.GameStore` on one
aiosqlite connection (db/sqlite/connection.py says how its operations take turns and stay inside Discord's
3 seconds), and the file itself is prepared, checked and backed up by db/sqlite/files.py.
"""

import asyncio
import contextlib
import dataclasses
import functools
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from db import records, rows, sql
from db.interface import (
    GameExists,
    GameResult,
    GameRow,
    OutcomeUnknown,
    Preferences,
    Pruned,
    Rater,
    SettingsRow,
    StoreError,
)
from db.reads import SharedReads
from db.rows import Clock
from db.sqlite import files, migrations, statements
from db.sqlite.connection import Connection, Overdue, Result, Statements, Uncommitted

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 200
"""Commits between background WAL checkpoints: a few hundred KB of log, copied off the click path.
SQLite would otherwise checkpoint inside whichever COMMIT crosses its threshold, costing that
player's click two fsyncs."""


def _event_params(
    game_id: int, at_us: int, events: Sequence[dict[str, Any]]
) -> statements.EventParams | None:
    """The events as APPEND_EVENTS takes them (one JSON array), validated first; None for no events."""
    encoded = rows.encoded_events(events)
    return (game_id, at_us, "[" + ",".join(encoded) + "]") if encoded else None


_GAME_COLUMNS = "game_id, channel_id, guild_id, version, CAST(data AS BLOB), deadline, created_at, updated_at"
_HISTORY_COLUMNS = (
    "game_id, channel_id, guild_id, CAST(data AS BLOB), CAST(summary AS BLOB), created_at, finished_at"
)


class Store(SharedReads):
    """The SQLite implementation of `GameStore`: one connection, shared by the whole bot. Documents
    are read as bytes (CAST AS BLOB) and decoded in Python, so one that is not UTF-8 fails alone."""

    _GAME_COLUMNS = _GAME_COLUMNS
    _HISTORY_COLUMNS = _HISTORY_COLUMNS

    def __init__(self, connection: Connection, path: Path, now: Clock) -> None:
        self._connection = connection
        self._path = path
        self._now = now
        self._commits = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self.checkpoints = 0
        """Background WAL checkpoints completed (for tests and the benchmark)."""

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, now: Clock | None = None) -> "Store":
        """Open (creating if needed) the database, check it and upgrade its schema.

        `now` is the clock for stored timestamps: the bot passes discord.utils.utcnow so tests with a
        virtual clock agree. Anything that stops the file being used raises StoreError, never a raw error.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(files.prepare, path)
        except migrations.SchemaTooNewError as e:
            raise StoreError(
                f"The database at {path} was written by a newer payday-bot (schema {e.found}, this one"
                f" knows {migrations.LATEST}): upgrade the bot or set DATABASE_PATH to another file."
            ) from e
        except files.Damaged as e:
            raise files.damaged_error(path, f"quick_check: {e.args[0]}") from None
        except (OSError, sqlite3.Error) as e:
            if isinstance(e, sqlite3.Error) and files.code(e) == sqlite3.SQLITE_CORRUPT:
                raise files.damaged_error(path, "the file is corrupt") from e
            raise files.open_error(path, files.reason(e, path)) from e
        try:
            connection = await Connection.open(path)
        except (OSError, sqlite3.Error) as e:
            raise files.open_error(path, files.reason(e, path)) from e
        return cls(connection, path, now or (lambda: datetime.now(UTC)))

    async def close(self) -> None:
        """Wait for the operation under way and the checkpoint, then close; safe to call twice."""
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        with contextlib.suppress(ValueError):  # aiosqlite: already closed
            await self._connection.close()

    async def checkpoint(self) -> None:
        """Copy the write-ahead log back into the database file, from a connection of its own."""
        await asyncio.to_thread(files.checkpoint, self._path)
        self.checkpoints += 1

    def _after_commit(self) -> None:
        self._commits += 1
        if self._commits % CHECKPOINT_EVERY == 0 and (
            self._checkpointing is None or self._checkpointing.done()
        ):
            self._checkpointing = asyncio.create_task(self._checkpoint_quietly())

    async def _checkpoint_quietly(self) -> None:
        try:
            await self.checkpoint()
        except (OSError, sqlite3.Error):
            log.warning("background checkpoint failed", exc_info=True, extra={"path": self._path})

    async def _write(self, statements: Statements[Result]) -> Result:
        """`statements` as one transaction; failures of the machine become one StoreError."""
        async with self._trouble("write to"):
            result = await self._connection.write(statements)
        self._after_commit()
        return result

    async def _fetch(self, query: str, params: Sequence[Any]) -> list[sqlite3.Row]:
        async with self._trouble("read"):
            return await self._connection.read(query, params)

    @contextlib.asynccontextmanager
    async def _trouble(self, verb: str) -> AsyncIterator[None]:
        """Failures of the machine become one StoreError an admin can act on."""
        try:
            yield
        except Uncommitted as e:
            error = e.__cause__ or e
            raise OutcomeUnknown(
                f"Could not tell whether a write to the database at {self._path} committed"
                f" ({files.reason(error, self._path)}): read the game again to know; if it persists, check"
                " the disk."
            ) from error
        except Overdue:
            raise StoreError(
                f"Could not {verb} the database at {self._path} in time (it is busy or locked by another"
                " program): try again in a moment; if it persists, stop whatever else uses the file."
            ) from None
        except sqlite3.Error as e:
            if files.code(e) in files.REASONS:
                raise StoreError(
                    f"Could not {verb} the database at {self._path} ({files.reason(e, self._path)}):"
                    " check the disk and file permissions, or set DATABASE_PATH to a writable file."
                ) from e
            raise

    def _stamp(self) -> tuple[int, datetime]:
        """The clock reading as stored (microseconds) and as returned (UTC), which compare equal."""
        return rows.stamp(self._now)

    async def get(self, channel_id: int) -> GameRow | None:
        """The channel's live row; DamagedRow if its document cannot be read as text."""
        found = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?", (channel_id,))
        return rows.game_row(found[0]) if found else None

    async def create(
        self, channel_id: int, guild_id: int | None, data: str, deadline: datetime | None = None
    ) -> GameRow:
        """Start a live row, under the id a closed lobby gave back if any (`delete`), else a new one;
        GameExists if the channel already has one."""
        now_us, now = self._stamp()
        deadline_us = rows.optional_us(deadline)
        params = (channel_id, guild_id, data, deadline_us, now_us, now_us)
        try:
            game_id, version = await self._write(lambda db: statements.insert_game(db, params))
        except sqlite3.IntegrityError as e:
            if e.sqlite_errorcode == sqlite3.SQLITE_CONSTRAINT_UNIQUE:
                raise GameExists(f"channel {channel_id} already has a live game") from e
            raise
        deadline_at = rows.optional_from_us(deadline_us)
        return GameRow(game_id, channel_id, guild_id, version, data, deadline_at, now, now)

    async def save(
        self, row: GameRow, data: str, deadline: datetime | None, events: Sequence[dict[str, Any]] = ()
    ) -> GameRow:
        """Replace the document and append `events` in one transaction; returns the row at version+1.

        Keyed on game_id (unique forever) as well as version, so a stale row from a finished game can
        never overwrite the next game in the same channel.
        """
        now_us, now = self._stamp()
        deadline_us = rows.optional_us(deadline)
        appended = _event_params(row.game_id, now_us, events)
        update = (data, deadline_us, now_us, row.game_id, row.version)
        if not await self._write(lambda db: statements.update_game(db, update, appended)):
            raise rows.stale(row)
        deadline_at = rows.optional_from_us(deadline_us)
        return dataclasses.replace(
            row, version=row.version + 1, data=data, deadline=deadline_at, updated_at=now
        )

    async def finish(
        self,
        row: GameRow,
        data: str,
        summary: dict[str, Any],
        events: Sequence[dict[str, Any]] = (),
        result: tuple[GameResult, Rater] | None = None,
    ) -> None:
        """Append the last events, move the game to history and free the channel, and record its
        result, all or nothing."""
        now_us, _ = self._stamp()
        appended = _event_params(row.game_id, now_us, events)
        history = rows.history_values(row, data, summary, now_us)

        async def finish(db: aiosqlite.Connection) -> bool:
            if not await statements.finish_game(db, (row.game_id, row.version), appended, history):
                return False
            if result is not None:
                await records.record(db.execute_fetchall, row.game_id, *result)
            return True

        if not await self._write(finish):
            raise rows.stale(row)

    async def record(self, results: Sequence[tuple[int, GameResult]], rate: Rater) -> None:
        """Record finished games' results by id, in order, in one transaction."""

        async def record_all(db: aiosqlite.Connection) -> None:
            for game_id, result in results:
                await records.record(db.execute_fetchall, game_id, result, rate)

        await self._write(record_all)

    async def set_result_message(self, game_id: int, message_id: int) -> None:
        """A finished game's result now links to `message_id` (its standings, once posted)."""
        await self._write(lambda db: statements.run(db, records.SET_MESSAGE, (message_id, game_id)))

    async def save_review(self, game_id: int, data: str) -> None:
        """Keep a finished game's review, replacing any before."""
        now_us, _ = self._stamp()
        await self._write(lambda db: statements.run(db, sql.SAVE_REVIEW, (game_id, data, now_us)))

    async def delete(self, row: GameRow) -> None:
        """Drop a lobby that never started, with its log, and give its id back for the next lobby:
        players count games by their ids ("Game #12"), so a closed lobby must not use one up. Ids of
        games that started are never given again (a stale row of a finished game could otherwise
        overwrite the next), and the next row under a given-back id starts above `row`'s version."""
        if not await self._write(lambda db: statements.drop_lobby(db, (row.game_id, row.version))):
            raise rows.stale(row)

    async def set_aside(self, game_id: int, version: int, reason: str) -> bool:
        """Move a live row to the quarantine table, its bytes untouched; the channel is free again."""
        now_us, _ = self._stamp()
        return await self._write(lambda db: statements.quarantine(db, (game_id, version), reason, now_us))

    async def set_preferences(self, user_id: int, *, calls: bool) -> Preferences:
        """Record a member's choices, replacing any before."""
        now_us, now = self._stamp()
        await self._write(lambda db: statements.run(db, sql.SET_PREFERENCES, (user_id, calls, now_us)))
        return Preferences(user_id, calls, now)

    async def set_server_settings(self, guild_id: int, data: str, version: int) -> SettingsRow:
        """Record a server's settings over those at `version`; StaleVersion if they changed since."""
        now_us, _ = self._stamp()
        params = (guild_id, data, now_us, version)
        if not await self._write(lambda db: statements.changed(db, sql.set_server_settings(version), params)):
            raise rows.stale_settings(guild_id, version)
        return SettingsRow(version + 1, data)

    async def prune(self, finished_before: datetime) -> Pruned:
        """Remove the event logs of games finished (or lobbies closed) before `finished_before`.

        Their results stay in history. Deleted a few games per transaction, so a running bot's saves
        never wait long for the lock. SQLite reuses the freed pages for new games; the file itself
        shrinks only with VACUUM.
        """
        cutoff = rows.to_us(finished_before)
        game_ids = [game_id for (game_id,) in await self._fetch(sql.PRUNABLE, (cutoff,))]
        removed = 0
        for start in range(0, len(game_ids), sql.PRUNE_BATCH):
            removed += await self._write(
                functools.partial(
                    statements.delete_events, game_ids=game_ids[start : start + sql.PRUNE_BATCH]
                )
            )
        return Pruned(len(game_ids), removed)
