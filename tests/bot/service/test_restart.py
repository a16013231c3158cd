"""After a long downtime the overdue timers wake at a pace Discord's global limit allows."""

from collections import Counter
from datetime import UTC, datetime, timedelta

from bot.service.restart import PACE, RESTART_GRACE, resume
from db import Wakeup

NOW = datetime(2030, 1, 3, tzinfo=UTC)
GLOBAL_LIMIT = 50
"""Discord's global rate limit, requests per second per bot."""
REQUESTS_PER_WAKE = 3
"""At most: a fresh live message, the old one's buttons removed, a Pay Day notice."""


def per_second(times) -> Counter:
    return Counter(int((t - NOW).total_seconds()) for t in times)


def test_two_thousand_timers_that_passed_during_two_days_down_are_spread():
    downtime = [
        Wakeup(channel, NOW - timedelta(days=2) + timedelta(seconds=channel)) for channel in range(2000)
    ]

    plan = resume(downtime, NOW)

    assert set(plan.arm) == set(plan.grace) == set(range(2000))
    assert max(per_second(plan.arm.values()).values()) == PACE
    assert max(per_second(plan.grace.values()).values()) == PACE
    # Wake-ups and grace timeouts together, each costing at most three requests: well under the limit.
    both = per_second([*plan.arm.values(), *plan.grace.values()])
    assert max(both.values()) * REQUESTS_PER_WAKE <= GLOBAL_LIMIT // 2
    # Longest waiting first, and nobody gets less than the full grace after their game wakes.
    assert sorted(plan.arm, key=plan.arm.get) == list(range(2000))
    assert all(plan.grace[c] - plan.arm[c] == RESTART_GRACE for c in plan.arm)
    assert min(plan.arm.values()) == NOW


def test_timers_still_ahead_are_armed_as_stored():
    ahead = [Wakeup(1, NOW + timedelta(seconds=5)), Wakeup(2, NOW + timedelta(hours=3))]

    plan = resume([Wakeup(9, NOW - timedelta(minutes=1)), *ahead], NOW)

    assert plan.arm == {9: NOW, 1: NOW + timedelta(seconds=5), 2: NOW + timedelta(hours=3)}
    assert plan.grace == {9: NOW + RESTART_GRACE}
    assert plan.restarted_at == NOW
