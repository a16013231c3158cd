"""Strength benchmark: how often one computer player of a strength beats three Normal ones.

    .venv/bin/python -m bench.strength [--games 2000] [--workers 2] [--months 3] [--budget 24000] [--seed 0]
                                       [--pairing NAME ...]

Each pairing plays `--games` four-player games of `--months` months: the tested strength in one
seat and Normal in the other three, the tested seat moving round the table from game to game
(game i: seat i mod 4), game i dealt from seed S+i in every pairing. A tie counts as a share of
a win, so parity is 0.25. The games are shared out over `--workers` processes.

Prints its figures, then as its LAST line one JSON object:
    {"hard_vs_normal_win_rate": ..., "hard_vs_normal_win_rate_ci95": [lo, hi], ...
     "hard_vs_normal_mean_net_worth": {"tested": ..., "normal": ...}, ...
     "hard_think_ms_p95": ..., "games": ..., "months": ..., "budget": ...}
for the pairings `hard_vs_normal` (modern), `hard_vs_normal_family`, `hard_vs_normal_classic`,
`easy_vs_normal` (modern), `normal_vs_normal` (modern: the same games with Normal in the tested
seat, the luck of the seats and seeds that the others are read against) and `seer_vs_normal`
(modern: Hard judging its answers on the real deck and dice, an upper bound for planning, not a
player), or only those named by `--pairing`. The
95% interval is the normal approximation over the games' win shares. `hard_think_ms_p95` is the
95th percentile of the CPU time (one core) of Hard's answers to every question other than a roll,
over the Hard pairings.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from bot.game import hard
from bot.game.actions import Action
from bot.game.engine import apply
from bot.game.simulate import start
from bot.game.state import GameState, PendingKind, to_json
from bot.game.strengths import Strength, choose

PLAYERS = 4
ROLLS = frozenset({PendingKind.ROLL, PendingKind.RADIO, PendingKind.WALK, PendingKind.ROLL_OFF})
"""Questions with one answer, which no strength thinks about."""


@dataclass(frozen=True, slots=True)
class Pairing:
    name: str
    strength: Strength
    ruleset: str
    sees_all: bool = False
    """The tested seat cheats (`seer`): a bound on what any planning can win, not a player."""


PAIRINGS = (
    Pairing("hard_vs_normal", Strength.HARD, "modern"),
    Pairing("hard_vs_normal_family", Strength.HARD, "family"),
    Pairing("hard_vs_normal_classic", Strength.HARD, "classic"),
    Pairing("easy_vs_normal", Strength.EASY, "modern"),
    Pairing("normal_vs_normal", Strength.NORMAL, "modern"),
    Pairing("seer_vs_normal", Strength.HARD, "modern", sees_all=True),
)


def seer(state: GameState, seat: int) -> Action:
    """Hard's answers weighed on the game's real future instead of sampled ones: every answer
    played forward once with the real deck and dice, the best result taken. No player can know
    that future, so its win rate bounds what Hard could reach by simulating better."""
    answers = hard.candidates(state, seat)
    results = []
    world = to_json(state)
    for answer in answers:
        results.append(hard.outcome(hard.played_forward(world, seat, answer), seat))
    kind, value = answers[results.index(max(results))]
    return Action(seat, kind, value, state.prompt)


@dataclass(slots=True)
class Game:
    """One game's result for the tested seat."""

    pairing: str
    win: float
    tested_worth: int
    normal_worth: float
    think_ms: list[float] = field(default_factory=list)


