"""Who the game calls by name when it starts waiting for them, and when (pure rules, no Discord).

On Discord only a new message that mentions someone notifies them; an edit never does. So a call is
a new message (the live message posted again at the foot of the channel, the mentions as its text),
and one message calls everyone a question asks at once: the whole Lottery, every roller of the
Radio Contest in their order, the Walk for Charity. Each player is called at most once per question:

- at once, when the game starts waiting for them;
- except a player who is looking at the board: the one whose click led straight to this question
  (they roll and are asked about the Deal they drew) and, when that click closed a question for
  several players (the Lottery, the Walk), everyone who answered it, within its time limit (a
  minute by default), before the click. They keep watching while computer players move after
  them (a human among computers is not called every turn), until time runs out on someone. If they
  have not answered halfway through their time, they are called then: this is the reminder, folded
  into the same rule;
- never a computer seat, a player taken for away (the bot answers for them without waiting), a
  player whose standing orders answer this question (`automatic`), or a player who turned their
  calls off (`Seat.notices`).

A question the game asks again in pieces (the Radio Contest one roller at a time, a roll-off
between tied players) is one question here, so nobody is called twice for it.
"""

from collections.abc import Collection, Sequence
from typing import Protocol

from bot.game.state import GameState, Pending, PendingKind

AGAIN = frozenset({PendingKind.RADIO, PendingKind.ROLL_OFF})
"""Questions asked again by the rules until they are settled (next roller, tie): one call covers them."""


class Reachable(Protocol):
    """What the rules need of a seat (`bot.table.Seat` is one)."""

    user_id: int | None
    away: bool
    notices: bool


def asked(pending: Pending) -> list[int]:
    """The seats a question asks, in order: the Radio Contest's later rollers too, who are called with
    the first since they roll one after another in the same contest."""
    return [*pending.seats, *pending.order] if pending.kind == PendingKind.RADIO else list(pending.seats)


def waiting_on(state: GameState) -> Pending | None:
    """The question the game waits on; None when it is over or waits for nothing."""
    return None if state.over else state.pending


def question_key(state: GameState) -> str:
    """What one call covers: the question, or the whole contest or roll-off it belongs to. Empty when
    the game waits for nothing."""
    p = waiting_on(state)
    if p is None:
        return ""
    if p.kind in AGAIN:
        return f"{p.kind}:{p.lander}:{p.card}"
    return f"prompt:{state.prompt}"


def looking(actor: int, closed: Pending | None, answered_before: Collection[int]) -> set[int]:
    """Who is looking at the board after `actor`'s click: the actor, and, if the click closed
    `closed` (the question it answered), everyone who had answered it (`answered_before`: its
    `done` seats as they were before the click, since the rules change them)."""
    if closed is None:
        return {actor}
    return {actor, *answered_before}


def reachable(seat: Reachable) -> bool:
    """A person who wants to be called: not a computer, not away, calls not turned off."""
    return seat.user_id is not None and not seat.away and seat.notices


def to_call(
    state: GameState,
    seats: Sequence[Reachable],
    *,
    called: Collection[int] = (),
    looking: Collection[int] = (),
    automatic: Collection[int] = (),
) -> list[int]:
    """The seats to call now that the game waits on `state.pending`: asked, reachable, not called for
    this question yet (`called`), not `looking` (see `looking`), and not answered by their standing
    orders (`automatic`)."""
    pending = waiting_on(state)
    if pending is None:
        return []
    skip = {*called, *looking, *automatic}
    order = dict.fromkeys(asked(pending))
    return [seat for seat in order if seat not in skip and reachable(seats[seat])]


def to_remind(
    state: GameState,
    seats: Sequence[Reachable],
    *,
    called: Collection[int] = (),
    automatic: Collection[int] = (),
) -> list[int]:
    """Halfway through the time: the players still asked who have not been called (they were looking
    when it started, or their call could not be sent)."""
    pending = waiting_on(state)
    if pending is None:
        return []
    skip = {*called, *automatic}
    return [seat for seat in pending.seats if seat not in skip and reachable(seats[seat])]


def calls_after(
    state: GameState,
    seats: Sequence[Reachable],
    key: str,
    called: Sequence[int],
    spared: Sequence[int] = (),
    *,
    looking: Collection[int] = (),
    automatic: Collection[int] = (),
) -> tuple[str, list[int], list[int], list[int]]:
    """After the game moved on, given what was done for the question `key` (the seats `called`, and
    those `spared` because they were looking when it asked them): (the key of the question it waits
    on now, every seat called for it, every seat spared, the seats to call now). A new question
    starts afresh; the same one keeps both lists, so a restart or a later click calls nobody twice
    and never calls a player it spared (only the reminder does). The table keeps the lists."""
    now = question_key(state)
    same = now == key
    called, spared = (list(called), list(spared)) if same else ([], [])
    pending = waiting_on(state)
    if pending is not None:
        done = {*called, *spared}
        spared += [seat for seat in asked(pending) if seat in looking and seat not in done]
    calling = to_call(state, seats, called=called, looking=spared, automatic=automatic)
    return now, called + calling, spared, calling
