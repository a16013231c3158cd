"""Start-up benchmark: how long the bot takes to be ready with many saved games.

    python -m bench.startup [--games 10000] [--live-share 0.5] [--events-per-game 875] [--runs 3]

Builds a database of `--games` games: `--live-share` of them live (real tables from games played by
the computer player to a random point, each with its turn deadline ahead and a log of a random
length up to a whole game's), the rest finished (in history, with a whole game's log: 875 rows,
what a 4-player, 3-month game writes, measured with bench/load.py). Then, in a fresh process each
time, it times what start-up does with the database: `Store.open` (schema check, quick_check,
upgrade) and loading the cog (its service re-arming every timer), on the real `Payday` cog around
the stand-in bot of tests/fake_discord.py. The same file is measured twice:

  ready_s                 the deadlines still ahead (a quick restart)
  ready_after_downtime_s  the clock moved two days on (and an hour more for each further run): every
                          deadline passed while the bot was down

The figures are medians over `--runs` processes (the file is in the page cache, as after a restart on
a machine that keeps running; a cold disk adds its read time). Also printed:
  rss_mb                  the process's resident memory once ready (with every timer armed)
  import_s                importing the bot's modules, before any of the above (not included)
  full_check_s            SQLite's quick_check of the whole file (the event log included)
  db_mb                   the database file's size

The LAST line printed is one JSON object.
"""

import argparse
import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DOWNTIME = timedelta(days=2)
TURN_SECONDS = 300
CHANNEL_BASE = 1_000_000_000_000_000_000
USER_BASE = 2_000_000_000_000_000_000
TEMPLATES = 64
"""Distinct live tables; the live games cycle through them (their timers differ)."""


# -- building the database ------------------------------------------------------------------------
def live_tables(rng: random.Random, players: int = 4) -> list:
    """Real tables of games the computer player took to a random point of their three months."""
    from bot.game import ai, engine
    from bot.game.simulate import start
    from bot.table import Seat, Table

    tables = []
    for n in range(TEMPLATES):
        table = Table(host_id=USER_BASE, turn_seconds=TURN_SECONDS, interrupt_seconds=60, seed=n)
        table.seats = [Seat(user_id=USER_BASE + s, name=f"player {s}") for s in range(players)]
        table.state, _ = start(n, players, 3)
        for _ in range(rng.randrange(0, 200)):
            if table.state.over:
                break
            events = engine.apply(table.state, ai.choose(table.state, table.state.pending.seats[0]))
            table.remember(events)
        if table.state.over:
            continue
        table.message_month = table.leading_month()
        tables.append(table)
    return tables


def event_row(game_id: int, seq: int, at_us: int) -> tuple:
    """A log row the size of the bot's own (about 145 bytes of JSON)."""
    data = (
        f'{{"kind":"transfer","payer":{seq % 4},"payee":-1,"amount":{100 * (seq % 50)},'
        f'"reason":"mail","month":1,"day":{seq % 31},"text":"player {seq % 4} paid $1,000 to the Bank."}}'
    )
    return (game_id, seq, at_us, "transfer", data)


def build(path: Path, games: int, live_share: float, events_per_game: int, seed: int) -> None:
    """Create the database through the store (its schema), then bulk-load it in a few transactions."""
    from db.sqlite import Store

    async def create() -> None:
        await (await Store.open(path)).close()

    asyncio.run(create())
    rng = random.Random(seed)
    templates = live_tables(rng)
    now = datetime.now(UTC)
    now_us = int(now.timestamp() * 1_000_000)
    live = int(games * live_share)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    for game_id in range(1, games + 1):
        channel = CHANNEL_BASE + game_id
        logged = events_per_game if game_id > live else rng.randrange(events_per_game + 1)
        db.executemany(
            "INSERT INTO events (game_id, seq, at, kind, data) VALUES (?, ?, ?, ?, ?)",
            [event_row(game_id, seq, now_us) for seq in range(1, logged + 1)],
        )
        table = templates[game_id % len(templates)]
        table.message_id = (int((now.timestamp() - 1_420_070_400) * 1000) << 22) + game_id
        if game_id <= live:
            # Each live game's turn started some time in the last turn limit: deadlines ahead, spread.
            table.timer_prompt = -1
            table.set_timers(now - timedelta(seconds=rng.uniform(0, TURN_SECONDS - 1)))
            wake = table.wake_at()
            db.execute(
                "INSERT INTO games (game_id, channel_id, guild_id, version, data, deadline, created_at,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    channel,
                    1,
                    2,
                    table.model_dump_json(),
                    int(wake.timestamp() * 1e6),
                    now_us,
                    now_us,
                ),
            )
        else:
            db.execute(
                "INSERT INTO history (game_id, channel_id, guild_id, data, summary, created_at, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    channel,
                    1,
                    table.model_dump_json(),
                    '{"reason":"Everyone has retired."}',
                    now_us,
                    now_us,
                ),
            )
        if game_id % 500 == 0:
            db.execute("COMMIT")
            db.execute("BEGIN")
    db.execute("COMMIT")
    db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'games'", (games,))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


