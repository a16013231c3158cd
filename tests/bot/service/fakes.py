"""What the service talks to, as the tests hold it: a recording screen and a clock set by hand."""

from datetime import UTC, datetime

from bot.service import Update


class Screen:
    """Records what the service hands to the live message, in order."""

    def __init__(self) -> None:
        self.updates: list[Update] = []
        self.released_channels: list[int] = []
        self.lagging = False
        self.lost: set[int] = set()
        self.overtaken_channels: list[int] = []

    def publish(self, update: Update) -> None:
        self.updates.append(update)

    def released(self, channel_id: int) -> None:
        self.released_channels.append(channel_id)

    def behind(self, channel_id: int) -> bool:
        return self.lagging

    def overtaken(self, channel_id: int) -> None:
        self.overtaken_channels.append(channel_id)

    def reaches(self, channel_id: int) -> bool:
        return channel_id not in self.lost


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now
