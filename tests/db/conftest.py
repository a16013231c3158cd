"""The store contract: every test that takes `store` runs against SQLite ("sqlite") and PostgreSQL
("postgres"). The PostgreSQL half uses the server at PAYDAY_TEST_DATABASE_URL (this machine's,
127.0.0.1:5432, by default), in a schema of its own per test, dropped after; it is skipped, in one
line, where no server answers."""

import contextlib
import os
import socket
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import asyncpg
import pytest

from db import GameStore, PostgresStore, Store

POSTGRES_URL = os.environ.get("PAYDAY_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
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


def postgres_answers(url: str) -> bool:
    """Whether anything listens at the URL's host and port within a second."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "localhost", parts.port or 5432), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture(scope="session")
def postgres_url() -> str:
    if not postgres_answers(POSTGRES_URL):
        where = urlsplit(POSTGRES_URL)
        pytest.skip(f"no PostgreSQL server at {where.hostname}:{where.port or 5432}")
    return POSTGRES_URL


@contextlib.asynccontextmanager
async def fresh_schema(url: str) -> AsyncIterator[str]:
    """A schema name no other test uses; the schema is dropped after, whatever was made in it."""
    name = f"payday_test_{uuid.uuid4().hex[:12]}"
    try:
        yield name
    finally:
        db = await asyncpg.connect(url)
        try:
            await db.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        finally:
            await db.close()


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
