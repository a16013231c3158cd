"""Events in words: one line per event for the table (a transfer's comes from bot/render/language/ledger.py).

Every sentence is one message with named placeholders, written by a small function per event kind
(and per reason, for notes), so a catalog can translate and reorder it whole.
An event read back from a log older than the codes (a free-text reason, a kind since retired) is
shown by the text it was stored with.
"""

from collections.abc import Callable
from typing import Any

from discord.utils import escape_markdown

from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import Ruleset
from bot.render.language.cards import deal_label, deal_name, mail_label, mail_name, space_name, tag_name
from bot.render.language.i18n import Lang
from bot.render.language.ledger import Names, describe_transfer, reason_text
from bot.render.language.lists import and_list
from bot.table import TableKind

Writer = Callable[[Event, Names, Ruleset, Lang], str]


def describe(event: Event, names: Names, ruleset: Ruleset, L: Lang) -> str:
    """One line for the table, e.g. "Ann rolled a 6" or "Bob paid $400 to the Jackpot (Charity Concert)"."""
    write = _KINDS.get(event.kind)
    if write is None:  # a kind from an older log
        return _as_stored(event, names)
    return write(event, names, ruleset, L)


def describe_record(record: dict[str, Any], names: Names, ruleset: Ruleset, L: Lang) -> str:
    """A row of a game's stored event log in words. A row logged before the codes (issue 8) whose
    kind or reason is no code is shown by the English text it was stored with."""
    stored = stored_text(record)
    return describe(Event.from_record(record), names, ruleset, L) if stored is None else stored


def stored_text(record: dict[str, Any]) -> str | None:
    """The English text a row logged before the codes is shown by (its kind or reason is no code),
    or None when the row's codes can be written in any language. The stored text holds the names
    as they were typed, unescaped."""
    stored = record.get("text")
    kind, reason = record.get("kind"), record.get("reason")
    coded = kind in _KINDS and kind not in _TABLE and (not reason or reason in _CODES)
    if stored is not None and not coded:
        return stored
    return None


_CODES = frozenset(Reason)
_TABLE = frozenset(TableKind)


def _as_stored(event: Event, names: Names) -> str:
    """An event whose kind or reason is no code (an older log): its stored reason, as it was."""
    who = names[event.seat] if 0 <= event.seat < len(names) else ""
    return f"{who}: {event.reason}" if who and event.reason else event.reason or who


def _took_over(e: Event, n: Names, L: Lang) -> str:
    """Who took over which seat (its name before, the event's `reason`; none in an older table)."""
    if not e.reason:
        return L._(
            "{player} took over a seat from the computer, with its money, loans and cards.", player=n[e.seat]
        )
    return L._(
        "{player} took over the seat of {seat} from the computer, with its money, loans and cards.",
        player=n[e.seat],
        seat=escape_markdown(e.reason).replace("@", "@\u200b"),
    )


