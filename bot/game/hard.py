"""The Hard computer player: it plans each real choice by playing the game forward.

For every sensible answer to the question it is asked, Hard plays the same sampled futures to the
end of the game, the other seats answering as the Normal players it meets (`ai.choose`) and its
own as it would answer without thinking (`usual`: the Normal player's rules, but buying Deals on a
loan while a month is left). An answer's result in a future is its share of the win (ties share
it), plus its lead over the best rival as a small fraction of a win, which tells apart answers
that win as often and steadies an estimate made from few futures. Hard gives the answer whose
results beat its usual answer by the most, future by future, if by more than their noise; else
the usual one.

Each future is a fresh sample of what nobody at the table can know (`hidden.sample`: the draw
piles' order, the face-down Yard Sale card, the dice), so Hard never sees the real deck; every
answer is judged on the same futures (common random numbers), so the comparison measures the
answers and not the luck of the draw. The weighing (`weigh`) hands back how every future ended for
every seat, so the coach (bot/features/review) judges a player's answer on Hard's very futures.

A question with one sensible answer (a roll, one Deal to sell, a Monster Charge at the last Pay
Day) is answered without simulating. Some questions list many answers that differ only by degree
(a repayment in any number of steps, Swellfare bets in $5 steps): Hard weighs the ends and its
usual choice. The Lottery number is the lowest free one: every face is as likely as any
other, so the number changes nothing but who else can pick what.
"""

import math
import statistics
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from bot.game import ai
from bot.game import calendar as b
from bot.game.actions import Action, ActionKind
from bot.game.context import Answer
from bot.game.engine import QUESTIONS, apply
from bot.game.hidden import sample
from bot.game.interrupts import lowest_free
from bot.game.mail import swellfare_bets
from bot.game.payday import banking_moves, most_repayable
from bot.game.rng import mix
from bot.game.rulesets import RULESETS
from bot.game.simulate import play
from bot.game.state import GameState, PendingKind, from_json, to_json

BUDGET = 24_000
"""Player-days played forward per decision, shared among its answers (`futures`): about the same
thinking time early in a game and late in it, where each future is shorter (docs/BENCHMARKS.md)."""
MIN_FUTURES, MAX_FUTURES = 16, 400
"""Sampled futures per answer, whatever the budget buys."""
SPREAD = 10
"""A lead over the best rival of SPREAD times the start cash counts as much as a whole win: it
breaks ties between answers that win as often, and steadies an estimate made from few futures."""
HELD_DEALS = 2
"""Deals held at which Hard's `usual` answer stops buying on a loan (Normal's rule decides)."""
CONFIDENCE = 1.0
"""Standard errors by which an answer must beat the usual one over the same futures to be chosen
instead: the usual answer is sound, so Hard leaves it only for a gain it can see."""


Outcome = tuple[float, int]
"""How a future ended for the seat that plans: its share of the win, its lead over the best other
player in dollars (negative when behind)."""


def win_share(world: GameState, seat: int) -> float:
    """The seat's share of the win in a finished game: 1, a share of a tie, or 0."""
    return 1 / len(world.winners) if seat in world.winners else 0.0


def outcome(world: GameState, seat: int) -> Outcome:
    best_other = max(world.net_worth(other) for other in world.others(seat))
    return win_share(world, seat), world.net_worth(seat) - best_other


class FutureEnd(NamedTuple):
    """How one sampled future ended: the planning seat's `Outcome` (what Hard weighs), and every
    seat's share of the win (what a review weighs: one answer's effect on each player at once)."""

    outcome: Outcome
    shares: tuple[float, ...]


def future_end(world: GameState, seat: int) -> FutureEnd:
    shares = tuple(win_share(world, other) for other in range(len(world.players)))
    return FutureEnd(outcome(world, seat), shares)


def choose(state: GameState, seat: int, seed: int = 0, budget: int = BUDGET) -> Action:
    """Hard's answer to the question `seat` is being asked now; the same `seed` (and `budget`)
    gives the same answer, and `state` is left as it was."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        raise ValueError(f"seat {seat} has no question to answer")
    answers = candidates(state, seat)
    if len(answers) == 1:
        kind, value = answers[0]
        return Action(seat, kind, value, state.prompt)
    endings = weigh(state, seat, answers, seed, futures_for(state, budget, len(answers)))
    kind, value = answers[preferred(state, endings)]
    return Action(seat, kind, value, state.prompt)


def weigh(
    state: GameState, seat: int, answers: Sequence[Answer], seed: int, futures: int
) -> list[list[FutureEnd]]:
    """How each of `answers` ends in each of the same `futures` sampled futures (common random
    numbers), seeded as Hard seeds its own: weighing Hard's candidates here is Hard's weighing, and
    an answer added after them is judged on the very futures they were. `state` is left as it was."""
    endings: list[list[FutureEnd]] = [[] for _ in answers]
    for future in range(futures):
        world = to_json(sample(state, mix(seed, state.prompt, state.actions, seat, future)))
        for answer, ended in zip(answers, endings, strict=True):
            ended.append(future_end(played_forward(world, seat, answer), seat))
    return endings


def preferred(state: GameState, endings: Sequence[list[FutureEnd]]) -> int:
    """The index of Hard's answer among weighed ones, its usual answer first (`pick`)."""
    outcomes = [[future.outcome for future in futures] for futures in endings]
    return pick(outcomes, state.rules.start_cash * SPREAD)


