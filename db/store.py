"""The SQLite store: one opaque JSON document per live game, an append-only event log, and history.

It knows nothing about Discord or the rules engine, so a server database can replace it behind the
same methods when one process is no longer enough.
"""

import asyncio
import dataclasses
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

from db import migrations

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 200
"""Commits between background WAL checkpoints: a few hundred KB of log, copied off the click path."""


class StoreError(Exception):
    """The database cannot be used; the message is one sentence a server admin can act on."""


class GameExists(Exception):
    """The channel already has a live game or lobby."""


class StaleVersion(Exception):
    """The live row changed (or is gone) since it was loaded; reload and retry. Nothing was written."""


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
    data: dict


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """A finished game, kept for stats; `data` is the final document, `summary` the caller's digest."""

    game_id: int
    channel_id: int
    guild_id: int | None
    data: str
    summary: dict
    created_at: datetime
    finished_at: datetime


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)

# Failures caused by the machine rather than by our code: they become a StoreError an admin can fix.
_REASONS = {
    sqlite3.SQLITE_PERM: "permission denied",
    sqlite3.SQLITE_READONLY: "the file is read-only",
    sqlite3.SQLITE_BUSY: "another program is holding a lock on it",
    sqlite3.SQLITE_LOCKED: "another program is holding a lock on it",
    sqlite3.SQLITE_IOERR: "disk I/O error",
    sqlite3.SQLITE_CORRUPT: "the file is corrupt",
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_CANTOPEN: "the file cannot be opened",
    sqlite3.SQLITE_NOTADB: "not a SQLite database",
}

_GAME_COLUMNS = "game_id, channel_id, guild_id, version, data, deadline, created_at, updated_at"
_HISTORY_COLUMNS = "game_id, channel_id, guild_id, data, summary, created_at, finished_at"
# MAX(seq) is read per row inside the write transaction, so one executemany appends a gapless run
# without a separate round trip to find where the log ends.
_APPEND_EVENT = (
    "INSERT INTO events (game_id, seq, at, kind, data)"
    " SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4 FROM events WHERE game_id = ?1"
)


def _to_us(moment: datetime) -> int:
    if moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware UTC datetime")
    return (moment - _EPOCH) // _MICROSECOND


def _from_us(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


def _dump(obj: dict) -> str:
    """Compact, strict JSON (no NaN), so other tools can read the log."""
    return json.dumps(obj, separators=(",", ":"), allow_nan=False)


def _event_params(game_id: int, at_us: int, events: Sequence[dict]) -> list[tuple[int, int, str, str]]:
    """Validate and serialise before the transaction starts, so bad input never reaches the database."""
    params = []
    for event in events:
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise ValueError(f"an event must be a dict with a str 'kind', got {event!r}")
        params.append((game_id, at_us, event["kind"], _dump(event)))
    return params


def _kind_filter(kinds: Collection[str] | None) -> tuple[str, list[str]]:
    if kinds is None:
        return "", []
    if isinstance(kinds, str):
        raise TypeError("kinds must be a collection of str, not a single str")
    wanted = list(kinds)
    return f" AND kind IN ({','.join('?' * len(wanted))})", wanted


def _game_row(r: Iterable[Any]) -> GameRow:
    game_id, channel_id, guild_id, version, data, deadline, created_at, updated_at = r
    return GameRow(
        game_id,
        channel_id,
        guild_id,
        version,
        data,
        None if deadline is None else _from_us(deadline),
        _from_us(created_at),
        _from_us(updated_at),
    )


def _reason(exc: BaseException, path: Path) -> str:
    if isinstance(exc, sqlite3.Error):
        code = exc.sqlite_errorcode & 0xFF
        if path.is_dir():
            return "it is a directory"
        if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY) and not os.access(path.parent, os.W_OK):
            return "permission denied"
        return _REASONS.get(code, str(exc))
    if isinstance(exc, FileExistsError | NotADirectoryError):
        blocker = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), path.parent)
        return f"{blocker} is a file, not a directory"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower()
    return str(exc)


