"""Answers applied to a table: the engine's events, the event-log records that go with them, the
answers standing orders give at once, and who the game calls by name after. Pure: no I/O, no clock
of its own (the time is given), so every use case that moves a game shares these steps.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.game import engine, orders
from bot.game.actions import Action
from bot.game.events import Event, EventKind
from bot.service.values import Call, PayDays
from bot.table import LogKind, Table, attention, pace

ORDERED_BOUND = 10_000
"""More answers in a row than any game has (a 12-month game of six has about 3,000): a guard, so a
rules bug could never spin a channel's lock forever."""


@dataclass(slots=True)
class Played:
    """What one or more applied actions did: the events, and the event-log records to save."""

    events: list[Event] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)

    def extend(self, other: "Played") -> None:
        self.events += other.events
        self.records += other.records


def play(table: Table, action: Action, now: datetime) -> Played:
    """Apply one action to the table's game; raises IllegalAction with the table untouched."""
    return _played(table, action, now, _answered(table, action))


def play_orders(table: Table, played: Played, now: datetime) -> None:
    """Standing orders answer at once, through the same path as every answer: each question they
    cover, one after another, until a real decision, a computer or a player without orders is asked.
    A player who is away is the computer's (`Seat.automatic`). The event log marks these answers as
    ordered; the table sees each as its player's answer."""
    for _ in range(ORDERED_BOUND):
        action = ordered_answer(table)
        if action is None:
            return
        played.extend(_played(table, action, now, {**_answered(table, action), "ordered": True}))
    raise RuntimeError("standing orders kept answering past any game's length")


def _answered(table: Table, action: Action) -> dict[str, Any]:
    """The event-log record of `action`, answering the question the game asks now."""
    state = table.game
    return {
        "kind": LogKind.ACTION,
        "seat": action.seat,
        "action": action.kind,
        "value": action.value,
        "prompt": state.prompt,
        "question": state.pending.kind if state.pending else None,
        "timed_out": action.timed_out,
    }


def _played(table: Table, action: Action, now: datetime, record: dict[str, Any]) -> Played:
    events = engine.apply(table.game, action)
    table.count_turns(events)
    table.remember(events)
    table.set_timers(now)
    return Played(events, [record, *(e.to_dict() for e in events)])


def ordered_answer(table: Table) -> Action | None:
    """The first answer a waiting player's standing orders give to the current question, if any."""
    state = table.state
    if state is None or state.over or state.pending is None:
        return None
    for seat in state.pending.seats:
        player = table.seats[seat]
        if not player.automatic:
            action = orders.auto_answer(state, seat, player.orders)
            if action is not None:
                return action
    return None


def ended_early(table: Table, record: dict[str, Any]) -> Played:
    """Stop the game now: the refunds of stakes still in the pot go into the event log, like every
    other dollar, after `record` (who or what ended it)."""
    events = engine.end_early(table.game)
    table.remember(events)
    return Played(events, [record, *(e.to_dict() for e in events)])


def paydays_in(table: Table, events: Sequence[Event]) -> PayDays | None:
    """The Pay Days finished by these events (the table has remembered them), for the whole table,
    with the events kept from before them; None if none."""
    seats = tuple(
        (e.seat, e.kind == EventKind.RETIRED)
        for e in events
        if e.kind in (EventKind.NEW_MONTH, EventKind.RETIRED)
    )
    if not seats:
        return None
    first = next((i for i, e in enumerate(table.latest) if e is events[0]), 0)
    return PayDays(table, seats, (*table.latest[:first], *events))


def next_call(table: Table, looking: Iterable[int] = ()) -> Call | None:
    """After the game moved on: who it calls by name now (bot/table/attention.py), noted with the
    table so nobody is called twice for one question; None when nobody."""
    state = table.game
    key, table.calls, table.spared, calling = attention.calls_after(
        state, table.seats, table.calls_for, table.calls, table.spared, looking=set(looking)
    )
    table.calls_for = key
    return _calling(table, calling)


def reminder(table: Table) -> Call | None:
    """A reminder: halfway through the time, the players still asked who were not called (they were
    looking); by post (bot/table/pace.py), everyone still asked, each time, since a call of hours ago
    is easily forgotten."""
    state = table.game
    key = attention.question_key(state)
    called = table.calls if table.calls_for == key else []
    again = pace.by_post(table.limit())
    calling = attention.to_remind(state, table.seats, called=() if again else called)
    if not calling:
        return None
    table.calls, table.calls_for = [*called, *(seat for seat in calling if seat not in called)], key
    return _calling(table, calling, reminder=True)


def _calling(table: Table, seats: list[int], *, reminder: bool = False) -> Call | None:
    """The call of these seats for the question the game waits on; None when nobody is called."""
    pending = table.game.pending
    if not seats or pending is None:
        return None
    users = []
    for seat in seats:
        user_id = table.seats[seat].user_id
        assert user_id is not None, "only people are called (attention.reachable)"
        users.append(user_id)
    return Call(pending.kind, tuple(users), reminder=reminder)
