"""DeadlineScheduler: one one-shot timer per channel, replaced or cancelled, never failing silently."""

import asyncio
import logging
from datetime import datetime, timedelta

import discord
import pytest

from bot.service.timers import RETRY_FIRST, DeadlineScheduler, retry_delay


class Recorder:
    """A callback that remembers which channels fired and when; `fail` channels raise."""

    def __init__(self, fail: tuple[int, ...] = ()) -> None:
        self.fired: list[tuple[int, datetime]] = []
        self.fail = fail
        self.event = asyncio.Event()
        self.expected = 0

    async def __call__(self, channel_id: int) -> None:
        self.fired.append((channel_id, discord.utils.utcnow()))
        self.event.set()
        if channel_id in self.fail:
            raise RuntimeError(f"boom in {channel_id}")

    async def wait(self) -> None:
        """Until one more channel fired than at the last wait: two firings close together (a loaded
        host) are counted, not merged into one wake-up."""
        self.expected += 1

        async def reached() -> None:
            while len(self.fired) < self.expected:
                self.event.clear()
                await self.event.wait()

        await asyncio.wait_for(reached(), timeout=2)


def later(seconds: float) -> datetime:
    return discord.utils.utcnow() + timedelta(seconds=seconds)


async def test_fires_once_at_the_deadline_and_disarms():
    calls = Recorder()
    timers = DeadlineScheduler(calls)
    when = later(0.05)

    timers.arm(1, when)
    assert timers.armed(1) == when
    await calls.wait()

    [(channel, at)] = calls.fired
    assert channel == 1 and at >= when
    assert timers.armed(1) is None


async def test_arming_again_replaces_the_earlier_timer():
    calls = Recorder()
    timers = DeadlineScheduler(calls)

    timers.arm(1, later(0.02))
    timers.arm(1, later(0.1))
    await asyncio.sleep(0.05)
    assert calls.fired == []
    await calls.wait()

    assert [channel for channel, _ in calls.fired] == [1]


async def test_cancel_and_cancel_all():
    calls = Recorder()
    timers = DeadlineScheduler(calls)
    for channel in (1, 2, 3):
        timers.arm(channel, later(0.03))

    timers.cancel(1)
    timers.cancel(99)  # nothing armed there: no error
    assert timers.armed(1) is None
    await timers.cancel_all()
    await asyncio.sleep(0.06)

    assert calls.fired == []
    assert timers.armed(2) is None and timers.armed(3) is None


async def test_a_deadline_in_the_past_fires_at_once():
    calls = Recorder()
    timers = DeadlineScheduler(calls)

    timers.arm(7, later(-3600))
    await asyncio.wait_for(calls.wait(), timeout=0.05)

    assert [channel for channel, _ in calls.fired] == [7]


async def test_a_failing_callback_is_logged_and_spares_the_others(caplog):
    calls = Recorder(fail=(1,))
    timers = DeadlineScheduler(calls)

    timers.arm(1, later(0.01))
    timers.arm(2, later(0.03))
    await calls.wait()
    await calls.wait()

    assert [channel for channel, _ in calls.fired] == [1, 2]
    [failure] = [r for r in caplog.records if r.name == "bot.service.timers"]
    assert failure.levelno == logging.ERROR and failure.channel == 1 and "boom in 1" in failure.exc_text
    await timers.cancel_all()  # the retry


async def test_a_callback_may_rearm_its_own_channel():
    fired = []

    async def next_turn(channel_id: int) -> None:
        fired.append(channel_id)
        if len(fired) < 3:
            timers.arm(channel_id, later(0.01))

    timers = DeadlineScheduler(next_turn)
    timers.arm(5, later(0.01))
    for _ in range(100):
        if len(fired) == 3:
            break
        await asyncio.sleep(0.01)

    assert fired == [5, 5, 5] and timers.armed(5) is None


def test_naive_deadlines_are_refused():
    with pytest.raises(ValueError, match="timezone-aware"):
        DeadlineScheduler(Recorder()).arm(1, datetime.now())


async def test_a_failing_callback_is_tried_again_later_waiting_longer_each_time():
    calls = Recorder(fail=(1,))
    failures = []

    async def told(channel_id: int, count: int, error: BaseException) -> None:
        failures.append((channel_id, count, str(error)))

    timers = DeadlineScheduler(calls, on_failure=told)
    timers.arm(1, later(0))
    await calls.wait()
    await asyncio.sleep(0)

    assert failures == [(1, 1, "boom in 1")] and timers.failures(1) == 1
    retry = timers.armed(1)
    assert retry is not None and abs((retry - calls.fired[0][1]) - RETRY_FIRST) < timedelta(seconds=1)
    assert [retry_delay(n).total_seconds() for n in (1, 2, 3, 7, 8, 50)] == [5, 10, 20, 300, 300, 300]
    await timers.cancel_all()


async def test_a_callback_that_succeeds_again_clears_its_failures():
    outcomes = [RuntimeError("locked"), None]

    async def flaky(channel_id: int) -> None:
        outcome = outcomes.pop(0)
        if outcome is not None:
            raise outcome

    timers = DeadlineScheduler(flaky)
    timers.arm(3, later(0))
    for _ in range(50):
        if timers.failures(3) == 1:
            break
        await asyncio.sleep(0.001)
    assert timers.failures(3) == 1
    timers.arm(3, later(0))  # instead of waiting the 5 s retry
    for _ in range(50):
        if not outcomes:
            break
        await asyncio.sleep(0.001)
    await asyncio.sleep(0.001)
    assert timers.failures(3) == 0 and timers.armed(3) is None


async def test_a_failing_callback_that_armed_its_next_timer_keeps_that_timer():
    when = later(60)

    async def arm_then_fail(channel_id: int) -> None:
        timers.arm(channel_id, when)
        raise RuntimeError("after arming")

    timers = DeadlineScheduler(arm_then_fail)
    timers.arm(4, later(0))
    for _ in range(50):
        if timers.failures(4):
            break
        await asyncio.sleep(0.001)

    assert timers.failures(4) == 1 and timers.armed(4) == when
    await timers.cancel_all()
