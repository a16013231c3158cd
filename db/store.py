"""The SQLite store: one opaque JSON document per live game, an append-only event log, and history.

It knows nothing about Discord or the rules engine; it implements `db.interface.GameStore`.

One plain sqlite3 connection, and every operation is one function run whole on it: a save (BEGIN,
UPDATE, the events, COMMIT) is one call. It runs right on the event loop when nothing is queued for
the connection's own thread and no other program holds the file's lock (its SQL is a fraction of a
millisecond; handing it to a thread cost more CPU than running it); otherwise it is handed to that
thread, which waits for the lock (up to the busy timeout) off the loop. The thread's queue keeps
operations in order and from interleaving, so no lock is held across awaits.
"""

import asyncio
import contextlib
import json
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from db import migrations
from db.interface import (
    DamagedRow,
    EventRow,
    GameExists,
    GameRow,
    HistoryRow,
    Pruned,
    StaleVersion,
    StoreError,
    Wakeup,
)

log = logging.getLogger(__name__)

CHECKPOINT_EVERY = 200
"""Commits between background WAL checkpoints: a few hundred KB of log, copied off the click path."""
BUSY_TIMEOUT_MS = 250
"""How long a statement waits for another program's lock on the file before it fails: far inside the
3 seconds Discord gives a click, so a locked database gets the player an answer, not a dead button.
Only on the database thread: on the event loop a statement never waits (`_Thread.run`)."""
QUEUE_BUDGET = 1.5
"""Seconds an operation may wait behind others on the database thread. Past that it fails at once
without running: while the file stays locked, the backlog drains instead of every click waiting
for all the ones before it. With the busy timeout on top, a click's save has failed or landed
within 1.75 s, inside Discord's 3 s."""
PRUNE_BATCH = 5
"""Games whose logs one prune transaction removes (about 5 ms each, for a whole game's 875 rows):
short enough that the bot's writes never wait for the lock anywhere near their busy timeout."""

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
_DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

_GAME_COLUMNS = "game_id, channel_id, guild_id, version, CAST(data AS BLOB), deadline, created_at, updated_at"
_HISTORY_COLUMNS = "game_id, channel_id, guild_id, data, summary, created_at, finished_at"
# One statement appends a save's whole run of events, numbered on from the end of the log inside the
# write transaction: each statement is a round trip for the GIL between the database thread and a
# busy event loop, so fewer statements mean a shorter save when the bot is loaded.
_APPEND_EVENTS = (
    "INSERT INTO events (game_id, seq, at, kind, data)"
    " SELECT ?1, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1) + e.key + 1, ?2,"
    " json_extract(e.value, '$.kind'), e.value FROM json_each(?3) AS e"
)


def _to_us(moment: datetime) -> int:
    if moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware UTC datetime")
    return (moment - _EPOCH) // _MICROSECOND


def _from_us(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


def _optional_us(moment: datetime | None) -> int | None:
    return None if moment is None else _to_us(moment)


_dump = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
"""Compact, strict JSON (no NaN), so other tools can read the log; one encoder, not one per call."""


def _event_params(game_id: int, at_us: int, events: Sequence[dict]) -> tuple[int, int, str] | None:
    """Validate and serialise before the transaction starts, so bad input never reaches the database:
    the parameters of _APPEND_EVENTS (the events as one JSON array), or None for no events."""
    for event in events:
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise ValueError(f"an event must be a dict with a str 'kind', got {event!r}")
    if not events:
        return None
    return game_id, at_us, "[" + ",".join(map(_dump, events)) + "]"


def _kind_filter(kinds: Collection[str] | None) -> tuple[str, list[str]]:
    if kinds is None:
        return "", []
    if isinstance(kinds, str):
        raise TypeError("kinds must be a collection of str, not a single str")
    wanted = list(kinds)
    return f" AND kind IN ({','.join('?' * len(wanted))})", wanted


def _game_row(r: Iterable[Any]) -> GameRow:
    """A live row, its document read as bytes and decoded here, so one bad row fails alone."""
    game_id, channel_id, guild_id, version, data, deadline, created_at, updated_at = r
    try:
        text = data.decode()
    except UnicodeDecodeError as e:
        raise DamagedRow(game_id, channel_id, f"the saved game is not valid UTF-8 ({e.reason})") from None
    return GameRow(
        game_id,
        channel_id,
        guild_id,
        version,
        text,
        None if deadline is None else _from_us(deadline),
        _from_us(created_at),
        _from_us(updated_at),
    )


def _code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code; None for errors raised by Python's module itself (a text column
    that is not UTF-8, a closed cursor), which carry none."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _reason(exc: BaseException, path: Path) -> str:
    if isinstance(exc, sqlite3.Error):
        code = _code(exc)
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


