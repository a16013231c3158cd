"""The answers to the question the live message asks, one per legal answer: buttons with labels
that fit a phone, or a select menu where more than a row of buttons would be needed.
"""

from collections.abc import Callable, Collection
from dataclasses import replace
from typing import TypeVar

from bot.game.actions import ActionKind
from bot.game.bank import whole_steps
from bot.game.calendar import SpaceKind
from bot.game.cards import DealCard
from bot.game.engine import legal_actions
from bot.game.mail import destinations, swellfare_bets
from bot.game.payday import banking_moves, charge_due
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState, Pending, PendingKind
from bot.render.language.cards import deal_name
from bot.render.language.i18n import Lang
from bot.render.prompts.layout import (
    DANGER,
    MAX_LABEL,
    MENU_OPTIONS,
    PRIMARY,
    ROW,
    SELL_BUTTONS,
    SUCCESS,
    Choice,
)
from bot.render.prompts.questions import computer_only, deals_by_profit, sale

T = TypeVar("T")


def short(name: str, room: int = MAX_LABEL) -> str:
    """A name (a player's, a Deal's) cut to `room` characters, to fit a button on a phone."""
    return name if len(name) <= room else name[: room - 1].rstrip() + "…"


def choices(state: GameState, L: Lang, computers: Collection[int] = ()) -> list[Choice]:
    """The answers to the current question, one per legal answer (a spread of long money lists):
    buttons with labels that fit a phone, or a select menu where more than a row of them would be
    needed, so the live message never takes more than `MAX_ROWS` rows. None for a question only
    the computer answers (`computer_only`): nobody at the table could click them."""
    p = state.pending
    if state.over or p is None or (computers and computer_only(state, computers)):
        return []
    write = _CHOICES.get(p.kind)
    return [] if write is None else write(state, p, RULESETS[state.ruleset], p.seats[0], L)


Offer = Callable[[GameState, Pending, Ruleset, int, Lang], list[Choice]]


