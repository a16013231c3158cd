"""The game's pace: a question for everyone keeps today's minute in short games and waits a quarter
of the turn by post; reminders come halfway, and by post shortly before time runs out too."""

from datetime import timedelta

from bot.table.pace import MAX_TURN, by_post, question_seconds, reminders
from cogs.payday._lobby import TURN_TIMES

MINUTE, HOUR, DAY = 60, 3600, 86400


def test_short_games_keep_the_minute_for_questions_asked_of_everyone():
    assert question_seconds(5 * MINUTE, 60) == 60
    assert question_seconds(15 * MINUTE, 60) == 60
    assert question_seconds(30, 60) == 30  # never longer than the turn itself


def test_by_post_a_question_for_everyone_waits_a_quarter_of_the_turn_and_never_less_than_the_bots_time():
    assert question_seconds(HOUR, 60) == 15 * MINUTE
    assert question_seconds(DAY, 60) == 6 * HOUR
    assert question_seconds(7 * DAY, 60) == 42 * HOUR
    assert question_seconds(HOUR, 20 * MINUTE) == 20 * MINUTE


def test_a_short_question_is_reminded_once_halfway():
    assert reminders(timedelta(minutes=5)) == (timedelta(minutes=2, seconds=30),)
    assert not by_post(timedelta(minutes=59))


def test_by_post_the_second_reminder_comes_an_hour_before_the_end_or_a_tenth_of_a_shorter_time():
    assert reminders(timedelta(days=1)) == (timedelta(hours=12), timedelta(hours=23))
    assert reminders(timedelta(hours=6)) == (timedelta(hours=3), timedelta(hours=5, minutes=24))
    assert reminders(timedelta(hours=1)) == (timedelta(minutes=30), timedelta(minutes=54))


def test_every_turn_time_offered_is_at_most_a_week():
    assert max(choice.value for choice in TURN_TIMES) == MAX_TURN.total_seconds() == 7 * DAY
