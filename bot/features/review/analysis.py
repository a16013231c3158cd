"""The coach's judgement of a finished game, and its hint for a question asked now: pure, no I/O, so
it runs in a worker process.

An answer is weighed as the planner weighs its own (`hard.weigh`): the same sampled futures played
forward after each sensible answer and after the one given, the seat then answering by the usual
rule (`hard.usual`) and the others as Normal players. The futures redraw what nobody at the table
could know then (`hidden.sample`), never the real deck, so an answer is judged on what its player
could know. The planner's answer is the one Hard gives with Hard's own seed and budget
(`decision_seed`), on those very futures, so a game Hard played shows no mistakes. Chances are win
shares (`hard.win_share`), without Hard's lead term.

A seat's result is told apart against a baseline: everyone answering by the usual rule. Its chance
under that baseline starts at one in the number of players and ends at its result; every answer
moves it by the answer's advantage over the usual answer (one weighing gives every seat's share, so
one weighing tells an answer's effect on all), and every draw of dice and cards moves it by its
luck. So result = start + choices (the seat's own advantages) + others (the other seats' answers'
advantages for it) + luck (the rest). A usual answer adds exactly 0 and is not simulated. The rest
also holds the small approximations: the deal's chance is not exactly even (who moves first), the
futures play only the answering seat by the usual rule and the others as Normal players (who differ
from it only in buying Deals on a loan), loans and repayments between questions and an early end
are not weighed, and each advantage is an estimate (their errors add up in `luck_error`; where the
planner picked its answer on the very futures that measure it, a little high: `bench.review`
re-measures the gains it reports on other futures).
"""

import math
import statistics
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.features.review.model import Decision, GameReview, Hint, Moment, SeatReview, Weighed
from bot.game import engine, hard
from bot.game.actions import Action, ActionKind, IllegalAction
from bot.game.context import Answer
from bot.game.rng import mix
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, from_json, to_json
from bot.service.rebuild import Diverged, Setup, rebuild
from bot.service.thinking import decision_seed

MISTAKE_ERRORS = 2.0
"""A mistake is a gain beyond this many standard errors: an answer as good as the planner's passes
by chance about once in forty, so of the few answers a game's review tells a player, a mistake
named is nearly always one."""
MISTAKE_GAIN = 0.01
"""...and of at least a hundredth of a win: less is not worth a player's attention, however sure."""
MOMENTS = 3
"""Answers kept per seat, those that moved its chance most (`swing`): a game asks a seat about
thirty real questions and a few of them matter; three are read in a minute."""
REVIEW_STREAM = 0xC0AC4
"""Mixed into the seed of the futures the review plays for itself (the answer of a seat that is not
reviewed), so they are never the futures Hard sampled for that question."""


class Estimate(NamedTuple):
    """A chance to win, or a difference of two, and its standard error."""

    value: float
    error: float


