"""How many games one bot serves at a table's real pace, within Discord's budget and a quick answer.

    python -m bench.capacity [--steps 100,200,400,800,1600] [--step-seconds 20] [--db PATH]
    python -m bench.capacity --processes 2                 # two bot processes on one database
    python -m bench.capacity --db postgresql://…/db        # on PostgreSQL (an empty database)

bench/load.py plays as fast as the bot answers; real tables are slow, and what they cost is Discord's
budget as much as CPU. Here every game is played in real time at a table's pace: `--humans` (3)
human seats and `--computers` (1) Normal computer seats; each human answers their question a random
2–20 s (`--answer-after`) after it appears (on the live message as the fake Discord shows it), and a
computer seat moves after the bot's own COMPUTER_DELAY (1.5 s) through the bot's own timers, as
live; calls by name are on (the default), so calls post the live message anew. Turn limits are a
day, so no one times out.

The games are added in steps (`--steps`, the number of active games): at each step the games to add
are opened (lobby, joins, a computer, start: not measured), play runs `--warmup` seconds (10), then
`--step-seconds` (20) of play are measured. A step passes if the clicks' bot-side p99 (game_click
entry to return, the store's save included) is under 100 ms and the requests made with the bot's
token, which Discord's global limit counts, stay under 40 a second (80% of the 50 allowed, leaving
room for what this bench leaves out: slash commands, hands, lobbies). The ramp stops at the first
step that fails.

Discord is tests/fake_discord.py's, holding the bot to Discord's limits (`Limits`: the global 50 a
second over bot-token requests, per-route buckets, 429 with retry_after, the 15 minutes of an
interaction's token).

With `--processes N`, N bot processes (subprocesses of this one) each serve their share of every
step's games (disjoint channels) on one database, as shards across processes would. The global limit
is the whole bot's: each process gets 50/N a second (a process cannot borrow what another leaves
unused, so the 429s are an upper bound); a step's p99 is the worst process's, its rate the sum. The
processes run the same steps side by side, each timing its own window.

The LAST line printed is one JSON object:
  capacity_games          the largest step that passed (0: none did); `capacity_reached` is False
                          when every step passed (the bot serves more than the last step)
  at_capacity             that step's figures: p50_ms, p99_ms, clicks_per_s, computer_moves_per_s,
                          global_limited_per_s, interaction_requests_per_s,
                          global_limited_per_action, http_429, invalid_requests
  steps                   every step measured, with the same figures and `passed`
"""

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
from array import array
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import discord

from bench.load import CHANNEL_BASE, USER_BASE, Game, PictureMeter, Stats, WatchedTables, percentile
from bench.load import Bench as LoadBench
from bot.app.logs import KeyValueFormatter
from bot.game import ai
from bot.game.strengths import Strength
from bot.render.components import AddComputer, AnswerChoice, LobbyAction
from bot.service import LobbyChange
from bot.table import Table
from cogs.payday import Payday
from db import GameStore
from db.opening import is_postgres, open_store
from tests.fake_discord import DAY, FakeDiscord, FakeUser, Limits, StandInBot

P99_GOAL_MS = 100.0
GLOBAL_GOAL_PER_S = 40.0
LOOK_EVERY_S = 0.25
"""How often a player waiting for their question looks at the live message again."""
CHANNELS_PER_PROCESS = 10_000_000
WORKER_DATABASE = "PAYDAY_CAPACITY_DATABASE"
"""The environment variable that gives each bot process the database (`--db`) the run created."""


@dataclass
class Window:
    """What one step's measured seconds saw."""

    times: array
    seconds: float
    computer_moves: int
    bot_token: int
    interaction: int
    http_429: int
    invalid_requests: int

    def figures(self) -> dict:
        clicks = len(self.times)
        return {
            "p50_ms": round(percentile(self.times, 0.50), 3),
            "p99_ms": round(percentile(self.times, 0.99), 3),
            "clicks_per_s": round(clicks / self.seconds, 1),
            "computer_moves_per_s": round(self.computer_moves / self.seconds, 1),
            "global_limited_per_s": round(self.bot_token / self.seconds, 2),
            "interaction_requests_per_s": round(self.interaction / self.seconds, 1),
            "global_limited_per_action": round(self.bot_token / max(1, clicks + self.computer_moves), 4),
            "http_429": self.http_429,
            "invalid_requests": self.invalid_requests,
        }


