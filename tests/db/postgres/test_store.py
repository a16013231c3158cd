"""What only a server database has: opening it fails in one line an operator can act on, and several
processes (here, several stores on one schema) writing one channel never both win."""

import asyncio
import contextlib
import dataclasses
import os
import signal
import sys
import time
import uuid
from collections.abc import AsyncIterator, Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
from asyncpg.transaction import Transaction

from bot.service.results import backfill
from db import GameExists, GameRow, StaleVersion, StoreError
from db.interface import SettingsRow
from db.postgres import PostgresStore, schema
from db.postgres.store import OPERATION_BUDGET, SERVER_TIMEOUT
from tests.db.test_records import leaver_and_taker, plus_one, result
from tests.postgres import fresh_schema

DISCORD_WINDOW = 3.0
PASSWORD = "s3cret-Pa55"
ROOT = Path(__file__).parents[3]
# Another bot process, caught inside creates: a transaction on its pool that has made two (so it
# holds whatever a create takes, a given-back id and a new one), left open while it says which.
CREATOR = """
import asyncio, sys
from db.postgres import PostgresStore
from db.postgres.statements import INSERT_GAME

async def main(url, schema):
    store = await PostgresStore.open(url, schema=schema)
    async with store._pool.acquire() as db, db.transaction():
        taken = [await db.fetchval(INSERT_GAME, channel, None, "{}", None, 0) for channel in (1, 2)]
        print(await db.fetchval("SELECT pg_backend_pid()"), *taken, flush=True)
        await asyncio.sleep(60)

asyncio.run(main(*sys.argv[1:]))
"""
# A bot process caught inside the schema upgrade at open, holding its lock, saying so.
UPGRADER = """
import asyncio, sys
from db.postgres import PostgresStore
from db.postgres import schema

async def upgrade(db):
    async with db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", schema.UPGRADE_LOCK)
        print(await db.fetchval("SELECT pg_backend_pid()"), flush=True)
        await asyncio.sleep(60)

schema.upgrade = upgrade
asyncio.run(PostgresStore.open(*sys.argv[1:]))
"""


def with_parts(
    url: str, *, password: str | None = None, port: int | None = None, database: str | None = None
) -> str:
    """`url` with another password, port or database."""
    parts = urlsplit(url)
    user = parts.username or "postgres"
    host = parts.hostname or "localhost"
    netloc = f"{user}{':' + password if password else ''}@{host}:{port or parts.port or 5432}"
    return urlunsplit((parts.scheme, netloc, f"/{database}" if database else parts.path, "", ""))


@pytest.fixture
async def schema_name(postgres_url):
    async with fresh_schema(postgres_url) as name:
        yield name


@pytest.fixture
async def two_processes(postgres_url, schema_name):
    """Two stores on one schema, as two bot processes sharing one database."""
    first = await PostgresStore.open(postgres_url, schema=schema_name)
    second = await PostgresStore.open(postgres_url, schema=schema_name)
    yield first, second
    await first.close()
    await second.close()


@pytest.fixture
async def raw(postgres_url, schema_name):
    """A connection of another program (psql, say) to the same schema."""
    db = await asyncpg.connect(postgres_url, server_settings={"search_path": schema_name})
    yield db
    await db.close()


async def open_error(url: str, **options) -> str:
    with pytest.raises(StoreError) as caught:
        await PostgresStore.open(url, **options)
    message = str(caught.value)
    assert "\n" not in message and PASSWORD not in message
    return message


async def test_an_unreachable_server_is_one_line_naming_it_without_the_password(postgres_url):
    closed_port = with_parts(postgres_url, password=PASSWORD, port=1)
    host = urlsplit(postgres_url).hostname

    started = time.monotonic()
    message = await open_error(closed_port)

    assert message.startswith(f"Could not reach the PostgreSQL server at {host}:1 (connection refused)")
    assert message.endswith("start it, or check DATABASE_URL.")
    assert time.monotonic() - started < DISCORD_WINDOW


async def test_a_missing_database_is_one_line_naming_it(postgres_url):
    message = await open_error(with_parts(postgres_url, password=PASSWORD, database="payday_no_such_db"))

    assert '"payday_no_such_db" does not exist' in message
    assert message.endswith("check the user, password and database name in it.")


