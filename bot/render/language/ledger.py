"""Money in words: each ledger account's name, why money moved (or what a roll was for) as a short
label, and each transfer as one sentence.

The table's event lines (bot/render/language/events.py), the story, the exported ledger and the Banker's
statement (/payday ledger) all name accounts and reasons the same way, so they are written here once.
A reason stored as free text before the codes is shown as it was stored.
"""

from collections.abc import Callable, Sequence

from bot.game import events as ev
from bot.game.events import Event, Reason
from bot.game.rulesets import Ruleset
from bot.render.language.cards import deal_name, jackpot_name, mail_name, pot_name, space_name
from bot.render.language.i18n import Lang

Names = Sequence[str]


def account_name(account: int, names: Names, ruleset: Ruleset, L: Lang) -> str:
    """A ledger account: a player, a player's savings, the Bank, or the ruleset's Jackpot or pot."""
    if account >= 0:
        return names[account]
    if account <= ev.SAVINGS_BASE:
        return L._("{player}'s savings", player=names[ev.savings_owner(account)])
    if account == ev.BANK:
        return L._("the Bank")
    return jackpot_name(ruleset, L) if account == ev.JACKPOT else pot_name(ruleset, L)


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
    Reason.JACKPOT_SEED: lambda L: L._("the Bank's seed money"),
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
    Reason.DEAL_RETURNED: lambda ref, rs, L: L._(
        "{deal} bought back at cost: the game ended early", deal=deal_name(rs.deals[ref], L)
    ),
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


# -- transfers -------------------------------------------------------------------------------------
def describe_transfer(e: Event, names: Names, rs: Ruleset, L: Lang) -> str:
    """A transfer in words: a loan or a savings move with the balance after it, else a payment
    worded by who pays and who is paid."""
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


def _paid(L: Lang, args: dict[str, str]) -> str:
    return L._("{payer} paid {amount} to {payee} ({reason})", **args)


_PAYMENTS: dict[tuple[str | None, str | None], Callable[[Lang, dict[str, str]], str]] = {
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
