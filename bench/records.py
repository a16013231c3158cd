"""/payday history, stats and leaderboard on a server with 10,000 finished games, and what recording
a finished game's result adds to its last click.

    python -m bench.records [--games 10000] [--members 60] [--samples 300]

Fills a fresh store with `--games` finished games in one server, each recorded the way a game's end
records it (`Store.finish` with its result and ratings, one transaction per game): four seats from
a pool of `--members` members, one game in ten with a computer seat, one in twenty ended early by
its host, editions mixed (modern 80%, family and classic 10% each), finished over a year. Then it
times each answer as a player waits for it, the service's read plus its render into an embed
(English), never Discord:
  history      a random page (of the first 50) of the server's games, or of a random member's
  stats        a random member's statistics with the computer players'
  leaderboard  the modern leaderboard, a random period, seen by a random member
and the last click's store write: `finish` with the result against `finish` without it, alternated
on the same filled store.

The LAST line printed is one JSON object: `<read>_p50_ms` and `<read>_p99_ms` for each read,
`finish_p99_ms` and `finish_bare_p99_ms` (with and without the result), `finish_added_p99_ms` and
`finish_added_p50_ms` (their difference), `fill_s`, `file_mb`, and `load_avg` at the start.
"""

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.features.records.service import Period, Records
from bot.features.records.words import history_message, leaderboard_message, stats_embeds
from bot.render.language.i18n import lang
from bot.service import GameSettings, Service, Update
from bot.service.ratings import rate
from bot.service.results import result_of
from bot.service.tables import Tables
from db.sqlite import Store

GUILD = 1
DOCUMENT = json.dumps({"final": "x" * 6000})
"""A finished game's saved table: about the size of a real one, so the file is as large."""
EDITIONS = ["modern"] * 8 + ["family", "classic"]
START = datetime(2030, 1, 1, tzinfo=UTC)


class Clock:
    """The store's clock: the fill spreads the games over a year."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


class Unseen:
    """The service's screen: the reads show nothing on it, and no game changes."""

    def publish(self, update: Update) -> None:
        pass

    def released(self, channel_id: int) -> None:
        pass

    def behind(self, channel_id: int) -> bool:
        return False

    def overtaken(self, channel_id: int) -> None:
        pass

    def reaches(self, channel_id: int) -> bool:
        return True


def summary(rng: random.Random, members: int) -> dict[str, Any]:
    """A finished game's history summary, as `bot.service.tables.summary_of` writes it."""
    seats: list[int | None] = list(rng.sample(range(1, members + 1), 4))
    if rng.random() < 0.1:
        seats[3] = None
    players = [
        {
            "name": f"member{user}" if user is not None else "Robo",
            "user_id": user,
            "net_worth": rng.randrange(-5_000, 60_000, 100),
            "tally": {"sold": rng.randrange(5), "jackpots": 1, "best_jackpot": rng.randrange(0, 9_000, 100)},
            **({"strength": rng.choice(["easy", "normal", "hard"])} if user is None else {}),
        }
        for user in seats
    ]
    reason = "ended" if rng.random() < 0.05 else "retired"
    return {"reason": reason, "ruleset": rng.choice(EDITIONS), "months": 3, "players": players, "winners": []}


async def finish(store: Store, channel: int, game: dict[str, Any], *, recorded: bool) -> float:
    """One game created and finished; the seconds its finish took (the last click's write)."""
    row = await store.create(channel, GUILD, "{}")
    result = (result_of(game, 1), rate) if recorded else None
    began = time.perf_counter()
    await store.finish(row, DOCUMENT, game, [{"kind": "game_over"}], result)
    return time.perf_counter() - began


async def timed(samples: int, call: Callable[[], Awaitable[object]]) -> list[float]:
    times = []
    for _ in range(samples):
        began = time.perf_counter()
        await call()
        times.append(time.perf_counter() - began)
    return times


def p(times: list[float], q: float) -> float:
    """The q-quantile in milliseconds."""
    ordered = sorted(times)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


async def run(games: int, members: int, samples: int, folder: Path) -> dict[str, Any]:
    clock = Clock()
    store = await Store.open(folder / "records.sqlite3", now=clock)
    rng = random.Random(19)
    step = timedelta(days=365) / games
    began = time.perf_counter()
    for n in range(games):
        clock.now = START + n * step
        await finish(store, 1 + n % 50, summary(rng, members), recorded=True)
    fill_s = time.perf_counter() - began
    service = Service(Tables(store), GameSettings(), Unseen(), lambda: clock.now)
    results, L = Records(service.core), lang("en")

    async def history() -> None:
        member = rng.choice([None, rng.randint(1, members)])
        page = await results.history(GUILD, member, rng.randint(1, 50))
        history_message(page, None if member is None else f"member{member}", L)

    async def stats() -> None:
        member = rng.randint(1, members)
        stats_embeds(await results.stats(GUILD, member, computers=True), f"member{member}", L)

    async def leaderboard() -> None:
        viewer = rng.randint(1, members)
        board = await results.leaderboard(GUILD, "modern", rng.choice(list(Period)), viewer)
        leaderboard_message(board, viewer, L)

    figures: dict[str, Any] = {"games": games, "members": members, "fill_s": round(fill_s, 1)}
    for name, read in (("history", history), ("stats", stats), ("leaderboard", leaderboard)):
        times = await timed(samples, read)
        figures[f"{name}_p50_ms"], figures[f"{name}_p99_ms"] = p(times, 0.5), p(times, 0.99)

    with_result, bare = [], []
    for n in range(samples):
        clock.now += step
        for recorded in (n % 2 == 0, n % 2 == 1):  # alternated, so a drifting host weighs on both
            took = await finish(store, 1000 + n, summary(rng, members), recorded=recorded)
            (with_result if recorded else bare).append(took)
    figures["finish_p99_ms"], figures["finish_bare_p99_ms"] = p(with_result, 0.99), p(bare, 0.99)
    figures["finish_added_p99_ms"] = round(figures["finish_p99_ms"] - figures["finish_bare_p99_ms"], 2)
    figures["finish_added_p50_ms"] = round(p(with_result, 0.5) - p(bare, 0.5), 2)
    await service.close()
    await store.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--samples", type=int, default=300)
    args = parser.parse_args(argv)
    load_avg = round(os.getloadavg()[0], 2)
    with tempfile.TemporaryDirectory(prefix="payday-records-") as folder:
        figures = asyncio.run(run(args.games, args.members, args.samples, Path(folder)))
        figures["file_mb"] = round(os.path.getsize(Path(folder) / "records.sqlite3") / 1e6, 1)
    print(f"{args.games:,} finished games in one server; each read is the service call and its render")
    for name in ("history", "stats", "leaderboard"):
        print(f"  {name:12} p50 {figures[f'{name}_p50_ms']:7.2f} ms  p99 {figures[f'{name}_p99_ms']:7.2f} ms")
    with_result, bare = figures["finish_p99_ms"], figures["finish_bare_p99_ms"]
    print(f"  finish p99 {with_result} ms with the result, {bare} ms without")
    print(json.dumps({**figures, "load_avg": load_avg}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