def play_one(pairing: Pairing, seed: int, months: int, budget: int) -> Game:
    """Game `seed` of `pairing`: the tested strength in seat `seed` mod 4, Normal elsewhere."""
    state = start(seed, PLAYERS, months, pairing.ruleset)[0]
    tested = seed % PLAYERS
    think_ms: list[float] = []
    while not state.over:
        seat = state.asked.seats[0]
        if seat != tested:
            apply(state, choose(state, seat))
            continue
        if pairing.sees_all:
            apply(state, seer(state, seat))
            continue
        began = time.process_time()
        action = choose(state, seat, pairing.strength, seed=seed, budget=budget)
        if pairing.strength == Strength.HARD and state.asked.kind not in ROLLS:
            think_ms.append((time.process_time() - began) * 1000)
        apply(state, action)
    win = hard.win_share(state, tested)
    others = [state.net_worth(seat) for seat in range(PLAYERS) if seat != tested]
    return Game(pairing.name, win, state.net_worth(tested), statistics.fmean(others), think_ms)


def _play_job(job: tuple[Pairing, int, int, int]) -> Game:
    return play_one(*job)


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval, by the normal approximation."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(
    pairings: Sequence[Pairing], games: int, workers: int, months: int, budget: int, seed: int
) -> tuple[dict[str, object], list[str]]:
    """The figures of these pairings, and the lines that say them."""
    jobs = [(pairing, seed + i, months, budget) for pairing in pairings for i in range(games)]
    results = []
    with Pool(workers) as pool:
        for done, result in enumerate(pool.imap_unordered(_play_job, jobs, chunksize=2), 1):
            results.append(result)
            if done % max(len(jobs) // 20, 1) == 0:
                print(f"{done}/{len(jobs)} games", file=sys.stderr, flush=True)
    figures: dict[str, object] = {}
    lines = []
    for pairing in pairings:
        mine = [r for r in results if r.pairing == pairing.name]
        rate, low, high = mean_ci95([r.win for r in mine])
        figures[f"{pairing.name}_win_rate"] = round(rate, 4)
        figures[f"{pairing.name}_win_rate_ci95"] = [round(low, 4), round(high, 4)]
        figures[f"{pairing.name}_mean_net_worth"] = {
            "tested": round(statistics.fmean(r.tested_worth for r in mine)),
            "normal": round(statistics.fmean(r.normal_worth for r in mine)),
        }
        who = "Hard seeing the deck and dice" if pairing.sees_all else pairing.strength
        lines.append(
            f"{pairing.name}: {who} wins {rate:.3f} [{low:.3f}, {high:.3f}] of games against "
            f"three Normal ({pairing.ruleset}; parity 0.25)"
        )
    think = [ms for r in results for ms in r.think_ms]
    if think:
        p50, p95 = round(percentile(think, 0.50), 1), round(percentile(think, 0.95), 1)
        figures["hard_think_ms_p50"], figures["hard_think_ms_p95"] = p50, p95
        figures["hard_decisions"] = len(think)
        lines.append(f"Hard's thinking per decision: p50 {p50} ms, p95 {p95} ms (CPU of one core)")
    figures["games"] = games
    figures["months"] = months
    figures["budget"] = budget
    return figures, lines


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (default 2000)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    parser.add_argument("--months", type=int, default=3, help="months per game (default 3)")
    parser.add_argument("--budget", type=int, default=hard.BUDGET, help="Hard's player-days per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--pairing",
        action="append",
        choices=[pairing.name for pairing in PAIRINGS],
        help="play only this pairing (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.workers < 1:
        parser.error("--games must be at least 2 and --workers at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    began = time.monotonic()
    pairings = [pairing for pairing in PAIRINGS if args.pairing is None or pairing.name in args.pairing]
    figures, lines = run(pairings, args.games, args.workers, args.months, args.budget, args.seed)
    heading = (
        f"Strength: {args.games} games per pairing, 4 players, {args.months} months, {args.workers} processes"
    )
    print_report(heading, lines, figures, began)
    return 0


def print_report(heading: str, lines: Sequence[str], figures: dict[str, object], began: float) -> None:
    """The heading, the lines, the wall time since `began` (monotonic), and the figures as the
    last line's JSON."""
    print(heading)
    print("\n".join(lines))
    print(f"wall time: {time.monotonic() - began:.0f} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    sys.exit(main())
