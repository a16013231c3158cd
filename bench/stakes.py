"""Stakes benchmark: how much any honest choice could change a seat's chance to win.

    .venv/bin/python -m bench.stakes [--games 100] [--futures 400] [--baseline-games 10000]
                                     [--workers 2] [--months 3] [--ruleset modern] [--seed 0]

Games are those of `bench.strength`'s Hard pairing (game i: seed S+i, Hard in seat i mod 4 against
three Normal). At every real question Hard's seat is asked (not a roll), every legal answer is
played forward over the same `--futures` sampled futures (hidden information redrawn, as Hard
does), Hard's seat answering by its `usual` rule afterwards and the others as Normal, and each
answer's chance to win is estimated. Its *advantage* is that chance minus the usual answer's.

By the performance difference lemma, what any policy gains over the usual one is the sum, along
its games, of the advantages of the answers it gives (the others being fixed Normal players and
the hidden part sampled as a player at the table would). So the sum over a game of the best
advantage at each question bounds what any player who sees no more than the table could add to
the usual rule's win rate (`usual_win_rate`, the tested seat playing it throughout
`--baseline-games` games, beside `normal_win_rate`, Normal in the same seats), measured here on
games like Hard's rather than that player's own:

- `best_advantage_per_game`: the best answer's advantage summed over a game; it includes the
  luck of the futures, which makes the best look better than it is, so it bounds from above;
- `held_out_advantage_per_game`: the best answer chosen on half the futures, its advantage
  measured on the other half (and the other way round): what choosing by those futures gains;
- `hard_advantage_per_game`: the answer Hard gave, measured the same way.

Prints its figures, then as its LAST line one JSON object: the win rates and the three advantages
(means per game, each with a 95% interval and by kind of question), `honest_win_rate_bound` (the
usual rule's win rate plus the best advantage) and the counts.
"""

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool

from bench.strength import PLAYERS, ROLLS, mean_ci95, print_report
from bot.game import hard
from bot.game.actions import ActionKind
from bot.game.context import Answer
from bot.game.engine import QUESTIONS, apply
from bot.game.hidden import sample
from bot.game.interrupts import lowest_free
from bot.game.rng import mix
from bot.game.rulesets import DEFAULT_RULESET, RULESETS
from bot.game.simulate import play, start
from bot.game.state import GameState, PendingKind, to_json
from bot.game.strengths import Strength, choose

STAKES_STREAM = 0x57A4E5
"""Mixed into each future's seed, so these futures are not the ones Hard itself samples."""


@dataclass(slots=True)
class Weighed:
    """One question's answers, weighed: advantages over the usual answer, in shares of a win."""

    kind: str
    best: float
    held_out: float
    hard: float


def chances(
    state: GameState, seat: int, answers: Sequence[Answer], futures: int, seed: int
) -> list[list[float]]:
    """Each answer's win share in each of the same sampled futures (common random numbers)."""
    results: list[list[float]] = [[] for _ in answers]
    for future in range(futures):
        world = to_json(sample(state, mix(seed, STAKES_STREAM, state.prompt, state.actions, seat, future)))
        for answer, result in zip(answers, results, strict=True):
            result.append(hard.win_share(hard.played_forward(world, seat, answer), seat))
    return results


def distinct_answers(state: GameState, seat: int) -> list[Answer]:
    """Every legal answer, the Lottery's numbers taken as one: the faces are equally likely, so
    which free number a player antes on changes nobody's chance (only its futures' luck)."""
    answers = dict.fromkeys(QUESTIONS[state.asked.kind].options(state, seat))
    if state.asked.kind == PendingKind.LOTTERY:
        number = lowest_free(state, seat)
        answers = dict.fromkeys(a for a in answers if a[0] != ActionKind.ANTE or a[1] == number)
    return list(answers)


def weigh(state: GameState, seat: int, given: Answer, futures: int, seed: int) -> Weighed | None:
    """The advantages at this question, Hard having `given`; None when it has one legal answer."""
    usual = hard.usual(state, seat)
    answers = [usual, *(a for a in distinct_answers(state, seat) if a != usual)]
    if len(answers) < 2:
        return None
    results = chances(state, seat, answers, futures, seed)
    means = [statistics.fmean(result) for result in results]
    half = futures // 2
    held_out = []
    for choose_on, measure_on in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
        chosen = max(range(len(answers)), key=lambda i: statistics.fmean(results[i][choose_on]))
        gain = statistics.fmean(results[chosen][measure_on]) - statistics.fmean(results[0][measure_on])
        held_out.append(gain)
    given_mean = means[answers.index(given)]
    return Weighed(state.asked.kind, max(means) - means[0], statistics.fmean(held_out), given_mean - means[0])


