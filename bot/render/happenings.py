"""The table's recent events grouped into happenings, for the live message's Latest lines (written
in bot/render/latest.py), one line each.

The engine tells a purchase as a payment and then the Deal bought, a Lottery as every ante, every
roll of the draw and the win, a Pay Day as a dozen payments. The table reading the live message
wants what happened: "carol bought Pete's Pizza Palace for $8,000", "Lottery: 3 rolls, carol's 4
came up — carol wins $1,400", "Pay Day for carol: -$1,300; month 2 begins". So the events are
grouped here, for showing only, never in the saved table: each happening is the events that make it
up, and each event belongs to exactly one (an event no rule groups is a happening of its own,
written as before). The ledger and /payday log keep every detail.

A happening is recognised by its first event and the events of the same turn that complete it; one
that is not complete yet (a Deal drawn and not yet bought, a Pay Day waiting for an answer) shows
its events one by one until it is.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.game import events as ev
from bot.game.cards import MailKind
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import Ruleset
from bot.game.state import PendingKind
from bot.render.paydays import PAYDAY_REASONS
from bot.table import TableKind


class Kind(StrEnum):
    EVENT = "event"
    """One event, written as the ledger or the story writes it."""
    START_CASH = "start_cash"
    """The Bank's start cash to every player."""
    MOVE = "move"
    """A movement roll and where the token landed."""
    PURCHASE = "purchase"
    """A Deal drawn (maybe), the loan that covered it (maybe), its payment and the Deal bought."""
    DECLINED = "declined"
    SALE = "sale"
    MAIL = "mail"
    """A Mail card drawn and the payment it made at once (the payment names the card)."""
    MAILS = "mails"
    """Mail cards drawn one after the other and kept (bills for Pay Day, Junk Mail...)."""
    MOVE_AHEAD = "move_ahead"
    ANTES = "antes"
    """Lottery antes and players sitting it out, in a row."""
    NO_LOTTERY = "no_lottery"
    NO_WINNER = "no_winner"
    """A contest's rolls and the note that nobody won it."""
    LOTTERY = "lottery"
    """The Bank's stake, the draw's rolls and the win."""
    ROLL_PAID = "roll_paid"
    """A roll and the payment it set (Walk for Charity)."""
    CONTEST = "contest"
    """The rolls of a contest (Radio Contest, a commission's roll-off, a Poker Game) and the win."""
    PUT_IN = "put_in"
    PAYDAY = "payday"
    """A whole Pay Day, from its salary to the new month or retirement."""


@dataclass(frozen=True, slots=True)
class Happening:
    kind: Kind
    events: tuple[Event, ...]


# -- grouping ----------------------------------------------------------------------------------------
def happenings(events: Sequence[Event], ruleset: Ruleset) -> list[Happening]:
    """The events in happenings, each at the place of its first event; every event in exactly one."""
    taken = [False] * len(events)
    ends, end = [0] * len(events), len(events)
    for i in range(len(events) - 1, -1, -1):  # where each event's turn ends: the next movement roll
        ends[i] = end
        if _movement(events[i]):
            end = i
    grouped = []
    for i in range(len(events)):
        if taken[i]:
            continue
        found = _Finder(events, taken, ends, i, ruleset)
        for match in _MATCHES:
            group = match(found)
            if group is not None:
                kind, members = group
                break
        else:
            kind, members = Kind.EVENT, [i]
        for j in members:
            taken[j] = True
        grouped.append(Happening(kind, tuple(events[j] for j in members)))
    return grouped


@dataclass(slots=True)
class _Finder:
    """The events still free to group, seen from the event a happening would start with; a
    happening ends within its turn (before the next movement roll, `ends`)."""

    events: Sequence[Event]
    taken: list[bool]
    ends: list[int]
    at: int
    ruleset: Ruleset

    @property
    def first(self) -> Event:
        return self.events[self.at]

    def find(self, wanted: Callable[[Event], bool], after: int | None = None) -> int | None:
        """The first free event of the turn after `after` (the first event) that is `wanted`."""
        start = self.at if after is None else after
        end = self.ends[self.at]
        return next((j for j in range(start + 1, end) if not self.taken[j] and wanted(self.events[j])), None)

    def next_free(self, after: int) -> int | None:
        """The next event not grouped yet, in the same turn."""
        return self.find(lambda e: True, after)


Group = tuple[Kind, list[int]]


def _movement(e: Event) -> bool:
    return e.kind == EventKind.ROLLED and not e.reason


def _paying(e: Event, seat: int, reason: str, ref: int) -> bool:
    return e.kind == EventKind.TRANSFER and e.src == seat and e.reason == reason and e.ref == ref


def _start_cash(f: _Finder) -> Group | None:
    """Everyone's start cash, in one line when everyone got the same."""
    e = f.first
    if e.reason != Reason.START_CASH:
        return None
    members, j = [f.at], f.next_free(f.at)
    while j is not None and (f.events[j].reason, f.events[j].amount) == (e.reason, e.amount):
        members.append(j)
        j = f.next_free(j)
    return (Kind.START_CASH, members) if len(members) > 1 else None


