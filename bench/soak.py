"""Crash soak: a bot process plays games on a real database file and is SIGKILLed, again and again.

    python -m bench.soak [--kills 100] [--channels 8] [--workers 4] [--max-run 1.0] [--seed 1]

Each round starts a fresh child process: it opens the store (recovering the write-ahead log the last
one left), loads the real `Payday` cog around tests/fake_discord.py's stand-in bot (only Discord is faked),
and plays: in `--channels` channels, `--workers` coroutines at once open lobbies, join, start, and
click the button the computer player would choose for whoever the game waits for; one-month games,
so games finish and new ones start in the same channels. Every time the store has committed a save
the child prints the game's version, and every finished game its id. Once it is ready the parent
SIGKILLs it after a random time (uniform up to `--max-run` seconds), mid-click and mid-transaction.

After the last kill the parent opens the database as the bot would and checks:
  games_lost          a save or finish the store reported committed that is not in the file
  games_corrupt       a live or finished game that does not load, breaks an engine invariant (money,
                      cards), or had to be set aside
  ledger_mismatches   a game whose ledger rebuilt from its event log disagrees with the money in
                      its state (each player's cash and savings, the Jackpot, the pot, the Bank)
  integrity           SQLite's integrity_check of the whole file ("ok")

The LAST line printed is one JSON object; exit status 0 when every check passes.
"""

import argparse
import asyncio
import collections
import json
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tests.fake_discord import FakeDiscord, FakeUser, StandInBot

ROOT = Path(__file__).resolve().parent.parent

CHANNEL_BASE = 1_000_000_000_000_000_000
USER_BASE = 2_000_000_000_000_000_000
PLAYERS = 3
DAY = 86_400
"""Turn limits: no timer fires while a child runs, so every change comes from a click."""


# -- the child: plays until it is killed ------------------------------------------------------------
async def play(db: Path, channels: int, workers: int, seed: int) -> None:
    import discord

    from bot.game import ai
    from bot.render.components import AnswerChoice, LobbyAction
    from bot.service import LobbyChange, Tables
    from cogs.payday import Payday
    from db.sqlite import Store

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    class AckTables(Tables):
        """Says what the store reported committed, the moment it returns."""

        async def save(self, loaded, records=()):
            saved = await super().save(loaded, records)
            say(f"saved {saved.row.game_id} {saved.row.version}")
            return saved

        async def finish(self, loaded, records, summary, result):
            await super().finish(loaded, records, summary, result)
            say(f"finished {loaded.row.game_id}")

    store = await Store.open(db, now=discord.utils.utcnow)
    bot = StandInBot(store, FakeDiscord(), seed)
    cog = await bot.load(AckTables(store))
    rng = random.Random(seed)
    users = {
        # Below 2**63, as every Discord id is: the store reads members' preferences by user id.
        c: [FakeUser(USER_BASE + (c - CHANNEL_BASE) * 10 + s, f"player {c}-{s}") for s in range(PLAYERS)]
        for c in range(CHANNEL_BASE, CHANNEL_BASE + channels)
    }
    say("ready")

    async def move(channel: int) -> None:
        """Whatever comes next in this channel: a new lobby, a join, the start, or an answer."""
        loaded = await cog.service.tables.peek(channel)
        people = users[channel]
        if loaded is None:
            i = bot.interaction(channel, people[0], None)
            await Payday.start.callback(cog, i, 1, DAY)
            return
        table, game_id = loaded.table, loaded.row.game_id
        if table.state is None:
            seated = {seat.user_id for seat in table.seats}
            joiner = next((u for u in people if u.id not in seated), None)
            user, what = (joiner, LobbyChange.JOIN) if joiner else (people[0], LobbyChange.START)
            i = bot.interaction(channel, user, table.message_id)
            await cog.lobby_click(i, LobbyAction(channel, game_id, what))
            return
        state = table.state
        seat = rng.choice(state.pending.seats)
        action = ai.choose(state, seat)
        user = next(u for u in people if u.id == table.seats[seat].user_id)
        i = bot.interaction(channel, user, table.message_id)
        await cog.game_click(i, AnswerChoice(channel, game_id, state.prompt, action.kind, action.value))

    async def worker() -> None:
        while True:
            await move(rng.choice(list(users)))

    await asyncio.gather(*(worker() for _ in range(workers)))


# -- the parent: kills, then checks -----------------------------------------------------------------
class Child:
    """One playing process and what it reported before it died."""

    def __init__(self, args: argparse.Namespace, db: Path, seed: int) -> None:
        command = [sys.executable, "-m", "bench.soak", "--child", str(db), "--seed", str(seed)]
        command += ["--channels", str(args.channels), "--workers", str(args.workers)]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            if line.endswith("\n"):  # a line cut by the kill never counted
                self.lines.append(line.strip())
                if line == "ready\n":
                    self.ready.set()
        self.ready.set()

    def kill_after(self, seconds: float) -> str:
        """SIGKILL once ready plus `seconds`; returns stderr if the child died on its own first."""
        self.ready.wait(60)
        time.sleep(seconds)
        died = self.process.poll() is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.reader.join()
        return self.process.stderr.read() if died else ""


