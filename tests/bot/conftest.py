"""The service rig shared by the service's tests: a `Service` on a fresh store, with a recording
screen and a settable clock (fakes.py); and two of them sharing one database, as two processes."""

from datetime import UTC, datetime

import pytest

from bot.service import GameSettings, Service, Tables
from db.interface import Shards
from db.sqlite import Store
from tests.bot.service.fakes import Clock, Screen


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "service.sqlite3", now=lambda: datetime.now(UTC))
    service = Service(Tables(store), GameSettings(seed=5), Screen(), Clock())
    yield service
    await service.close()
    await store.close()


SHARDS = 2


@pytest.fixture
async def processes(tmp_path):
    """Two processes of the bot on one database, on one clock: the first serves shard 0 of SHARDS,
    the second shard 1. Each has its own `Store` on the same SQLite file: separate connections,
    the same rows, the same version check."""
    path, clock = tmp_path / "shared.sqlite3", Clock()
    services = []
    for shard in range(SHARDS):
        store = await Store.open(path, now=lambda: datetime.now(UTC))
        tables = Tables(store, Shards(SHARDS, frozenset({shard})))
        services.append(Service(tables, GameSettings(seed=5), Screen(), clock))
    yield services
    for service in services:
        await service.close()
        await service.tables.store.close()