def _offer_roll(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [Choice(L._("Roll the die"), ActionKind.ROLL, style=PRIMARY)]


def _offer_buy(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    deal = rs.deals[p.card]
    loan = whole_steps(deal.cost - st.players[seat].cash, st.rules.loan_step)
    if loan:
        buy = L._("Buy, borrow {loan}", loan=L.money(loan))
    else:
        buy = L._("Buy for {cost}", cost=L.money(deal.cost))
    return [Choice(buy, ActionKind.BUY, style=SUCCESS), Choice(L._("Decline"), ActionKind.DECLINE)]


def _offer_sell(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """A button per Deal, in the order the question lists them, each saying what it does ("Sell
    Teen Jeans: $14,000"; with one Deal the question names it, so "Sell for $14,000"), then Keep.
    More Deals than `SELL_BUTTONS`: a menu instead, each option the Deal's name with its price and
    profit."""
    held = deals_by_profit(st, seat)
    keep = Choice(L.ngettext("Keep it", "Keep them all", len(held)), ActionKind.KEEP)
    if len(held) == 1:
        value = L.money(rs.deals[held[0]].value)
        return [Choice(L._("Sell for {value}", value=value), ActionKind.SELL, held[0], SUCCESS), keep]
    if len(held) <= SELL_BUTTONS:
        labels = _sale_buttons([rs.deals[card] for card in held], L)
        return [
            Choice(label, ActionKind.SELL, card, SUCCESS) for label, card in zip(labels, held, strict=True)
        ] + [keep]
    menu = L._("Sell a Deal…")
    sells = [
        Choice(short(deal_name(d, L)), ActionKind.SELL, card, SUCCESS, menu=menu, detail=_sale(d, L))
        for card, d in ((card, rs.deals[card]) for card in held[:MENU_OPTIONS])
    ]
    return [*sells, keep]


def _sale_buttons(deals: list[DealCard], L: Lang) -> list[str]:
    """The sale buttons of a row, alike: "Sell Louie's Limos: $11,000" when every Deal fits whole
    with its price, else "Sell Rocket Ship Internat…", each name cut to fit (the question above
    lists each Deal whole with its price and profit)."""
    priced = [L._("Sell {deal}: {value}", deal=deal_name(d, L), value=L.money(d.value)) for d in deals]
    if all(len(label) <= MAX_LABEL for label in priced):
        return priced
    room = MAX_LABEL - len(L._("Sell {deal}", deal=""))
    return [L._("Sell {deal}", deal=short(deal_name(d, L), room)) for d in deals]


def _sale(deal: DealCard, L: Lang) -> str:
    """A Deal's price and profit under its name in the menu; with the whole name when the label
    had to cut it."""
    name = deal_name(deal, L)
    if short(name) != name:
        return sale(deal, L)
    return L._("sells for {value}, profit {profit}", value=L.money(deal.value), profit=L.money(deal.profit))


def _offer_target(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [
        Choice(short(st.players[a.value].name), ActionKind.TARGET, a.value, PRIMARY)
        for a in legal_actions(st, seat)
    ]


def _offer_move(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """The Deal first, then the Buyer, as the question names them, whichever comes first on the
    board (the label says its day)."""
    board = rs.board
    days = sorted(destinations(st, board, seat), key=lambda day: board[day].kind == SpaceKind.BUYER)
    return [
        Choice(
            L._("To the Buyer (day {day})", day=day)
            if board[day].kind == SpaceKind.BUYER
            else L._("To the Deal (day {day})", day=day),
            ActionKind.MOVE,
            day,
            PRIMARY,
        )
        for day in days
    ]


def _offer_repay(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """A few amounts as buttons beside the question (the loan step, half, all that may be repaid),
    "Other amount…" opening the money form when there are more, and No repayment last."""
    amounts = [a.value for a in legal_actions(st, seat) if a.value]
    picked = repay_amounts(amounts, st.rules.loan_step)
    repays = [Choice(L._("Repay {amount}", amount=L.money(a)), ActionKind.REPAY, a, SUCCESS) for a in picked]
    other = [Choice(L._("Other amount…"), ActionKind.REPAY, form=True)] if len(picked) < len(amounts) else []
    return [*repays, *other, Choice(L._("No repayment"), ActionKind.REPAY, 0)]


REPAY_BUTTONS = 3
"""Amounts offered as buttons at a Pay Day's repayment; beyond, "Other amount…" and the form."""


def repay_amounts(amounts: list[int], step: int) -> list[int]:
    """The amounts offered as buttons, smallest first: all of them while they are few, else the loan
    step, half the most (in whole steps) and the most."""
    if len(amounts) <= REPAY_BUTTONS:
        return amounts
    most = amounts[-1]
    return sorted({amounts[0], max(most // 2 // step * step, step), most})


def _offer_charge(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    due = charge_due(st, p.amount)
    offered = {a.kind for a in legal_actions(st, seat)}
    both = [
        Choice(L._("Pay it off: {due}", due=L.money(due)), ActionKind.PAY_ALL, style=SUCCESS),
        Choice(L._("Pay {interest} and carry", interest=L.money(due - p.amount)), ActionKind.CARRY),
    ]
    return [choice for choice in both if choice.kind in offered]


def _offer_lottery(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """Every number not taken yet, one click each (one held for a later player is still free to an
    earlier one; the question says which are held), then Sit out: `rows` keeps the numbers on rows
    of their own."""
    numbers = [Choice(str(n), ActionKind.ANTE, n, PRIMARY) for n in range(1, 7) if n not in p.picks]
    return [*numbers, Choice(L._("Sit out"), ActionKind.SIT_OUT)]


_BANKING: tuple[tuple[str, str, Callable[[Lang, str], str], Callable[[Lang], str]], ...] = (
    (
        ActionKind.REPAY,
        SUCCESS,
        lambda L, amount: L._("Repay {amount}", amount=amount),
        lambda L: L._("Repay…"),
    ),
    (
        ActionKind.DEPOSIT,
        PRIMARY,
        lambda L, amount: L._("Deposit {amount}", amount=amount),
        lambda L: L._("Deposit…"),
    ),
    (
        ActionKind.WITHDRAW,
        DANGER,
        lambda L, amount: L._("Withdraw {amount}", amount=amount),
        lambda L: L._("Withdraw…"),
    ),
)
"""Each banking move: its action, button style, label and menu placeholder."""


def _offer_banking(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """Each open move, then Done: buttons while they fit a row, else a menu per move. Repaying and
    depositing are never open together (no saving while owing), so that is two menus at most;
    `/payday repay`, `deposit` and `withdraw` take any other amount."""
    moves = banking_moves(st, seat, p.reason)
    groups = [
        (placeholder(L), [Choice(label(L, L.money(a)), kind, a, style) for a in amounts])
        for (kind, style, label, placeholder), amounts in zip(_BANKING, moves, strict=True)
        if amounts
    ]
    return _fitted(groups, [Choice(L._("Done"), ActionKind.DONE)])


def _offer_swellfare(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    bets = [
        Choice(L._("Bet {amount}", amount=L.money(bet)) if bet else L._("Bet nothing"), ActionKind.BET, bet)
        for bet in swellfare_bets(st)
    ]
    return _fitted([(L._("Choose your bet"), bets)], [])


def _offer_insurance(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    card, cash = rs.mail[p.card], st.players[seat].cash
    if card.amount > cash:
        buy = L._("Buy, short {short}", short=L.money(card.amount - cash))
    else:
        buy = L._("Buy for {price}", price=L.money(card.amount))
    return [Choice(buy, ActionKind.BUY, style=SUCCESS), Choice(L._("Decline"), ActionKind.DECLINE)]


def _offer_poker(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [
        Choice(L._("Put in {amount}", amount=L.money(p.amount)), ActionKind.PUT_IN, style=PRIMARY),
        Choice(L._("Sit out"), ActionKind.SIT_OUT),
    ]


_CHOICES: dict[str, Offer] = {
    PendingKind.ROLL: _offer_roll,
    PendingKind.RADIO: _offer_roll,
    PendingKind.WALK: _offer_roll,
    PendingKind.ROLL_OFF: _offer_roll,
    PendingKind.DEAL: _offer_buy,
    PendingKind.SELL: _offer_sell,
    PendingKind.TARGET: _offer_target,
    PendingKind.MOVE: _offer_move,
    PendingKind.REPAY: _offer_repay,
    PendingKind.CHARGE: _offer_charge,
    PendingKind.LOTTERY: _offer_lottery,
    PendingKind.BANKING: _offer_banking,
    PendingKind.SWELLFARE: _offer_swellfare,
    PendingKind.INSURANCE: _offer_insurance,
    PendingKind.POKER: _offer_poker,
}
"""One answer writer per kind of question."""


def _fitted(groups: list[tuple[str, list[Choice]]], last: list[Choice]) -> list[Choice]:
    """Groups of amounts, then the `last` buttons (the answer that passes: No repayment, Done): all
    buttons while they fit one row, else each group becomes a select menu (placeholder, options) of
    at most 25 options, evenly spread."""
    if len(last) + sum(len(options) for _, options in groups) <= ROW:
        return [*(choice for _, options in groups for choice in options), *last]
    menus = [
        replace(choice, menu=placeholder)
        for placeholder, options in groups
        for choice in _spread(options, MENU_OPTIONS)
    ]
    return [*menus, *last]


def _spread(values: list[T], most: int) -> list[T]:
    """At most `most` values, always keeping the first and the last, evenly spaced between."""
    if len(values) <= most:
        return values
    return [values[i] for i in sorted({round(i * (len(values) - 1) / (most - 1)) for i in range(most)})]
