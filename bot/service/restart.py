"""After a restart: every stored timer re-armed from the store's timer index, the overdue ones spread.

Start-up reads only (channel, time) pairs, never the games, so it costs the same with 100 or 10,000
saved games. A timer that passed while the bot was down cannot simply fire: after two days away
every game's would fire in the same second, each costing Discord requests (the move or timeout
itself, and a fresh live message since the old one is too old to edit), far past Discord's global
limit of 50 requests per second. So the overdue games wake one after another, PACE a second, the
longest-waiting first; and a player whose time limit ran out while the bot was down gets
RESTART_GRACE more from their game's turn, since that time was not theirs to use.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from db.interface import Wakeup

RESTART_GRACE = timedelta(minutes=1)
"""A time limit that ran out while the bot was down gets this long again, counted from the game's turn
to wake (not from the restart), so the timeouts are as spread out as the wake-ups."""
PACE = 4
"""Overdue games woken per second after a restart. Each wake-up may cost up to three requests (a
computer move or timeout: a new live message, the old one's buttons removed, a Pay Day notice), and
the grace timeouts follow the same pace a minute later, so the burst stays under 2 × 4 × 3 = 24
requests per second, half Discord's global limit, leaving room for the players' own clicks."""


@dataclass(slots=True)
class Resume:
    """When each channel's timer fires, and the new deadline of each overdue one."""

    restarted_at: datetime
    arm: dict[int, datetime] = field(default_factory=dict)
    grace: dict[int, datetime] = field(default_factory=dict)
    """Channel -> deadline for a player whose time ran out while the bot was down; it applies when
    the game is next loaded (by its wake-up or a click), only if its deadline had indeed passed."""


def resume(wakeups: Iterable[Wakeup], now: datetime) -> Resume:
    """Arm future timers as stored; give the overdue ones (earliest first) one slot each, PACE a
    second from now, and a grace deadline RESTART_GRACE after their slot."""
    plan = Resume(now)
    overdue = 0
    for wakeup in wakeups:
        if wakeup.at >= now:
            plan.arm[wakeup.channel_id] = wakeup.at
            continue
        slot = now + timedelta(seconds=overdue / PACE)
        plan.arm[wakeup.channel_id] = slot
        plan.grace[wakeup.channel_id] = slot + RESTART_GRACE
        overdue += 1
    return plan
