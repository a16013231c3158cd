"""The service rig shared by the service's tests: a recording screen, a settable clock, and a
`Service` on a fresh store."""

from datetime import UTC, datetime

import pytest

from bot.service import GameSettings, Service, Tables, Update
from db.store import Store


class Screen:
    """Records what the service hands to the live message, in order."""

    def __init__(self) -> None:
        self.updates: list[Update] = []
        self.released_channels: list[int] = []
        self.lagging = False

    def publish(self, update: Update) -> None:
        self.updates.append(update)

    def released(self, channel_id: int) -> None:
        self.released_channels.append(channel_id)

    def behind(self, channel_id: int) -> bool:
        return self.lagging


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "service.sqlite3", now=lambda: datetime.now(UTC))
    service = Service(Tables(store), GameSettings(seed=5), Screen(), Clock())
    yield service
    await service.close()
    await store.close()
