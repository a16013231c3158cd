"""A computer player: deterministic and always legal.

`choose` answers the question the game waits on with a rule per kind of question, falling back to
the question's own cautious default. Every answer it gives is one that `legal_actions` would list
(the tests check this over many games).
"""

from collections.abc import Callable

from bot.game import calendar as b
from bot.game.actions import Action, ActionKind
from bot.game.bank import whole_steps
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.context import Answer
from bot.game.deals import sell_best
from bot.game.engine import QUESTIONS
from bot.game.interrupts import lowest_free
from bot.game.mail import due_at_pay_day, move_default, neighbours, swellfare_bets
from bot.game.payday import banking_moves
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind

RESERVE = 1000
"""Cash the computer player likes to keep in hand after buying a Deal or repaying its loan, at the
modern scale ($3,500 to start); other scales keep the same share of their start cash."""
MODERN_START = 3500


def reserve(state: GameState) -> int:
    """RESERVE scaled to the ruleset's money: $1,000 in modern and family, $92 in classic."""
    return RESERVE * state.rules.start_cash // MODERN_START


def buyer_chances(board: b.Board) -> tuple[float, ...]:
    """For each day, the probability that a token standing there still lands on a Buyer by a
    movement roll before Pay Day, rolling a fair die each turn (Pay Day stops every token).

    Dynamic programming from Pay Day backwards: chance[d] is the average over the six faces of 1
    if day d + face is a Buyer, else the chance from that day."""
    chance = [0.0] * (b.PAYDAY_DAY + 1)
    for day in range(b.PAYDAY_DAY - 1, -1, -1):
        total = 0.0
        for face in range(1, 7):
            to = min(day + face, b.PAYDAY_DAY)
            total += 1.0 if board[to].kind == SpaceKind.BUYER else chance[to]
        chance[day] = total / 6
    return tuple(chance)


_BUYER_CHANCE = {name: buyer_chances(rs.board) for name, rs in RULESETS.items()}
"""Per board, computed once: `buyer_chances`."""


def choose(state: GameState, seat: int) -> Action:
    """The computer player's answer to the question `seat` is being asked now."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        raise ValueError(f"seat {seat} has no question to answer")
    decide = _DECIDE.get(pending.kind, QUESTIONS[pending.kind].default)
    kind, value = decide(state, seat)
    return Action(seat, kind, value, state.prompt)


def resale_chance(state: GameState, seat: int) -> float:
    """The chance of landing on a Buyer before the player's last Pay Day: 1 while a month is still
    to play after this one, else the chance from where the token stands (`buyer_chances`)."""
    if not state.in_last_month(seat):
        return 1.0
    return _BUYER_CHANCE[state.ruleset][state.players[seat].day]


def _buy(state: GameState, seat: int) -> Answer:
    """Buy when the loan it needs is no more than the Deal's profit and, in the last month (an
    unsold Deal is worth nothing at the end), when the chance of still finding a Buyer times the
    Deal's value is more than its cost."""
    deal = RULESETS[state.ruleset].deals[state.asked.card]
    if resale_chance(state, seat) * deal.value > deal.cost:
        player = state.players[seat]
        need = whole_steps(deal.cost + reserve(state) - player.cash - player.savings, state.rules.loan_step)
        if need <= deal.profit:
            return (ActionKind.BUY, 0)
    return (ActionKind.DECLINE, 0)


def _target(state: GameState, seat: int) -> Answer:
    """Mad Money: collect from the richest other player; Pay a Neighbor: pay the poorest.

    "Rich" is net worth, which decides the game; ties go to the first in turn order after `seat`.
    """
    card = RULESETS[state.ruleset].mail[state.asked.card]
    others = neighbours(state, seat)
    if card.kind == MailKind.MAD_MONEY:
        return (ActionKind.TARGET, max(others, key=state.net_worth))
    return (ActionKind.TARGET, min(others, key=state.net_worth))


