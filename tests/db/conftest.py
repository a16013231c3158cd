"""The store contract: every test that takes `store` runs against SQLite ("sqlite") and PostgreSQL
("postgres"). The PostgreSQL half uses the server at PAYDAY_TEST_DATABASE_URL (this machine's,
127.0.0.1:5432, by default), in a schema of its own per test, dropped after; it is skipped, in one
line, where no server answers."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from db import GameStore
from db.postgres import PostgresStore
from db.sqlite import Store
from tests.postgres import fresh_schema, postgres_url_or_skip

START = datetime(2030, 1, 1, tzinfo=UTC)

sqlite_only = pytest.mark.parametrize("store", ["sqlite"], indirect=True)
"""For tests of SQLite's own machinery (its file, its locks, its checkpoints)."""


class Clock:
    """A virtual clock that ticks one second and one microsecond per reading, like a busy bot."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1, microseconds=1)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def postgres_url() -> str:
    return postgres_url_or_skip()


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, tmp_path, clock) -> AsyncIterator[GameStore]:
    opened: Store | PostgresStore
    if request.param == "sqlite":
        opened = await Store.open(tmp_path / "payday.sqlite3", now=clock)
        yield opened
        await opened.close()
        return
    url = request.getfixturevalue("postgres_url")
    async with fresh_schema(url) as schema:
        opened = await PostgresStore.open(url, now=clock, schema=schema)
        yield opened
        await opened.close()
