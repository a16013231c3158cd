"""Per-channel deadlines (AFK turns, interrupt time limits) as one-shot asyncio tasks.

One task per armed channel sleeps until its deadline and fires once: no polling loop, so an idle bot
does no work and simcord's `advance_time` reaches a deadline in one step.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

import discord

log = logging.getLogger(__name__)

Callback = Callable[[int], Awaitable[None]]


class DeadlineScheduler:
    """At most one pending deadline per channel; firing awaits `callback(channel_id)`."""

    def __init__(self, callback: Callback) -> None:
        self._callback = callback
        self._timers: dict[int, tuple[datetime, asyncio.Task[None]]] = {}
        self._firing: set[asyncio.Task[None]] = set()

    def arm(self, channel_id: int, when: datetime) -> None:
        """Fire at `when` (tz-aware, compared with `discord.utils.utcnow()`), replacing any earlier timer."""
        if when.tzinfo is None:
            raise ValueError("deadlines must be timezone-aware")
        self.cancel(channel_id)
        task = asyncio.create_task(self._run(channel_id, when), name=f"deadline:{channel_id}")
        self._timers[channel_id] = (when, task)

    def cancel(self, channel_id: int) -> None:
        """Forget the channel's pending timer, if any; a callback already running is left to finish."""
        entry = self._timers.pop(channel_id, None)
        if entry is not None:
            entry[1].cancel()

    def armed(self, channel_id: int) -> datetime | None:
        """The channel's pending deadline, or None."""
        entry = self._timers.get(channel_id)
        return entry[0] if entry is not None else None

    async def cancel_all(self) -> None:
        """Stop every timer and running callback and wait for them, so none outlives the store."""
        tasks = [task for _, task in self._timers.values()] + list(self._firing)
        self._timers.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, channel_id: int, when: datetime) -> None:
        # The loop's monotonic clock and the wall clock can drift apart: re-check so we never fire
        # early, as a callback that compares the stored deadline with utcnow() would then do nothing.
        while (delay := (when - discord.utils.utcnow()).total_seconds()) > 0:  # noqa: ASYNC110
            await asyncio.sleep(delay)
        # Spent before the callback runs, so the callback may re-arm or cancel its own channel.
        del self._timers[channel_id]
        task = asyncio.current_task()
        assert task is not None
        self._firing.add(task)
        try:
            await self._callback(channel_id)
        except Exception:
            log.exception("deadline callback failed", extra={"channel": channel_id})
        finally:
            self._firing.discard(task)
