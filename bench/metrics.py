"""The operator's metrics benchmark: what each hook costs when METRICS_PORT is set, and a scrape.

    .venv/bin/python -m bench.metrics [--calls 200000]

Prints one line per figure, then as its LAST line one JSON object:
    {"store_call_us": ..., "store_call_raw_us": ..., "answer_us": ..., "route_us": ..., ...}

- store_call_us / store_call_raw_us: one call of a store operation that does nothing, through the
  timing wrapper and without it; their difference is what the wrapper adds to each real one.
- answer_us: timing one interaction (the cog's two `with`s: its whole answer, and the bot's own
  work); late_us: one timer lag observed; route_us: one Discord address made a route template, as
  each request's trace does.
- scrape_ms / scrape_kb: one /metrics body with a busy bot's series (30 routes by 5 statuses, 25
  store operations, every interaction kind), made on the event loop once per scrape.

Each figure is the best of three rounds, so a noisy moment on a shared host does not count.
"""

import argparse
import asyncio
import json
import time
from collections.abc import Callable

from prometheus_client import generate_latest
from yarl import URL

from bot.app.metrics import Metrics, route

INTERACTION = URL("https://discord.com/api/v10/interactions/123456789012345678/aW50ZXJhY3Rpb246MTIz/callback")


class NothingStore:
    async def get(self, channel_id: int) -> None:
        return None


def best_us(run: Callable[[int], float], calls: int) -> float:
    """The best of three rounds of `calls`, in microseconds a call."""
    return min(run(calls) for _ in range(3)) / calls * 1e6


def timed(loop: Callable[[int], None]) -> Callable[[int], float]:
    def run(calls: int) -> float:
        started = time.perf_counter()
        loop(calls)
        return time.perf_counter() - started

    return run


def store_calls(store: object) -> Callable[[int], float]:
    def run(calls: int) -> float:
        async def each() -> float:
            get = store.get  # type: ignore[attr-defined]
            started = time.perf_counter()
            for channel_id in range(calls):
                await get(channel_id)
            return time.perf_counter() - started

        return asyncio.run(each())

    return run


def busy(metrics: Metrics) -> None:
    """The series of a bot that has been up a while."""
    metrics.live_games.set_function(lambda: 5000)
    for at in range(30):
        for status in ("200", "204", "404", "429", "error"):
            metrics.discord_requests.labels("POST", f"/route/{at}", status).inc()
    for operation in range(25):
        metrics.store_seconds.labels(f"operation{operation}").observe(0.001)
    for kind in ("component", "application_command", "modal_submit"):
        metrics.interaction_seconds.labels(kind).observe(0.01)
    metrics.picture_seconds.observe(0.01)
    metrics.late(0.1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200_000, help="calls per round (default 200000)")
    calls = parser.parse_args(argv).calls
    metrics = Metrics("127.0.0.1", 0)

    def answers(n: int) -> None:
        for _ in range(n):
            with metrics.answering("component"), metrics.working("component"):
                pass

    def lags(n: int) -> None:
        for _ in range(n):
            metrics.late(0.01)

    def routes(n: int) -> None:
        for _ in range(n):
            route(INTERACTION)

    def scrapes(n: int) -> None:
        for _ in range(n):
            generate_latest(metrics.registry)

    raw = NothingStore()
    figures = {
        "store_call_raw_us": best_us(store_calls(raw), calls),
        "store_call_us": best_us(store_calls(metrics.timed(raw)), calls),  # type: ignore[arg-type]
        "answer_us": best_us(timed(answers), calls),
        "late_us": best_us(timed(lags), calls),
        "route_us": best_us(timed(routes), calls),
    }
    busy(metrics)
    figures["scrape_ms"] = best_us(timed(scrapes), 100) / 1000
    figures["scrape_kb"] = len(generate_latest(metrics.registry)) / 1024
    for name, figure in figures.items():
        print(f"{name:>18}: {figure:.2f}")
    print(json.dumps({name: round(figure, 2) for name, figure in figures.items()}))


if __name__ == "__main__":
    main()
