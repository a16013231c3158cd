"""DeadlineScheduler: one one-shot timer per channel, replaced or cancelled, never failing silently."""

import asyncio
import logging
from datetime import datetime, timedelta

import discord
import pytest

from bot.timers import DeadlineScheduler


class Recorder:
    """A callback that remembers which channels fired and when; `fail` channels raise."""

    def __init__(self, fail: tuple[int, ...] = ()) -> None:
        self.fired: list[tuple[int, datetime]] = []
        self.fail = fail
        self.event = asyncio.Event()

    async def __call__(self, channel_id: int) -> None:
        self.fired.append((channel_id, discord.utils.utcnow()))
        self.event.set()
        if channel_id in self.fail:
            raise RuntimeError(f"boom in {channel_id}")

    async def wait(self) -> None:
        await asyncio.wait_for(self.event.wait(), timeout=2)
        self.event.clear()


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
    [failure] = [r for r in caplog.records if r.name == "bot.timers"]
    assert failure.levelno == logging.ERROR and failure.channel == 1 and "boom in 1" in failure.exc_text


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