def _move(f: _Finder) -> Group | None:
    """The movement roll and the landing (a Jackpot won by the roll is a happening of its own)."""
    e = f.first
    if not _movement(e):
        return None
    j = f.next_free(f.at)
    if j is not None and f.events[j].reason == Reason.SIX:
        j = f.next_free(j)
    if j is None or f.events[j].kind != EventKind.MOVED or f.events[j].seat != e.seat:
        return None
    return Kind.MOVE, [f.at, j]


def _purchase(f: _Finder) -> Group | None:
    """A Deal drawn and bought or declined; or bought without a draw (Yard Sale) from its payment,
    or from the loan that covered it."""
    e = f.first
    if e.kind == EventKind.DREW_DEAL:
        seat, deal = e.seat, e.value
    elif e.kind == EventKind.TRANSFER and e.reason == Reason.DEAL_BOUGHT:
        seat, deal = e.src, e.ref
    elif e.kind == EventKind.TRANSFER and e.reason == Reason.AUTO_LOAN:
        j = f.next_free(f.at)
        if j is None or f.events[j].reason != Reason.DEAL_BOUGHT or f.events[j].src != e.dst:
            return None
        seat, deal = e.dst, f.events[j].ref
    else:
        return None
    if e.kind == EventKind.DREW_DEAL:
        declined = f.find(lambda x: x.kind == EventKind.DECLINED and (x.seat, x.value) == (seat, deal))
        if declined is not None:
            return Kind.DECLINED, [f.at, declined]
    paid = (
        f.at
        if e.reason == Reason.DEAL_BOUGHT
        else f.find(lambda x: _paying(x, seat, Reason.DEAL_BOUGHT, deal))
    )
    bought = f.find(lambda x: x.kind == EventKind.BOUGHT and (x.seat, x.value) == (seat, deal), paid)
    if paid is None or bought is None:
        return None
    loan = paid - 1
    covered = loan >= f.at and not f.taken[loan] and _borrowed_for(f.events[loan], seat)
    return Kind.PURCHASE, sorted({f.at, paid, bought, *([loan] if covered else [])})


def _borrowed_for(e: Event, seat: int) -> bool:
    return e.kind == EventKind.TRANSFER and e.reason == Reason.AUTO_LOAN and e.dst == seat


def _sale(f: _Finder) -> Group | None:
    e = f.first
    if e.kind != EventKind.TRANSFER or e.reason != Reason.DEAL_SOLD:
        return None
    sold = f.find(lambda x: x.kind == EventKind.SOLD and (x.seat, x.value) == (e.dst, e.ref))
    return None if sold is None else (Kind.SALE, [f.at, sold])


def _mail(f: _Finder) -> Group | None:
    """A Mail card and what it did at once: a payment naming it, or a move ahead."""
    e = f.first
    if e.kind != EventKind.DREW_MAIL or not 0 <= e.value < len(f.ruleset.mail):
        return None
    if f.ruleset.mail[e.value].kind == MailKind.MOVE_AHEAD:
        moved = f.find(lambda x: x.kind == EventKind.MOVED and x.seat == e.seat)
        return None if moved is None else (Kind.MOVE_AHEAD, [f.at, moved])
    paid = f.find(lambda x: x.kind == EventKind.TRANSFER and x.reason == Reason.MAIL and x.ref == e.value)
    return None if paid is None else (Kind.MAIL, [f.at, paid])


KEPT_MAIL = frozenset({MailKind.BILL, MailKind.MONSTER, MailKind.JUNK, MailKind.POSTCARD, MailKind.TICKET})
"""Mail a player keeps until Pay Day: drawn, it does nothing yet (bot/game/mail.py). Any other card
acts at once, maybe after a question, and is a happening of its own with what it did."""


def _mails(f: _Finder) -> Group | None:
    """Mail cards a player drew in a row and keeps (KEPT_MAIL)."""

    def kept(i: int) -> bool:
        e = f.events[i]
        return (
            e.kind == EventKind.DREW_MAIL
            and e.seat == f.first.seat
            and 0 <= e.value < len(f.ruleset.mail)
            and f.ruleset.mail[e.value].kind in KEPT_MAIL
        )

    if not kept(f.at):
        return None
    members, j = [f.at], f.next_free(f.at)
    while j is not None and kept(j):
        members.append(j)
        j = f.next_free(j)
    return (Kind.MAILS, members) if len(members) > 1 else None


def _ante_run(e: Event) -> bool:
    return (
        (e.kind == EventKind.TRANSFER and e.reason == Reason.LOTTERY_ANTE)
        or e.kind == EventKind.ANTED
        or (e.kind == EventKind.SAT_OUT and not e.reason)
        or (e.kind == EventKind.TIMED_OUT and e.reason == PendingKind.LOTTERY)
    )