# -- notes -----------------------------------------------------------------------------------------
def _note(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    write = _NOTES.get(e.reason)
    if write is None:  # a note stored as a sentence before the codes
        return _as_stored(e, names)
    return write(e, names[e.seat], rs, L)


_NOTES: dict[str, Callable[[Event, str, Ruleset, Lang], str]] = {
    Reason.NO_DEAL_LEFT: lambda e, who, rs, L: L._(
        "{player}: no Deal left to draw: every Deal is held", player=who
    ),
    Reason.NO_DEAL_TO_SELL: lambda e, who, rs, L: L._("{player}: no Deal to sell at the Buyer", player=who),
    Reason.NO_YARD_SALE_DEAL: lambda e, who, rs, L: L._(
        "{player}: no Deal left for the Yard Sale", player=who
    ),
    Reason.NO_TICKET: lambda e, who, rs, L: L._(
        "{player}: no Lottery Ticket to cash at the Lottery Draw", player=who
    ),
    Reason.DAYLIGHT_ONCE: lambda e, who, rs, L: L._(
        "{player}: Daylight Savings happens only once: nothing more", player=who
    ),
    Reason.NO_FINAL_SALARY: lambda e, who, rs, L: L._(
        "{player}: no salary at the Pay Day of the last month", player=who
    ),
    Reason.NO_MOVE_AHEAD: lambda e, who, rs, L: L._(
        "{player}: Move Ahead: no Deal or Buyer left before Pay Day", player=who
    ),
    Reason.SWELLFARE_UNUSED: lambda e, who, rs, L: L._(
        "{player}: Swellfare: your cash covers what you owe, so the card goes unused", player=who
    ),
    Reason.ALREADY_INSURED: lambda e, who, rs, L: L._(
        "{player}: already insured against {tag} bills", player=who, tag=tag_name(rs.mail[e.ref].tag, L)
    ),
    Reason.INSURANCE_DECLINED: lambda e, who, rs, L: L._(
        "{player}: declined {card}", player=who, card=mail_name(rs.mail[e.ref], L)
    ),
    Reason.NO_NEIGHBOUR: lambda e, who, rs, L: L._(
        "{player}'s {card} does nothing: every other player has retired",
        player=who,
        card=mail_label(rs.mail[e.ref], L),
    ),
    Reason.NO_ANTES: lambda e, who, rs, L: L._("{player}: nobody anted, so there is no Lottery", player=who),
    Reason.NO_RADIO_WINNER: lambda e, who, rs, L: L._(
        "{player}: nobody rolled a {number} on the radio", player=who, number=e.value
    ),
    Reason.NO_POKER: lambda e, who, rs, L: L._("{player}: nobody put money into the Poker Game", player=who),
    Reason.NUMBER_TAKEN: lambda e, who, rs, L: L._(
        "Number {number} went to a player before {player} in turn order: {player} picks again",
        number=e.value,
        player=who,
    ),
}


# -- everything else -------------------------------------------------------------------------------
def _rolled(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    if not e.reason:
        return L._("{player} rolled a {face}", player=names[e.seat], face=e.value)
    return L._(
        "{player} rolled a {face} ({reason})",
        player=names[e.seat],
        face=e.value,
        reason=reason_text(e, rs, L),
    )


def _moved(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    return L._(
        "{player} moved to day {day}: {space}",
        player=names[e.seat],
        day=e.value,
        space=space_name(rs.board[e.value], L),
    )


def _sat_out(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    if e.reason == Reason.POKER:
        return L._("{player} sat out the Poker Game", player=names[e.seat])
    return L._("{player} sat out the Lottery", player=names[e.seat])


def _bet(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    if e.amount:
        return L._("{player} bet {amount} on Swellfare", player=names[e.seat], amount=L.money(e.amount))
    return L._("{player} bet nothing on Swellfare", player=names[e.seat])


def _insured(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    card = rs.mail[e.value]
    return L._(
        "{player} bought {card}: every {tag} bill is cancelled for the rest of the game",
        player=names[e.seat],
        card=mail_name(card, L),
        tag=tag_name(card.tag, L),
    )


def _reshuffled(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    if e.reason == Reason.DEAL_PILE:
        return L._("The Deal discards were shuffled into a new draw pile")
    return L._("The Mail discards were shuffled into a new draw pile")


def _game_over(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    if e.ref < 0:  # logged before the codes: the winners' names were its reason
        winners = e.reason
    else:
        winners = and_list([name for seat, name in enumerate(names) if e.ref >> seat & 1], L)
    return L.ngettext(
        "Game over: {winners} wins with a net worth of {amount}",
        "Game over: {winners} share the win with a net worth of {amount}",
        e.value,
        winners=winners,
        amount=L.money(e.amount),
    )


def _deal(e: Event, rs: Ruleset, L: Lang) -> str:
    return deal_name(rs.deals[e.value], L)


def _mail(e: Event, rs: Ruleset, L: Lang) -> str:
    return mail_label(rs.mail[e.value], L)


_KINDS: dict[str, Writer] = {
    EventKind.ROLLED: _rolled,
    EventKind.MOVED: _moved,
    EventKind.TRANSFER: describe_transfer,
    EventKind.NOTHING: _note,
    EventKind.DREW_MAIL: lambda e, n, rs, L: L._(
        "{player} drew Mail — {card}", player=n[e.seat], card=_mail(e, rs, L)
    ),
    EventKind.DREW_DEAL: lambda e, n, rs, L: L._(
        "{player} drew a Deal — {deal}", player=n[e.seat], deal=deal_label(rs.deals[e.value], L)
    ),
    EventKind.BOUGHT: lambda e, n, rs, L: L._(
        "{player} bought {deal}", player=n[e.seat], deal=_deal(e, rs, L)
    ),
    EventKind.DECLINED: lambda e, n, rs, L: L._(
        "{player} declined {deal}", player=n[e.seat], deal=_deal(e, rs, L)
    ),
    EventKind.SOLD: lambda e, n, rs, L: L._("{player} sold {deal}", player=n[e.seat], deal=_deal(e, rs, L)),
    EventKind.KEPT: lambda e, n, rs, L: L._("{player} kept their Deals", player=n[e.seat]),
    EventKind.ANTED: lambda e, n, rs, L: L._(
        "{player} anted {amount} on number {number}",
        player=n[e.seat],
        amount=L.money(e.amount),
        number=e.value,
    ),
    EventKind.SAT_OUT: _sat_out,
    EventKind.PUT_IN: lambda e, n, rs, L: L._(
        "{player} put {amount} into the Poker Game", player=n[e.seat], amount=L.money(e.amount)
    ),
    EventKind.BET: _bet,
    EventKind.INSURED: _insured,
    EventKind.CANCELLED: lambda e, n, rs, L: L._(
        "{player}'s insurance cancelled {card}", player=n[e.seat], card=_mail(e, rs, L)
    ),
    EventKind.VOIDED: lambda e, n, rs, L: L._(
        "{player}'s unused {card} is void", player=n[e.seat], card=_mail(e, rs, L)
    ),
    EventKind.RESHUFFLED: _reshuffled,
    EventKind.TIMED_OUT: lambda e, n, rs, L: L._(
        "{player} ran out of time: the bot chose for them", player=n[e.seat]
    ),
    EventKind.CARRIED: lambda e, n, rs, L: L._(
        "{player} carried a Monster Charge balance of {amount} to next month",
        player=n[e.seat],
        amount=L.money(e.amount),
    ),
    EventKind.NEW_MONTH: lambda e, n, rs, L: L._(
        "{player} went back to START for month {month}", player=n[e.seat], month=e.value
    ),
    EventKind.DISCARDED: lambda e, n, rs, L: L._(
        "{player}'s unsold {deal} is discarded: a Deal is worth nothing at the end",
        player=n[e.seat],
        deal=_deal(e, rs, L),
    ),
    EventKind.RETIRED: lambda e, n, rs, L: L._(
        "{player} retired with a net worth of {amount}", player=n[e.seat], amount=L.money(e.amount)
    ),
    EventKind.GAME_OVER: _game_over,
    TableKind.BEGAN: lambda e, n, rs, L: L._(
        "The game begins: {order}. {player} goes first.", order=", ".join(n), player=n[0]
    ),
    TableKind.LEFT: lambda e, n, rs, L: L._(
        "{player} left; a computer player takes over their seat.", player=n[e.seat]
    ),
    TableKind.KICKED: lambda e, n, rs, L: L._(
        "{player} was removed from the game; a computer player takes over their seat.", player=n[e.seat]
    ),
    TableKind.AWAY: lambda e, n, rs, L: L.ngettext(
        "{player} ran out of time {n} time in a row: until they press a button, the bot makes the "
        "cautious choice for them without waiting.",
        "{player} ran out of time {n} times in a row: until they press a button, the bot makes the "
        "cautious choice for them without waiting.",
        e.value,
        player=n[e.seat],
    ),
    TableKind.BACK: lambda e, n, rs, L: L._("{player} is back.", player=n[e.seat]),
    TableKind.TOOK_OVER: lambda e, n, rs, L: (
        L._(
            "{player} took over the seat of {seat} from the computer, with its money, loans and cards.",
            player=n[e.seat],
            seat=escape_markdown(e.reason).replace("@", "@\u200b"),
        )
        if e.reason
        else L._(
            "{player} took over a seat from the computer, with its money, loans and cards.", player=n[e.seat]
        )
    ),
}
"""One writer per event kind (the engine's, then the table's)."""
