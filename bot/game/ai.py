"""A computer player: cheap, deterministic, and always legal.

`choose` decides from `state.pending` directly instead of listing every legal action, so a
simulated game spends its time in the rules rather than in the player. Every answer it gives is
one that `legal_actions` would list (the tests check this over many games).
"""

from bot.game import actions as act
from bot.game import board as b
from bot.game import cards as c
from bot.game import state as s
from bot.game.actions import Action
from bot.game.engine import QUESTIONS
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.mail import SWELLFARE_BETS, owed_at_pay_day
from bot.game.payday import banking_moves
from bot.game.rulesets import RULESETS
from bot.game.state import GameState

RESERVE = 1000
"""Cash the computer player likes to keep in hand after buying a Deal or repaying its loan, at the
modern scale ($3,500 to start); other scales keep the same share of their start cash."""
MODERN_START = 3500


def reserve(state: GameState) -> int:
    """RESERVE scaled to the ruleset's money: $1,000 in modern and family, $92 in classic."""
    return RESERVE * state.rules.start_cash // MODERN_START


_LAST_BUYER = {
    name: max((day for day, space in enumerate(rs.board) if space.kind == b.BUYER), default=-1)
    for name, rs in RULESETS.items()
}
"""Per board: the last Found a Buyer day of the month, so "can I still sell?" is one comparison."""

_ROLLS = frozenset({s.ROLL, s.RADIO, s.WALK, s.ROLL_OFF})


def choose(state: GameState, seat: int) -> Action:
    """The computer player's answer to the question `seat` is being asked now."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        raise ValueError(f"seat {seat} has no question to answer")
    kind = pending.kind
    if kind in _ROLLS:
        return Action(seat, act.ROLL, 0, state.prompt)
    decide = _DECIDE.get(kind) or QUESTIONS[kind].default  # a question it doesn't know: the default
    answer, value = decide(state, seat)
    return Action(seat, answer, value, state.prompt)


def _step_up(amount: int, step: int) -> int:
    """The smallest whole number of loan steps covering `amount` (0 if nothing is needed)."""
    return -(-amount // step) * step if amount > 0 else 0


def held_bills(state: GameState, seat: int) -> int:
    """What the player's held bills will cost at their next Pay Day."""
    mail = RULESETS[state.ruleset].mail
    return sum(mail[card].amount for card in state.players[seat].mail if mail[card].kind == c.BILL)


def can_resell(state: GameState, seat: int) -> bool:
    """A Found a Buyer space is still ahead: later this month, or in a month still to play."""
    player = state.players[seat]
    return player.months_done + 1 < state.months or player.day < _LAST_BUYER[state.ruleset]


def _buy(state: GameState, seat: int) -> tuple[str, int]:
    """Buy when the Deal can still be sold and the loan it needs is no more than its profit."""
    deal = RULESETS[state.ruleset].deals[state.pending.card]
    if can_resell(state, seat):
        player = state.players[seat]
        need = _step_up(deal.cost + reserve(state) - player.cash - player.savings, state.rules.loan_step)
        if need <= deal.profit:
            return (act.BUY, 0)
    return (act.DECLINE, 0)


def _sell(state: GameState, seat: int) -> tuple[str, int]:
    """Every sale gains, so sell the most profitable Deal held (the first of equals)."""
    deals = RULESETS[state.ruleset].deals
    return (act.SELL, max(state.players[seat].deals, key=lambda card: deals[card].profit))


def _target(state: GameState, seat: int) -> tuple[str, int]:
    """Mad Money: collect from the richest other player; Pay a Neighbor: pay the poorest.

    "Rich" is net worth, which decides the game; ties go to the first in turn order after `seat`.
    """
    card = RULESETS[state.ruleset].mail[state.pending.card]
    n = len(state.players)
    others = [(seat + k) % n for k in range(1, n)]
    if card.kind == c.MAD_MONEY:
        return (act.TARGET, max(others, key=state.net_worth))
    return (act.TARGET, min(others, key=state.net_worth))