async def test_a_url_that_is_no_url_is_one_line(postgres_url):
    message = await open_error(postgres_url.replace(":5432", ":port").replace("@", f":{PASSWORD}@"))

    assert message.startswith("DATABASE_URL is not a PostgreSQL URL")


async def test_a_url_of_another_database_is_one_line():
    message = await open_error(f"mysql://bot:{PASSWORD}@127.0.0.1/payday")

    assert message.startswith("DATABASE_URL is not a PostgreSQL URL (it must start with postgresql://")


async def test_a_schema_written_by_a_newer_bot_is_refused_and_left_alone(postgres_url, schema_name, raw):
    store = await PostgresStore.open(postgres_url, schema=schema_name)
    await store.create(100, None, '{"kept":true}')
    await store.close()
    await raw.execute("UPDATE schema_version SET version = $1", schema.LATEST + 1)

    message = await open_error(postgres_url, schema=schema_name)

    assert f"schema {schema.LATEST + 1}, this one knows {schema.LATEST}" in message
    assert await raw.fetchval("SELECT data FROM games") == '{"kept":true}'


async def test_reopening_keeps_everything_and_upgrades_nothing_twice(postgres_url, schema_name, raw):
    store = await PostgresStore.open(postgres_url, schema=schema_name)
    game = await store.create(100, 7, "{}")
    await store.set_preferences(7, calls=False)
    await store.finish(game, "{}", {})
    await store.close()

    store = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        assert (await store.preferences([7]))[7].calls is False
        assert (await store.create(100, 7, "{}")).game_id == game.game_id + 1
    finally:
        await store.close()
    assert await raw.fetchval("SELECT array_agg(version) FROM schema_version") == [schema.LATEST]


@pytest.fixture
async def own_database(postgres_url):
    """A database of this test's own: the upgrade's advisory lock is database-wide, and this test
    holds it longer than other tests' stores would wait."""
    name = f"payday_test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        yield with_parts(postgres_url, database=name)
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


async def test_two_processes_opening_a_new_database_at_once_both_open_after_a_slow_upgrade(
    own_database, monkeypatch
):
    """A step longer than any operation's budget runs to its end, and the second process waits for
    it (longer than a click's lock timeout) instead of failing."""
    slow_step = (schema.LATEST + 1, (f"SELECT pg_sleep({max(OPERATION_BUDGET, SERVER_TIMEOUT) + 0.5})",))
    monkeypatch.setattr(schema, "MIGRATIONS", (*schema.MIGRATIONS, slow_step))
    monkeypatch.setattr(schema, "LATEST", slow_step[0])

    first, second = await asyncio.gather(PostgresStore.open(own_database), PostgresStore.open(own_database))
    try:
        created = await first.create(1, None, "{}")
        assert await second.get(1) == created
    finally:
        await first.close()
        await second.close()
    db = await asyncpg.connect(own_database)
    try:
        assert await db.fetch("SELECT version FROM schema_version") == [(slow_step[0],)]
    finally:
        await db.close()


async def once_let_go(holder: Transaction, saves: list[Coroutine[Any, Any, object]]) -> list[object]:
    """`saves` started together while another program's transaction `holder` holds what they
    write, so they all wait for it (they truly overlap); what each gave once it lets go."""
    started = [asyncio.create_task(save) for save in saves]
    await asyncio.sleep(0.2)
    assert not any(save.done() for save in started)
    await holder.rollback()
    return await asyncio.gather(*started, return_exceptions=True)


async def test_two_processes_saving_one_game_at_once_exactly_one_wins(two_processes, raw):
    """Both saves are held at the row until another program lets go of it, so they truly overlap."""
    first, second = two_processes
    row = await first.create(100, 1, "{}")
    holder = raw.transaction()
    await holder.start()
    await raw.execute("SELECT 1 FROM games WHERE game_id = $1 FOR UPDATE", row.game_id)
    results = await once_let_go(
        holder,
        [
            store.save(row, f'{{"by":{n}}}', None, [{"kind": "buy", "by": n}])
            for n, store in enumerate(two_processes)
        ],
    )

    [winner] = [r for r in results if isinstance(r, GameRow)]
    [loser] = [r for r in results if not isinstance(r, GameRow)]
    assert isinstance(loser, StaleVersion)
    assert await second.get(100) == winner
    [event] = await first.events(row.game_id)
    assert event.seq == 1 and event.data["by"] == int(winner.data[-2])