class CountedTables(WatchedTables):
    """The harness's view of every table the bot wrote, and how many computer moves it saved."""

    def __init__(self, store: GameStore) -> None:
        super().__init__(store)
        self.computer_moves = 0
        self.asked: dict[int, tuple[int, bool]] = {}
        """channel -> the question saved last, and whether a computer seat was asked it."""

    async def save(self, loaded, records=()):
        saved = await super().save(loaded, records)
        table, channel_id = loaded.table, loaded.row.channel_id
        before = self.asked.get(channel_id)
        if table.state is not None:
            self.asked[channel_id] = (table.state.prompt, bool(table.waiting_computers()))
            if before is not None and before[1] and before[0] != table.state.prompt:
                self.computer_moves += 1
        return saved


class Pace:
    """Real-time tables at a human pace, in one bot process."""

    def __init__(
        self, args: argparse.Namespace, worker: int, cog: Payday, bot: StandInBot, tables: CountedTables
    ):
        self.args, self.worker = args, worker
        self.cog, self.bot, self.tables, self.fake = cog, bot, tables, bot.fake
        self.load = LoadBench(args, cog, bot, tables, PictureMeter())
        self.rng = random.Random(args.seed * 1000 + worker)
        self.play = Stats()
        self.games: list[Game] = []
        self.opened = 0
        """Games tried so far, each in a channel of its own."""
        self.players: list[asyncio.Task[None]] = []

    async def open(self, count: int) -> None:
        """Open games until `count` are playing: /payday start, the humans join, a computer is
        added, Start. A game that fails to open (the bot overloaded: its store did not answer in
        time) is counted in the setup's errors, which fail the step, and left out."""
        for _ in range(len(self.games), count):
            n = self.opened = self.opened + 1
            channel_id = CHANNEL_BASE + self.worker * CHANNELS_PER_PROCESS + n
            users = [
                FakeUser(USER_BASE + channel_id % 10**9 * 10 + s, f"p{n}-{s}")
                for s in range(self.args.humans)
            ]
            game = Game(channel_id, users)
            if await self.open_one(game):
                self.games.append(game)
                self.players.append(asyncio.create_task(self.seat(game)))

    async def open_one(self, game: Game) -> bool:
        load, cog, host = self.load, self.cog, game.users[0]
        start = Payday.start.callback.__get__(cog)
        i = self.bot.interaction(game.channel_id, host, None)
        if not await load.call(load.setup, game, i, start, self.args.months, DAY):
            return False
        lobby_id = self.tables.written[game.channel_id].message_id
        assert lobby_id is not None, "the lobby was posted"
        game.game_id = int(self.fake.buttons[game.channel_id][lobby_id][0].split(":")[2])
        join = LobbyAction(game.channel_id, game.game_id, LobbyChange.JOIN)
        steps: list[tuple[FakeUser, Callable[..., Awaitable[None]], object]] = [
            (user, self.cog.lobby_click, join) for user in game.users[1:]
        ]
        steps += [(host, self.computer, AddComputer(game.channel_id, game.game_id))] * self.args.computers
        steps.append(
            (host, self.cog.lobby_click, LobbyAction(game.channel_id, game.game_id, LobbyChange.START))
        )
        for user, handler, pressed in steps:
            i = self.bot.interaction(game.channel_id, user, lobby_id)
            if not await load.call(load.setup, game, i, handler, pressed):
                return False
        return True

    async def computer(self, interaction: discord.Interaction, pressed: AddComputer) -> None:
        await self.cog.computer_click(interaction, pressed, (Strength.NORMAL.value,))

    def question(self, game: Game) -> tuple[FakeUser, AnswerChoice] | None:
        """The button a human the game waits for would press on the live message as Discord shows
        it, if there is one (None while only the computer is asked, or the board is on its way)."""
        table: Table | None = self.tables.written.get(game.channel_id)
        if table is None or table.state is None or table.message_id is None or not table.waiting_humans():
            return None
        state = table.state
        seat = self.rng.choice(table.waiting_humans())
        action = ai.choose(state, seat)
        buttons = self.fake.buttons.get(game.channel_id, {}).get(table.message_id, ())
        options = []
        for custom_id in buttons:
            if custom_id.startswith("pd:"):
                _, _, _, prompt, kind, value = custom_id.split(":")
                if int(prompt) == state.prompt:
                    options.append(AnswerChoice(game.channel_id, game.game_id, int(prompt), kind, int(value)))
        if not options:
            return None
        pick = next((o for o in options if (o.kind, o.value) == (action.kind, action.value)), options[0])
        user = next(u for u in game.users if u.id == table.seats[seat].user_id)
        return user, pick

    async def seat(self, game: Game) -> None:
        """The humans of one table: each question answered 2–20 s after it shows, until the game ends."""
        while True:
            asked = self.question(game)
            if asked is None:
                table = self.tables.written.get(game.channel_id)
                if table is None or table.state is None or table.state.over:
                    return
                await asyncio.sleep(LOOK_EVERY_S)
                continue
            await asyncio.sleep(self.rng.uniform(*self.args.answer_after))
            asked = self.question(game)  # the board may have moved on meanwhile
            if asked is None:
                continue
            user, pressed = asked
            i = self.bot.interaction(game.channel_id, user, self.tables.written[game.channel_id].message_id)
            await self.load.call(self.play, game, i, self.cog.game_click, pressed)

    async def measure(self, seconds: float) -> Window:
        limits = self.fake.limits
        assert limits is not None
        before = self.counts()
        self.play.times = array("d")
        started = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - started
        after = self.counts()
        moves, token, interaction, http_429, invalid = (b - a for a, b in zip(before, after, strict=True))
        return Window(self.play.times, elapsed, moves, token, interaction, http_429, invalid)

    def counts(self) -> tuple[int, int, int, int, int]:
        limits = self.fake.limits
        assert limits is not None
        token = self.fake.bot_token_requests
        every = sum(self.fake.requests.values())
        return (self.tables.computer_moves, token, every - token, limits.http_429, limits.invalid_requests)

    async def close(self) -> None:
        for task in self.players:
            task.cancel()
        await asyncio.gather(*self.players, return_exceptions=True)


