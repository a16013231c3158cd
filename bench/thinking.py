"""Do Hard computer players slow the other tables down? `bench.load`'s open loop without Hard players
and with them, interleaved in one sitting, as docs/BENCHMARKS.md compares versions.

    python -m bench.thinking [--rounds 3] [--rate 40] [--hard-thinkers 2] [--think-ms 500]

Each round runs the same load three ways, in an order that turns round every round (A B C, C B A,
...): no Hard player ("baseline"); `--hard-thinkers` Hard players thinking without pause in other
channels, in the bot's worker processes ("process", what the bot does); and the same in threads of
the bot's process ("thread", the alternative it rejects: the rollouts are pure-Python work, and a
thread holds the GIL against every click). A line per run goes to stderr; the LAST line printed is
one JSON object:
  baseline_p99_ms, process_p99_ms, thread_p99_ms    every run's clicks' p99 from arrival
  baseline_failed_clicks, ...                       clicks that failed (a store operation that
                                                    waited past its 1.5 s for its turn) or went
                                                    unanswered, all rounds together, and
  baseline_failed_runs, ...                         runs the load's harness gave up on (left out)
  process_p99_ratio, thread_p99_ratio               the median over rounds of that round's p99 with
                                                    Hard players against its baseline's (1: no effect;
                                                    the runs that completed, paired in order)
  process_late_thoughts, thread_late_thoughts       thoughts past the deadline, all rounds together
  thought_ms_p99                                    the slowest round's p99 of a thought, per mode
"""

import argparse
import asyncio
import json
import logging
import os
import statistics
import sys

from bench import load

MODES = ("baseline", "process", "thread")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=3, help="runs of each mode (default 3)")
    p.add_argument("--games", type=int, default=200, help="live games of the load (default 200)")
    p.add_argument("--rate", type=float, default=40, help="clicks a second, arriving at random (default 40)")
    p.add_argument("--duration", type=float, default=10, help="seconds of arrivals per run (default 10)")
    p.add_argument("--hard-thinkers", type=int, default=2, help="Hard players thinking at once (default 2)")
    p.add_argument("--think-ms", type=float, default=500, help="CPU of each Hard thought (default 500)")
    p.add_argument(
        "--no-threads", action="store_true", help="leave out the thread runs (the slowest, and known bad)"
    )
    args = p.parse_args(argv)
    if args.rounds < 1 or args.hard_thinkers < 1 or args.duration <= 2:
        p.error("--rounds and --hard-thinkers must be at least 1, --duration more than 2")
    return args


def load_args(args: argparse.Namespace, mode: str) -> argparse.Namespace:
    """bench.load's arguments for one run of `mode`: its open loop, pictures off (the drawing has a
    thread of its own, which would blur what the thinking costs)."""
    argv = ["--games", str(args.games), "--players", "4", "--actions", "100000", "--no-picture"]
    argv += ["--rate", str(args.rate), "--duration", str(args.duration), "--warmup", "2"]
    if mode != "baseline":
        argv += ["--hard-thinkers", str(args.hard_thinkers), "--think-ms", str(args.think_ms)]
        argv += ["--think-in", mode]
    return load.parse_args(argv)


def rounds_of(args: argparse.Namespace) -> list[list[str]]:
    """Every round's order of the modes: forwards, then backwards, so drift of the host's speed
    falls on each mode alike."""
    modes = MODES[:2] if args.no_threads else MODES
    return [list(modes if n % 2 == 0 else reversed(modes)) for n in range(args.rounds)]


async def measure(args: argparse.Namespace) -> dict:
    runs: dict[str, list[dict | None]] = {mode: [] for mode in MODES}
    """Each mode's run of each round, in round order; None: the load's harness gave up on it."""
    for order in rounds_of(args):
        for mode in order:
            try:
                result: dict | None = await load.run(load_args(args, mode))
            except Exception as error:  # the harness gave up: the bot failed clicks it relies on
                print(mode, "run failed:", repr(error), file=sys.stderr)
                result = None
            runs[mode].append(result)
            print(mode, json.dumps(result), file=sys.stderr)
    figures: dict[str, object] = {
        "rounds": args.rounds,
        "rate": args.rate,
        "hard_thinkers": args.hard_thinkers,
        "think_ms": args.think_ms,
        "workers": os.cpu_count(),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }
    for mode in MODES:
        done = [run for run in runs[mode] if run is not None]
        figures[f"{mode}_p99_ms"] = [run["p99_ms"] for run in done]
        figures[f"{mode}_failed_clicks"] = sum(run["errors"] + run["unanswered"] for run in done)
        figures[f"{mode}_failed_runs"] = len(runs[mode]) - len(done)
    for mode in MODES[1:]:
        done = [run for run in runs[mode] if run is not None]
        rounds = zip(runs[mode], runs["baseline"], strict=False)  # no thread runs: none to pair
        ratios = [hard["p99_ms"] / base["p99_ms"] for hard, base in rounds if hard and base]
        figures[f"{mode}_p99_ratio"] = round(statistics.median(ratios), 2) if ratios else None
        figures[f"{mode}_late_thoughts"] = sum(run["late_thoughts"] for run in done)
        figures[f"{mode}_thoughts"] = sum(run["hard_thoughts"] for run in done)
        figures[f"{mode}_thought_ms_p99"] = max((run["thought_ms_p99"] for run in done), default=None)
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.disable(logging.CRITICAL)  # the bot's log lines, as bench.load sends them to /dev/null
    try:
        figures = asyncio.run(measure(args))
    finally:
        logging.disable(logging.NOTSET)
    print(json.dumps(figures))
    failed = (figures[f"{mode}_failed_{what}"] for mode in MODES[:2] for what in ("clicks", "runs"))
    return 1 if any(failed) else 0


if __name__ == "__main__":
    sys.exit(main())
