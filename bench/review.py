"""Review benchmark: how long the coach takes over a finished game and over a hint, and whether the
differences it reports hold on futures it did not use.

    .venv/bin/python -m bench.review [--games 3] [--players 4] [--months 3] [--hints 10]
                                     [--budget 24000] [--seed 0]

Plays `--games` modern games (game i dealt from seed S+i), the seats Hard, Normal, Easy, Normal...
round the table, turned one seat a game, so that there are answers other than the usual one to weigh;
Hard and Easy are seeded as the bot seeds them (`decision_seed`), and each game is logged as the
service logs one. Then, per game, in this one process (one core):

- `review_s`: CPU seconds of `review_game` over every seat (and the wall time beside it);
- `hint_ms`: CPU of `hint` at `--hints` questions of the game with more than one sensible answer,
  drawn at random (seeded);
- calibration: every moment reported whose answers differ is weighed again on as many futures of
  another seed stream; `calibration_share` is the share whose new gain lies within the stated 95%
  interval of the reported one, 1.96·sqrt(e1² + e2²) (near 0.95 if the errors are honest and the
  gains not inflated by the planner having picked its answer on the same futures);
- `planner_mistakes`: mistakes found in the Hard seats' answers (0: the planner is Hard).

And a scripted blunder (`blundered`: declining a Deal on day 4 of a one-month game, a Buyer nearly
certain ahead): `blunder_flagged`. Prints a line per game, then as its LAST line one JSON object.
"""

import argparse
import json
import math
import os
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from time import perf_counter, process_time
from typing import Any

from bot.features.review.analysis import Estimate, counted_as, estimate, hint, review_game
from bot.features.review.model import Moment
from bot.game import engine, hard
from bot.game.actions import Action, ActionKind
from bot.game.context import Answer
from bot.game.rng import mix
from bot.game.simulate import NAMES
from bot.game.state import GameState, PendingKind, from_json, to_json
from bot.game.strengths import Strength, choose
from bot.service.rebuild import Setup, after_start, setup_of
from bot.service.thinking import decision_seed
from bot.service.values import Ending
from bot.table import LogKind

TABLE = (Strength.HARD, Strength.NORMAL, Strength.EASY, Strength.NORMAL)
"""The seats' strengths round the table, turned one seat a game."""
CALIBRATION_STREAM = 0xCA11B
"""Mixed into the seed of the futures a reported gain is weighed again on: neither Hard's nor the
review's own."""
BLUNDER_SEED = 9
"""A two-player, one-month game whose first seat is offered Louie's Limos ($6,000, sells for
$11,000) on day 4, which the usual rule buys; `blundered` declines it."""

Answerer = Callable[[GameState, int], Action]
"""Who answers the question a seat is asked now."""


@dataclass(slots=True)
class LoggedGame:
    """A finished game as the review takes it, and every question of it (the game as it stood then,
    as JSON, by prompt and seat) for the hints and the calibration."""

    setup: Setup
    log: list[dict[str, Any]]
    """Its records from the start on (`after_start`)."""
    asked: dict[tuple[int, int], str] = field(default_factory=dict)


def played(
    seed: int,
    players: int,
    months: int,
    answer: Answerer,
    ruleset: str = "modern",
    end_after: int | None = None,
) -> LoggedGame:
    """A game dealt from `seed`, every question answered by `answer`, logged as the service logs it;
    ended early by its host after `end_after` answers, if given."""
    names = list(NAMES[:players])
    state, opening = engine.start(names, ruleset=ruleset, months=months, seed=seed)
    log: list[dict[str, Any]] = [{"kind": LogKind.STARTED, "seats": names}, *(e.to_dict() for e in opening)]
    asked: dict[tuple[int, int], str] = {}
    while not state.over:
        if end_after is not None and len(asked) == end_after:
            log += [{"kind": Ending.ENDED, "by": 1}, *(e.to_dict() for e in engine.end_early(state))]
            break
        seat = state.asked.seats[0]
        asked[state.prompt, seat] = to_json(state)
        action = answer(state, seat)
        record = {"kind": LogKind.ACTION, "seat": seat, "action": action.kind, "value": action.value}
        record |= {"prompt": state.prompt, "question": state.asked.kind, "timed_out": action.timed_out}
        log += [record, *(e.to_dict() for e in engine.apply(state, action))]
    return LoggedGame(setup_of(state, seed, log), list(after_start(log)), asked)


def seated(seed: int, strengths: Sequence[Strength], budget: int) -> Answerer:
    """Each seat answering at its strength, seeded as the bot seeds a computer's choice."""

    def answer(state: GameState, seat: int) -> Action:
        return choose(state, seat, strengths[seat], decision_seed(seed, state.prompt, seat), budget=budget)

    return answer


def blundered() -> tuple[LoggedGame, int]:
    """The scripted blunder's game (`BLUNDER_SEED`) and the blunder's prompt: Normal players, but the
    first seat declines the first Deal the usual rule buys."""
    blunder: list[int] = []

    def answer(state: GameState, seat: int) -> Action:
        usual = hard.usual(state, seat)
        if not blunder and seat == 0 and state.asked.kind == PendingKind.DEAL and usual[0] == ActionKind.BUY:
            blunder.append(state.prompt)
            return Action(seat, ActionKind.DECLINE, 0, state.prompt)
        return choose(state, seat, Strength.NORMAL)

    game = played(BLUNDER_SEED, 2, 1, answer)
    return game, blunder[0]


