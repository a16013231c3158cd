"""The service rig shared by the service's tests: a `Service` on a fresh store, with a recording
screen and a settable clock (fakes.py)."""

from datetime import UTC, datetime

import pytest

from bot.service import GameSettings, Service, Tables
from db.store import Store
from tests.bot.service.fakes import Clock, Screen


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "service.sqlite3", now=lambda: datetime.now(UTC))
    service = Service(Tables(store), GameSettings(seed=5), Screen(), Clock())
    yield service
    await service.close()
    await store.close()