async def test_two_processes_opening_a_game_in_one_channel_get_one_game(two_processes):
    first, second = two_processes

    results = await asyncio.gather(
        first.create(100, 1, '{"by":1}'), second.create(100, 1, '{"by":2}'), return_exceptions=True
    )

    [opened] = [r for r in results if isinstance(r, GameRow)]
    assert [type(r) for r in results if not isinstance(r, GameRow)] == [GameExists]
    assert await first.get(100) == opened
    # No number lost: the loser's goes back, and the next game takes it if it came first.
    assert {opened.game_id, (await second.create(200, 1, "{}")).game_id} == {1, 2}


async def test_a_row_held_by_another_program_fails_a_save_inside_discords_window(two_processes, raw):
    store, _ = two_processes
    row = await store.create(100, None, "{}")
    holder = raw.transaction()
    await holder.start()
    await raw.execute("SELECT 1 FROM games FOR UPDATE")
    try:
        started = time.monotonic()
        with pytest.raises(StoreError, match="lock timeout") as caught:
            await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])
        waited = time.monotonic() - started
    finally:
        await holder.rollback()

    assert waited < OPERATION_BUDGET < DISCORD_WINDOW
    assert "\n" not in str(caught.value)
    assert await store.get(100) == row and await store.count_events(row.game_id) == 0
    assert (await store.save(row, '{"turn":2}', None)).version == 2


async def test_set_aside_keeps_the_documents_bytes(two_processes, raw):
    store, _ = two_processes
    text = '{"name":"café ☕"}'
    row = await store.create(100, 9, text)

    assert await store.set_aside(row.game_id, row.version, "rejected by this version") is True

    kept = await raw.fetchrow("SELECT data, channel_id, version, reason FROM quarantine")
    assert (kept["data"], kept["channel_id"], kept["version"]) == (text.encode(), 100, 1)
    assert kept["reason"] == "rejected by this version"
    assert await store.get(100) is None


async def test_after_the_server_drops_its_connections_the_next_save_reconnects(two_processes, raw):
    """A restart of the server (or a failover) costs the bot nothing once it answers again."""
    store, _ = two_processes
    row = await store.create(100, None, "{}")
    own = await store._pool.fetchval("SELECT pg_backend_pid()")  # the pool's one connection so far
    assert await raw.fetchval("SELECT pg_terminate_backend($1)", own)
    await asyncio.sleep(0.1)

    saved = await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])

    assert await store.get(100) == saved and await store.count_events(row.game_id) == 1


async def test_two_processes_finishing_rated_games_of_one_pool_rate_each_from_the_other(two_processes):
    """Ann wins both games: her rating counts both wins, whichever process finished first."""
    rows = [
        await store.create(channel, 10, "{}") for channel, store in zip((1, 2), two_processes, strict=True)
    ]

    await asyncio.gather(
        *(
            store.finish(row, "{}", {}, [], (result((1, 900), (2, 100)), plus_one))
            for row, store in zip(rows, two_processes, strict=True)
        )
    )

    players = {p.user_id: p for p in await two_processes[0].ratings(10, "modern", "")}
    assert (players[1].skill.mu, players[1].rated_games, players[1].wins) == (25 + 10 + 10, 2, 2)
    assert (players[2].skill.mu, players[2].rated_games) == (25 + 1 + 1, 2)


async def test_a_connection_back_from_a_refused_write_holds_no_transaction_and_serves_the_next(
    two_processes, raw
):
    """Released connections skip asyncpg's reset query, so nothing but the rollback of a refused
    write may stand between one operation and the next: no connection idles inside a transaction,
    holding rows, after a refusal."""
    store, _ = two_processes
    row = await store.create(100, None, "{}")
    own = await store._pool.fetchval("SELECT pg_backend_pid()")  # the pool's one connection so far

    with pytest.raises(GameExists):
        await store.create(100, None, "{}")
    with pytest.raises(StaleVersion):
        await store.save(dataclasses.replace(row, version=7), "{}", None, [{"kind": "roll"}])

    assert await raw.fetchval("SELECT state FROM pg_stat_activity WHERE pid = $1", own) == "idle"
    saved = await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])
    assert await store.get(100) == saved and [e.seq for e in await store.events(row.game_id)] == [1]


