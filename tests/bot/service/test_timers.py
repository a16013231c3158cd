"""DeadlineScheduler: one one-shot timer per channel, replaced or cancelled, never failing silently.

The scheduler runs on a clock the test moves (`Clock`): its tasks sleep until `advance` takes the
time past their deadline, and nothing waits on real time, so the tests are exact and never flaky.
"""

import asyncio
import logging
from datetime import UTC, datetime, timedelta

import pytest

from bot.service.timers import RETRY_FIRST, DeadlineScheduler, retry_delay

START = datetime(2026, 1, 1, tzinfo=UTC)


class Clock:
    """The scheduler's time and its sleep: a sleeping task wakes once `advance` has moved the time to
    its end, and `advance` returns when every task it woke has finished or sleeps again."""

    def __init__(self) -> None:
        self.now = START
        self._sleeping: dict[asyncio.Task, tuple[datetime, asyncio.Future[None]]] = {}

    def __call__(self) -> datetime:
        return self.now

    def at(self, seconds: float) -> datetime:
        return self.now + timedelta(seconds=seconds)

    async def sleep(self, seconds: float) -> None:
        task = asyncio.current_task()
        assert task is not None
        woken = asyncio.get_running_loop().create_future()
        self._sleeping[task] = (self.at(seconds), woken)
        try:
            await woken
        finally:
            del self._sleeping[task]

    async def advance(self, seconds: float = 0) -> None:
        self.now += timedelta(seconds=seconds)
        test = asyncio.current_task()
        for _ in range(1000):  # event-loop turns, not time: each task's next step is a few of them
            for until, woken in self._sleeping.values():
                if until <= self.now and not woken.done():
                    woken.set_result(None)
            asleep = {task for task, (_, woken) in self._sleeping.items() if not woken.done()}
            if all(task is test or task.done() or task in asleep for task in asyncio.all_tasks()):
                return
            await asyncio.sleep(0)
        raise AssertionError("a timer task neither finished nor went back to sleep")


class Recorder:
    """A callback that remembers which channels fired and when; `fail` channels raise."""

    def __init__(self, clock: Clock, fail: tuple[int, ...] = ()) -> None:
        self.clock = clock
        self.fired: list[tuple[int, datetime]] = []
        self.fail = fail

    async def __call__(self, channel_id: int) -> None:
        self.fired.append((channel_id, self.clock.now))
        if channel_id in self.fail:
            raise RuntimeError(f"boom in {channel_id}")

    @property
    def channels(self) -> list[int]:
        return [channel for channel, _ in self.fired]


@pytest.fixture
def clock() -> Clock:
    return Clock()


def scheduler(clock: Clock, callback, **options) -> DeadlineScheduler:
    return DeadlineScheduler(callback, now=clock, sleep=clock.sleep, **options)


async def test_fires_once_at_the_deadline_and_disarms(clock):
    calls = Recorder(clock)
    timers = scheduler(clock, calls)
    when = clock.at(5)

    timers.arm(1, when)
    assert timers.armed(1) == when
    await clock.advance(4.9)
    assert calls.fired == [] and timers.armed(1) == when
    await clock.advance(0.1)

    assert calls.fired == [(1, when)]
    assert timers.armed(1) is None
    await clock.advance(60)
    assert calls.fired == [(1, when)]


async def test_lateness_hears_how_late_each_timer_fired_and_pending_counts_the_armed(clock):
    late: list[float] = []
    timers = scheduler(clock, Recorder(clock), lateness=late.append)
    timers.arm(1, clock.at(5))
    timers.arm(2, clock.at(30))
    assert timers.pending() == 2

    await clock.advance(7)  # the clock jumps past the first deadline, as a busy or sleeping host's does

    assert late == [2.0] and timers.pending() == 1


async def test_arming_again_replaces_the_earlier_timer(clock):
    calls = Recorder(clock)
    timers = scheduler(clock, calls)

    timers.arm(1, clock.at(2))
    timers.arm(1, clock.at(10))
    await clock.advance(5)
    assert calls.fired == []
    await clock.advance(5)

    assert calls.fired == [(1, START + timedelta(seconds=10))]


