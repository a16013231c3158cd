"""`python -m bot migrate-to-postgres`: one line per table and one to sum up, or one line saying
what is wrong, with exit code 2 (75 for a server out of reach); the URL comes from DATABASE_URL
unless given, so its password need not be typed on a command line."""

import asyncio
import sqlite3
import uuid
from urllib.parse import urlsplit

import asyncpg
import pytest

import bot.app.cli as entry
from db.copying import TABLES
from db.postgres import PostgresStore
from db.sqlite import Store
from tests.db.conftest import postgres_url  # noqa: F401 (the fixture)


@pytest.fixture
def sqlite_file(tmp_path):
    """A file with one finished game and one live game."""
    path = tmp_path / "payday.sqlite3"

    async def fill() -> None:
        store = await Store.open(path)
        done = await store.create(1, 7, "{}")
        await store.finish(
            await store.save(done, "{}", None, [{"kind": "roll"}] * 3), "{}", {"reason": "ended"}
        )
        await store.create(2, 7, '{"live":true}')
        await store.close()

    asyncio.run(fill())
    return path


async def execute(url: str, sql: str) -> None:
    db = await asyncpg.connect(url)
    try:
        await db.execute(sql)
    finally:
        await db.close()


@pytest.fixture
def database_url(postgres_url):  # noqa: F811 (the fixture)
    """A URL whose search path is a fresh schema of its own, dropped after."""
    name = f"payday_test_{uuid.uuid4().hex[:12]}"
    asyncio.run(execute(postgres_url, f"CREATE SCHEMA {name}"))
    yield f"{postgres_url}?search_path={name}"
    asyncio.run(execute(postgres_url, f"DROP SCHEMA {name} CASCADE"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = entry.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_migration_prints_each_tables_count_and_the_new_store_reads_the_games(
    sqlite_file, database_url, capsys
):
    code, out, err = run(capsys, "migrate-to-postgres", str(sqlite_file), database_url)

    assert (code, err) == (0, "")
    *tables, last = out.splitlines()
    assert [line.split(":")[0] for line in tables] == list(TABLES)
    assert "games: 1 row" in tables and "events: 3 rows" in tables and "history: 1 row" in tables
    to = urlsplit(database_url)
    assert last.startswith(
        f"Copied 5 rows from {sqlite_file} into {to.username}@{to.hostname}:{to.port}{to.path},"
    )
    assert "new games continue after #2" in last

    async def read() -> tuple[object, ...]:
        store = await PostgresStore.open(database_url)
        try:
            return (
                (await store.get(2)).data,
                len(await store.history()),
                (await store.create(3, 7, "{}")).game_id,
            )
        finally:
            await store.close()

    assert asyncio.run(read()) == ('{"live":true}', 1, 3)


def test_rows_that_are_not_utf8_are_named_by_game_after_the_summary(sqlite_file, database_url, capsys):
    with sqlite3.connect(sqlite_file) as raw:
        raw.execute("UPDATE events SET data = CAST(? AS TEXT) WHERE game_id = 1 AND seq = 3", (b"\xff",))
        raw.execute("UPDATE games SET data = CAST(? AS TEXT) WHERE game_id = 2", (b"\xfe",))
    raw.close()

    code, out, err = run(capsys, "migrate-to-postgres", str(sqlite_file), database_url)

    assert (code, err) == (0, "")
    *_, left_out, set_aside = out.splitlines()
    assert left_out == "Left out rows whose text is not UTF-8, of games (rows): #1 (1)."
    assert set_aside == "Set aside live games whose saved text is not UTF-8 (in quarantine): #2."


def test_a_second_migration_into_the_same_database_is_one_line_and_exit_code_2(
    sqlite_file, database_url, capsys
):
    assert run(capsys, "migrate-to-postgres", str(sqlite_file), database_url)[0] == 0

    code, out, err = run(capsys, "migrate-to-postgres", str(sqlite_file), database_url)

    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert "already holds payday-bot data (games has rows)" in line


def test_the_database_url_comes_from_the_environment(sqlite_file, database_url, capsys, monkeypatch):
    monkeypatch.chdir(sqlite_file.parent)  # no .env
    monkeypatch.setenv("DATABASE_URL", database_url)

    code, out, err = run(capsys, "migrate-to-postgres", str(sqlite_file))

    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith(f"Copied 5 rows from {sqlite_file} into ")


def test_without_a_database_url_it_says_to_set_one(sqlite_file, capsys, monkeypatch):
    monkeypatch.chdir(sqlite_file.parent)
    monkeypatch.delenv("DATABASE_URL", raising=False)

    code, out, err = run(capsys, "migrate-to-postgres", str(sqlite_file))

    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith("DATABASE_URL is not set: set it (in .env or the environment)")


def test_an_unreachable_server_is_one_line_without_the_password_and_may_be_retried(sqlite_file, capsys):
    code, out, err = run(
        capsys, "migrate-to-postgres", str(sqlite_file), "postgresql://bot:hunter2@127.0.0.1:1/payday"
    )

    assert (code, out) == (75, "")
    [line] = err.splitlines()
    assert line.startswith("Could not reach the PostgreSQL server at 127.0.0.1:1") and "hunter2" not in line
