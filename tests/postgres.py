"""The test PostgreSQL server (this machine's, or PAYDAY_TEST_DATABASE_URL's): whether it answers, and
a fresh schema per test, dropped after, so tests never see each other's tables. Tests that need it
are skipped, in one line, where no server answers."""

import contextlib
import os
import socket
import uuid
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import asyncpg
import pytest

POSTGRES_URL = os.environ.get("PAYDAY_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_answers(url: str) -> bool:
    """Whether anything listens at the URL's host and port within a second."""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "localhost", parts.port or 5432), timeout=1):
            return True
    except OSError:
        return False


def postgres_url_or_skip() -> str:
    if not postgres_answers(POSTGRES_URL):
        where = urlsplit(POSTGRES_URL)
        pytest.skip(f"no PostgreSQL server at {where.hostname}:{where.port or 5432}")
    return POSTGRES_URL


@contextlib.asynccontextmanager
async def fresh_schema(url: str) -> AsyncIterator[str]:
    """A schema name no other test uses, created; dropped after, whatever was made in it."""
    name = f"payday_test_{uuid.uuid4().hex[:12]}"
    db = await asyncpg.connect(url)
    try:
        await db.execute(f"CREATE SCHEMA {name}")
    finally:
        await db.close()
    try:
        yield name
    finally:
        db = await asyncpg.connect(url)
        try:
            await db.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        finally:
            await db.close()


def in_schema(url: str, schema: str) -> str:
    """`url` with its tables in `schema`: asyncpg hands unknown query parameters to the server as
    settings, so this is a DATABASE_URL the bot itself opens as it is."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"