def rebuilt_ledger_matches(state, transfers: list[dict]) -> bool:
    from bot.game import events as ev

    balance: collections.Counter[int] = collections.Counter()
    for t in transfers:
        balance[t["src"]] -= t["amount"]
        balance[t["dst"]] += t["amount"]
    players = all(
        balance[p.seat] == p.cash and balance[ev.savings_account(p.seat)] == p.savings for p in state.players
    )
    return (
        players
        and balance[ev.JACKPOT] == state.jackpot
        and balance[ev.POT] == state.pot
        and -balance[ev.BANK] == state.bank_paid - state.bank_received
    )


async def check(db: Path, acked: dict[int, int], finished: set[int]) -> dict:
    """Open the file as the bot would, then compare it with everything the children were told."""
    from pydantic import ValidationError

    from bot.game.invariants import violations
    from bot.table import Table
    from db.sqlite import Store

    store = await Store.open(db)
    try:
        live = {row.game_id: row for row in await store.live_games()}
        done = {row.game_id: row for row in await store.history(limit=1_000_000)}
        lost = sum(
            1
            for game_id, version in acked.items()
            if game_id not in done and (game_id not in live or live[game_id].version < version)
        ) + sum(1 for game_id in finished if game_id not in done)
        corrupt = mismatched = started = 0
        for game_id, data in [
            *((g, r.data) for g, r in live.items()),
            *((g, r.data) for g, r in done.items()),
        ]:
            try:
                table = Table.model_validate_json(data)
            except ValidationError:
                corrupt += 1
                continue
            if table.state is None:
                continue
            started += 1
            if violations(table.state):
                corrupt += 1
            log = await store.events(game_id, limit=1_000_000, kinds=["transfer"])
            if not rebuilt_ledger_matches(table.state, [row.data for row in log]):
                mismatched += 1
    finally:
        await store.close()
    raw = sqlite3.connect(db)
    try:
        [(integrity,)] = raw.execute("PRAGMA integrity_check").fetchall()
        [(set_aside,)] = raw.execute("SELECT COUNT(*) FROM quarantine").fetchall()
    finally:
        raw.close()
    return {
        "games_started": started,
        "games_finished": len(done),
        "games_lost": lost,
        "games_corrupt": corrupt + set_aside,
        "ledger_mismatches": mismatched,
        "integrity": integrity,
    }


def soak(args: argparse.Namespace, db: Path) -> dict:
    rng = random.Random(args.seed)
    acked: dict[int, int] = {}
    finished: set[int] = set()
    saves = 0
    crashes: list[str] = []
    began = time.perf_counter()
    for kill in range(args.kills):
        child = Child(args, db, args.seed * 1_000_000 + kill)
        stderr = child.kill_after(rng.uniform(0, args.max_run))
        if stderr:
            crashes.append(stderr)
        for line in child.lines:
            word, *numbers = line.split()
            if word == "saved":
                saves += 1
                game_id, version = map(int, numbers)
                acked[game_id] = max(acked.get(game_id, 0), version)
            elif word == "finished":
                finished.add(int(numbers[0]))
    result = asyncio.run(check(db, acked, finished))
    return {
        "kills": args.kills,
        "saves_acknowledged": saves,
        "child_crashes": len(crashes),
        **result,
        "seconds": round(time.perf_counter() - began, 1),
        "first_crash": crashes[0][-2000:] if crashes else "",
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kills", type=int, default=100, help="SIGKILLs, one per child process (100)")
    p.add_argument("--channels", type=int, default=8, help="channels with a game each (8)")
    p.add_argument("--workers", type=int, default=4, help="clicks in flight in the child (4)")
    p.add_argument("--max-run", type=float, default=1.0, help="most seconds a child plays before the kill")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", type=Path, default=None, help="the database file (default: a temporary one)")
    p.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.kills < 1 or args.channels < 1 or args.workers < 1 or args.max_run < 0:
        p.error("--kills, --channels and --workers at least 1, --max-run at least 0")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child is not None:
        asyncio.run(play(args.child, args.channels, args.workers, args.seed))
        return 0
    with tempfile.TemporaryDirectory(prefix="payday-soak-") as folder:
        result = soak(args, args.db or Path(folder) / "soak.sqlite3")
    print(json.dumps(result))
    bad = (
        result["games_lost"]
        or result["games_corrupt"]
        or result["ledger_mismatches"]
        or result["child_crashes"]
    )
    return 1 if bad or result["integrity"] != "ok" else 0


if __name__ == "__main__":
    sys.exit(main())
