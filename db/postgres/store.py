"""The PostgreSQL store: `db.interface.GameStore` on an asyncpg pool, for bots whose shards run in
several processes or machines that share one database.

It behaves as the SQLite store does, row for row: the same tables (db/postgres/schema.py), the same
SQL (db/sql.py, db/records.py; its own write statements in db/postgres/statements.py), the same
rules for game ids, versions and the event log. What differs is how writers take turns. Several
processes write, so each write is one transaction on a pooled connection, and a channel's game is
changed by one transaction at a time through its row lock: save, finish and delete begin with the
version-checked UPDATE or DELETE of the game's row, which locks it, and set_aside with the DELETE
that moves it. A second writer of the same game waits for that row, then PostgreSQL checks
`version = $n` again against the committed row, finds it changed, and the writer gets StaleVersion with
nothing written. The row lock is chosen over a `pg_advisory_xact_lock(channel)` because it costs no
extra statement, it is the very row whose version is checked (a lock keyed on the channel could be
taken under a stale row of another game there), and advisory keys are one number space shared with
anything else on the server. No row is one that every create must lock (new ids come from a
sequence), and the server ends a session that stops answering inside a transaction
(SESSION_SETTINGS), so a process frozen or gone holds its locks for seconds, never stopping the
others.

A click waits for its round trips to the server, so the writes a click makes take as few as their
guarantees allow. A write of one statement runs without BEGIN and COMMIT (PostgreSQL runs a lone
statement as a transaction of its own): a save is one statement, its UPDATE's RETURNING feeding the
INSERT of its events, so the events are written only if the version check passed, and all or
nothing. Each statement is prepared once per connection (asyncpg's statement cache), and a
connection goes back to the pool without asyncpg's reset query, since the store leaves no session
state behind.
"""

import asyncio
import contextlib
import dataclasses
import functools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import asyncpg

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
from db.postgres import schema, server, statements
from db.postgres.marks import numbered
from db.postgres.sending import Sending, session_ended, unanswered
from db.reads import SharedReads
from db.rows import Clock

Result = TypeVar("Result")
Transaction = Callable[[asyncpg.Connection], Awaitable[Result]]
"""The statements of one write transaction, on the pooled connection it runs on."""

OPERATION_BUDGET = 2.0
"""Seconds one operation may take, its wait for a pooled connection included, before it fails with a
StoreError (and is rolled back): a click's save has landed or failed in time to answer inside the
3 seconds Discord gives it."""
LOCK_TIMEOUT = "1s"
"""How long a statement waits for a row another program holds (an admin's open transaction in
psql): it then fails inside the budget, with a reason, instead of when the budget runs out."""
SERVER_TIMEOUT = 3.0
"""Seconds the server lets one of the bot's statements run, or its transaction sit idle between
statements, before it ends it: past OPERATION_BUDGET, so never an operation still under way, but
soon enough that a process frozen (SIGSTOP, a stalled VM) or gone inside a transaction holds its
locks for seconds, not until someone kills it. The server rolls the transaction back."""
SESSION_SETTINGS = {
    "idle_in_transaction_session_timeout": f"{SERVER_TIMEOUT:g}s",
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "3",
}
"""Every connection of the bot's, the schema upgrade's included: a transaction left idle is ended,
and the server finds a connection to a machine that vanished without a word dead within 25 s
(keepalives, seconds) and frees its slot."""
OPERATION_SETTINGS = {"lock_timeout": LOCK_TIMEOUT, "statement_timeout": f"{SERVER_TIMEOUT:g}s"}
"""The pool's connections, whose every operation fits OPERATION_BUDGET; the upgrade runs steps of
any length, so it has none of these."""
POOL_SIZE = 10
"""Connections per process: reads and writes of different channels run at once."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Events:
    """A write's events, validated and encoded before its transaction starts."""

    kinds: list[str]
    encoded: list[str]

    @classmethod
    def of(cls, events: Sequence[dict[str, Any]]) -> "_Events":
        encoded = rows.encoded_events(events)
        return cls([event["kind"] for event in events], encoded)

    async def append(self, db: asyncpg.Connection, game_id: int, at_us: int) -> None:
        if self.encoded:
            await db.execute(statements.APPEND_EVENTS, game_id, at_us, self.kinds, self.encoded)


def _run(db: asyncpg.Connection) -> records.Run:
    """The shared SQL of `records`, run on this transaction's connection."""

    async def run(statement: str, params: Sequence[Any]) -> list[asyncpg.Record]:
        return list(await db.fetch(numbered(statement), *params))

    return run


