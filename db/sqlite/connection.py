"""The store's one aiosqlite connection, used by one operation at a time.

aiosqlite runs every statement on the connection's own thread, so nothing of SQLite runs on the
event loop's thread. One connection serves every channel, so a write transaction (BEGIN IMMEDIATE,
its statements, COMMIT) must never interleave with another operation: operations take turns, and a
write that fails or is cancelled part way is rolled back before the next operation starts, so
nothing is ever half-written. A caller cancelled while still waiting for its turn never runs at all.
The BEGIN IMMEDIATE is sent by sqlite3 itself, before a write's first statement (the connection's
`isolation_level`), so a write costs its statements and the COMMIT: each is one trip to the
connection's thread and back, the cost a click feels.

Never past Discord's 3 seconds: a statement waits at most BUSY_TIMEOUT_MS for another program's
lock on the file, and an operation that waited more than QUEUE_BUDGET for its turn fails without
running, so while the file stays locked a backlog of clicks drains instead of each waiting for all
the ones before it.
"""

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

BUSY_TIMEOUT_MS = 250
"""How long a statement waits for another program's lock on the file before it fails: far inside the
3 seconds Discord gives a click, so a locked database gets the player an answer, not a dead button."""
QUEUE_BUDGET = 1.5
"""Seconds an operation may wait for its turn. With the busy timeout on top, a click's save has
failed or landed within 1.75 s, inside Discord's 3 s."""

Result = TypeVar("Result")
Statements = Callable[[aiosqlite.Connection], Awaitable[Result]]
"""The statements of one write transaction, run between BEGIN IMMEDIATE and COMMIT."""


class Overdue(Exception):
    """An operation waited longer than QUEUE_BUDGET for its turn; it did not run."""


class Uncommitted(Exception):
    """The COMMIT of a write failed: whether the transaction landed is for a read to tell (the
    error is its `__cause__`)."""


class Connection:
    """One aiosqlite connection and the turns its operations take on it."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._turn = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path) -> "Connection":
        db = await aiosqlite.connect(path, isolation_level="IMMEDIATE", timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            # Connection flags only (WAL is already recorded in the file): no file I/O, nothing to fail.
            await db.execute_fetchall("PRAGMA synchronous = NORMAL")
            await db.execute_fetchall("PRAGMA foreign_keys = ON")
            # Checkpoints run in the background (the store's), not inside some player's COMMIT.
            await db.execute_fetchall("PRAGMA wal_autocheckpoint = 0")
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def read(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Every row of one query, in its turn."""
        queued_at = time.perf_counter()
        async with self._turn:
            _in_time(queued_at)
            return list(await self._db.execute_fetchall(sql, params))

    async def write(self, statements: Statements[Result]) -> Result:
        """Run `statements` as one transaction, in its turn (sqlite3 begins it before the first of
        them); any failure rolls it back whole, and a failed COMMIT raises `Uncommitted`."""
        queued_at = time.perf_counter()
        async with self._turn:
            _in_time(queued_at)
            db = self._db
            try:
                result = await statements(db)
                try:
                    await db.commit()
                except sqlite3.Error as e:
                    raise Uncommitted from e
            except BaseException:
                # Queued at once, even for a caller cancelled meanwhile: the connection's thread runs
                # statements in order, so the ROLLBACK ends this transaction before the next
                # operation's first statement. SQLite may have ended it already (disk full).
                with contextlib.suppress(sqlite3.Error):
                    await db.rollback()
                raise
            return result

    async def close(self) -> None:
        """Close once the operation under way (a transaction) is done."""
        async with self._turn:
            await self._db.close()


def _in_time(queued_at: float) -> None:
    # The real clock (perf_counter): a test's virtual clock never replaces it, and the wait for
    # another program's lock is real however a test drives time on the event loop.
    if time.perf_counter() - queued_at > QUEUE_BUDGET:
        raise Overdue