async def test_two_processes_backfilling_the_same_games_record_each_once(two_processes):
    """Both processes start together and find the same unrecorded games, here in opposite orders of
    two pools (which, unserialised, deadlocks): each game is recorded once, each rating moved once."""
    first, second = two_processes
    games = []
    for channel, guild in ((1, 10), (2, 20), (3, 10), (4, 20)):
        row = await first.create(channel, guild, "{}")
        await first.finish(row, "{}", {})
        games.append((row.game_id, result((1, 900), (2, 100))))

    await asyncio.gather(first.record(games, plus_one), second.record(games[::-1], plus_one))

    assert await first.unrecorded(10) == []
    for guild in (10, 20):
        _, total = await first.results(guild)
        players = {p.user_id: (p.rated_games, p.wins) for p in await first.ratings(guild, "modern", "")}
        assert total == 2 and players == {1: (2, 2), 2: (2, 0)}


async def test_two_processes_starting_together_backfill_each_old_game_once(two_processes):
    """Both run `backfill` at start-up over the same three old games: no error, one result each, and
    Ann's rating counts three wins, not six."""
    first, second = two_processes
    summary = {"reason": "retired", "ruleset": "modern", "players": [
        {"name": "ann", "user_id": 1, "net_worth": 900}, {"name": "bob", "user_id": 2, "net_worth": 100},
    ]}  # fmt: skip
    for channel in (1, 2, 3):
        await first.finish(await first.create(channel, 10, "{}"), "{}", summary)

    await asyncio.gather(backfill(first), backfill(second))

    _, total = await second.results(10)
    players = {p.user_id: (p.rated_games, p.wins) for p in await second.ratings(10, "modern", "")}
    assert total == 3 and players == {1: (3, 3), 2: (3, 0)}


LIMITS = (
    "lock_timeout",
    "statement_timeout",
    "idle_in_transaction_session_timeout",
    "tcp_keepalives_idle",
    "tcp_keepalives_interval",
    "tcp_keepalives_count",
)
"""The server's settings that bound how long a stuck client holds anything, in seconds."""


@dataclasses.dataclass(frozen=True)
class Peer:
    """Another bot process, caught part way through what its script does."""

    pid: int
    backend: int
    """Its session's process on the server."""
    taken: list[int]
    """The game ids its open creates hold."""


@contextlib.asynccontextmanager
async def peer(script: str, *args: str) -> AsyncIterator[Peer]:
    """A bot process of its own, running `script`, stopped or killed by the test; it never outlives
    the test."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", script, *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE
    )
    assert process.stdout is not None
    try:
        backend, *taken = map(int, (await asyncio.wait_for(process.stdout.readline(), 30)).split())
        yield Peer(process.pid, backend, taken)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGCONT)
            process.kill()
        await process.wait()


async def session_ended(raw: asyncpg.Connection, backend: int, within: float) -> float | None:
    """Seconds until the server ended that session, None if it still runs after `within`."""
    started = time.monotonic()
    while time.monotonic() - started < within:
        if not await raw.fetchval("SELECT EXISTS (SELECT FROM pg_stat_activity WHERE pid = $1)", backend):
            return time.monotonic() - started
        await asyncio.sleep(0.1)
    return None


@pytest.fixture
async def given_back(two_processes):
    """A closed lobby's id, given back, for the next create to take."""
    store, _ = two_processes
    lobby = await store.create(100, 1, "{}")
    await store.delete(lobby)
    return lobby.game_id


async def test_a_process_frozen_inside_creates_stops_no_other_servers_new_game(
    postgres_url, schema_name, two_processes, given_back
):
    """Found: one process SIGSTOPped inside a create held the one id counter row, and every
    `/payday start` of every server failed for as long as it stayed frozen."""
    store, _ = two_processes
    async with peer(CREATOR, postgres_url, schema_name) as frozen:
        os.kill(frozen.pid, signal.SIGSTOP)
        assert given_back in frozen.taken
        created = []
        for channel in (3, 4, 5, 6):
            started = time.monotonic()
            created.append(await store.create(channel, 2, "{}"))
            assert time.monotonic() - started < OPERATION_BUDGET

        ids = [row.game_id for row in created]
        assert len(set(ids + frozen.taken)) == len(ids) + len(frozen.taken)
        assert await store.get(1) is None and await store.get(3) == created[0]