def play_one(seed: int, months: int, ruleset: str, futures: int) -> list[Weighed]:
    """Game `seed` as `bench.strength` plays it, each of Hard's real questions weighed."""
    tested = seed % PLAYERS
    stakes: list[Weighed] = []
    state = start(seed, PLAYERS, months, ruleset)[0]
    while not state.over:
        seat = state.asked.seats[0]
        strength = Strength.HARD if seat == tested else Strength.NORMAL
        action = choose(state, seat, strength, seed=seed)
        if seat == tested and state.asked.kind not in ROLLS:
            weighed = weigh(state, seat, (action.kind, action.value), futures, seed)
            if weighed is not None:
                stakes.append(weighed)
        apply(state, action)
    return stakes


def _play_job(job: tuple[int, int, str, int]) -> list[Weighed]:
    return play_one(*job)


def baseline_one(seed: int, months: int, ruleset: str) -> tuple[float, float]:
    """Game `seed`'s result for seat `seed` mod 4 playing the usual rule, then playing Normal's."""
    tested = seed % PLAYERS
    usual, normal = start(seed, PLAYERS, months, ruleset)[0], start(seed, PLAYERS, months, ruleset)[0]
    play(usual, chooser=partial(hard.own_or_normal, tested))
    play(normal)
    return hard.win_share(usual, tested), hard.win_share(normal, tested)


def _baseline_job(job: tuple[int, int, str]) -> tuple[float, float]:
    return baseline_one(*job)


def run(
    games: int, futures: int, baseline_games: int, workers: int, months: int, ruleset: str, seed: int
) -> tuple[dict[str, object], list[str]]:
    """The figures of these games, and the lines that say them."""
    with Pool(workers) as pool:
        baseline = pool.map(_baseline_job, [(seed + i, months, ruleset) for i in range(baseline_games)], 100)
        results = []
        jobs = [(seed + i, months, ruleset, futures) for i in range(games)]
        for done, result in enumerate(pool.imap_unordered(_play_job, jobs), 1):
            results.append(result)
            if done % max(games // 20, 1) == 0:
                print(f"{done}/{games} games", file=sys.stderr, flush=True)
    figures: dict[str, object] = {}
    lines = []

    def report(name: str, values: Sequence[float], what: str) -> float:
        mean, low, high = mean_ci95(values)
        figures[name], figures[f"{name}_ci95"] = round(mean, 4), [round(low, 4), round(high, 4)]
        lines.append(f"{what}: {mean:.4f} [{low:.4f}, {high:.4f}]")
        return mean

    usual = report(
        "usual_win_rate", [u for u, _ in baseline], f"usual rule's win rate ({baseline_games} games)"
    )
    report("normal_win_rate", [n for _, n in baseline], "Normal's win rate in the same seats")
    best = 0.0
    for name in ("best", "held_out", "hard"):
        per_game = [sum(getattr(q, name) for q in game) for game in results]
        mean = report(f"{name}_advantage_per_game", per_game, f"{name} answers' advantage per game")
        best = mean if name == "best" else best
        by_kind: defaultdict[str, float] = defaultdict(float)
        for game in results:
            for question in game:
                by_kind[question.kind] += getattr(question, name) / games
        figures[f"{name}_advantage_per_game_by_kind"] = {k: round(v, 4) for k, v in sorted(by_kind.items())}
    figures["honest_win_rate_bound"] = round(usual + best, 4)
    lines.append(f"no player who sees only the table wins much more than {usual + best:.3f} (parity 0.25)")
    figures["questions_per_game"] = round(statistics.fmean(len(game) for game in results), 2)
    figures.update(
        games=games, baseline_games=baseline_games, futures=futures, months=months, ruleset=ruleset
    )
    return figures, lines


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.stakes", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games (default 100)")
    parser.add_argument("--futures", type=int, default=400, help="sampled futures per answer (default 400)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    parser.add_argument(
        "--baseline-games",
        type=int,
        default=10_000,
        help="games for the usual rule's win rate (default 10000)",
    )
    parser.add_argument("--months", type=int, default=3, help="months per game (default 3)")
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args(argv)
    if min(args.games, args.futures, args.baseline_games) < 2 or args.workers < 1:
        parser.error("--games, --futures and --baseline-games must be at least 2, --workers at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    began = time.monotonic()
    figures, lines = run(
        args.games, args.futures, args.baseline_games, args.workers, args.months, args.ruleset, args.seed
    )
    heading = f"Stakes: {args.games} games, {args.ruleset}, {args.months} months, {args.futures} futures"
    print_report(heading, lines, figures, began)
    return 0


if __name__ == "__main__":
    sys.exit(main())
