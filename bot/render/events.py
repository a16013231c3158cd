"""Events in words: one line per event for the table, and each ledger reason as a short label.

Every sentence is one message with named placeholders, written by a small function per event kind
(and per reason, for notes and ledger lines), so a catalog can translate and reorder it whole.
An event read back from a log older than the codes (a free-text reason, a kind since retired) is
shown by the text it was stored with.
"""

from collections.abc import Callable, Sequence

from bot.game import events as ev
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import Ruleset
from bot.render.cards import (
    deal_label,
    deal_name,
    jackpot_name,
    mail_label,
    mail_name,
    pot_name,
    space_name,
    tag_name,
)
from bot.render.i18n import Lang
from bot.table import TableKind

Names = Sequence[str]
Writer = Callable[[Event, Names, Ruleset, Lang], str]


def and_list(items: Sequence[str], L: Lang) -> str:
    """ "Ann", "Ann and Bob", "Ann and Bob and Cat"."""
    text = items[0]
    for item in items[1:]:
        text = L._("{first} and {second}", first=text, second=item)
    return text


def or_list(items: Sequence[str], L: Lang) -> str:
    """ "5", "5 or 6", "4 or 5 or 6"."""
    text = items[0]
    for item in items[1:]:
        text = L._("{first} or {second}", first=text, second=item)
    return text


def account_name(account: int, names: Names, ruleset: Ruleset, L: Lang) -> str:
    """A ledger account: a player, a player's savings, the Bank, or the ruleset's Jackpot or pot."""
    if account >= 0:
        return names[account]
    if account <= ev.SAVINGS_BASE:
        return L._("{player}'s savings", player=names[ev.savings_owner(account)])
    if account == ev.BANK:
        return L._("the Bank")
    return jackpot_name(ruleset, L) if account == ev.JACKPOT else pot_name(ruleset, L)


def describe(event: Event, names: Names, ruleset: Ruleset, L: Lang) -> str:
    """One line for the table, e.g. "Ann rolled a 6" or "Bob paid $400 to the Jackpot (Charity Concert)"."""
    write = _KINDS.get(event.kind)
    if write is None:  # a kind from an older log
        return _as_stored(event, names)
    return write(event, names, ruleset, L)


def describe_record(record: dict, names: Names, ruleset: Ruleset, L: Lang) -> str:
    """A row of a game's stored event log in words. A row logged before the codes (issue 8) whose
    kind or reason is no code is shown by the English text it was stored with."""
    stored = stored_text(record)
    return describe(Event.from_record(record), names, ruleset, L) if stored is None else stored


def stored_text(record: dict) -> str | None:
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


# -- reasons ---------------------------------------------------------------------------------------
_FIXED: dict[str, Callable[[Lang], str]] = {
    Reason.START_CASH: lambda L: L._("start cash"),
    Reason.SALARY: lambda L: L._("salary"),
    Reason.LOAN: lambda L: L._("loan"),
    Reason.AUTO_LOAN: lambda L: L._("loan to cover a payment"),
    Reason.REPAYMENT: lambda L: L._("loan repayment"),
    Reason.INTEREST: lambda L: L._("loan interest"),
    Reason.DEPOSIT: lambda L: L._("savings deposit"),
    Reason.WITHDRAWAL: lambda L: L._("savings withdrawal"),
    Reason.SAVINGS_COVER: lambda L: L._("savings to cover a payment"),
    Reason.SAVINGS_INTEREST: lambda L: L._("savings interest"),
    Reason.WITHDRAW_FEE: lambda L: L._("savings withdrawal fee"),
    Reason.CHARGE_INTEREST: lambda L: L._("Monster Charge interest"),
    Reason.CHARGE_PAID: lambda L: L._("Monster Charge paid in full"),
    Reason.SIX: lambda L: L._("rolled a 6"),
    Reason.LOTTERY_ANTE: lambda L: L._("Lottery ante"),
    Reason.LOTTERY_STAKE: lambda L: L._("the Bank's Lottery stake"),
    Reason.LOTTERY_WIN: lambda L: L._("Lottery win"),
    Reason.SWELLFARE_WIN: lambda L: L._("Swellfare win"),
    Reason.SWELLFARE_LOST: lambda L: L._("Swellfare bet lost"),
    Reason.DAYLIGHT_START: lambda L: L._("Daylight Savings on START"),
    Reason.POKER_ALONE: lambda L: L._("Poker Game: nobody to play, stake returned"),
    Reason.ANTE_RETURNED: lambda L: L._("Lottery ante returned: the game ended early"),
    Reason.STAKE_RETURNED: lambda L: L._("Poker Game stake returned: the game ended early"),
    Reason.POT_SHARED: lambda L: L._("Poker Game pot shared: the game ended early"),
    Reason.YARD_SALE_PRICE: lambda L: L._("Yard Sale price"),
    Reason.SWELLFARE: lambda L: L._("Swellfare"),
    Reason.LOTTERY_DRAW: lambda L: L._("Lottery draw"),
}
"""Reasons that name nothing, as labels."""