async def test_the_server_ends_a_frozen_process_within_seconds_and_its_ids_come_back(
    postgres_url, schema_name, two_processes, given_back, raw
):
    store, _ = two_processes
    async with peer(CREATOR, postgres_url, schema_name) as frozen:
        os.kill(frozen.pid, signal.SIGSTOP)
        ended = await session_ended(raw, frozen.backend, within=SERVER_TIMEOUT + 3)

        assert ended is not None and ended < SERVER_TIMEOUT + 3
        reopened = await store.create(1, 2, "{}")  # its channel, and the id its create held
        assert (reopened.game_id, reopened.version) == (given_back, 2)


async def test_a_process_killed_inside_creates_leaves_no_lock_behind(
    postgres_url, schema_name, two_processes, given_back, raw
):
    store, _ = two_processes
    async with peer(CREATOR, postgres_url, schema_name) as killed:
        os.kill(killed.pid, signal.SIGKILL)
        ended = await session_ended(raw, killed.backend, within=SERVER_TIMEOUT)

        started = time.monotonic()
        reopened = await store.create(1, 2, "{}")
        assert ended is not None and time.monotonic() - started < OPERATION_BUDGET
        assert reopened.game_id == given_back


async def test_every_pooled_connection_bounds_what_a_stuck_peer_can_hold(two_processes):
    """The server ends a statement or an idle transaction soon after the operation's budget (never
    before it), and finds a vanished client within a minute, whichever pooled connection asks."""
    store, _ = two_processes
    async with store._pool.acquire() as db, store._pool.acquire() as other:
        for connection in (db, other):
            limits = dict(
                await connection.fetch(
                    "SELECT name, setting::float * CASE unit WHEN 'ms' THEN 0.001 ELSE 1 END"
                    " FROM pg_settings WHERE name = ANY($1::text[])",
                    [*LIMITS],
                )
            )
            assert 0 < limits["lock_timeout"] < OPERATION_BUDGET
            for timeout in ("statement_timeout", "idle_in_transaction_session_timeout"):
                assert OPERATION_BUDGET < limits[timeout] <= DISCORD_WINDOW + 2
            keepalive = limits["tcp_keepalives_idle"]
            assert 0 < keepalive + limits["tcp_keepalives_interval"] * limits["tcp_keepalives_count"] <= 60


async def test_concurrent_creates_of_two_processes_lose_no_game_number(two_processes, given_back):
    """Each channel opens once; the ids of the creates refused go back, and the next games take them."""
    created = await asyncio.gather(
        *(store.create(channel, 1, "{}") for channel in range(10) for store in two_processes),
        return_exceptions=True,
    )

    opened = [row.game_id for row in created if isinstance(row, GameRow)]
    assert [type(r) for r in created if not isinstance(r, GameRow)] == [GameExists] * 10
    assert given_back in opened
    holes = max(opened) - len(opened)
    after = [(await two_processes[1].create(channel, 1, "{}")).game_id for channel in range(10, 11 + holes)]
    assert sorted(opened + after) == list(range(1, len(opened) + len(after) + 1))


async def test_an_old_database_with_the_id_counter_numbers_on_after_its_last_id(
    postgres_url, schema_name, raw, monkeypatch
):
    """Step 1's one-row counter becomes a sequence: the next new game takes the id after the
    highest ever handed out (game 3, finished), and a given-back id (2) still comes first."""
    with monkeypatch.context() as old:
        old.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        old.setattr(schema, "LATEST", 1)
        await (await PostgresStore.open(postgres_url, schema=schema_name)).close()
    await raw.execute("INSERT INTO games VALUES (1, 1, 1, 4, '{}', NULL, 0, 0)")
    await raw.execute("INSERT INTO free_ids VALUES (2, 3)")
    await raw.execute("UPDATE last_game_id SET game_id = 3")

    store = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        again = [await store.create(channel, 1, "{}") for channel in (4, 5, 6)]
        live_ids = sorted(row.game_id for row in await store.live_games())
    finally:
        await store.close()

    assert [(row.game_id, row.version) for row in again] == [(2, 4), (4, 1), (5, 1)]
    assert live_ids == [1, 2, 4, 5]
    assert await raw.fetchval("SELECT to_regclass('last_game_id')") is None