ZERO = Estimate(0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Asked:
    """An answer worth weighing, and the game as it stood when it was given (as JSON)."""

    saved: str
    action: Action


@dataclass(frozen=True, slots=True)
class Judged:
    """An answer weighed: what it changed in every seat's chance against the usual answer, and its
    `Moment` when its seat is reviewed."""

    seat: int
    effects: tuple[Estimate, ...]
    moment: Moment | None


def review_game(
    game_id: int,
    setup: Setup,
    log: Iterable[Mapping[str, Any]],
    reviewed_seats: Collection[int] | None = None,
    budget: int = hard.BUDGET,
) -> GameReview:
    """The review of a finished game: `setup` as it started, `log` its records from the start on
    (`after_start`, as `rebuild` takes them). Every seat is reviewed unless `reviewed_seats` says
    which (the others' answers are then weighed only where they differ from the usual one, for their
    effect on the seats reviewed). `budget` is Hard's (the planner's answers are Hard's only with
    it). The same arguments give the same review. Diverged if the log does not rebuild a finished
    game."""
    players = len(setup.names)
    reviewed = frozenset(range(players) if reviewed_seats is None else reviewed_seats)
    if not reviewed <= set(range(players)):
        raise ValueError(f"seats {sorted(reviewed)} are not all in a game of {players}")
    asked: list[Asked] = []

    def keep(state: GameState, action: Action) -> None:
        if worth_weighing(state, action, action.seat in reviewed):
            asked.append(Asked(to_json(state), action))

    final = rebuild(setup, log, setup.names, keep).final
    if not final.over:
        raise Diverged("the log ends before the game does")
    judged = [judge(answer, setup.seed, budget, answer.action.seat in reviewed) for answer in asked]
    return GameReview(
        game_id=game_id, seats=tuple(seat_review(final, seat, judged) for seat in sorted(reviewed))
    )


def worth_weighing(state: GameState, action: Action, reviewed: bool) -> bool:
    """Whether an answer is weighed: any that is not the usual one (its effect on every seat), and
    for a seat reviewed, any question with more than one sensible answer (the planner's may differ).
    A roll, or a loan between questions, is not."""
    try:
        if engine.check(state, action) is None:
            return False  # a loan or a repayment between questions
    except IllegalAction:
        return False  # the rebuild refuses it at once
    answers = hard.candidates(state, action.seat)
    given = counted_as(state, answers, (action.kind, action.value))
    if given != counted_as(state, answers, hard.usual(state, action.seat)):
        return True
    return reviewed and (len(answers) > 1 or given not in answers)


def counted_as(state: GameState, candidates: Sequence[Answer], answer: Answer) -> Answer:
    """`answer` as the planner counts it, among its `candidates`: an ante on any free Lottery number
    is its ante on the lowest (every face is as likely), the sale of a Deal is the sale of any
    Deal of the same value (`hard.candidates`)."""
    kind, value = answer
    if answer in candidates:
        return answer
    if kind == ActionKind.ANTE:
        return next((c for c in candidates if c[0] == ActionKind.ANTE), answer)
    if kind == ActionKind.SELL:
        deals = RULESETS[state.ruleset].deals
        worth = deals[value].value
        return next((c for c in candidates if c[0] == kind and deals[c[1]].value == worth), answer)
    return answer


def judge(asked: Asked, game_seed: int, budget: int, reviewed: bool) -> Judged:
    """One answer weighed. For a seat reviewed, on Hard's own futures for the question, with Hard's
    candidates (their count sets the futures, as Hard's does) and the given and usual answers; for
    another seat, the given and usual answers alone, on futures of the review's own."""
    state, action = from_json(asked.saved), asked.action
    seat = action.seat
    candidates = hard.candidates(state, seat)
    given = counted_as(state, candidates, (action.kind, action.value))
    usual = counted_as(state, candidates, hard.usual(state, seat))
    seed = decision_seed(game_seed, state.prompt, seat)
    if reviewed:
        answers = list(dict.fromkeys([*candidates, given, usual]))
        endings = hard.weigh(state, seat, answers, seed, hard.futures_for(state, budget, len(candidates)))
        planner = answers[hard.preferred(state, endings[: len(candidates)])]
    else:
        answers = [usual, given]
        endings = hard.weigh(
            state, seat, answers, mix(seed, REVIEW_STREAM), hard.futures_for(state, budget, 2)
        )
    ended = dict(zip(answers, endings, strict=True))
    effects = tuple(difference(ended[given], ended[usual], who) for who in range(len(state.players)))
    if not reviewed:
        return Judged(seat, effects, None)
    gain = difference(ended[planner], ended[given], seat)
    return Judged(
        seat, effects, moment_at(state, action, None if planner == given else planner, gain, effects[seat])
    )


def difference(better: list[hard.FutureEnd], worse: list[hard.FutureEnd], who: int) -> Estimate:
    """How much more `who`'s chance is after one answer than after another, on the same futures:
    exactly 0 for the same answer."""
    if better is worse:
        return ZERO
    return estimate(
        [mine.shares[who] - theirs.shares[who] for mine, theirs in zip(better, worse, strict=True)]
    )


def moment_at(
    state: GameState, action: Action, planner: Answer | None, gain: Estimate, advantage: Estimate
) -> Moment:
    """The moment of an answer weighed; `planner` None when the planner answers the same."""
    pending, player = state.asked, state.players[action.seat]
    answered = Decision(kind=action.kind, value=action.value)
    return Moment(
        prompt=state.prompt,
        month=player.months_done + 1,
        day=player.day,
        asked=pending.kind,
        card=pending.card,
        amount=pending.amount,
        answered=answered,
        planner=answered if planner is None else Decision(kind=planner[0], value=planner[1]),
        gain=gain.value,
        error=gain.error,
        mistake=planner is not None and is_mistake(gain),
        timed_out=action.timed_out,
        advantage=advantage.value,
        advantage_error=advantage.error,
    )


def estimate(samples: Sequence[float]) -> Estimate:
    """The mean of what the futures measured (a chance, or a difference of chances future by
    future), and its standard error."""
    return Estimate(statistics.fmean(samples), statistics.stdev(samples) / math.sqrt(len(samples)))


def is_mistake(gain: Estimate) -> bool:
    return gain.value > MISTAKE_ERRORS * gain.error and gain.value >= MISTAKE_GAIN


def swing(moment: Moment) -> float:
    """How much an answer moved its seat's chance: what it gained or lost against the usual answer,
    or what the planner's answer would have added, whichever is more. A choice that paid off and
    one that missed most both rank high."""
    return max(abs(moment.gain), abs(moment.advantage))


def total(estimates: Iterable[Estimate]) -> Estimate:
    """A sum of independent estimates (each on futures of its own) and its standard error."""
    values, errors = [], []
    for estimate in estimates:
        values.append(estimate.value)
        errors.append(estimate.error**2)
    return Estimate(math.fsum(values), math.sqrt(math.fsum(errors)))


def seat_review(final: GameState, seat: int, judged: Sequence[Judged]) -> SeatReview:
    """One seat's result told apart: start + choices + others + luck (the module's docstring)."""
    result, start = hard.win_share(final, seat), 1 / len(final.players)
    choices = total(j.effects[seat] for j in judged if j.seat == seat)
    others = total(j.effects[seat] for j in judged if j.seat != seat)
    own = [j.moment for j in judged if j.seat == seat and j.moment is not None]
    moved = sorted((m for m in own if swing(m) > 0), key=lambda m: (-swing(m), m.prompt))
    return SeatReview(
        seat=seat,
        result=result,
        start=start,
        choices=choices.value,
        choices_error=choices.error,
        luck=result - start - choices.value - others.value,
        luck_error=math.hypot(choices.error, others.error),
        others=others.value,
        weighed=len(own),
        moments=tuple(moved[:MOMENTS]),
    )


def hint(state: GameState, seat: int, seed: int, budget: int = hard.BUDGET) -> Hint:
    """The question `seat` is asked now, weighed: each of Hard's candidates with its chance to win,
    Hard's answer with this `seed` first, the rest by chance. A question with one sensible answer
    is weighed too, for its chance. `state` is left as it was."""
    pending = state.pending
    if state.over or pending is None or seat not in pending.seats:
        raise ValueError(f"seat {seat} has no question to answer")
    answers = hard.candidates(state, seat)
    endings = hard.weigh(state, seat, answers, seed, hard.futures_for(state, budget, len(answers)))
    chances = [estimate([future.shares[seat] for future in ended]) for ended in endings]
    first = hard.preferred(state, endings)
    rest = sorted((i for i in range(len(answers)) if i != first), key=lambda i: -chances[i].value)
    weighed = (
        Weighed(
            answer=Decision(kind=answers[i][0], value=answers[i][1]),
            chance=chances[i].value,
            error=chances[i].error,
        )
        for i in [first, *rest]
    )
    return Hint(prompt=state.prompt, seat=seat, answers=tuple(weighed))
