"""An SQLite file moved to PostgreSQL reads back the same through the store, game for game, and the
next game gets the number it would have got in the file."""

import sqlite3
from datetime import timedelta

import asyncpg
import pytest

from bot.service.ratings import rate
from bot.service.results import result_of
from db import GameStore, StoreError
from db.copying import DAMAGED, TABLES, copy_to_postgres
from db.postgres import PostgresStore
from db.sqlite import Store
from tests.db.conftest import START, Clock
from tests.postgres import fresh_schema

SUMMARY = {"reason": "retired", "ruleset": "modern", "players": [
    {"name": "ann", "user_id": 1, "net_worth": 900}, {"name": "bob", "user_id": 2, "net_worth": 100},
]}  # fmt: skip


async def fill(store: GameStore) -> None:
    """A finished, rated game (#1); a game set aside (#2); a live game with a timer and a log (#3); a
    lobby closed (#4, its id given back); a member's preferences and a server's settings."""
    done = await store.create(1, 7, "{}")
    done = await store.save(done, '{"month":1}', None, [{"kind": "roll", "die": 3}] * 4)
    await store.finish(
        done, '{"final":true}', SUMMARY, [{"kind": "game_over"}], (result_of(SUMMARY, None), rate)
    )
    aside = await store.create(3, 8, '{"bad":"café"}')
    await store.set_aside(aside.game_id, aside.version, "rejected")
    live = await store.create(4, None, '{"live":true}', START + timedelta(hours=1))
    await store.save(
        live, '{"live":"still"}', START + timedelta(hours=2), [{"kind": "roll"}, {"kind": "pay"}]
    )
    lobby = await store.create(2, 7, "{}")
    await store.delete(await store.save(lobby, "{}", None, [{"kind": "join"}]))
    await store.set_preferences(1, calls=False)
    await store.set_server_settings(7, '{"months":5}', 0)


async def everything(store: GameStore) -> list[object]:
    """All a player or the bot can read back."""
    return [
        await store.get(4),
        await store.events(1, limit=100),
        await store.events(3),
        await store.history(),
        await store.finished_game(1),
        await store.results(7),
        await store.ratings(7, "modern", ""),
        await store.stats(7, 1),
        await store.wakeups(),
        await store.preferences([1, 2]),
        await store.server_settings(7),
        await store.unrecorded(10),
    ]


@pytest.fixture
async def source(tmp_path):
    path = tmp_path / "payday.sqlite3"
    store = await Store.open(path, now=Clock())
    await fill(store)
    await store.close()
    return path


@pytest.fixture
async def schema_name(postgres_url):
    async with fresh_schema(postgres_url) as name:
        yield name


async def test_a_copied_database_reads_back_the_same_and_numbers_games_on(source, postgres_url, schema_name):
    copied = await copy_to_postgres(source, postgres_url, schema_name=schema_name)

    counts = dict(copied.rows)
    assert list(counts) == list(TABLES)
    assert (counts["games"], counts["history"], counts["quarantine"], counts["free_ids"]) == (1, 1, 1, 1)
    assert (counts["events"], counts["placings"], counts["ratings"]) == (7, 2, 2)
    assert copied.last_game_id == 4
    sqlite = await Store.open(source)
    postgres = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        assert await everything(postgres) == await everything(sqlite)
        for store in (sqlite, postgres):  # the closed lobby's id first, then the next new one
            assert [(await store.create(channel, 7, "{}")).game_id for channel in (10, 11)] == [4, 5]
    finally:
        await sqlite.close()
        await postgres.close()


async def test_a_set_aside_game_keeps_its_bytes_across(source, postgres_url, schema_name):
    await copy_to_postgres(source, postgres_url, schema_name=schema_name)

    db = await asyncpg.connect(postgres_url, server_settings={"search_path": schema_name})
    try:
        assert await db.fetchval("SELECT data FROM quarantine") == '{"bad":"café"}'.encode()
    finally:
        await db.close()


async def test_a_database_that_already_has_games_is_refused_and_left_alone(source, postgres_url, schema_name):
    await copy_to_postgres(source, postgres_url, schema_name=schema_name)

    with pytest.raises(StoreError, match="already holds payday-bot data") as caught:
        await copy_to_postgres(source, postgres_url, schema_name=schema_name)

    assert "\n" not in str(caught.value)
    store = await PostgresStore.open(postgres_url, schema=schema_name)
    try:
        assert len(await store.live_games()) == 1 and len(await store.history()) == 1
    finally:
        await store.close()


async def test_a_missing_file_is_one_line_and_creates_nothing(tmp_path, postgres_url, schema_name):
    with pytest.raises(StoreError, match="There is no database at"):
        await copy_to_postgres(tmp_path / "nothing.sqlite3", postgres_url, schema_name=schema_name)

    assert list(tmp_path.iterdir()) == []


NOT_UTF8 = b'{"name": "\xff\xfe caf\xe9"}'


def damage(path, sql: str) -> None:
    """Write NOT_UTF8 as text where `sql` says, as a bad disk or an old tool might."""
    with sqlite3.connect(path) as raw:
        raw.execute(sql, (NOT_UTF8,))
    raw.close()


async def test_rows_that_are_not_utf8_are_left_out_or_set_aside_and_named(source, postgres_url, schema_name):
    """Finished game #1's history row and one of its log lines are left out; live game #3 goes to
    quarantine with its bytes; everything else crosses."""
    damage(source, "UPDATE history SET data = CAST(? AS TEXT) WHERE game_id = 1")
    damage(source, "UPDATE events SET data = CAST(? AS TEXT) WHERE game_id = 1 AND seq = 2")
    damage(source, "UPDATE games SET data = CAST(? AS TEXT) WHERE game_id = 3")

    copied = await copy_to_postgres(source, postgres_url, schema_name=schema_name)

    assert (copied.left_out, copied.set_aside) == (((1, 2),), (3,))
    counts = dict(copied.rows)
    assert (counts["games"], counts["history"], counts["quarantine"], counts["events"]) == (0, 0, 2, 6)
    store = await PostgresStore.open(postgres_url, schema=schema_name)
    db = await asyncpg.connect(postgres_url, server_settings={"search_path": schema_name})
    try:
        assert await store.get(4) is None and await store.finished_game(1) is None
        assert [e.seq for e in await store.events(1, limit=100)] == [5, 4, 3, 1]
        assert [e.seq for e in await store.events(3)] == [2, 1]
        quarantined = await db.fetchrow("SELECT data, reason FROM quarantine WHERE game_id = 3")
        assert tuple(quarantined) == (NOT_UTF8, DAMAGED)
    finally:
        await db.close()
        await store.close()
