"""The game's pace: how long a question for everyone waits, and when the players asked are reminded.

A turn time of a minute and one of a day are different games. At a minute's pace the table is
watching: a question put to everyone (the Lottery, the Radio Contest, the Walk, a roll-off, the
Poker Game) waits a minute at most, and one reminder halfway through calls whoever was looking when
it began. From an hour's turn up the game is played by post: people answer between other things,
so a question for everyone waits a quarter of the turn time (six hours for a one-day turn, never
less than the bot's own time for such questions), and every player still asked is reminded twice,
halfway and shortly before time runs out. Pure arithmetic, no clock: the times are given.
"""

from datetime import timedelta

BY_POST = timedelta(hours=1)
"""From this turn time (and for any question whose own time is at least this long) the game is
played by post."""
QUESTION_SHARE = 4
"""By post, a question for everyone waits this fraction of the turn time (one quarter)."""
LAST_CALL = timedelta(hours=1)
"""By post, the second reminder comes this long before time runs out, or a tenth of the question's
time if that is shorter (six minutes before the end of an hour)."""
MAX_TURN = timedelta(days=7)
"""The longest turn time a game may have."""


def question_seconds(turn_seconds: int, interrupt_seconds: int) -> int:
    """The time for questions asked of everyone in a game of `turn_seconds` a turn, where the bot
    gives such questions `interrupt_seconds`: as today below an hour's turn (never longer than the
    turn itself), else a quarter of the turn, at least `interrupt_seconds`."""
    if turn_seconds < BY_POST.total_seconds():
        return min(interrupt_seconds, turn_seconds)
    return max(interrupt_seconds, turn_seconds // QUESTION_SHARE)


def by_post(limit: timedelta) -> bool:
    """Whether a question with this time limit is answered at a letter's pace: two reminders, and its
    end shown as a date as well as a countdown."""
    return limit >= BY_POST


def reminders(limit: timedelta) -> tuple[timedelta, ...]:
    """When the players a question asks are reminded, counted from when it was asked: halfway, and
    by post also shortly before time runs out."""
    halfway = limit / 2
    if not by_post(limit):
        return (halfway,)
    return (halfway, limit - min(limit / 10, LAST_CALL))