def _move(state: GameState, seat: int) -> tuple[str, int]:
    """Move Ahead: the next Buyer when holding a Deal to sell, else the next Deal."""
    board = RULESETS[state.ruleset].board
    want = b.BUYER if state.players[seat].deals else b.DEAL
    fallback = -1
    for day in range(state.players[seat].day + 1, b.PAYDAY_DAY):
        kind = board[day].kind
        if kind == want:
            return (act.MOVE, day)
        if fallback < 0 and kind in (b.DEAL, b.BUYER):
            fallback = day
    return (act.MOVE, fallback)


def _repay(state: GameState, seat: int) -> tuple[str, int]:
    """Repay as much as possible while keeping cash for the held bills plus a reserve."""
    player = state.players[seat]
    step = state.rules.loan_step
    spare = player.cash - held_bills(state, seat) - reserve(state)
    amount = min(player.loan, max(spare, 0) // step * step)
    return (act.REPAY, amount)


def _charge(state: GameState, seat: int) -> tuple[str, int]:
    """Pay a Monster Charge in full when cash covers it without a loan, else carry it."""
    if state.players[seat].cash >= state.pending.amount:
        return (act.PAY_ALL, 0)
    return (act.CARRY, 0)


def _lottery(state: GameState, seat: int) -> tuple[str, int]:
    """Ante on the lowest free number when cash covers it (no loan) and it is cheap: at most half
    of an even share of the pot it would join (the Bank's stake, the antes so far and this one).

    With the printed numbers ($100 ante, $1,000 from the Bank) that holds for up to 10 takers, so
    the computer player always antes when it has the cash; a house rule can make it sit out.
    """
    pending = state.pending
    ante = pending.amount
    takers = len(pending.picks) + 1
    pot = state.pot + state.rules.lottery_bank + ante
    if state.players[seat].cash >= ante and 2 * ante * takers <= pot:
        for number in LOTTERY_NUMBERS:
            if number not in pending.picks:
                return (act.ANTE, number)
    return (act.SIT_OUT, 0)


def _banking(state: GameState, seat: int) -> tuple[str, int]:
    """Classic Pay Day (bills are paid by now): repay the loan first, keeping a reserve; then bank
    the surplus cash above the reserve; or draw savings to bring the cash up to the reserve."""
    player = state.players[seat]
    keep = reserve(state)
    repays, deposits, withdrawals = banking_moves(state, seat, state.pending.reason)
    spare = player.cash - keep
    if repays:
        amount = max((a for a in repays if a <= spare), default=0)
        if amount:
            return (act.REPAY, amount)
    if deposits:
        amount = max((a for a in deposits if a <= spare), default=0)
        if amount:
            return (act.DEPOSIT, amount)
    if withdrawals and spare < 0:
        return (act.WITHDRAW, next((a for a in withdrawals if a >= -spare), withdrawals[-1]))
    return (act.DONE, 0)


def _swellfare(state: GameState, seat: int) -> tuple[str, int]:
    """Bet the most only when broke: cash and savings together can't meet what is owed at Pay Day."""
    player = state.players[seat]
    if player.cash + player.savings < owed_at_pay_day(state, seat) - player.loan:
        return (act.BET, SWELLFARE_BETS[-1])
    return (act.BET, 0)


def _insurance(state: GameState, seat: int) -> tuple[str, int]:
    """Buy the policy whenever the cash pays for it without a loan or touching savings."""
    price = RULESETS[state.ruleset].mail[state.pending.card].amount
    return (act.BUY, 0) if state.players[seat].cash >= price else (act.DECLINE, 0)


def _poker(state: GameState, seat: int) -> tuple[str, int]:
    """Put in when it is cheap: the stake leaves the bills held and the reserve covered."""
    spare = state.players[seat].cash - held_bills(state, seat) - reserve(state)
    return (act.PUT_IN, 0) if spare >= state.pending.amount else (act.SIT_OUT, 0)


_DECIDE = {
    s.DEAL: _buy,
    s.SELL: _sell,
    s.TARGET: _target,
    s.MOVE: _move,
    s.REPAY: _repay,
    s.CHARGE: _charge,
    s.LOTTERY: _lottery,
    s.BANKING: _banking,
    s.SWELLFARE: _swellfare,
    s.INSURANCE: _insurance,
    s.POKER: _poker,
}