def remeasured(moment: Moment, seat: int, saved: str, game_seed: int, budget: int) -> Estimate:
    """A moment's gain weighed again on as many futures as the review used, of another stream."""
    state = from_json(saved)
    candidates = hard.candidates(state, seat)
    answers: list[Answer] = [
        counted_as(state, candidates, (choice.kind, choice.value))
        for choice in (moment.planner, moment.answered)
    ]
    seed = mix(decision_seed(game_seed, state.prompt, seat), CALIBRATION_STREAM)
    planner, given = hard.weigh(state, seat, answers, seed, hard.futures_for(state, budget, len(candidates)))
    return estimate([p.shares[seat] - g.shares[seat] for p, g in zip(planner, given, strict=True)])


def within(moment: Moment, again: Estimate) -> bool:
    """Whether a gain measured again lies in the reported one's 95% interval of the difference."""
    return abs(again.value - moment.gain) <= 1.96 * math.hypot(moment.error, again.error)


@dataclass(slots=True)
class Figures:
    """What the games measured, added up."""

    review_s: list[float] = field(default_factory=list)
    review_wall_s: list[float] = field(default_factory=list)
    hint_ms: list[float] = field(default_factory=list)
    weighed: list[int] = field(default_factory=list)
    answers: list[int] = field(default_factory=list)
    calibrated: list[bool] = field(default_factory=list)
    planner_mistakes: int = 0
    mistakes: int = 0


def review_one(
    game_id: int, game: LoggedGame, strengths: Sequence[Strength], args: argparse.Namespace, figures: Figures
) -> None:
    """Review one game, time it, time hints at its questions, and calibrate its moments."""
    began, began_cpu = perf_counter(), process_time()
    review = review_game(game_id, game.setup, game.log, budget=args.budget)
    figures.review_s.append(process_time() - began_cpu)
    figures.review_wall_s.append(perf_counter() - began)
    figures.weighed.append(sum(seat.weighed for seat in review.seats))
    figures.answers.append(sum(1 for record in game.log if record.get("kind") == LogKind.ACTION))
    seed = game.setup.seed
    for seat in review.seats:
        for moment in seat.moments:
            figures.mistakes += moment.mistake
            figures.planner_mistakes += moment.mistake and strengths[seat.seat] == Strength.HARD
            if moment.planner != moment.answered:
                saved = game.asked[moment.prompt, seat.seat]
                again = remeasured(moment, seat.seat, saved, seed, args.budget)
                figures.calibrated.append(within(moment, again))
    questions = [
        (prompt, seat)
        for (prompt, seat), saved in game.asked.items()
        if len(hard.candidates(from_json(saved), seat)) > 1
    ]
    for prompt, seat in random.Random(seed).sample(questions, min(args.hints, len(questions))):
        state = from_json(game.asked[prompt, seat])
        began_cpu = process_time()
        hint(state, seat, decision_seed(seed, prompt, seat), budget=args.budget)
        figures.hint_ms.append((process_time() - began_cpu) * 1000)


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(args: argparse.Namespace) -> dict[str, object]:
    figures = Figures()
    for i in range(args.games):
        seed = args.seed + i
        strengths = [TABLE[(seat + i) % len(TABLE)] for seat in range(args.players)]
        game = played(seed, args.players, args.months, seated(seed, strengths, args.budget))
        review_one(seed, game, strengths, args, figures)
        print(
            f"game {seed}: reviewed in {figures.review_s[-1]:.1f} s CPU "
            f"({figures.review_wall_s[-1]:.1f} s wall), {figures.weighed[-1]} answers weighed "
            f"of {figures.answers[-1]}",
            flush=True,
        )
    game, prompt = blundered()
    blunder = review_game(0, game.setup, game.log, reviewed_seats=[0], budget=args.budget)
    flagged = any(m.prompt == prompt and m.mistake for m in blunder.seats[0].moments)
    calibrated = figures.calibrated
    return {
        "games": args.games,
        "players": args.players,
        "months": args.months,
        "budget": args.budget,
        "load_avg": round(os.getloadavg()[0], 2),
        "review_s_p50": round(quantile(figures.review_s, 0.5), 2),
        "review_s_p95": round(quantile(figures.review_s, 0.95), 2),
        "review_wall_s_p95": round(quantile(figures.review_wall_s, 0.95), 2),
        "questions_weighed_mean": round(statistics.fmean(figures.weighed), 1),
        "answers_mean": round(statistics.fmean(figures.answers), 1),
        "hint_ms_p50": round(quantile(figures.hint_ms, 0.5)) if figures.hint_ms else None,
        "hint_ms_p95": round(quantile(figures.hint_ms, 0.95)) if figures.hint_ms else None,
        "hints": len(figures.hint_ms),
        "calibration_share": round(statistics.fmean(calibrated), 3) if calibrated else None,
        "calibrated_moments": len(calibrated),
        "mistakes": figures.mistakes,
        "planner_mistakes": figures.planner_mistakes,
        "blunder_flagged": flagged,
    }


def main(argv: list[str] | None = None) -> dict[str, object]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3, help="games to review (default 3)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--months", type=int, default=3, help="months per game (default 3)")
    p.add_argument("--hints", type=int, default=10, help="hints timed per game (default 10)")
    p.add_argument("--budget", type=int, default=hard.BUDGET, help="Hard's player-days per decision")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = p.parse_args(argv)
    if args.games < 1 or args.hints < 0:
        p.error("--games must be at least 1 and --hints not negative")
    result = run(args)
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
