"""A write sent to the PostgreSQL server whose answer was lost: which failures leave its outcome
unknown, and when the session it was sent on is gone, so that a read of the store tells for good."""

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import asyncpg

from db.interface import StoreError
from db.postgres import server

Read = Callable[[str, Iterable[Any]], Awaitable[list[asyncpg.Record]]]
"""A read of the store (`?` marks), on a connection of its pool."""

FAILED_ON_THE_SERVER = (
    asyncpg.LockNotAvailableError,
    asyncpg.TransactionRollbackError,
    asyncpg.QueryCanceledError,
    asyncpg.InsufficientResourcesError,
)
"""Trouble the server itself answered a statement with: the statement failed, nothing of it was
written. Any other trouble once a statement was sent leaves its outcome unknown."""
SETTLE_BUDGET = 1.0
"""Seconds a write whose answer was lost is given to end on the server (its session gone: committed
or rolled back for good) before a read of the store is trusted to say it was not made."""
SETTLE_POLL = 0.02
"""Seconds between two looks at whether that session is gone."""


class Sending:
    """The server session (its backend's pid) a write's statement (or its COMMIT) left on for the
    server, once it did: from then on, it may have committed, and a read tells for good only once
    that session is gone (`session_ended`: a connection that dropped ends it as soon as the
    statement running there does; one cancelled is waited for by the pool, and its session goes on
    serving others, so it is never taken as gone)."""

    session: int | None = None

    def sent(self, db: asyncpg.Connection) -> None:
        self.session = db.get_server_pid()


def unanswered(error: BaseException) -> bool:
    """Whether `error` is trouble the server did not answer a statement with (the connection
    dropped, no answer in time): a statement sent may have committed all the same."""
    return isinstance(error, server.CONNECTION_TROUBLE) and not isinstance(error, FAILED_ON_THE_SERVER)


async def session_ended(read: Read, session: int) -> bool:
    """Whether the server's session `session` (the backend of a write whose answer was lost)
    is gone within SETTLE_BUDGET: then that write committed or rolled back for good, and no
    statement of it can still arrive or run. Still there (a statement waiting for a row, or on
    its way), or the server unreadable: False. A pid the server gave since to another session
    only makes this False, never wrongly True."""
    loop = asyncio.get_running_loop()
    until = loop.time() + SETTLE_BUDGET
    try:
        while await read("SELECT 1 FROM pg_stat_activity WHERE pid = ?", [session]):
            if loop.time() >= until:
                return False
            await asyncio.sleep(SETTLE_POLL)
    except StoreError:
        return False
    return True