_NAMING: dict[str, Callable[[int, Ruleset, Lang], str]] = {
    Reason.SPACE: lambda ref, rs, L: space_name(rs.board[ref], L),
    Reason.MAIL: lambda ref, rs, L: mail_name(rs.mail[ref], L),
    Reason.BILL: lambda ref, rs, L: L._("bill: {card}", card=mail_name(rs.mail[ref], L)),
    Reason.TICKET: lambda ref, rs, L: L._("Lottery Ticket: {card}", card=mail_name(rs.mail[ref], L)),
    Reason.DEAL_BOUGHT: lambda ref, rs, L: L._("bought {deal}", deal=deal_name(rs.deals[ref], L)),
    Reason.DEAL_SOLD: lambda ref, rs, L: L._("sold {deal}", deal=deal_name(rs.deals[ref], L)),
    Reason.COMMISSION: lambda ref, rs, L: L._("Commission on {deal}", deal=deal_name(rs.deals[ref], L)),
}
"""Reasons that name a space, a card or a Deal (`Event.ref`), as labels."""


def reason_text(event: Event, ruleset: Ruleset, L: Lang) -> str:
    """Why money moved or what a roll was for, as a short label: "salary", "bought Teen Jeans",
    "Ski Weekend". A reason stored as free text before the codes is shown as it was stored."""
    reason = event.reason
    fixed = _FIXED.get(reason)
    if fixed is not None:
        return fixed(L)
    naming = _NAMING.get(reason)
    if naming is not None and event.ref >= 0:
        return naming(event.ref, ruleset, L)
    return reason


# -- money -----------------------------------------------------------------------------------------
def _transfer(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    write = _BOOKKEEPING.get(e.reason)
    if write is not None:
        return write(e, names, L)
    args = {
        "payer": account_name(e.src, names, rs, L),
        "payee": account_name(e.dst, names, rs, L),
        "amount": L.money(e.amount),
        "reason": reason_text(e, rs, L),
    }
    return _PAYMENTS.get((_SIDES.get(e.src), _SIDES.get(e.dst)), _paid)(L, args)


_SIDES = {ev.BANK: "bank", ev.JACKPOT: "fund", ev.POT: "fund"}


def _paid(L: Lang, args: dict) -> str:
    return L._("{payer} paid {amount} to {payee} ({reason})", **args)


_PAYMENTS: dict[tuple[str | None, str | None], Callable[[Lang, dict], str]] = {
    # The same English sentence, told apart by context: other languages put "the Bank" or "the
    # Jackpot" after a preposition that takes its article ("alla Banca", "dal Montepremi").
    ("bank", None): lambda L, a: L.pgettext(
        "from the Bank", "{payee} collected {amount} from {payer} ({reason})", **a
    ),
    ("fund", None): lambda L, a: L.pgettext(
        "from a fund", "{payee} collected {amount} from {payer} ({reason})", **a
    ),
    ("bank", "fund"): lambda L, a: L.pgettext(
        "a fund from the Bank", "{payee} collected {amount} from {payer} ({reason})", **a
    ),
    (None, "bank"): lambda L, a: L.pgettext(
        "to the Bank", "{payer} paid {amount} to {payee} ({reason})", **a
    ),
    (None, "fund"): lambda L, a: L.pgettext("to a fund", "{payer} paid {amount} to {payee} ({reason})", **a),
}
"""A payment's sentence by who pays and who is paid: the Bank, a Jackpot or pot ("fund"), or a
player (None)."""


def _borrowed(e: Event, names: Names, L: Lang) -> str:
    player, amount, loan = names[e.dst], L.money(e.amount), L.money(e.value)
    if e.reason == Reason.AUTO_LOAN:
        return L._(
            "{player} took a loan of {amount} to cover a payment (loan now {loan})",
            player=player,
            amount=amount,
            loan=loan,
        )
    return L._("{player} took a loan of {amount} (loan now {loan})", player=player, amount=amount, loan=loan)


def _repaid(e: Event, names: Names, L: Lang) -> str:
    return L._(
        "{player} repaid {amount} of their loan (loan now {loan})",
        player=names[e.src],
        amount=L.money(e.amount),
        loan=L.money(e.value),
    )


def _deposited(e: Event, names: Names, L: Lang) -> str:
    return L._(
        "{player} deposited {amount} in savings (savings now {savings})",
        player=names[e.src],
        amount=L.money(e.amount),
        savings=L.money(e.value),
    )


def _withdrew(e: Event, names: Names, L: Lang) -> str:
    player, amount, savings = names[e.dst], L.money(e.amount), L.money(e.value)
    if e.reason == Reason.SAVINGS_COVER:
        return L._(
            "{player} withdrew {amount} from savings to cover a payment (savings now {savings})",
            player=player,
            amount=amount,
            savings=savings,
        )
    return L._(
        "{player} withdrew {amount} from savings (savings now {savings})",
        player=player,
        amount=amount,
        savings=savings,
    )


def _savings_interest(e: Event, names: Names, L: Lang) -> str:
    return L._(
        "{player}'s savings earned {amount} interest from the Bank (savings now {savings})",
        player=names[ev.savings_owner(e.dst)],
        amount=L.money(e.amount),
        savings=L.money(e.value),
    )


_BOOKKEEPING: dict[str, Callable[[Event, Names, Lang], str]] = {
    Reason.LOAN: _borrowed,
    Reason.AUTO_LOAN: _borrowed,
    Reason.REPAYMENT: _repaid,
    Reason.DEPOSIT: _deposited,
    Reason.WITHDRAWAL: _withdrew,
    Reason.SAVINGS_COVER: _withdrew,
    Reason.SAVINGS_INTEREST: _savings_interest,
}
"""Loans and savings, which say the balance after."""


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
    EventKind.TRANSFER: _transfer,
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
        "{player} carried a {amount} Monster Charge balance to next month",
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
}
"""One writer per event kind (the engine's, then the table's)."""
