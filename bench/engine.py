"""Engine benchmark: computer games per second on one core, and the size of a saved game.

    .venv/bin/python -m bench.engine [--games 2000]
    .venv/bin/python -m bench.engine --against DIR [--pairs 8] [--games 1000]

Prints its figures, then as its LAST line one JSON object:
    {"games_per_s": ..., "us_per_action": ..., "state_bytes_6p": ...}

`--against DIR` compares this checkout with another one (`git worktree add DIR <commit>`, or an
unpacked `git archive`): each runs this benchmark in its own process, alternately (A B, B A, ...)
so both see the same drift of a shared host, and the last line is
    {"ratio_median": ..., "ratios": [...], "games_per_s": ..., "against_games_per_s": ...}
with the ratio of this checkout's games per second to the other's, pair by pair.

- games_per_s / us_per_action: 4 players, 3 months, modern rules, the computer player answering
  every question (bot.game.ai), one process pinned to one core, after a warm-up. The games are
  timed in 10 rounds and the figures are the median round's: a shared virtual machine's speed
  drifts by up to 2x within a minute, so the fastest and slowest rounds are printed too.
- state_bytes_6p: len(to_json(state)) of a 6-player, 3-month game stopped in mid month (the first
  moment the players' average position reaches day 15 of month 2), the largest over 20 seeds.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from timeit import default_timer

from bot.game.ai import choose
from bot.game.engine import apply
from bot.game.simulate import play, start
from bot.game.state import to_json

HERE = Path(__file__).resolve().parent.parent
ROUNDS = 10
WARM_UP = 200
MID_MONTH_2 = 31 + 15
"""Day 15 of month 2, counted as months_done x 31 + day."""


def pin_to_one_core() -> None:
    """Run on a single CPU so the scheduler can't move the process mid-measurement."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def played(seed: int) -> int:
    """One whole game with its events kept, as the bot keeps them (a game played forward without
    them, as Hard plays its futures, is faster: docs/BENCHMARKS.md); returns its actions."""
    state, log = start(seed)
    return play(state, log=log)


def timed_rounds(games: int) -> list[tuple[float, float]]:
    """(games per second, microseconds per action) of each round, slowest first."""
    for seed in range(WARM_UP):
        played(1_000_000 + seed)
    per_round = max(games // ROUNDS, 1)
    rounds = []
    for r in range(ROUNDS):
        began = default_timer()  # new_game is part of a game, so it is timed too
        actions = sum(played(r * per_round + i) for i in range(per_round))
        elapsed = default_timer() - began
        rounds.append((per_round / elapsed, elapsed / actions * 1e6))
    return sorted(rounds)


def mid_game_state_bytes(seed: int) -> int:
    state, _ = start(seed, players=6, months=3)
    while sum(p.months_done * 31 + p.day for p in state.players) < MID_MONTH_2 * len(state.players):
        apply(state, choose(state, state.pending.seats[0]))
    return len(to_json(state))


def run_in(checkout: Path, games: int) -> float:
    """Games per second of `checkout`'s own engine benchmark, run in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.engine", "--games", str(games)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])["games_per_s"]


def compare(against: Path, pairs: int, games: int) -> None:
    """This checkout against another, interleaved: the order alternates so neither always runs first."""
    ours, theirs = [], []
    for pair in range(pairs):
        order = [(HERE, ours), (against, theirs)]
        for checkout, rates in order if pair % 2 == 0 else order[::-1]:
            rates.append(run_in(checkout, games))
        ratio = ours[-1] / theirs[-1]
        print(f"pair {pair + 1}: {ours[-1]:,.0f} vs {theirs[-1]:,.0f} games/s, ratio {ratio:.2f}")
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(
        f"this checkout / {against}: median ratio {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f}) over {pairs} interleaved pairs"
    )
    figures = {
        "ratio_median": round(statistics.median(ratios), 3),
        "ratios": [round(r, 3) for r in ratios],
        "games_per_s": round(statistics.median(ours)),
        "against_games_per_s": round(statistics.median(theirs)),
    }
    print(json.dumps(figures))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Pay Day engine benchmark")
    parser.add_argument("--games", type=int, default=2000, help="games to time (default 2000)")
    parser.add_argument("--against", type=Path, help="another checkout to compare with, interleaved")
    parser.add_argument("--pairs", type=int, default=8, help="interleaved runs of each (default 8)")
    args = parser.parse_args(argv)
    if args.against is not None:
        compare(args.against.resolve(), args.pairs, args.games)
        return
    pin_to_one_core()
    rounds = timed_rounds(args.games)
    rate, us = rounds[len(rounds) // 2]
    sizes = [mid_game_state_bytes(seed) for seed in range(20)]
    print(f"engine: {rate:,.0f} games/s (4 players, 3 months, modern, computer players, one core)")
    print(
        f"  rounds of {args.games // ROUNDS} games: "
        f"slowest {rounds[0][0]:,.0f}, median {rate:,.0f}, fastest {rounds[-1][0]:,.0f} games/s"
    )
    print(f"  {us:.2f} µs per action (rules + computer player + driver)")
    print(f"state: 6 players in mid month 2: {min(sizes):,}-{max(sizes):,} bytes of JSON over 20 seeds")
    figures = {"games_per_s": round(rate), "us_per_action": round(us, 2), "state_bytes_6p": max(sizes)}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