def _antes(f: _Finder) -> Group | None:
    """Antes and sit-outs in a row; when nobody anted, the note that there is no Lottery with them.
    A player whose time ran out sat out, and the line says so: silence is a fair answer to the
    Lottery (it does not count towards being away either)."""
    if not _ante_run(f.first):
        return None
    members, j = [f.at], f.next_free(f.at)
    while j is not None and _ante_run(f.events[j]):
        members.append(j)
        j = f.next_free(j)
    anted = any(f.events[m].kind == EventKind.ANTED for m in members)
    if not anted and j is not None and f.events[j].reason == Reason.NO_ANTES:
        return Kind.NO_LOTTERY, [*members, j]
    said = anted or any(f.events[m].kind == EventKind.SAT_OUT for m in members)
    return (Kind.ANTES, members) if said else None  # a time out whose answer waits for its turn


def _lottery(f: _Finder) -> Group | None:
    """The Bank's stake, the rolls of the draw and the win."""
    e = f.first
    if e.reason not in (Reason.LOTTERY_STAKE, Reason.LOTTERY_DRAW):
        return None
    members, j = [f.at], f.next_free(f.at)
    while (
        j is not None and f.events[j].kind == EventKind.ROLLED and f.events[j].reason == Reason.LOTTERY_DRAW
    ):
        members.append(j)
        j = f.next_free(j)
    rolls = any(f.events[m].kind == EventKind.ROLLED for m in members)
    if j is None or f.events[j].reason != Reason.LOTTERY_WIN or not rolls:
        return None
    return Kind.LOTTERY, [*members, j]


def _contest_roll(e: Event, first: Event) -> bool:
    return e.kind == EventKind.ROLLED and (e.reason, e.ref) == (first.reason, first.ref)


def _rolls(f: _Finder) -> Group | None:
    """A roll that sets a payment (Walk for Charity), or a contest's rolls and their outcome (a roll
    the bot made for a player out of time is one of them)."""
    e = f.first
    if e.kind != EventKind.ROLLED or e.reason not in (Reason.SPACE, Reason.COMMISSION):
        return None
    j = f.next_free(f.at)
    if j is not None and _paying(f.events[j], e.seat, e.reason, e.ref):
        return Kind.ROLL_PAID, [f.at, j]
    members = [f.at]
    while j is not None and (_contest_roll(f.events[j], e) or f.events[j].kind == EventKind.TIMED_OUT):
        members.append(j)
        j = f.next_free(j)
    if j is None:
        return None
    end = f.events[j]
    won = end.kind == EventKind.TRANSFER and (end.reason, end.ref) == (e.reason, e.ref) and end.dst >= 0
    if won and end.src in (ev.BANK, ev.POT):
        return Kind.CONTEST, [*members, j]
    if end.reason == Reason.NO_RADIO_WINNER:
        return Kind.NO_WINNER, [*members, j]
    return None


def _put_in(f: _Finder) -> Group | None:
    e = f.first
    if e.kind != EventKind.TRANSFER or e.dst != ev.POT or e.reason != Reason.SPACE:
        return None
    j = f.next_free(f.at)
    ok = j is not None and f.events[j].kind == EventKind.PUT_IN and f.events[j].seat == e.src
    return (Kind.PUT_IN, [f.at, j]) if ok and j is not None else None


_ASIDE = frozenset({EventKind.TIMED_OUT, *TableKind})
"""Events that may come between a Pay Day's steps (a question timed out, a player left) and stay
happenings of their own."""


def _payday_step(e: Event, seat: int) -> bool:
    savings = ev.savings_account(seat)
    if e.kind == EventKind.TRANSFER:
        return e.reason in PAYDAY_REASONS and (seat in (e.src, e.dst) or savings in (e.src, e.dst))
    if e.kind in (EventKind.CARRIED, EventKind.VOIDED, EventKind.DISCARDED, EventKind.NOTHING):
        return e.seat == seat
    return False


def _payday(f: _Finder) -> Group | None:
    """A Pay Day from its first step (salary, or the note that there is none) to the new month or
    retirement; a Pay Day still waiting for an answer is not grouped yet."""
    e = f.first
    if e.reason == Reason.SALARY and e.kind == EventKind.TRANSFER:
        seat = e.dst
    elif e.reason == Reason.NO_FINAL_SALARY:
        seat = e.seat
    else:
        return None
    members = [f.at]
    for j in range(f.at + 1, len(f.events)):
        x = f.events[j]
        if f.taken[j] or x.kind in _ASIDE:
            continue
        if x.kind in (EventKind.NEW_MONTH, EventKind.RETIRED) and x.seat == seat:
            return Kind.PAYDAY, [*members, j]
        if not _payday_step(x, seat):
            return None
        members.append(j)
    return None


_MATCHES: tuple[Callable[[_Finder], Group | None], ...] = (
    _start_cash,
    _move,
    _purchase,
    _sale,
    _mail,
    _mails,
    _antes,
    _lottery,
    _rolls,
    _put_in,
    _payday,
)
