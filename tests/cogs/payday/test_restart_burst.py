"""Back after a long downtime: overdue games wake a few a second, each player gets the full grace."""

from datetime import timedelta
from itertools import pairwise

import discord
import pytest

from bot.service.restart import PACE, RESTART_GRACE
from tests.cogs.payday.rig import load, start_game

OPTIONS = {"seed": 7, "turn_seconds": 60, "interrupt_seconds": 30}
GAMES = 8


@pytest.mark.bot(**OPTIONS)
async def test_overdue_games_wake_spread_out_and_time_out_spread_out(env, make_bot):
    games = [await start_game(env, 2) for _ in range(GAMES)]
    await env.bot.close()
    await env.advance_time(3600)  # an hour down: every game's 60 s turn ran out meanwhile
    restarted = discord.utils.utcnow()
    await env.restart_bot(make_bot(**OPTIONS))

    # Each game gets its wake-up slot, PACE a second, and its grace counts from that slot.
    requests = len(env.http_requests)
    await env.advance_time(GAMES / PACE)
    deadlines = [(await load(env, g.channel)).deadline - restarted for g in games]
    assert sorted(deadlines) == deadlines
    assert RESTART_GRACE <= deadlines[0] < RESTART_GRACE + timedelta(seconds=5)
    assert all(later - earlier == timedelta(seconds=1 / PACE) for earlier, later in pairwise(deadlines))
    assert len(env.http_requests) == requests  # nobody timed out yet: no request at all
    assert [(await load(env, g.channel)).seats[0].timeouts for g in games] == [0] * GAMES

    # Then the timeouts come at the same pace: never more than PACE in one second.
    timed_out_per_second = []
    done = 0
    for _ in range(int(RESTART_GRACE.total_seconds()) + GAMES):
        await env.advance_time(1)
        now_done = sum([(await load(env, g.channel)).seats[0].timeouts for g in games])
        timed_out_per_second.append(now_done - done)
        done = now_done
    assert done == GAMES
    assert max(timed_out_per_second) <= PACE