class Store:
    """One aiosqlite connection, shared by every coroutine of the bot.

    Statements from interleaving coroutines would land inside each other's transactions on a single
    connection, so every operation, reads included (they would otherwise see uncommitted writes), holds
    one asyncio.Lock.
    """

    def __init__(self, db: aiosqlite.Connection, path: Path, now: Callable[[], datetime]) -> None:
        self._db = db
        self._path = path
        self._now = now
        self._lock = asyncio.Lock()
        self._commits = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self.checkpoints = 0
        """Background WAL checkpoints completed (for tests and the benchmark)."""

    @classmethod
    async def open(cls, path: str | os.PathLike, *, now: Callable[[], datetime] | None = None) -> "Store":
        """Open (creating if needed) the database and upgrade its schema.

        `now` is the clock for stored timestamps: the bot passes discord.utils.utcnow so tests with a
        virtual clock agree. Anything that stops the file being used raises StoreError, never a raw error.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(migrations.prepare, path)
            db = await aiosqlite.connect(path, isolation_level=None)
        except migrations.SchemaTooNewError as e:
            raise StoreError(
                f"The database at {path} was written by a newer payday-bot (schema {e.found}, this one"
                f" knows {migrations.LATEST}): upgrade the bot or set DATABASE_PATH to another file."
            ) from e
        except (OSError, sqlite3.Error) as e:
            raise _open_error(path, _reason(e, path)) from e
        # Connection flags only (WAL is already recorded in the file): no file I/O, so nothing to fail.
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        # Checkpoints run in the background (see _after_commit), not inside some player's COMMIT.
        await db.execute("PRAGMA wal_autocheckpoint = 0")
        return cls(db, path, now or (lambda: datetime.now(UTC)))

    async def close(self) -> None:
        """Wait for the running transaction and checkpoint, then close; safe to call twice."""
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        async with self._lock:
            await self._db.close()

    async def checkpoint(self) -> None:
        """Copy the write-ahead log back into the database file, from a connection of its own.

        SQLite would otherwise checkpoint inside whichever COMMIT crosses its threshold, costing that
        player's click two fsyncs (measured: most of the slowest 1% of clicks). PASSIVE never blocks
        the bot's writes; what it can't copy now is copied next time.
        """
        await asyncio.to_thread(_checkpoint_file, self._path)
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

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT under the lock; any exception, cancellation included, rolls back.

        BEGIN sits inside the try: if the caller is cancelled while it is queued, the rollback queued
        after it still runs, so no transaction is left open for the next coroutine. Disk-level failures
        surface as StoreError so the cog layer has one type to report.
        """
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                yield self._db
                await self._db.commit()
                self._after_commit()
            except BaseException as e:
                await self._db.rollback()
                if isinstance(e, sqlite3.Error) and e.sqlite_errorcode & 0xFF in _REASONS:
                    raise self._io_error("write to", e) from e
                raise

    async def _fetch(self, sql: str, params: Sequence[Any]) -> list[Any]:
        async with self._lock:
            try:
                return list(await self._db.execute_fetchall(sql, params))
            except sqlite3.Error as e:
                if e.sqlite_errorcode & 0xFF in _REASONS:
                    raise self._io_error("read", e) from e
                raise

    def _io_error(self, verb: str, exc: sqlite3.Error) -> StoreError:
        return StoreError(
            f"Could not {verb} the database at {self._path} ({_reason(exc, self._path)}):"
            " check the disk and file permissions, or set DATABASE_PATH to a writable file."
        )

    def _stamp(self) -> tuple[int, datetime]:
        """The clock reading as stored (microseconds) and as returned (UTC), which compare equal."""
        us = _to_us(self._now())
        return us, _from_us(us)

    async def get(self, channel_id: int) -> GameRow | None:
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?", (channel_id,))
        return _game_row(rows[0]) if rows else None

    async def create(
        self, channel_id: int, guild_id: int | None, data: str, deadline: datetime | None = None
    ) -> GameRow:
        """Start a live row at version 1; GameExists if the channel already has one."""
        now_us, now = self._stamp()
        deadline_us = None if deadline is None else _to_us(deadline)
        async with self._transaction() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO games (channel_id, guild_id, version, data, deadline, created_at,"
                    " updated_at) VALUES (?, ?, 1, ?, ?, ?, ?)",
                    (channel_id, guild_id, data, deadline_us, now_us, now_us),
                )
            except sqlite3.IntegrityError as e:
                if e.sqlite_errorcode == sqlite3.SQLITE_CONSTRAINT_UNIQUE:
                    raise GameExists(f"channel {channel_id} already has a live game") from e
                raise
        return GameRow(
            cursor.lastrowid,
            channel_id,
            guild_id,
            1,
            data,
            None if deadline_us is None else _from_us(deadline_us),
            now,
            now,
        )

    async def save(
        self, row: GameRow, data: str, deadline: datetime | None, events: Sequence[dict] = ()
    ) -> GameRow:
        """Replace the document and append `events` in one transaction; returns the row at version+1.

        Keyed on game_id (unique forever) as well as version, so a stale row from a finished game can
        never overwrite the next game in the same channel.
        """
        now_us, now = self._stamp()
        deadline_us = None if deadline is None else _to_us(deadline)
        params = _event_params(row.game_id, now_us, events)
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET version = version + 1, data = ?, deadline = ?, updated_at = ?"
                " WHERE game_id = ? AND version = ?",
                (data, deadline_us, now_us, row.game_id, row.version),
            )
            if cursor.rowcount != 1:
                raise _stale(row)
            if params:
                await db.executemany(_APPEND_EVENT, params)
        return dataclasses.replace(
            row,
            version=row.version + 1,
            data=data,
            deadline=None if deadline_us is None else _from_us(deadline_us),
            updated_at=now,
        )

    async def finish(self, row: GameRow, data: str, summary: dict, events: Sequence[dict] = ()) -> None:
        """Append the last events, move the game to history and free the channel, all or nothing."""
        now_us, _ = self._stamp()
        params = _event_params(row.game_id, now_us, events)
        summary_json = _dump(summary)
        created_us = _to_us(row.created_at)
        async with self._transaction() as db:
            await self._delete_live(db, row)
            if params:
                await db.executemany(_APPEND_EVENT, params)
            await db.execute(
                f"INSERT INTO history ({_HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (row.game_id, row.channel_id, row.guild_id, data, summary_json, created_us, now_us),
            )

    async def delete(self, row: GameRow) -> None:
        """Drop a cancelled lobby or abandoned game without history; its events stay for inspection."""
        async with self._transaction() as db:
            await self._delete_live(db, row)

    async def _delete_live(self, db: aiosqlite.Connection, row: GameRow) -> None:
        cursor = await db.execute(
            "DELETE FROM games WHERE game_id = ? AND version = ?", (row.game_id, row.version)
        )
        if cursor.rowcount != 1:
            raise _stale(row)

    async def events(
        self,
        game_id: int,
        *,
        limit: int = 50,
        before_seq: int | None = None,
        kinds: Collection[str] | None = None,
    ) -> list[EventRow]:
        """One page of the log, newest first; pass the last page's smallest seq as `before_seq` for more."""
        if limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        kind_sql, kind_params = _kind_filter(kinds)
        seq_sql = "" if before_seq is None else " AND seq < ?"
        seq_params = [] if before_seq is None else [before_seq]
        rows = await self._fetch(
            f"SELECT seq, at, data FROM events WHERE game_id = ?{seq_sql}{kind_sql}"
            " ORDER BY seq DESC LIMIT ?",
            [game_id, *seq_params, *kind_params, limit],
        )
        return [EventRow(game_id, seq, _from_us(at), json.loads(data)) for seq, at, data in rows]

    async def count_events(self, game_id: int, kinds: Collection[str] | None = None) -> int:
        kind_sql, kind_params = _kind_filter(kinds)
        [(count,)] = await self._fetch(
            f"SELECT COUNT(*) FROM events WHERE game_id = ?{kind_sql}", [game_id, *kind_params]
        )
        return count

    async def live_games(self) -> list[GameRow]:
        """Every live row, oldest game first: the bot re-arms deadlines from these at start-up."""
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY game_id", ())
        return [_game_row(r) for r in rows]

    async def history(
        self, *, guild_id: int | None = None, channel_id: int | None = None, limit: int = 20
    ) -> list[HistoryRow]:
        """Finished games, newest first, of one guild and/or one channel (None: any)."""
        if limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        filters = [(column, value) for column, value in (("guild_id", guild_id), ("channel_id", channel_id))]
        filters = [(column, value) for column, value in filters if value is not None]
        where = " WHERE " + " AND ".join(f"{column} = ?" for column, _ in filters) if filters else ""
        rows = await self._fetch(
            f"SELECT {_HISTORY_COLUMNS} FROM history{where} ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            [*(value for _, value in filters), limit],
        )
        return [
            HistoryRow(game_id, channel_id, guild, data, json.loads(summary), _from_us(c), _from_us(f))
            for game_id, channel_id, guild, data, summary, c, f in rows
        ]


def _stale(row: GameRow) -> StaleVersion:
    return StaleVersion(f"game {row.game_id} is no longer at version {row.version}")


def _checkpoint_file(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        db.close()


def _open_error(path: Path, reason: str) -> StoreError:
    return StoreError(f"Cannot open the database at {path} ({reason}): set DATABASE_PATH to a writable file.")
