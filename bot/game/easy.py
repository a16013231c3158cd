"""The Easy computer player: a beginner who answers legally and plausibly, but ignores the calendar
and the money.

It buys any Deal its cash covers (even one it can no longer sell), pays every Monster Charge off,
repays what its cash allows, antes whenever it has the cash, never saves, and picks targets,
Deals to sell, destinations, Lottery numbers and Swellfare bets at random: random from the seed
it is given, so a game replays exactly.
"""

from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.game.actions import Action, ActionKind
from bot.game.context import Options
from bot.game.engine import QUESTIONS
from bot.game.interrupts import lottery_free
from bot.game.mail import bet_options, move_options, target_options
from bot.game.payday import most_repayable
from bot.game.rng import mix
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind

T = TypeVar("T")


def choose(state: GameState, seat: int, seed: int = 0) -> Action:
    """Easy's answer to the question `seat` is being asked now."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        raise ValueError(f"seat {seat} has no question to answer")
    draw = mix(seed, state.prompt, state.actions, seat)
    decide = _DECIDE.get(pending.kind)
    if decide is None:
        kind, value = QUESTIONS[pending.kind].default(state, seat)
    else:
        kind, value = decide(state, seat, draw)
    return Action(seat, kind, value, state.prompt)


def one_of(choices: Sequence[T], draw: int) -> T:
    """The choice a random 64-bit `draw` lands on (each decision draws once)."""
    return choices[draw % len(choices)]


def _affords(state: GameState, seat: int, price: int) -> bool:
    player = state.players[seat]
    return player.cash + player.savings >= price


def _yes_if(affordable: bool, yes: str, no: str) -> tuple[str, int]:
    return (yes, 0) if affordable else (no, 0)


def _buy(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    deal = RULESETS[state.ruleset].deals[state.asked.card]
    return _yes_if(_affords(state, seat, deal.cost), ActionKind.BUY, ActionKind.DECLINE)


def _sell(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    return (ActionKind.SELL, one_of(state.players[seat].deals, draw))


def _any(options: Callable[[GameState, int], Options]) -> Callable[[GameState, int, int], tuple[str, int]]:
    """Pick one of the question's options at random."""

    def pick(state: GameState, seat: int, draw: int) -> tuple[str, int]:
        return one_of(options(state, seat), draw)

    return pick


def _repay(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    return (ActionKind.REPAY, most_repayable(state, seat))


def _charge(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    return (ActionKind.PAY_ALL, 0)


def _lottery(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    free = lottery_free(state, seat)
    if free and state.players[seat].cash >= state.asked.amount:
        return (ActionKind.ANTE, one_of(free, draw))
    return (ActionKind.SIT_OUT, 0)


def _banking(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    """Repay what the cash allows; a beginner never thinks of savings."""
    amount = most_repayable(state, seat)
    return (ActionKind.REPAY, amount) if amount else (ActionKind.DONE, 0)


def _insurance(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    price = RULESETS[state.ruleset].mail[state.asked.card].amount
    return _yes_if(state.players[seat].cash >= price, ActionKind.BUY, ActionKind.DECLINE)


def _poker(state: GameState, seat: int, draw: int) -> tuple[str, int]:
    return _yes_if(state.players[seat].cash >= state.asked.amount, ActionKind.PUT_IN, ActionKind.SIT_OUT)


_DECIDE: dict[str, Callable[[GameState, int, int], tuple[str, int]]] = {
    PendingKind.DEAL: _buy,
    PendingKind.SELL: _sell,
    PendingKind.TARGET: _any(target_options),
    PendingKind.MOVE: _any(move_options),
    PendingKind.REPAY: _repay,
    PendingKind.CHARGE: _charge,
    PendingKind.LOTTERY: _lottery,
    PendingKind.BANKING: _banking,
    PendingKind.SWELLFARE: _any(bet_options),
    PendingKind.INSURANCE: _insurance,
    PendingKind.POKER: _poker,
}
"""Easy's rule for each kind of question; the rolls get the question's default."""