async def test_cancel_and_cancel_all(clock):
    calls = Recorder(clock)
    timers = scheduler(clock, calls)
    for channel in (1, 2, 3):
        timers.arm(channel, clock.at(3))

    timers.cancel(1)
    timers.cancel(99)  # nothing armed there: no error
    assert timers.armed(1) is None
    await timers.cancel_all()
    await clock.advance(6)

    assert calls.fired == []
    assert timers.armed(2) is None and timers.armed(3) is None


async def test_a_deadline_in_the_past_fires_at_once(clock):
    calls = Recorder(clock)
    timers = scheduler(clock, calls)

    timers.arm(7, clock.at(-3600))
    await clock.advance(0)

    assert calls.fired == [(7, START)]


async def test_a_sleep_that_ends_before_the_deadline_sleeps_again_rather_than_fire_early(clock):
    """The event loop's clock and the service's can drift apart: the deadline is read on the service's."""
    calls = Recorder(clock)
    slept = []

    async def early_sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += timedelta(seconds=seconds / 2 if len(slept) == 1 else seconds)

    timers = DeadlineScheduler(calls, now=clock, sleep=early_sleep)
    timers.arm(2, clock.at(10))
    await clock.advance(0)

    assert slept == [10, 5] and calls.fired == [(2, START + timedelta(seconds=10))]


async def test_a_failing_callback_is_logged_and_spares_the_others(clock, caplog):
    calls = Recorder(clock, fail=(1,))
    timers = scheduler(clock, calls)

    timers.arm(1, clock.at(1))
    timers.arm(2, clock.at(3))
    await clock.advance(3)

    assert calls.channels == [1, 2]
    [failure] = [r for r in caplog.records if r.name == "bot.service.timers"]
    assert failure.levelno == logging.ERROR and failure.channel == 1 and "boom in 1" in failure.exc_text
    await timers.cancel_all()  # the retry


async def test_a_callback_may_rearm_its_own_channel(clock):
    fired = []

    async def next_turn(channel_id: int) -> None:
        fired.append(clock.now)
        if len(fired) < 3:
            timers.arm(channel_id, clock.at(1))

    timers = scheduler(clock, next_turn)
    timers.arm(5, clock.at(1))
    for _ in range(4):
        await clock.advance(1)

    assert fired == [START + timedelta(seconds=s) for s in (1, 2, 3)] and timers.armed(5) is None


def test_naive_deadlines_are_refused(clock):
    with pytest.raises(ValueError, match="timezone-aware"):
        scheduler(clock, Recorder(clock)).arm(1, datetime.now())


async def test_a_failing_callback_is_tried_again_later_waiting_longer_each_time(clock):
    calls = Recorder(clock, fail=(1,))
    failures = []

    async def told(channel_id: int, count: int, error: BaseException) -> None:
        failures.append((channel_id, count, str(error)))

    timers = scheduler(clock, calls, on_failure=told)
    timers.arm(1, clock.at(0))
    await clock.advance(0)

    assert failures == [(1, 1, "boom in 1")] and timers.failures(1) == 1
    assert timers.armed(1) == START + RETRY_FIRST
    await clock.advance(RETRY_FIRST.total_seconds())
    assert failures[-1] == (1, 2, "boom in 1") and timers.armed(1) == START + RETRY_FIRST * 3
    assert [retry_delay(n).total_seconds() for n in (1, 2, 3, 7, 8, 50)] == [5, 10, 20, 300, 300, 300]
    await timers.cancel_all()


async def test_a_callback_that_succeeds_again_clears_its_failures(clock):
    outcomes = [RuntimeError("locked"), None]

    async def flaky(channel_id: int) -> None:
        outcome = outcomes.pop(0)
        if outcome is not None:
            raise outcome

    timers = scheduler(clock, flaky)
    timers.arm(3, clock.at(0))
    await clock.advance(0)
    assert timers.failures(3) == 1 and timers.armed(3) == START + RETRY_FIRST

    await clock.advance(RETRY_FIRST.total_seconds())

    assert outcomes == [] and timers.failures(3) == 0 and timers.armed(3) is None


async def test_a_failing_callback_that_armed_its_next_timer_keeps_that_timer(clock):
    when = clock.at(60)

    async def arm_then_fail(channel_id: int) -> None:
        timers.arm(channel_id, when)
        raise RuntimeError("after arming")

    timers = scheduler(clock, arm_then_fail)
    timers.arm(4, clock.at(0))
    await clock.advance(0)

    assert timers.failures(4) == 1 and timers.armed(4) == when
    await timers.cancel_all()