async def test_an_old_databases_placings_read_as_stayed_and_a_seat_may_then_have_its_leavers(
    postgres_url, schema_name, raw, monkeypatch
):
    """Step 4 keys a placing by the order its person left in, as SQLite's migration 8 does."""
    with monkeypatch.context() as old:
        old.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:3])
        old.setattr(schema, "LATEST", 3)
        await (await PostgresStore.open(postgres_url, schema=schema_name)).close()
    await raw.execute("INSERT INTO history VALUES (100, 5, 10, '{}', '{}', 0, 1000)")
    await raw.execute(
        "INSERT INTO results VALUES (100, 10, 5, NULL, 'modern', '', 1000, 'retired', false, 2)"
    )
    await raw.execute(
        "INSERT INTO placings VALUES (100, 0, 10, 'modern', '', 1000, 4, 'p4', NULL, 1, 700,"
        " 0, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL)"
    )

    store = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        [before] = (await store.results(10, user_id=4))[0]
        row = await store.create(1, 10, "{}")
        await store.finish(row, "{}", {"reason": "retired"}, [], (leaver_and_taker(), plus_one))
        [game], _ = await store.results(10, user_id=3)
    finally:
        await store.close()

    assert [(p.user_id, p.net_worth, p.left) for p in before.result.placings] == [(4, 700, 0)]
    assert [(p.user_id, p.left) for p in game.result.placings] == [(1, 0), (2, 0), (3, 1)]


async def test_a_process_frozen_inside_the_upgrade_keeps_no_other_from_opening(own_database):
    """The upgrade waits as long as a working upgrade takes, but a frozen one's session is ended."""
    async with peer(UPGRADER, own_database) as frozen:
        os.kill(frozen.pid, signal.SIGSTOP)
        store = await asyncio.wait_for(PostgresStore.open(own_database), SERVER_TIMEOUT + 3)
        try:
            assert (await store.create(1, None, "{}")).game_id == 1
        finally:
            await store.close()


async def test_server_settings_saved_before_versions_open_at_version_one(
    postgres_url, schema_name, raw, monkeypatch
):
    with monkeypatch.context() as before_versions:
        before_versions.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
        before_versions.setattr(schema, "LATEST", 1)
        await (await PostgresStore.open(postgres_url, schema=schema_name)).close()
    await raw.execute(
        "INSERT INTO server_settings (guild_id, data, updated_at) VALUES (1, '{\"months\":6}', 0)"
    )

    store = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        assert await store.server_settings(1) == SettingsRow(1, '{"months":6}')
        with pytest.raises(StaleVersion):
            await store.set_server_settings(1, '{"months":2}', 0)
        assert await store.set_server_settings(1, '{"months":7}', 1) == SettingsRow(2, '{"months":7}')
    finally:
        await store.close()


@pytest.mark.parametrize("version", [0, 1], ids=["first settings", "later settings"])
async def test_two_processes_saving_a_servers_settings_at_once_exactly_one_wins(two_processes, raw, version):
    """Both saves wait for another program's transaction on the row (or on the server's key, for
    a first save), so they truly overlap; then one lands and the other writes nothing."""
    first, second = two_processes
    holder = raw.transaction()
    await holder.start()
    if version:
        await first.set_server_settings(7, '{"months":4}', 0)
        await raw.execute("SELECT 1 FROM server_settings WHERE guild_id = 7 FOR UPDATE")
    else:
        await raw.execute("INSERT INTO server_settings (guild_id, data, updated_at) VALUES (7, '{}', 0)")
    results = await once_let_go(
        holder,
        [
            store.set_server_settings(7, f'{{"months":{n + 5}}}', version)
            for n, store in enumerate(two_processes)
        ],
    )

    [winner] = [r for r in results if isinstance(r, SettingsRow)]
    assert [type(r) for r in results if not isinstance(r, SettingsRow)] == [StaleVersion]
    assert await second.server_settings(7) == winner and winner.version == version + 1