async def serve(args: argparse.Namespace, worker: int, share: list[int]) -> None:
    """One bot process: open its share of each step's games, measure, print the step's figures
    (one JSON line each), stop after the first step that fails."""
    store = await open_db(args.db)
    fake = FakeDiscord(round_trip=True, limits=Limits(global_per_s=50.0 / args.processes))
    bot = StandInBot(store, fake, args.seed)
    bot.board_pictures = not args.no_picture
    tables = CountedTables(store)
    cog = await bot.load(tables)
    harness = Pace(args, worker, cog, bot, tables)
    try:
        for step, count in zip(args.steps, share, strict=True):
            await harness.open(count)
            await asyncio.sleep(args.warmup)  # the new tables' first answers and computer moves
            window = await harness.measure(args.step_seconds)
            figures = {"games": step, "process_games": count, **window.figures()}
            figures["errors"] = harness.play.errors + harness.load.setup.errors
            print(json.dumps(figures), flush=True)
            if not passes(figures, args.processes):
                break
    finally:
        await harness.close()
        await bot.unload()
        await store.close()
        first_error = harness.play.first_error or harness.load.setup.first_error
        if first_error:
            print(first_error, file=sys.stderr)


def passes(figures: dict, processes: int = 1) -> bool:
    """Whether a step is served: a p99 under 100 ms, and the bot-token rate under 40 a second (this
    process's share of it, with several)."""
    return (
        figures["p99_ms"] < P99_GOAL_MS
        and figures["global_limited_per_s"] < GLOBAL_GOAL_PER_S / processes
        and not figures["errors"]
    )


def combine(steps: list[list[dict]]) -> list[dict]:
    """Each process's figures for a step, as one step: the worst p99, the rates added up."""
    combined = []
    for parts in zip(*steps, strict=False):
        added = ("clicks_per_s", "computer_moves_per_s", "global_limited_per_s", "interaction_requests_per_s")
        step = {"games": parts[0]["games"]}
        step["p50_ms"] = max(p["p50_ms"] for p in parts)
        step["p99_ms"] = max(p["p99_ms"] for p in parts)
        for key in added:
            step[key] = round(sum(p[key] for p in parts), 2)
        for key in ("http_429", "invalid_requests", "errors"):
            step[key] = sum(p[key] for p in parts)
        actions = sum(p["clicks_per_s"] + p["computer_moves_per_s"] for p in parts)
        step["global_limited_per_action"] = (
            round(step["global_limited_per_s"] / actions, 4) if actions else 0.0
        )
        step["passed"] = passes(step)
        combined.append(step)
    return combined


def summary(steps: list[dict], args: argparse.Namespace) -> dict:
    best = None
    for step in steps:
        if not step["passed"]:
            break
        best = step
    return {
        "processes": args.processes,
        "humans": args.humans,
        "computers": args.computers,
        "step_seconds": args.step_seconds,
        "capacity_games": 0 if best is None else best["games"],
        "capacity_reached": not all(step["passed"] for step in steps) or len(steps) < len(args.steps),
        "at_capacity": best,
        "steps": steps,
        "loadavg_1m_at_end": round(os.getloadavg()[0], 2),
    }


