"""Do reviews being made slow the other tables' clicks down? `bench.load`'s open loop without reviews
and with them, interleaved in one sitting (as bench.thinking does for Hard players).

    python -m bench.reviewing [--rounds 3] [--rate 40] [--review-s 5]

"reviewing" keeps the review worker busy for the whole run: the bot's own pool (`review_pool`: one
process, niced) makes review after review back to back. Each review is a stand-in of `--review-s`
seconds of pure-Python CPU until the analysis is merged (the pool and its priority are what is
measured). Each round runs both modes, in an order that turns round every round. A line per run
goes to stderr; the LAST line printed is one JSON object:
  baseline_p99_ms, reviewing_p99_ms     every run's clicks' p99 from arrival
  reviewing_p99_ratio                   median over rounds of reviewing p99 / baseline p99 (target ≤ 1.2)
  reviews                               reviews finished while the loads ran
  baseline_failed_clicks, ...           clicks failed or unanswered, all rounds together
"""

import argparse
import asyncio
import json
import logging
import os
import statistics
import sys
import time
from concurrent.futures import Executor

from bench import load
from bot.features.review.worker import review_pool

MODES = ("baseline", "reviewing")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=3, help="runs of each mode (default 3)")
    p.add_argument("--games", type=int, default=200, help="live games of the load (default 200)")
    p.add_argument("--rate", type=float, default=40, help="clicks a second, arriving at random (default 40)")
    p.add_argument("--duration", type=float, default=10, help="seconds of arrivals per run (default 10)")
    p.add_argument(
        "--review-s", type=float, default=5, help="CPU seconds of each stand-in review (default 5)"
    )
    args = p.parse_args(argv)
    if args.rounds < 1 or args.duration <= 2:
        p.error("--rounds must be at least 1, --duration more than 2")
    return args


def stand_in_review(seconds: float) -> float:
    """Pure-Python CPU for `seconds`, as the analysis's sampled futures are."""
    end, spun = time.process_time() + seconds, 0
    while time.process_time() < end:
        spun += sum(range(1000)) & 1
    return seconds


async def reviews_meanwhile(pool: Executor, seconds: float, running: asyncio.Event) -> int:
    """Reviews back to back in the review pool until `running` is cleared; how many finished."""
    loop, done = asyncio.get_running_loop(), 0
    while running.is_set():
        await loop.run_in_executor(pool, stand_in_review, seconds)
        done += 1
    return done


async def one_run(args: argparse.Namespace, mode: str, pool: Executor) -> tuple[dict | None, int]:
    argv = ["--games", str(args.games), "--players", "4", "--actions", "100000", "--no-picture"]
    argv += ["--rate", str(args.rate), "--duration", str(args.duration), "--warmup", "2"]
    running = asyncio.Event()
    reviewing = None
    if mode == "reviewing":
        running.set()
        reviewing = asyncio.create_task(reviews_meanwhile(pool, args.review_s, running))
    try:
        result: dict | None = await load.run(load.parse_args(argv))
    except Exception as error:  # the harness gave up: the bot failed clicks it relies on
        print(mode, "run failed:", repr(error), file=sys.stderr)
        result = None
    running.clear()
    reviews = await reviewing if reviewing is not None else 0
    return result, reviews


async def measure(args: argparse.Namespace) -> dict:
    runs: dict[str, list[dict | None]] = {mode: [] for mode in MODES}
    pool, reviews = review_pool(), 0
    try:
        await asyncio.get_running_loop().run_in_executor(pool, stand_in_review, 0.0)  # started before timing
        for n in range(args.rounds):
            for mode in MODES if n % 2 == 0 else reversed(MODES):
                result, made = await one_run(args, mode, pool)
                runs[mode].append(result)
                reviews += made
                print(mode, json.dumps(result), file=sys.stderr)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    figures: dict[str, object] = {
        "rounds": args.rounds,
        "rate": args.rate,
        "review_s": args.review_s,
        "reviews": reviews,
        "cores": os.cpu_count(),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }
    for mode in MODES:
        done = [run for run in runs[mode] if run is not None]
        figures[f"{mode}_p99_ms"] = [run["p99_ms"] for run in done]
        figures[f"{mode}_failed_clicks"] = sum(run["errors"] + run["unanswered"] for run in done)
        figures[f"{mode}_failed_runs"] = len(runs[mode]) - len(done)
    paired = zip(runs["reviewing"], runs["baseline"], strict=True)
    ratios = [busy["p99_ms"] / base["p99_ms"] for busy, base in paired if busy and base]
    figures["reviewing_p99_ratio"] = round(statistics.median(ratios), 2) if ratios else None
    return figures


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.disable(logging.CRITICAL)
    try:
        figures = asyncio.run(measure(args))
    finally:
        logging.disable(logging.NOTSET)
    print(json.dumps(figures))
    return 1 if any(figures[f"{mode}_failed_{what}"] for mode in MODES for what in ("clicks", "runs")) else 0


if __name__ == "__main__":
    sys.exit(main())