class _Overdue(Exception):
    """An operation waited longer than QUEUE_BUDGET for the database thread; it did not run."""


class _Damaged(Exception):
    """PRAGMA quick_check found the file damaged; the argument is its first finding."""


class _Thread:
    """One sqlite3 connection and the one thread that waits on it; `run` runs a whole function on it.

    The function runs at once on the event loop when the thread has nothing outstanding (so the
    connection is free and order is kept) and the file's lock can be had without waiting: the
    connection's own busy timeout is 0, and SQLITE_BUSY there hands the same function to the thread,
    which waits up to BUSY_TIMEOUT_MS. Measured in bench/load.py, running a save in place costs less
    CPU than the two wake-ups and GIL hand-offs of a trip (docs/BENCHMARKS.md, 2026-11-30 evening).

    The thread is fed by a queue, each result sent back with `call_soon_threadsafe`: one trip costs a
    queue put and a wake-up, without an executor's two futures, lock and condition per call.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple | None] = queue.SimpleQueue()
        self.db: sqlite3.Connection | None = None
        self.closed = False
        self.outstanding = 0
        """Jobs handed to the thread whose end the event loop has not heard of yet: while any is,
        the connection may be in use there, so nothing runs in place."""
        self.handed_off = 0
        """Functions that were handed to the thread (for tests and the benchmark)."""
        threading.Thread(target=self._serve, name="payday-db", daemon=True).start()

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self.closed:
            raise ValueError("the store is closed")
        if self.outstanding == 0 and self.db is not None:
            try:
                return fn(self.db, *args)
            except sqlite3.OperationalError as busy:
                if _code(busy) != sqlite3.SQLITE_BUSY:
                    raise
                # Another program holds the lock: wait for it on the thread, not on the event loop.
        return await self.hand_off(fn, *args)

    async def hand_off(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run `fn(connection, *args)` on the database thread, after everything queued before it."""
        if self.closed:
            raise ValueError("the store is closed")
        self.handed_off += 1
        return await self._trip(self._call, time.perf_counter(), fn, args)

    def _trip(self, fn: Callable[..., Any], *args: Any) -> asyncio.Future:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self.outstanding += 1
        self._jobs.put((loop, future, fn, args))
        return future

    def _call(self, queued_at: float, fn: Callable[..., Any], args: tuple) -> Any:
        # The real clock at both ends (perf_counter: a test's virtual clock never replaces it): the
        # wait is real however a test drives time on the event loop.
        if time.perf_counter() - queued_at > QUEUE_BUDGET:
            raise _Overdue
        db = self.db
        if db is None:  # opening the connection
            return fn(db, *args)
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        try:
            return fn(db, *args)
        finally:
            db.execute("PRAGMA busy_timeout = 0")

    def _serve(self) -> None:
        """The database thread: each job runs to its end once started, even if its caller was
        cancelled meanwhile; a job cancelled while still queued never runs. The event loop hears of
        every job's end, run or not (`_ended`)."""
        while (job := self._jobs.get()) is not None:
            loop, future, fn, args = job
            outcome, value = _settle, None
            if not future.cancelled():
                try:
                    value = fn(*args)
                except BaseException as error:  # handed to the caller, as an executor would
                    outcome, value = _fail, error
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
                loop.call_soon_threadsafe(self._ended, outcome, future, value)

    def _ended(self, outcome: Callable[..., None], future: asyncio.Future, value: Any) -> None:
        self.outstanding -= 1
        outcome(future, value)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if self.db is not None:
                await self._trip(self.db.close)
        finally:
            self._jobs.put(None)


