"""The table's clocks at a game's pace: reminders, the end of a game nobody plays, and a pause that
keeps the time each clock had left; tables saved before load unpaused, with a week for each."""

import json
from datetime import UTC, datetime, timedelta

from bot.game.state import Pending, PendingKind
from bot.table import Table, lobby

START = datetime(2026, 1, 1, tzinfo=UTC)
DAY = timedelta(days=1)


def started(turn_seconds: int = 86400, interrupt_seconds: int = 21600) -> Table:
    table = Table(host_id=1, turn_seconds=turn_seconds, interrupt_seconds=interrupt_seconds, seed=7)
    lobby.join(table, 1, "alice")
    lobby.join(table, 2, "bob")
    lobby.start(table, 1)
    table.set_timers(START)
    return table


def test_a_days_turn_is_reminded_halfway_then_an_hour_before_time_runs_out():
    table = started()
    assert table.deadline == START + DAY and table.remind_at == START + DAY / 2
    assert table.next_reminder(START + DAY / 2) == START + timedelta(hours=23)
    assert table.next_reminder(START + timedelta(hours=23)) is None


def test_a_short_turn_keeps_its_one_reminder():
    table = started(turn_seconds=300, interrupt_seconds=60)
    assert table.remind_at == START + timedelta(seconds=150)
    assert table.next_reminder(START + timedelta(seconds=150)) is None


def test_a_question_for_everyone_has_its_own_time_and_reminders():
    table = started()
    table.game.prompt += 1
    table.game.pending = Pending(PendingKind.LOTTERY, [0, 1], 0)
    table.set_timers(START)
    assert table.deadline == START + timedelta(hours=6)
    assert table.next_reminder(START + timedelta(hours=3)) == START + timedelta(hours=5, minutes=24)


def test_a_game_nobody_plays_ends_a_week_after_a_question_first_timed_out_since_the_last_click():
    table = started(turn_seconds=7 * 86400)
    assert table.idle_ends() is None  # a week's turn runs its whole week first
    table.timed_out([0], START + 7 * DAY)
    assert table.idle_ends() == START + 14 * DAY
    table.timed_out([1], START + 14 * DAY)  # another timeout does not move it
    assert table.idle_ends() == START + 14 * DAY
    table.present(0, START + 15 * DAY)
    assert table.idle_ends() is None


def test_an_idle_clock_that_ran_while_the_bot_was_down_counts_from_the_restart():
    table = started()
    table.timed_out([0], START + DAY)
    restarted_at = START + 9 * DAY
    assert table.extend_for_downtime(restarted_at, restarted_at + timedelta(minutes=1))
    assert table.idle_ends() == restarted_at + timedelta(minutes=1) + 7 * DAY


def test_a_pause_keeps_each_clocks_time_left_and_gives_it_back_on_resume():
    table = started()
    table.timed_out([1], START)  # a question had timed out: the idle clock runs
    table.remind_at = table.next_reminder(START + DAY / 2)  # the halfway reminder went out
    paused_at = START + timedelta(hours=13)
    table.computer_at = paused_at + timedelta(seconds=1)
    table.pause(1, "alice", paused_at)

    assert table.deadline is table.remind_at is table.computer_at is None
    assert table.paused is not None and table.paused.left == timedelta(hours=11)
    assert table.idle_ends() is None and table.wake_at() == paused_at + 7 * DAY == table.pause_ends()

    resumed_at = paused_at + 3 * DAY
    table.resume(resumed_at)

    assert table.paused is None
    assert table.deadline == resumed_at + timedelta(hours=11)
    assert table.remind_at == resumed_at + timedelta(hours=10)  # the last call, an hour before the end
    assert table.computer_at == resumed_at + timedelta(seconds=1)
    assert table.idle_ends() is None  # resuming counts as playing


def test_a_table_saved_before_pauses_loads_unpaused_with_a_week_for_each_end():
    saved = json.loads(started().model_dump_json())
    for name in ("paused", "idle_since", "idle_end_days", "pause_end_days"):
        del saved[name]

    table = Table.model_validate_json(json.dumps(saved))

    assert table.paused is None and table.idle_since is None and table.idle_ends() is None
    assert (table.idle_end_days, table.pause_end_days) == (7, 7)
    table.timed_out([0], START + DAY)  # its next timeout starts the idle clock
    assert table.idle_ends() == START + 8 * DAY


def test_by_post_a_table_where_everyone_is_away_waits_for_them_instead_of_playing_them_out():
    table = started()
    table.seats[0].away = True
    assert table.waiting_computers() == [0] and not table.deserted()  # bob is held up by alice
    table.seats[1].away = True
    assert table.deserted() and table.waiting_humans() == [0] and table.waiting_computers() == []


def test_a_short_game_where_everyone_is_away_is_still_played_out_by_the_computer():
    table = started(turn_seconds=300, interrupt_seconds=60)
    table.seats[0].away = table.seats[1].away = True
    assert not table.deserted() and table.waiting_computers() == [0]