def _rating_pool_lock(db: asyncpg.Connection) -> records.PoolLock:
    """A rating pool held by a transaction-scoped advisory lock: two processes finishing games of
    one pool at once rate one after the other, each from the other's result (and never deadlock
    on the ratings rows)."""

    async def take(pool: records.RatingPool) -> None:
        guild_id, ruleset, house = pool
        key = f"payday ratings {guild_id} {ruleset} {house}"
        await db.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)

    return take


class PostgresStore(SharedReads):
    """The PostgreSQL implementation of `GameStore`: one pool per process, any number of processes."""

    _GAME_COLUMNS = statements.GAME_COLUMNS
    _HISTORY_COLUMNS = statements.HISTORY_COLUMNS

    def __init__(self, pool: asyncpg.Pool, url: server.Url, now: Clock) -> None:
        self._pool = pool
        self._url = url
        self._now = now

    @classmethod
    async def open(cls, url: str, *, now: Clock | None = None, schema: str | None = None) -> "PostgresStore":
        """Connect, and create or upgrade the tables; anything that stops the database being used
        raises StoreError with one sentence, never the password.

        `schema` (a PostgreSQL schema, created if missing) keeps the tables apart from others in the
        same database: tests take a fresh one each. The bot uses the user's default search path.
        """
        where = server.Url.parse(url)
        settings = {"application_name": "payday-bot", **SESSION_SETTINGS}
        if schema is not None:
            settings["search_path"] = schema
        await _upgrade(url, where, settings, schema)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=OPERATION_BUDGET,
                command_timeout=OPERATION_BUDGET,
                server_settings={**settings, **OPERATION_SETTINGS},
                reset=_left_as_found,
            )
        except (*server.CONNECTION_TROUBLE, asyncpg.PostgresError, ValueError) as e:
            raise server.open_error(e, where) from None
        return cls(pool, where, now or (lambda: datetime.now(UTC)))

    async def close(self) -> None:
        """Close every connection once its operation is done; safe to call twice."""
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def _trouble(self, verb: str, sending: "Sending | None" = None) -> AsyncIterator[None]:
        """Failures of the server or the network become one StoreError, and no operation outlasts
        OPERATION_BUDGET. Once `sending` says a write's statement left for the server, a failure
        the server did not answer with (the connection dropped, no answer in time) is
        OutcomeUnknown: the server may have committed it."""
        try:
            async with asyncio.timeout(OPERATION_BUDGET):
                yield
        except server.CONNECTION_TROUBLE as e:
            error = server.trouble(e, self._url, verb)
            if sending is not None and sending.session is not None and unanswered(e):
                raise OutcomeUnknown(
                    f"{error} The write may have committed all the same.",
                    settle=functools.partial(session_ended, self._fetch, sending.session),
                ) from e
            raise error from e

    async def _write(self, transaction: Transaction[Result]) -> Result:
        """`transaction` on a pooled connection, committed whole or rolled back whole; a COMMIT
        whose answer is lost is OutcomeUnknown (any failure before it rolls back)."""
        sending = Sending()
        async with self._trouble("write to", sending), self._pool.acquire() as db:
            async with db.transaction():
                result = await transaction(db)
                sending.sent(db)  # the COMMIT goes as the block ends
            return result

    async def _change(self, statement: str, *params: Any) -> Any:
        """One statement, a transaction on its own (no BEGIN and COMMIT to wait for); the first
        column of its first row, None if it returned none. OutcomeUnknown once it was sent."""
        return await self._send(statement, lambda db: db.fetchval(statement, *params))

    async def _send(self, statement: str, run: Callable[[asyncpg.Connection], Awaitable[Result]]) -> Result:
        """`run` (fetchval, fetchrow...) of one `statement` that writes on its own, on a pooled
        connection. Only once the statement is sent to run is a failure the server did not answer
        with OutcomeUnknown: waiting for a connection, or preparing the statement (a round trip
        the first time a connection runs it, which runs nothing), fails for certain."""
        sending = Sending()
        async with self._trouble("write to", sending), self._pool.acquire() as db:
            # `run` prepares the statement first through asyncpg's statement cache (the private
            # call its fetch methods make): prepared here, in that cache, it is then sent at once.
            await db._get_statement(statement, None)
            sending.sent(db)
            return await run(db)

    async def _fetch(self, query: str, params: Iterable[Any]) -> list[asyncpg.Record]:
        async with self._trouble("read"):
            return list(await self._pool.fetch(numbered(query), *params))

    def _stamp(self) -> tuple[int, datetime]:
        """The clock reading as stored (microseconds) and as returned (UTC), which compare equal."""
        return rows.stamp(self._now)

    async def get(self, channel_id: int) -> GameRow | None:
        found = await self._fetch(
            f"SELECT {statements.GAME_COLUMNS} FROM games WHERE channel_id = $1", [channel_id]
        )
        return rows.game_row(found[0]) if found else None

    async def create(
        self, channel_id: int, guild_id: int | None, data: str, deadline: datetime | None = None
    ) -> GameRow:
        """Start a live row under the smallest id a closed lobby gave back, one version above that
        lobby's last, else the next new id; GameExists if the channel already has one. One
        statement: a create waits for no other create, so a process frozen inside one stops none.
        OutcomeUnknown once it was sent, like any write: reading the channel tells."""
        now_us, now = self._stamp()
        deadline_us = rows.optional_us(deadline)
        created = await self._send(
            statements.INSERT_GAME,
            lambda db: db.fetchrow(statements.INSERT_GAME, channel_id, guild_id, data, deadline_us, now_us),
        )
        if created is None:
            raise GameExists(f"channel {channel_id} already has a live game")
        game_id, version = int(created["game_id"]), int(created["version"])
        deadline_at = rows.optional_from_us(deadline_us)
        return GameRow(game_id, channel_id, guild_id, version, data, deadline_at, now, now)

    async def save(
        self, row: GameRow, data: str, deadline: datetime | None, events: Sequence[dict[str, Any]] = ()
    ) -> GameRow:
        """Replace the document and append `events` in one statement; the row at version + 1.
        Keyed on game_id (unique forever) as well as version, so a stale row of a finished game can
        never overwrite the next game in the same channel."""
        now_us, now = self._stamp()
        deadline_us = rows.optional_us(deadline)
        appended = _Events.of(events)
        saved = await self._change(
            statements.SAVE,
            row.game_id,
            now_us,
            appended.kinds,
            appended.encoded,
            data,
            deadline_us,
            row.version,
        )
        if not saved:
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
        appended = _Events.of(events)
        history = rows.history_values(row, data, summary, now_us)

        async def finish(db: asyncpg.Connection) -> bool:
            if not await _delete_game(db, row):
                return False
            await appended.append(db, row.game_id, now_us)
            await db.execute(numbered(sql.INSERT_HISTORY), *history)
            if result is not None:
                await records.record(_run(db), row.game_id, *result, _rating_pool_lock(db))
            return True

        if not await self._write(finish):
            raise rows.stale(row)

    async def record(self, results: Sequence[tuple[int, GameResult]], rate: Rater) -> None:
        """Record finished games' results by id, in order, in one transaction. Processes starting
        together backfill the same games: the batch lock makes them take turns (each batch takes
        its rating pools' locks in its own order, which could otherwise deadlock), and the later
        finds those games recorded and leaves them be."""

        async def record_all(db: asyncpg.Connection) -> None:
            await db.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", statements.RECORD_BATCH_KEY
            )
            for game_id, result in results:
                await records.record(_run(db), game_id, result, rate, _rating_pool_lock(db))

        await self._write(record_all)

    async def set_result_message(self, game_id: int, message_id: int) -> None:
        await self._change(numbered(records.SET_MESSAGE), message_id, game_id)

    async def save_review(self, game_id: int, data: str) -> None:
        """Keep a finished game's review, replacing any before (one statement)."""
        now_us, _ = self._stamp()
        await self._change(numbered(sql.SAVE_REVIEW), game_id, data, now_us)

    async def delete(self, row: GameRow) -> None:
        """Drop a lobby that never started, with its log, and give its id back for the next lobby
        (players count games by their ids); the next row under it starts above `row`'s version."""

        async def drop(db: asyncpg.Connection) -> bool:
            if not await _delete_game(db, row):
                return False
            await db.execute("DELETE FROM events WHERE game_id = $1", row.game_id)
            await db.execute(
                "INSERT INTO free_ids (game_id, version) VALUES ($1, $2)", row.game_id, row.version
            )
            return True

        if not await self._write(drop):
            raise rows.stale(row)

    async def set_aside(self, game_id: int, version: int, reason: str) -> bool:
        """Move a live row to the quarantine table in one statement, its document kept as the very
        bytes PostgreSQL holds (UTF-8); the channel is free again."""
        now_us, _ = self._stamp()
        moved = await self._change(
            f"WITH moved AS (DELETE FROM games WHERE game_id = $1 AND version = $4"
            f" RETURNING {statements.GAME_COLUMNS})"
            " INSERT INTO quarantine (game_id, channel_id, guild_id, version, data, deadline,"
            " created_at, updated_at, reason, quarantined_at) SELECT game_id, channel_id, guild_id,"
            " version, convert_to(data, 'UTF8'), deadline, created_at, updated_at, $2, $3 FROM moved"
            " RETURNING 1",
            game_id,
            reason,
            now_us,
            version,
        )
        return moved is not None

    async def set_preferences(self, user_id: int, *, calls: bool) -> Preferences:
        now_us, now = self._stamp()
        await self._change(numbered(sql.SET_PREFERENCES), user_id, calls, now_us)
        return Preferences(user_id, calls, now)

    async def set_server_settings(self, guild_id: int, data: str, version: int) -> SettingsRow:
        """Record a server's settings over those at `version` in one statement, which waits for a
        writer of the same row and then checks the version it committed; StaleVersion if it moved."""
        now_us, _ = self._stamp()
        saved = await self._change(
            numbered(sql.set_server_settings(version)), guild_id, data, now_us, version
        )
        if saved is None:
            raise rows.stale_settings(guild_id, version)
        return SettingsRow(int(saved), data)

    async def prune(self, finished_before: datetime) -> Pruned:
        """Remove the event logs of games finished (or lobbies closed) before `finished_before`, a
        few games per transaction; their results stay. PostgreSQL's autovacuum reuses the space."""
        cutoff = rows.to_us(finished_before)
        game_ids = [game_id for (game_id,) in await self._fetch(sql.PRUNABLE, [cutoff])]
        removed = 0
        for start in range(0, len(game_ids), sql.PRUNE_BATCH):
            removed += await self._write(
                functools.partial(_delete_events, game_ids[start : start + sql.PRUNE_BATCH])
            )
        return Pruned(len(game_ids), removed)


