"""Per-channel deadlines (AFK turns, interrupt time limits) as one-shot asyncio tasks.

One task per armed channel sleeps until its deadline and fires once: no polling loop, so an idle bot
does no work and simcord's `advance_time` reaches a deadline in one step.

A callback that fails (the database is locked, the disk is full) must not leave its game waiting
for a restart: unless the callback armed a new timer itself, the channel is tried again later, each
failure in a row waiting twice as long (RETRY_FIRST up to RETRY_MAX).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

log = logging.getLogger(__name__)

Callback = Callable[[int], Awaitable[None]]
FailureHook = Callable[[int, int, BaseException], Awaitable[None]]
Clock = Callable[[], datetime]
"""The service's one clock, tz-aware: `discord.utils.utcnow` in the bot (simcord's virtual time in
the end-to-end tests), one the test moves in the service's own tests."""
Sleep = Callable[[float], Awaitable[None]]
Lateness = Callable[[float], None]
"""Hears how many seconds after its deadline each timer fired (the operator's timer lag)."""
RETRY_FIRST = timedelta(seconds=5)
RETRY_MAX = timedelta(minutes=5)


def retry_delay(failures: int) -> timedelta:
    """How long to wait after `failures` failed attempts in a row (1, 2, ...): 5 s, 10 s ... 5 min."""
    return min(RETRY_FIRST * 2 ** min(failures - 1, 16), RETRY_MAX)


class DeadlineScheduler:
    """At most one pending deadline per channel; firing awaits `callback(channel_id)`.

    `on_failure(channel_id, failures, error)` hears of every failed callback, with the number of
    failures in a row, so the table can be told (once) that its game is stuck for now. Deadlines are
    read on `now`, the service's clock, so a timer fires exactly when the service finds it due; the
    wait between is `sleep` on the event loop (tests give both, to move time by hand). `lateness`,
    if given, hears how late each timer fired.
    """

    def __init__(
        self,
        callback: Callback,
        on_failure: FailureHook | None = None,
        *,
        now: Clock,
        sleep: Sleep = asyncio.sleep,
        lateness: Lateness | None = None,
    ) -> None:
        self._callback = callback
        self._on_failure = on_failure
        self._now = now
        self._sleep = sleep
        self._lateness = lateness
        self._timers: dict[int, tuple[datetime, asyncio.Task[None]]] = {}
        self._firing: set[asyncio.Task[None]] = set()
        self._failures: dict[int, int] = {}

    def arm(self, channel_id: int, when: datetime) -> None:
        """Fire at `when` (tz-aware, as the clock is), replacing any earlier timer."""
        if when.tzinfo is None:
            raise ValueError("deadlines must be timezone-aware")
        self._drop(channel_id)
        task = asyncio.create_task(self._run(channel_id, when), name=f"deadline:{channel_id}")
        self._timers[channel_id] = (when, task)

    def cancel(self, channel_id: int) -> None:
        """Forget the channel's pending timer, if any; a callback already running is left to finish."""
        self._failures.pop(channel_id, None)
        self._drop(channel_id)

    def _drop(self, channel_id: int) -> None:
        entry = self._timers.pop(channel_id, None)
        if entry is not None:
            entry[1].cancel()

    def failures(self, channel_id: int) -> int:
        """Failed callbacks in a row for the channel (0 once one succeeds)."""
        return self._failures.get(channel_id, 0)

    def pending(self) -> int:
        """How many channels have a pending deadline: one per live game whose clock runs here."""
        return len(self._timers)

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
        # The loop's monotonic clock and the service's can drift apart: re-check so we never fire
        # early, as a callback that compares the stored deadline with the clock would then do nothing.
        while (delay := (when - self._now()).total_seconds()) > 0:
            await self._sleep(delay)
        if self._lateness is not None:
            self._lateness(-delay)  # the wait is over: delay is zero or less, how late it fires
        # Spent before the callback runs, so the callback may re-arm or cancel its own channel.
        del self._timers[channel_id]
        task = asyncio.current_task()
        assert task is not None
        self._firing.add(task)
        try:
            await self._callback(channel_id)
        except Exception as error:
            await self._failed(channel_id, error)
        else:
            self._failures.pop(channel_id, None)
        finally:
            self._firing.discard(task)

    async def _failed(self, channel_id: int, error: Exception) -> None:
        failures = self._failures[channel_id] = self._failures.get(channel_id, 0) + 1
        retry = retry_delay(failures)
        log.error(
            "deadline callback failed",
            exc_info=error,
            extra={"channel": channel_id, "failures": failures, "retry_s": retry.total_seconds()},
        )
        if channel_id not in self._timers:  # the callback did not get as far as arming its next timer
            self.arm(channel_id, self._now() + retry)
        if self._on_failure is not None:
            try:
                await self._on_failure(channel_id, failures, error)
            except Exception:
                log.exception("deadline failure hook failed", extra={"channel": channel_id})