def _repay(state: GameState, seat: int) -> Answer:
    """Repay as much as possible while keeping cash for the rest of this Pay Day (held bills, held
    Monster Charges and carried balances, `due_at_pay_day`) plus a reserve."""
    player = state.players[seat]
    step = state.rules.loan_step
    spare = player.cash - due_at_pay_day(state, seat) - reserve(state)
    amount = min(player.loan, max(spare, 0) // step * step)
    return (ActionKind.REPAY, amount)


def _charge(state: GameState, seat: int) -> Answer:
    """Pay a Monster Charge off unless carrying it is cheaper.

    Either way this Pay Day's interest is paid; carrying costs the charge interest on the whole
    balance again at the next Pay Day, while paying off borrows at most the shortfall, at the loan
    interest. So carry only when the charge interest is the lower rate (and never at the last Pay
    Day, where carrying is closed)."""
    rules = state.rules
    if rules.charge_interest_pct < rules.loan_interest_pct and not state.in_last_month(seat):
        return (ActionKind.CARRY, 0)
    return (ActionKind.PAY_ALL, 0)


def _lottery(state: GameState, seat: int) -> Answer:
    """Ante on the lowest free number when cash covers it (no loan) and it is cheap: at most half
    of an even share of the pot it would join (the Bank's stake, the antes so far and this one).

    With the printed numbers ($100 ante, $1,000 from the Bank) that holds for up to 10 takers, so
    the computer player always antes when it has the cash; a house rule can make it sit out.
    """
    pending = state.asked
    ante = pending.amount
    takers = len(pending.picks) + len(pending.wants) + 1
    pot = ante * takers + state.rules.lottery_bank
    if state.players[seat].cash >= ante and 2 * ante * takers <= pot:
        number = lowest_free(state, seat)
        if number is not None:
            return (ActionKind.ANTE, number)
    return (ActionKind.SIT_OUT, 0)


def _banking(state: GameState, seat: int) -> Answer:
    """Classic Pay Day (bills are paid by now): repay the loan first, keeping a reserve; then bank
    the surplus cash above the reserve; or draw savings to bring the cash up to the reserve."""
    player = state.players[seat]
    keep = reserve(state)
    repays, deposits, withdrawals = banking_moves(state, seat, state.asked.reason)
    spare = player.cash - keep
    if repays:
        amount = max((a for a in repays if a <= spare), default=0)
        if amount:
            return (ActionKind.REPAY, amount)
    if deposits:
        amount = max((a for a in deposits if a <= spare), default=0)
        if amount:
            return (ActionKind.DEPOSIT, amount)
    if withdrawals and spare < 0:
        return (ActionKind.WITHDRAW, next((a for a in withdrawals if a >= -spare), withdrawals[-1]))
    return (ActionKind.DONE, 0)


def _swellfare(state: GameState, seat: int) -> Answer:
    """Bet the most: a 5 or 6 (one roll in three) pays ten times the bet and the other two lose it,
    so each dollar bet is worth 10/3 - 2/3 = +8/3 dollars on average."""
    return (ActionKind.BET, swellfare_bets(state)[-1])


def _insurance(state: GameState, seat: int) -> Answer:
    """Buy the policy whenever the cash pays for it without a loan or touching savings."""
    price = RULESETS[state.ruleset].mail[state.asked.card].amount
    return (ActionKind.BUY, 0) if state.players[seat].cash >= price else (ActionKind.DECLINE, 0)


def _poker(state: GameState, seat: int) -> Answer:
    """Put in when it is cheap: the stake leaves what is due at Pay Day and the reserve covered."""
    spare = state.players[seat].cash - due_at_pay_day(state, seat) - reserve(state)
    return (ActionKind.PUT_IN, 0) if spare >= state.asked.amount else (ActionKind.SIT_OUT, 0)


_DECIDE: dict[str, Callable[[GameState, int], Answer]] = {
    PendingKind.DEAL: _buy,
    PendingKind.SELL: sell_best,
    PendingKind.TARGET: _target,
    PendingKind.MOVE: move_default,
    PendingKind.REPAY: _repay,
    PendingKind.CHARGE: _charge,
    PendingKind.LOTTERY: _lottery,
    PendingKind.BANKING: _banking,
    PendingKind.SWELLFARE: _swellfare,
    PendingKind.INSURANCE: _insurance,
    PendingKind.POKER: _poker,
}
"""The computer player's own rule for each kind of question; a question it has none for (the rolls)
gets the question's default, which is the only sensible answer there."""