# -- measuring, in a fresh process ----------------------------------------------------------------
def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(path: Path, shift: timedelta) -> dict:
    """One start-up: open the store and load the cog, timed; the clock moved on by `shift`."""
    started = time.perf_counter()
    import discord

    from db.sqlite import Store
    from tests.fake_discord import FakeDiscord, StandInBot

    imported = time.perf_counter()
    if shift:
        real = discord.utils.utcnow
        discord.utils.utcnow = lambda: real() + shift

    async def start() -> dict:
        began = time.perf_counter()
        store = await Store.open(path, now=discord.utils.utcnow)
        bot = StandInBot(store, FakeDiscord(), seed=1)
        cog = await bot.load(now=discord.utils.utcnow)  # the clock as shifted above
        ready = time.perf_counter() - began
        memory = rss_mb()
        armed = len(cog.service.timers._timers)
        await bot.unload()
        await store.close()
        return {"ready_s": ready, "rss_mb": memory, "timers": armed}

    result = asyncio.run(start())
    result["import_s"] = imported - started
    return result


def full_check_seconds(path: Path) -> float:
    db = sqlite3.connect(path)
    try:
        began = time.perf_counter()
        db.execute("PRAGMA quick_check").fetchall()
        return time.perf_counter() - began
    finally:
        db.close()


def run_measure(path: Path, shift_days: float) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "bench.startup", "--measure", str(path), "--shift-days", str(shift_days)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=10_000, help="saved games (default 10000)")
    p.add_argument("--live-share", type=float, default=0.5, help="share of them still live (0.5)")
    p.add_argument("--events-per-game", type=int, default=875, help="log rows of a whole game (875)")
    p.add_argument("--runs", type=int, default=3, help="start-ups measured per case; medians (3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", type=Path, default=None, help="build here (must not exist), or reuse with --reuse")
    p.add_argument("--reuse", action="store_true", help="measure an existing --db without building it")
    p.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)
    p.add_argument("--shift-days", type=float, default=0.0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.games < 1 or not 0 <= args.live_share <= 1 or args.events_per_game < 0 or args.runs < 1:
        p.error("--games and --runs at least 1, --live-share 0-1, --events-per-game at least 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.measure is not None:
        print(json.dumps(measure(args.measure, timedelta(days=args.shift_days))))
        return 0
    with tempfile.TemporaryDirectory(prefix="payday-startup-") as folder:
        path = args.db or Path(folder) / "startup.sqlite3"
        if not args.reuse:
            if path.exists():
                raise SystemExit(f"{path} exists: pass --reuse to measure it as it is")
            began = time.perf_counter()
            build(path, args.games, args.live_share, args.events_per_game, args.seed)
            print(f"built {path} in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        quick = [run_measure(path, 0) for _ in range(args.runs)]
        # An hour later each time: the bot before this one (the old code did) may have saved the deadlines
        # it extended, and those must have run out again.
        down = [
            run_measure(path, (DOWNTIME + timedelta(hours=n)) / timedelta(days=1)) for n in range(args.runs)
        ]
        result = {
            "games": args.games,
            "live_games": int(args.games * args.live_share),
            "db_mb": round(os.path.getsize(path) / 2**20, 1),
            "ready_s": round(statistics.median(r["ready_s"] for r in quick), 3),
            "ready_after_downtime_s": round(statistics.median(r["ready_s"] for r in down), 3),
            "rss_mb": round(statistics.median(r["rss_mb"] for r in quick + down), 1),
            "import_s": round(statistics.median(r["import_s"] for r in quick), 3),
            "timers": quick[0]["timers"],
            "full_check_s": round(full_check_seconds(path), 3),
            "ready_runs_s": [round(r["ready_s"], 3) for r in quick],
            "downtime_runs_s": [round(r["ready_s"], 3) for r in down],
        }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
