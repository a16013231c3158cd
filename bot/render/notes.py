"""Short sentences for the lobby's footer and for the person who asked: the service's `Note`s in
words. The core's are here; a feature joins its own to `NOTES` from its words module."""

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from bot.game.bank import interest_on
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS, Rules
from bot.render.calls import switched
from bot.render.language.events import describe
from bot.render.language.i18n import Lang
from bot.render.language.strengths import strength_name
from bot.render.phrasebook import Phrasebook
from bot.service.values import Note, NoteCode
from bot.table import Table

CONFIRMED = 5
"""A slash command's answer shows at most this many of the events it caused (the newest)."""


def note_text(note: Note, L: Lang, table: Table | None = None) -> str:
    """The sentence; `table` names the players and the edition for a note that lists events."""
    return NOTES.writer(note.code)(note.params, L, table)


def _done(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """What a slash command did: the asker's own bookkeeping spoken to them (`yours`), anything
    that followed in the table's own words."""
    events = params["events"][-CONFIRMED:]
    if not events or table is None or table.state is None:
        return L._("Done.")
    names = [seat.name for seat in table.seats]
    ruleset = RULESETS[table.state.ruleset]
    seat = params.get("seat", -1)
    return "\n".join(
        yours(event, seat, table.state.rules, L) or describe(event, names, ruleset, L) for event in events
    )


def yours(e: Event, seat: int, rules: Rules, L: Lang) -> str | None:
    """`seat`'s own loan, repayment or savings move said to them, a loan with what it will cost at
    each Pay Day; None for any other event (the table's line says it)."""
    if e.kind != EventKind.TRANSFER or seat not in (e.src, e.dst):
        return None
    amount, balance = L.money(e.amount), L.money(e.value)
    interest = L.money(interest_on(e.value, rules.loan_interest_pct))
    if e.reason in (Reason.LOAN, Reason.AUTO_LOAN):
        return L._(
            "You borrowed {amount} (loan now {loan}): {interest} interest at each Pay Day.",
            amount=amount,
            loan=balance,
            interest=interest,
        )
    if e.reason == Reason.REPAYMENT and e.value:
        return L._(
            "You repaid {amount} (loan now {loan}): {interest} interest at each Pay Day.",
            amount=amount,
            loan=balance,
            interest=interest,
        )
    if e.reason == Reason.REPAYMENT:
        return L._("You repaid {amount}: your loan is paid off.", amount=amount)
    if e.reason == Reason.DEPOSIT:
        return L._(
            "You deposited {amount} in savings (savings now {savings}).", amount=amount, savings=balance
        )
    if e.reason == Reason.WITHDRAWAL:
        return L._(
            "You withdrew {amount} from savings (savings now {savings}).", amount=amount, savings=balance
        )
    if e.reason == Reason.WITHDRAW_FEE:
        return L._("You paid the Bank a fee of {amount} for withdrawing outside your Pay Day.", amount=amount)
    return None


NoteWriter = Callable[[dict[str, Any], Lang, Table | None], str]
"""A note's sentence from its parameters, the language and the table it speaks of (if any)."""

NOTES: Phrasebook[NoteWriter] = Phrasebook("note")
"""Every note's words, by its code."""

_CORE: dict[StrEnum, NoteWriter] = {
    NoteCode.JOINED: lambda p, L, t: L._("{player} joined.", player=p["name"]),
    NoteCode.LEFT_LOBBY: lambda p, L, t: L._("{player} left.", player=p["name"]),
    NoteCode.COMPUTER_JOINED: lambda p, L, t: L._(
        "{player} (computer: {strength}) joined.", player=p["name"], strength=strength_name(p["strength"], L)
    ),
    NoteCode.CANCELLED: lambda p, L, t: L._("Cancelled by {player}.", player=p["name"]),
    NoteCode.HOUSE_RULES_CHANGED: lambda p, L, t: L._("{player} changed the house rules.", player=p["name"]),
    NoteCode.EVERYONE_LEFT: lambda p, L, t: L._("Everyone left: the lobby is closed."),
    NoteCode.LOBBY_EXPIRED: lambda p, L, t: L.ngettext(
        "Nobody started the game within {n} minute: the lobby closed.",
        "Nobody started the game within {n} minutes: the lobby closed.",
        p["minutes"],
    ),
    NoteCode.LOBBY_CLOSED: lambda p, L, t: L._("The lobby is closed."),
    NoteCode.GAME_STARTED: lambda p, L, t: L._("The game has started."),
    NoteCode.YOU_LEFT: lambda p, L, t: L._("You left the game; a computer player took your seat."),
    NoteCode.YOU_LEFT_LAST: lambda p, L, t: L._("You left. Nobody else is left, so the game is over."),
    NoteCode.YOU_ENDED: lambda p, L, t: L._("You ended the game."),
    NoteCode.REMOVED: lambda p, L, t: L._("{player} was removed by {host}.", player=p["name"], host=p["by"]),
    NoteCode.YOU_REMOVED: lambda p, L, t: L._(
        "You removed {player} from the game; a computer player took their seat.", player=p["name"]
    ),
    NoteCode.YOU_REMOVED_LAST: lambda p, L, t: L._(
        "You removed {player}. Nobody else is left, so the game is over.", player=p["name"]
    ),
    NoteCode.DONE: _done,
    NoteCode.CALLS_ON: lambda p, L, t: switched(True, p["here"], L),
    NoteCode.CALLS_OFF: lambda p, L, t: switched(False, p["here"], L),
}
"""The core's notes."""
NOTES.register(_CORE)