def shares(total: int, processes: int) -> list[int]:
    """`total` games split among the processes as evenly as can be."""
    return [total // processes + (k < total % processes) for k in range(processes)]


def run_processes(args: argparse.Namespace) -> list[list[dict]]:
    """Start the N processes on the same database and steps; each one's step lines, in order."""
    argv = [
        *("--steps", ",".join(map(str, args.steps)), "--step-seconds", str(args.step_seconds)),
        *("--warmup", str(args.warmup), "--answer-after", ",".join(map(str, args.answer_after))),
        *("--humans", str(args.humans), "--computers", str(args.computers), "--months", str(args.months)),
        *("--seed", str(args.seed), "--processes", str(args.processes), "--log-level", args.log_level),
        *(["--no-picture"] if args.no_picture else []),
    ]
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.capacity", *argv, "--worker", str(k)],
            env=os.environ | {WORKER_DATABASE: str(args.db)},  # a URL's password stays out of `ps`
            stdout=subprocess.PIPE,
            text=True,
        )
        for k in range(args.processes)
    ]
    outputs = [child.communicate()[0] for child in children]
    if any(child.returncode for child in children):
        raise SystemExit("a bot process failed")
    return [[json.loads(line) for line in out.splitlines() if line.startswith("{")] for out in outputs]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", default="100,200,400,800,1600", help="active games at each step (100,...,1600)")
    p.add_argument("--step-seconds", type=float, default=20.0, help="seconds measured at each step (20)")
    p.add_argument(
        "--warmup", type=float, default=10.0, help="seconds of play before each step's measure (10)"
    )
    p.add_argument("--humans", type=int, default=3, help="human seats per game (3)")
    p.add_argument(
        "--answer-after",
        default="2,20",
        help="a human answers MIN,MAX seconds after the question shows (2,20)",
    )
    p.add_argument("--computers", type=int, default=1, help="computer seats per game, Normal (1)")
    p.add_argument("--months", type=int, default=3, help="months per game (3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--db",
        default=None,
        help="SQLite file to create (default: a temp file), or an empty PostgreSQL database's URL",
    )
    p.add_argument("--processes", type=int, default=1, help="bot processes sharing the database (1)")
    p.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--no-picture", action="store_true", help="BOARD_PICTURES off")
    p.add_argument("--log-level", default="INFO", help="the bot's log level; lines go to /dev/null (INFO)")
    args = p.parse_args(argv)
    args.steps = [int(n) for n in args.steps.split(",")]
    args.answer_after = tuple(float(s) for s in args.answer_after.split(","))
    if args.humans < 1 or args.computers < 0 or args.humans + args.computers > 6 or args.processes < 1:
        p.error("--humans at least 1, at most 6 seats, --processes at least 1")
    if any(n < args.processes for n in args.steps) or args.steps != sorted(args.steps):
        p.error("--steps must grow, each at least one game per process")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sink = open(os.devnull, "w")  # noqa: SIM115 -- closed below
    handler = logging.StreamHandler(sink)
    handler.setFormatter(KeyValueFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(args.log_level.upper())
    try:
        if args.worker is not None:  # one of the N processes
            args.db = os.environ[WORKER_DATABASE]
            share = [shares(n, args.processes)[args.worker] for n in args.steps]
            asyncio.run(serve(args, args.worker, share))
            return 0
        with contextlib.ExitStack() as stack:
            if args.db is None:
                folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="payday-capacity-"))
                args.db = str(Path(folder) / "capacity.sqlite3")
            elif not is_postgres(args.db) and Path(args.db).exists():
                raise SystemExit(f"{args.db} exists: the benchmark only writes a new database file")
            asyncio.run(create(args.db))
            steps = combine(run_processes(args))
    finally:
        root.removeHandler(handler)
        sink.close()
    result = summary(steps, args)
    print(json.dumps(result))
    return 0 if not any(s["errors"] for s in steps) else 1


async def open_db(location: str) -> GameStore:
    """The store the bot processes share: an SQLite file, or a PostgreSQL database."""
    return await open_store(location, now=discord.utils.utcnow)


async def create(location: str) -> None:
    """The database's schema, once, before the processes share it."""
    store = await open_db(location)
    await store.close()


if __name__ == "__main__":
    sys.exit(main())