def played_forward(world: str, seat: int, answer: Answer) -> GameState:
    """The saved game `world` after `seat` gives `answer`, played to its end as Hard imagines it:
    its own seat by its `usual` rules, the others as Normal players (`own_or_normal`)."""
    played = from_json(world)
    kind, value = answer
    apply(played, Action(seat, kind, value, played.prompt), record=False)
    play(played, chooser=partial(own_or_normal, seat))
    return played


def pick(results: list[list[Outcome]], spread: int) -> int:
    """The index of the answer to give: the one that gains most over the usual answer (index 0),
    future by future, if that gain is more than CONFIDENCE standard errors; else the usual one."""
    worth = [[win + lead / spread for win, lead in futures] for futures in results]
    best, best_gain = 0, 0.0
    for i in range(1, len(results)):
        gains = [mine - normal for mine, normal in zip(worth[i], worth[0], strict=True)]
        gain = statistics.fmean(gains)
        if gain > best_gain and gain > CONFIDENCE * statistics.stdev(gains) / math.sqrt(len(gains)):
            best, best_gain = i, gain
    return best


def futures_for(state: GameState, budget: int, answers: int) -> int:
    """How many futures each answer gets: the budget over the player-days left to play (every
    player's days until their last Pay Day), from public facts only."""
    days_left = sum(
        (state.months - player.months_done) * b.PAYDAY_DAY - player.day
        for player in state.players
        if not player.retired
    )
    return min(MAX_FUTURES, max(MIN_FUTURES, budget // (answers * max(days_left, 1))))


def usual(state: GameState, seat: int) -> Answer:
    """Hard's answer before it simulates, and its own answers in the futures it plays: the Normal
    player's, except that it buys a Deal in a month before its last whatever the loan, unless it
    already holds HELD_DEALS. A Deal bought then nearly always finds a Buyer, and its profit is
    several months of its loan's interest; more Deals than that wait their turn for a Buyer."""
    if (
        state.asked.kind == PendingKind.DEAL
        and not state.in_last_month(seat)
        and len(state.players[seat].deals) < HELD_DEALS
    ):
        return (ActionKind.BUY, 0)
    normal = ai.choose(state, seat)
    return (normal.kind, normal.value)


def own_or_normal(seat: int, world: GameState, asked: int) -> Action:
    """The answers in Hard's futures: its own `usual` ones for `seat`, the Normal player's for the
    others (the players it meets at the table)."""
    if asked != seat:
        return ai.choose(world, asked)
    kind, value = usual(world, seat)
    return Action(seat, kind, value, world.prompt)


def candidates(state: GameState, seat: int) -> list[Answer]:
    """The answers worth simulating, none twice; when there are several, Hard's `usual` answer
    first, the one the others must beat (`pick`)."""
    usual_answer = usual(state, seat)
    sensible = _SENSIBLE.get(state.asked.kind)
    if sensible is None:
        return [usual_answer]
    answers = list(dict.fromkeys(sensible(state, seat, usual_answer)))
    if len(answers) == 1:
        return answers
    return [usual_answer, *(answer for answer in answers if answer != usual_answer)]


def _every_option(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    return list(QUESTIONS[state.asked.kind].options(state, seat))


def _sales(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    """One sale per Deal value held: a sale always gains, so keeping them all is never better, and
    two Deals of one value are the same choice."""
    deals = RULESETS[state.ruleset].deals
    by_value = {deals[card].value: card for card in state.players[seat].deals}
    return [(ActionKind.SELL, card) for card in by_value.values()]


def _repayments(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    return [(ActionKind.REPAY, 0), usual, (ActionKind.REPAY, most_repayable(state, seat))]


def _lottery(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    """Ante when the cash covers it: the pot a number shares out is the antes plus the Bank's stake,
    so a ticket is worth more than its ante. Only an ante that takes a loan is weighed."""
    number = lowest_free(state, seat)
    if number is None:
        return [(ActionKind.SIT_OUT, 0)]
    if state.players[seat].cash >= state.asked.amount:
        return [(ActionKind.ANTE, number)]
    return [(ActionKind.SIT_OUT, 0), (ActionKind.ANTE, number)]


def _banking(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    """Done, the usual move, or the largest repayment, deposit or withdrawal open now."""
    repays, deposits, withdrawals = banking_moves(state, seat, state.asked.reason)
    ends = [(ActionKind.REPAY, repays), (ActionKind.DEPOSIT, deposits), (ActionKind.WITHDRAW, withdrawals)]
    return [(ActionKind.DONE, 0), usual] + [(kind, amounts[-1]) for kind, amounts in ends if amounts]


def _bets(state: GameState, seat: int, usual: Answer) -> list[Answer]:
    bets = swellfare_bets(state)
    return [(ActionKind.BET, bets[0]), (ActionKind.BET, bets[len(bets) // 2]), (ActionKind.BET, bets[-1])]


_SENSIBLE: dict[str, Callable[[GameState, int, Answer], list[Answer]]] = {
    PendingKind.DEAL: _every_option,
    PendingKind.SELL: _sales,
    PendingKind.TARGET: _every_option,
    PendingKind.MOVE: _every_option,
    PendingKind.REPAY: _repayments,
    PendingKind.CHARGE: _every_option,
    PendingKind.LOTTERY: _lottery,
    PendingKind.BANKING: _banking,
    PendingKind.SWELLFARE: _bets,
    PendingKind.INSURANCE: _every_option,
    PendingKind.POKER: _every_option,
}
"""The answers Hard weighs, per kind of question, given its usual one; a roll has no other."""