def _settle(future: asyncio.Future, result: Any) -> None:
    if not future.cancelled():
        future.set_result(result)


def _fail(future: asyncio.Future, error: BaseException) -> None:
    if not future.cancelled():
        future.set_exception(error)


def _connect(_: None, path: Path) -> sqlite3.Connection:
    # No busy wait of its own: on the event loop a locked file must fail at once (`_Thread.run`).
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0)
    # Connection flags only (WAL is already recorded in the file): no file I/O, so nothing to fail.
    db.execute("PRAGMA synchronous = NORMAL")
    db.execute("PRAGMA foreign_keys = ON")
    # Checkpoints run in the background (see Store._after_commit), not inside some player's COMMIT.
    db.execute("PRAGMA wal_autocheckpoint = 0")
    return db


def _transaction(db: sqlite3.Connection, fn: Callable[..., Any], *args: Any) -> Any:
    """BEGIN IMMEDIATE, `fn(db, *args)`, COMMIT, on the database thread; any failure rolls back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        result = fn(db, *args)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # SQLite may have rolled back already (disk full)
                db.execute("ROLLBACK")
        raise
    return result


def _prepare(path: Path) -> None:
    """Switch the file to WAL, check the live games' tables, and bring the schema up to date.

    Runs once at open, in a worker thread on a throwaway connection: every way a bad DATABASE_PATH can
    fail surfaces here, before the store's own thread starts. The check runs before any upgrade, so
    a damaged file is never written to. It covers the schema and LIVE_TABLES only: a whole-file
    check reads the event log too, seconds for a big file (`check_file` does it, in the background).
    """
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL").fetchall()
        [(version,)] = db.execute("PRAGMA user_version").fetchall()
        if version >= _FIRST_WITH_LIVE_TABLES:
            for table in LIVE_TABLES:
                _quick_check(db, table)
        else:  # a new file, or one from before these tables existed: checked whole, this once
            _quick_check(db)
        migrations.upgrade(db)
    finally:
        db.close()


def check_file(path: str | os.PathLike) -> None:
    """SQLite's quick_check of the whole file, on a connection of its own (safe beside the bot); a
    damaged file raises StoreError with the one-line explanation."""
    path = Path(path)
    try:
        db = sqlite3.connect(path)
        try:
            _quick_check(db)
        finally:
            db.close()
    except _Damaged as e:
        raise _damaged_error(path, f"quick_check: {e.args[0]}") from None
    except sqlite3.Error as e:
        if _code(e) in _DAMAGED:
            raise _damaged_error(path, _reason(e, path)) from e
        raise StoreError(f"Could not check the database at {path} ({_reason(e, path)}).") from e


LIVE_TABLES = ("games", "quarantine", "sqlite_sequence")
"""What the bot reads at start and rewrites on every click, checked before it writes anything."""
_FIRST_WITH_LIVE_TABLES = 3
"""The schema version (migration) that created every table in LIVE_TABLES."""


def _quick_check(db: sqlite3.Connection, table: str | None = None) -> None:
    """Raise _Damaged with SQLite's first finding, on one line, unless the file (or one table and its
    indexes) checks out."""
    [(verdict,), *_] = db.execute(f"PRAGMA quick_check({table or 1})").fetchall()
    if verdict != "ok":
        lines = [line for line in verdict.splitlines() if line.strip() and not line.startswith("***")]
        raise _Damaged(" ".join((lines or [verdict])[0].split()))


class Store:
    """The SQLite implementation of `GameStore`: one connection on one thread, shared by the bot."""

    def __init__(self, thread: _Thread, path: Path, now: Callable[[], datetime]) -> None:
        self._thread = thread
        self._path = path
        self._now = now
        self._commits = 0
        self._checkpointing: asyncio.Task[None] | None = None
        self.checkpoints = 0
        """Background WAL checkpoints completed (for tests and the benchmark)."""

    @classmethod
    async def open(cls, path: str | os.PathLike, *, now: Callable[[], datetime] | None = None) -> "Store":
        """Open (creating if needed) the database, check it and upgrade its schema.

        `now` is the clock for stored timestamps: the bot passes discord.utils.utcnow so tests with a
        virtual clock agree. Anything that stops the file being used raises StoreError, never a raw error.
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(_prepare, path)
        except migrations.SchemaTooNewError as e:
            raise StoreError(
                f"The database at {path} was written by a newer payday-bot (schema {e.found}, this one"
                f" knows {migrations.LATEST}): upgrade the bot or set DATABASE_PATH to another file."
            ) from e
        except _Damaged as e:
            raise _damaged_error(path, f"quick_check: {e.args[0]}") from None
        except (OSError, sqlite3.Error) as e:
            if isinstance(e, sqlite3.Error) and _code(e) == sqlite3.SQLITE_CORRUPT:
                raise _damaged_error(path, "the file is corrupt") from e
            raise _open_error(path, _reason(e, path)) from e
        thread = _Thread()
        try:
            thread.db = await thread.run(_connect, path)
        except (OSError, sqlite3.Error) as e:
            await thread.close()
            raise _open_error(path, _reason(e, path)) from e
        return cls(thread, path, now or (lambda: datetime.now(UTC)))

    async def close(self) -> None:
        """Wait for the queued operations and the checkpoint, then close; safe to call twice."""
        if self._checkpointing is not None:
            await asyncio.gather(self._checkpointing, return_exceptions=True)
        await self._thread.close()

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

    async def _write(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(db, *args)` as one transaction, in one trip to the database thread.

        Once the trip has started it runs to COMMIT or ROLLBACK even if the caller is cancelled, so
        nothing is ever half-written; cancelled while still queued, it never runs.
        """
        result = await self._run("write to", _transaction, fn, *args)
        self._after_commit()
        return result

    async def _run(self, verb: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Run on the database thread; failures of the machine become one StoreError."""
        try:
            return await self._thread.run(fn, *args)
        except _Overdue:
            raise StoreError(
                f"Could not {verb} the database at {self._path} in time (it is busy or locked by another"
                " program): try again in a moment; if it persists, stop whatever else uses the file."
            ) from None
        except sqlite3.Error as e:
            if _code(e) in _REASONS:
                raise StoreError(
                    f"Could not {verb} the database at {self._path} ({_reason(e, self._path)}):"
                    " check the disk and file permissions, or set DATABASE_PATH to a writable file."
                ) from e
            raise

    async def _fetch(self, sql: str, params: Sequence[Any]) -> list[Any]:
        return await self._run("read", _fetchall, sql, params)

    def _stamp(self) -> tuple[int, datetime]:
        """The clock reading as stored (microseconds) and as returned (UTC), which compare equal."""
        us = _to_us(self._now())
        return us, _from_us(us)

    async def get(self, channel_id: int) -> GameRow | None:
        """The channel's live row; DamagedRow if its document cannot be read as text."""
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?", (channel_id,))
        return _game_row(rows[0]) if rows else None

    async def create(
        self, channel_id: int, guild_id: int | None, data: str, deadline: datetime | None = None
    ) -> GameRow:
        """Start a live row at version 1; GameExists if the channel already has one."""
        now_us, now = self._stamp()
        deadline_us = _optional_us(deadline)
        params = (channel_id, guild_id, data, deadline_us, now_us, now_us)
        try:
            game_id = await self._write(_insert_game, params)
        except sqlite3.IntegrityError as e:
            if e.sqlite_errorcode == sqlite3.SQLITE_CONSTRAINT_UNIQUE:
                raise GameExists(f"channel {channel_id} already has a live game") from e
            raise
        return GameRow(
            game_id,
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
        deadline_us = _optional_us(deadline)
        events_params = _event_params(row.game_id, now_us, events)
        update = (data, deadline_us, now_us, row.game_id, row.version)
        if not await self._write(_update_game, update, events_params):
            raise _stale(row)
        # Built directly: dataclasses.replace looks the fields up again on every save.
        return GameRow(
            row.game_id,
            row.channel_id,
            row.guild_id,
            row.version + 1,
            data,
            None if deadline_us is None else _from_us(deadline_us),
            row.created_at,
            now,
        )

    async def finish(self, row: GameRow, data: str, summary: dict, events: Sequence[dict] = ()) -> None:
        """Append the last events, move the game to history and free the channel, all or nothing."""
        now_us, _ = self._stamp()
        events_params = _event_params(row.game_id, now_us, events)
        history = (
            row.game_id,
            row.channel_id,
            row.guild_id,
            data,
            _dump(summary),
            _to_us(row.created_at),
            now_us,
        )
        if not await self._write(_finish_game, (row.game_id, row.version), events_params, history):
            raise _stale(row)

    async def delete(self, row: GameRow) -> None:
        """Drop a cancelled lobby or abandoned game without history; its events stay for inspection."""
        if not await self._write(_delete_game, (row.game_id, row.version)):
            raise _stale(row)

    async def set_aside(self, game_id: int, reason: str) -> bool:
        """Move a live row to the quarantine table, its bytes untouched; the channel is free again."""
        now_us, _ = self._stamp()
        return await self._write(_quarantine, game_id, reason, now_us)

    async def wakeups(self) -> list[Wakeup]:
        """Every live game's timer, earliest first, from an index alone (no document is read)."""
        rows = await self._fetch(
            "SELECT channel_id, deadline FROM games WHERE deadline IS NOT NULL ORDER BY deadline", ()
        )
        return [Wakeup(channel_id, _from_us(at)) for channel_id, at in rows]

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
        """Every live row, oldest game first (for tools and tests; the bot itself never reads them all)."""
        rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY game_id", ())
        return [_game_row(r) for r in rows]

    async def history(
        self, *, guild_id: int | None = None, channel_id: int | None = None, limit: int = 20
    ) -> list[HistoryRow]:
        """Finished games, newest first, of one guild and/or one channel (None: any).

        A finished game whose saved text is damaged is left out (and logged), not allowed to hide the
        others.
        """
        if limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        filters = [(column, value) for column, value in (("guild_id", guild_id), ("channel_id", channel_id))]
        filters = [(column, value) for column, value in filters if value is not None]
        where = " WHERE " + " AND ".join(f"{column} = ?" for column, _ in filters) if filters else ""
        rows = await self._fetch(
            "SELECT game_id, channel_id, guild_id, CAST(data AS BLOB), CAST(summary AS BLOB), created_at,"
            f" finished_at FROM history{where} ORDER BY finished_at DESC, game_id DESC LIMIT ?",
            [*(value for _, value in filters), limit],
        )
        finished = []
        for game_id, channel, guild, data, summary, c, f in rows:
            try:
                finished.append(
                    HistoryRow(
                        game_id, channel, guild, data.decode(), json.loads(summary), _from_us(c), _from_us(f)
                    )
                )
            except ValueError:  # UnicodeDecodeError and JSONDecodeError
                log.warning("finished game unreadable", extra={"game": game_id, "channel": channel})
        return finished

    async def prune(self, finished_before: datetime) -> Pruned:
        """Remove the event logs of games finished (or lobbies closed) before `finished_before`.

        Their results stay in history. Deleted a few games per transaction, so a running bot's saves
        never wait long for the lock. SQLite reuses the freed pages for new games; the file itself
        shrinks only with VACUUM.
        """
        cutoff = _to_us(finished_before)
        game_ids = await self._fetch(_PRUNABLE, (cutoff,))
        removed = 0
        for start in range(0, len(game_ids), PRUNE_BATCH):
            batch = [game_id for (game_id,) in game_ids[start : start + PRUNE_BATCH]]
            removed += await self._write(_delete_events, batch)
        return Pruned(len(game_ids), removed)


# -- the functions that run on the database thread ------------------------------------------------
def _fetchall(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    return db.execute(sql, params).fetchall()


def _insert_game(db: sqlite3.Connection, params: tuple) -> int:
    return db.execute(
        "INSERT INTO games (channel_id, guild_id, version, data, deadline, created_at, updated_at)"
        " VALUES (?, ?, 1, ?, ?, ?, ?)",
        params,
    ).lastrowid


def _update_game(db: sqlite3.Connection, update: tuple, events: tuple | None) -> bool:
    """False, with nothing written, when the row is no longer at the caller's version."""
    cursor = db.execute(
        "UPDATE games SET version = version + 1, data = ?, deadline = ?, updated_at = ?"
        " WHERE game_id = ? AND version = ?",
        update,
    )
    if cursor.rowcount != 1:
        return False
    if events is not None:
        db.execute(_APPEND_EVENTS, events)
    return True


def _delete_game(db: sqlite3.Connection, key: tuple[int, int]) -> bool:
    return db.execute("DELETE FROM games WHERE game_id = ? AND version = ?", key).rowcount == 1


def _finish_game(db: sqlite3.Connection, key: tuple[int, int], events: tuple | None, history: tuple) -> bool:
    if not _delete_game(db, key):
        return False
    if events is not None:
        db.execute(_APPEND_EVENTS, events)
    db.execute(f"INSERT INTO history ({_HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", history)
    return True


def _quarantine(db: sqlite3.Connection, game_id: int, reason: str, now_us: int) -> bool:
    moved = db.execute(
        "INSERT INTO quarantine (game_id, channel_id, guild_id, version, data, deadline, created_at,"
        " updated_at, reason, quarantined_at) SELECT game_id, channel_id, guild_id, version,"
        " CAST(data AS BLOB), deadline, created_at, updated_at, ?, ? FROM games WHERE game_id = ?",
        (reason, now_us, game_id),
    ).rowcount
    db.execute("DELETE FROM games WHERE game_id = ?", (game_id,))
    return moved == 1


# Finished games, then logs no live, set-aside or finished game owns (lobbies that were cancelled),
# judged by their newest entry.
_PRUNABLE = """
    SELECT game_id FROM history AS h WHERE finished_at < ?1
        AND EXISTS (SELECT 1 FROM events AS e WHERE e.game_id = h.game_id)
    UNION
    SELECT game_id FROM events GROUP BY game_id HAVING MAX(at) < ?1
        AND game_id NOT IN (SELECT game_id FROM games)
        AND game_id NOT IN (SELECT game_id FROM quarantine)
        AND game_id NOT IN (SELECT game_id FROM history)
"""


def _delete_events(db: sqlite3.Connection, game_ids: list[int]) -> int:
    marks = ",".join("?" * len(game_ids))
    return db.execute(f"DELETE FROM events WHERE game_id IN ({marks})", game_ids).rowcount


def _stale(row: GameRow) -> StaleVersion:
    return StaleVersion(f"game {row.game_id} is no longer at version {row.version}")


def _checkpoint_file(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        db.close()


def backup(source: str | os.PathLike, dest: str | os.PathLike) -> int:
    """Copy the database at `source` into a new file `dest` with SQLite's online backup API; returns
    the bytes written.

    Safe while the bot runs: the copy is one consistent snapshot taken in a read transaction, which in
    WAL mode never blocks the bot's writes. The copy is checked with quick_check before it counts.
    """
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise StoreError(f"There is no database at {source}: set DATABASE_PATH to the bot's database file.")
    if dest.exists():
        raise StoreError(f"{dest} already exists: choose a new file name for the backup.")
    try:
        src = sqlite3.connect(source)
        try:
            dst = sqlite3.connect(dest)
            try:
                src.backup(dst)
                _quick_check(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except _Damaged as e:
        dest.unlink(missing_ok=True)
        raise _damaged_error(source, f"quick_check: {e.args[0]}") from None
    except sqlite3.Error as e:
        dest.unlink(missing_ok=True)
        if _code(e) in _DAMAGED:
            raise _damaged_error(source, _reason(e, source)) from e
        raise StoreError(f"Could not back up {source} to {dest} ({_reason(e, dest)}).") from e
    return dest.stat().st_size


def _open_error(path: Path, reason: str) -> StoreError:
    return StoreError(f"Cannot open the database at {path} ({reason}): set DATABASE_PATH to a writable file.")


def _damaged_error(path: Path, finding: str) -> StoreError:
    return StoreError(
        f"The database at {path} is damaged ({finding}): stop the bot, then restore your latest backup"
        f" over it (README, 'Backup and restore') or salvage it with `sqlite3 {path} .recover | sqlite3"
        " recovered.sqlite3` and set DATABASE_PATH to recovered.sqlite3."
    )
