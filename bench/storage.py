"""Bytes the database keeps per finished game, before and after `python -m bot prune`.

    python -m bench.storage [--games 50] [--players 4] [--months 3]

Plays `--games` whole games through the real cog and store (bench/load.py, every action a button
click, to the end), then compacts a copy of the file (VACUUM INTO) and measures it with SQLite's
dbstat table: each table's and index's bytes, divided by the finished games. Then it prunes every
finished game's event log (what `python -m bot prune` does) and measures again.

The LAST line printed is one JSON object:
  bytes_per_finished_game         the whole compacted file, per game (empty schema subtracted)
  bytes_per_finished_game_pruned  the same after pruning: the result and final standings only
  events_per_game                 event-log rows per game
  by_table                        bytes per game of each table and index before pruning
"""

import argparse
import asyncio
import json
import sqlite3
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compacted(path: Path, into: Path) -> dict[str, int]:
    """VACUUM a copy of the file, then the bytes of each table and index in it (pages in use)."""
    with sqlite3.connect(path) as db:
        db.execute("VACUUM INTO ?", (str(into),))
    db.close()
    with sqlite3.connect(into) as db:
        sizes = dict(db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall())
    db.close()
    return sizes


async def prune_all(path: Path) -> None:
    from db.sqlite import Store

    store = await Store.open(path)
    try:
        await store.prune(datetime.now(UTC) + timedelta(days=1))
    finally:
        await store.close()


async def empty_file(path: Path) -> None:
    from db.sqlite import Store

    await (await Store.open(path)).close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--months", type=int, default=3)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="payday-storage-") as folder:
        folder = Path(folder)
        played = folder / "played.sqlite3"
        command = [sys.executable, "-m", "bench.load", "--db", str(played)]
        command += ["--games", str(args.games), "--players", str(args.players), "--months", str(args.months)]
        command += ["--actions", "1000000"]
        run = json.loads(
            subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()[
                -1
            ]
        )
        finished = run["games_finished"]
        asyncio.run(empty_file(folder / "empty.sqlite3"))
        empty = sum(compacted(folder / "empty.sqlite3", folder / "empty-v.sqlite3").values())
        before = compacted(played, folder / "before.sqlite3")
        with sqlite3.connect(played) as db:
            [(events,)] = db.execute("SELECT COUNT(*) FROM events").fetchall()
        db.close()
        asyncio.run(prune_all(played))
        after = compacted(played, folder / "after.sqlite3")
    result = {
        "games": args.games,
        "players": args.players,
        "months": args.months,
        "games_finished": finished,
        "events_per_game": round(events / finished),
        "bytes_per_finished_game": round((sum(before.values()) - empty) / finished),
        "bytes_per_finished_game_pruned": round((sum(after.values()) - empty) / finished),
        "by_table": {
            name: round(size / finished) for name, size in sorted(before.items(), key=lambda kv: -kv[1])
        },
    }
    print(json.dumps(result))
    return 0 if finished == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
