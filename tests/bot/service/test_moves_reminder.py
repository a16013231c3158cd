"""Reminders (`moves.reminder`): at a minute's pace the halfway reminder calls only who was not called
yet; by post every player still asked is called each time, never one who turned calls off."""

from datetime import UTC, datetime

from bot.game.state import Pending, PendingKind
from bot.service.moves import reminder
from bot.table import Table, attention, lobby, pace

START = datetime(2026, 1, 1, tzinfo=UTC)


def lottery(turn_seconds: int) -> Table:
    interrupt = pace.question_seconds(turn_seconds, 60)
    table = Table(host_id=1, turn_seconds=turn_seconds, interrupt_seconds=interrupt, seed=7)
    for user in (1, 2, 3):
        lobby.join(table, user, f"player {user}")
    lobby.start(table, 1)
    table.game.prompt += 1
    table.game.pending = Pending(PendingKind.LOTTERY, [0, 1, 2], 0)
    table.set_timers(START)
    table.calls_for, table.calls = attention.question_key(table.game), [1, 2]  # 0 was looking
    return table


def test_at_a_minutes_pace_the_reminder_calls_only_who_was_not_called():
    table = lottery(turn_seconds=300)
    call = reminder(table)
    assert call is not None and call.reminder and call.user_ids == (1,)
    assert reminder(table) is None  # nobody is called twice


def test_by_post_every_reminder_calls_everyone_still_asked_but_not_who_turned_calls_off():
    table = lottery(turn_seconds=86400)
    table.seats[2].notices = False
    first = reminder(table)
    second = reminder(table)
    assert first is not None and second is not None
    assert first.user_ids == second.user_ids == (1, 2)  # seats 0 and 1; seat 2 (user 3) turned calls off
    assert sorted(table.calls) == [0, 1, 2]  # each seat noted once