async def _left_as_found(db: asyncpg.Connection) -> None:
    """The pool's reset of a released connection, which sends nothing: the store sets no setting,
    listens to nothing, opens no cursor and takes only transaction-scoped locks, so asyncpg's reset
    query (RESET ALL, UNLISTEN *, CLOSE ALL, pg_advisory_unlock_all) would cost every operation a
    round trip and change nothing. asyncpg still rolls back a transaction left open."""


async def _delete_game(db: asyncpg.Connection, row: GameRow) -> bool:
    """Delete the live row if it is still at `row`'s version, locking it for the rest of the
    transaction; False, with nothing done, if it is not."""
    deleted = await db.fetchval(
        "DELETE FROM games WHERE game_id = $1 AND version = $2 RETURNING 1", row.game_id, row.version
    )
    return deleted is not None


async def _delete_events(game_ids: list[int], db: asyncpg.Connection) -> int:
    return int(
        await db.fetchval(
            "WITH gone AS (DELETE FROM events WHERE game_id = ANY($1::bigint[]) RETURNING 1)"
            " SELECT COUNT(*) FROM gone",
            game_ids,
        )
    )


async def _upgrade(url: str, where: server.Url, settings: dict[str, str], schema_name: str | None) -> None:
    """Create or upgrade the tables on a connection of its own, with no command or statement
    timeout: a step may rewrite a large table, and a second process opening meanwhile waits its turn
    for as long as the first takes (schema.upgrade lifts the lock timeout too), then finds the work
    done. A process frozen part way is still ended by the idle-in-transaction timeout, so it cannot
    keep the others from opening."""
    try:
        db = await asyncpg.connect(url, timeout=OPERATION_BUDGET, server_settings=settings)
    except (*server.CONNECTION_TROUBLE, asyncpg.PostgresError, ValueError) as e:
        raise server.open_error(e, where) from None
    try:
        if schema_name is not None:
            await db.execute(f"CREATE SCHEMA IF NOT EXISTS {server.quoted(schema_name)}")
        await schema.upgrade(db)
    except schema.SchemaTooNewError as e:
        raise StoreError(
            f"The PostgreSQL database at {where.where} was written by a newer payday-bot (schema"
            f" {e.found}, this one knows {schema.LATEST}): upgrade the bot or point DATABASE_URL at"
            " another database."
        ) from None
    except (*server.CONNECTION_TROUBLE, asyncpg.PostgresError) as e:
        raise server.open_error(e, where) from None
    finally:
        await db.close()
