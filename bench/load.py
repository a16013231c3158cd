"""Load benchmark of the bot: many live games at once, through the real cog handlers and SQLite store.

    python -m bench.load [--games 1000] [--players 4] [--actions 40] [--seed 1] [--db PATH]
    python -m bench.load --rate 600 [--duration 30]        # open loop: random arrivals

Every game is opened with the real `/payday start` callback, filled through the lobby's Join button
handler and started with its Start button handler; then every player action is a real `game_click`
on the button a player would press, chosen by the computer player (`ai.choose`) for the human whose
turn it is. The cog saves to a real `Store` (SQLite, WAL) on a file. Only Discord is faked, by
tests/fake_discord.py (shared with the tests): the fakes cost next to nothing, count every call
that would be an HTTP request, and insist that every interaction is answered exactly once.

Why not simcord, the Discord simulator the end-to-end tests use: it serialises its actors and holds
every interaction to Discord's real response deadlines, which is right for behaviour tests but
makes 1,000 concurrent games impossible to drive and would measure the simulator, not the bot.

Traffic model: a closed loop. `--concurrency` workers (default 2) each take a random game that is
waiting for a click, press its button and go on to another game, so consecutive actions land on
different channels as in real traffic, with at most `--concurrency` clicks in flight. A handler's
time includes waiting for the event loop and for the store's one connection behind the other
clicks in flight. Why 2: 1,000 games of people who answer a button every few seconds send some
250-500 clicks/s, which at ~2 ms a click keeps about one click in flight (Little's law). More
workers only queue: the bot's Python runs on one core, so throughput stays flat while every click
waits longer (--concurrency 4 or 8 shows it).

Open loop (`--rate R`): clicks arrive at random, a Poisson process of R clicks per second, each on
a random live game that is waiting for a click (if every game has a click in flight, the arrival
waits for the next one to be free). Nothing waits for the bot before the next arrival, so a slow
click delays every click behind it, as with real players, and latency is counted from the
arrival, not from when the handler got to run. This shows the tail the closed loop hides.

Hard computer players thinking in other channels (`--hard-thinkers N`): N loops beside the clicks,
each handing the bot's own `Thinker` (bot/service/thinking.py) one Hard thought after another about
a game of its own, each thought `--think-ms` of CPU of rollouts (bench/rollouts.py), in the worker
processes the bot uses (`--think-in thread`: in threads of the bot's process instead, to show why
not). The clicks' p99 with them against without (bench/thinking.py runs both, interleaved) says
whether a Hard player slows the other tables.

Turn limits are a day, so no timer fires (the deadline tasks are armed on every action, as in the
bot, and cancelled at the end), and every seat is human, so no computer player waits on the clock:
nothing sleeps but what Discord's rate limits impose (the fake enforces them: `Limits`). The bot's
INFO log lines are formatted as in production and written to /dev/null.

The LAST line printed is one JSON object; the main figures are
  live_games              games open at once (all of them, started, before the first click)
  actions_per_s           player actions handled per second of wall time, all workers together
  p50_ms, p99_ms          bot-side time of one player action: game_click entry to return, loading
                          and saving the table included (the fake Discord calls cost ~0); with
                          --rate, from the click's arrival to the handler's return (p999_ms too)
  rate, achieved_rate     (--rate only) the arrival rate asked for, and clicks completed per second
                          over the measured window: well below `rate` means the bot saturated
  api_requests_per_action Discord HTTP requests per player action, mean: interaction responses
                          (send_message, edit_message, defer), followups, channel sends, message edits
  global_limited_per_action   of them, those made with the bot's token (channel sends, message
                          edits and deletes), which Discord's global limit of 50 a second counts for
  interaction_requests_per_action  the whole bot; and those through an interaction, which it does not
  http_429, invalid_requests  requests the fake Discord answered 429 (over the global limit: the
                          caller slept `retry_after` and sent again, as discord.py does), and every
                          401/403/429, which count towards Discord's 10,000 in 10 minutes
  route_waits, route_wait_s   requests that waited for a full per-route bucket to reset, and how long
                          (tests/fake_discord.py `Limits` says which limits and why these sizes)
  render_ms_p99           the board picture's drawing and PNG encoding, per picture, in its worker
                          thread (wall clock; render_cpu_ms_p99 in that thread's CPU time), and
  image_kb                the largest picture sent, in KiB: reported apart from the action's time
                          (the click awaits its picture off the event loop; --no-picture runs the
                          bot with BOARD_PICTURES off: no picture drawn, nor handed to its thread)
  pictures_per_action     new pictures uploaded per player action (the rest keep the one shown)
  rss_kb_per_game         growth of the process's resident memory (VmRSS), from just before the
                          first game is created to the highest reading while every game is live,
                          divided by the live games. It holds what the bot keeps per game (the
                          last saved row, the live message's state, the armed deadline task),
                          the bot's memory that does not grow with the games but is first touched
                          during the run (the picture's fonts, calendars, caches and its drawing
                          thread's allocator arena, about 17 MB; SQLite's page cache, capped at
                          2 MiB; the render caches, bounded), allocator slack, and this harness's
                          own bookkeeping (about 2.6 KB a game: each message's button ids and
                          picture name, the timings), so it is an upper bound. bench/memory.py
                          says what it is made of, owner by owner.
  gc_collections          garbage collections during play, per generation [0, 1, 2] (gc.callbacks)
  gc_pause_ms_p99,        their pauses, wall clock, all generations together: no click is answered
  gc_pause_ms_max         while one runs, so a p99_ms close to these says the collector made the tail
  gc_pause_ms_max_by_gen  the longest pause of each generation [0, 1, 2]
  gc_pause_ms_total       all of them added up (against play_s: the share of play spent collecting)
  hard_thoughts,          (--hard-thinkers only) thoughts finished during play, their wall time from
  thought_ms_p50/p99,     the submit to the answer, and how many ran past the bot's deadline and were
  late_thoughts           answered with Normal's choice
"""

import argparse
import asyncio
import collections
import contextlib
import functools
import gc
import json
import logging
import os
import pickle
import random
import sys
import tempfile
import time
import traceback
from array import array
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, Protocol

import discord

from bench import rollouts
from bot.app import collector
from bot.app.logs import KeyValueFormatter
from bot.game import ai, engine
from bot.game.strengths import Strength
from bot.render import board_attachment
from bot.render.components import AnswerChoice, LobbyAction
from bot.service import LobbyChange, Tables
from bot.service.thinking import Thinker, Thought
from bot.table import Table
from cogs.payday import Payday
from db.sqlite import Store
from tests.fake_discord import BOT_TOKEN_KINDS, DAY, FakeDiscord, FakeUser, Limits, StandInBot

CHANNEL_BASE = 1_000_000_000_000_000_000
USER_BASE = 2_000_000_000_000_000_000
"""Snowflake-sized ids, so the stored documents are as long as the real ones."""


class WatchedTables(Tables):
    """The cog's own Tables, also noting the table it last wrote per channel, so the harness can see
    what the game waits for without reading the database back (the harness takes it at once)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.written: dict[int, Table] = {}

    async def create(self, channel_id, guild_id, table):
        loaded = await super().create(channel_id, guild_id, table)
        self.written[channel_id] = table
        return loaded

    async def save(self, loaded, records=()):
        saved = await super().save(loaded, records)
        self.written[loaded.row.channel_id] = loaded.table
        return saved

    async def finish(self, loaded, records, ending, tallied):
        await super().finish(loaded, records, ending, tallied)
        self.written[loaded.row.channel_id] = loaded.table


class HardPlayers:
    """`--hard-thinkers` Hard computer players, each thinking again as soon as its last thought is
    answered, through the bot's `Thinker`, until play ends."""

    def __init__(self, thinker: Thinker, args: argparse.Namespace) -> None:
        self.thinker, self.count = thinker, args.hard_thinkers
        thinker.decide = functools.partial(rollouts.think, args.think_ms)
        if args.think_in == "thread":
            thinker.pool = ThreadPoolExecutor(self.count)
        state, _ = engine.start(
            [f"player {s}" for s in range(args.players)], months=args.months, seed=args.seed
        )
        self.snapshot = pickle.dumps(state)
        self.times = array("d")
        self.stop = asyncio.Event()

    def thought(self, n: int) -> Thought:
        return Thought(CHANNEL_BASE - 1 - n, n, 0, 0, Strength.HARD, n, self.snapshot)

    async def warm(self) -> None:
        """The workers started and the rules loaded in them before play, as in a bot that has run a while."""
        await asyncio.gather(*(self.thinker.think(self.thought(n)) for n in range(self.count)))

    async def think(self, n: int) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            await self.thinker.think(self.thought(n))
            self.times.append(time.perf_counter() - started)

    def figures(self) -> dict:
        return {
            "hard_thinkers": self.count,
            "think_in": "thread" if isinstance(self.thinker.pool, ThreadPoolExecutor) else "process",
            "hard_thoughts": len(self.times),
            "thought_ms_p50": round(percentile(self.times, 0.50), 1),
            "thought_ms_p99": round(percentile(self.times, 0.99), 1),
            "late_thoughts": sum(t >= self.thinker.deadline for t in self.times),
        }


class CollectorMeter:
    """Times every garbage collection while `on` (gc.callbacks): its generation and its pause."""

    def __init__(self) -> None:
        self.on = False
        self.started = 0.0
        self.generations = array("b")
        self.pauses = array("d")

    def __call__(self, phase: str, info: dict) -> None:
        if not self.on:
            return
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self.started)
            self.generations.append(info["generation"])

    def figures(self) -> dict:
        by_gen = [[p for p, g in zip(self.pauses, self.generations, strict=True) if g == n] for n in range(3)]
        return {
            "gc_collections": [len(pauses) for pauses in by_gen],
            "gc_pause_ms_p99": round(percentile(self.pauses, 0.99), 3),
            "gc_pause_ms_max": round(max(self.pauses, default=0) * 1000, 3),
            "gc_pause_ms_max_by_gen": [round(max(pauses, default=0) * 1000, 3) for pauses in by_gen],
            "gc_pause_ms_total": round(sum(self.pauses) * 1000, 1),
        }


class PictureMeter:
    """Wraps the renderer the bot calls in a worker thread: times each picture (wall and the
    thread's CPU) and notes its size."""

    def __init__(self) -> None:
        self.real = board_attachment.render_png
        # Arrays, not lists: 8 bytes a reading instead of 32, so the harness adds little per game.
        self.wall = array("d")
        self.cpu = array("d")
        self.sizes = array("q")

    def __call__(self, scene) -> bytes:
        wall, cpu = time.perf_counter(), time.thread_time()
        png = self.real(scene)
        self.cpu.append(time.thread_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        self.sizes.append(len(png))
        return png


# -- the harness ------------------------------------------------------------------------------------
class Click(NamedTuple):
    user: FakeUser
    message_id: int
    prompt: int
    kind: str
    value: int


@dataclass(slots=True)
class Game:
    channel_id: int
    users: list[FakeUser]
    game_id: int = 0
    actions: int = 0
    click: Click | None = None
    """The button the player the game waits for presses next; None once the game is over."""


@dataclass
class Stats:
    times: array = field(default_factory=lambda: array("d"))
    errors: int = 0
    unanswered: int = 0
    refused: int = 0
    off_buttons: int = 0
    """AI choices with no button of their own (then the first button is pressed)."""
    finished: int = 0
    first_error: str = ""


class Bench:
    def __init__(
        self,
        args: argparse.Namespace,
        cog: Payday,
        bot: StandInBot,
        tables: WatchedTables,
        meter: PictureMeter,
    ) -> None:
        self.args = args
        self.cog, self.bot, self.tables, self.fake, self.meter = cog, bot, tables, bot.fake, meter
        self.rng = random.Random(args.seed)
        self.play = Stats()
        self.setup = Stats()
        self.rss_peak = 0
        self.games: list[Game] = []

    # -- one handler call ------------------------------------------------------------------------
    async def call(self, stats: Stats, game: Game, interaction, handler, *args) -> bool:
        """Run one handler as the button/command would, timed; False if it crashed or went unanswered."""
        start = time.perf_counter()
        try:
            await handler(interaction, *args)
        except Exception:
            stats.errors += 1
            if not stats.first_error:
                stats.first_error = f"channel {game.channel_id}: {traceback.format_exc()}"
            return False
        finally:
            stats.times.append(time.perf_counter() - start)
        if interaction.response.answers != 1:
            stats.unanswered += 1
            return False
        if interaction.response.refusal is not None:
            stats.refused += 1
            if not stats.first_error:
                stats.first_error = f"channel {game.channel_id} refused: {interaction.response.refusal}"
            return False
        return True

    def written(self, game: Game) -> Table | None:
        return self.tables.written.pop(game.channel_id, None)

    # -- lobby: /payday start, Join x (players-1), Start ------------------------------------------
    async def open_game(self, game: Game) -> bool:
        host = game.users[0]
        i = self.bot.interaction(game.channel_id, host, None)
        start = Payday.start.callback.__get__(self.cog)  # the slash command's own function
        if not await self.call(self.setup, game, i, start, self.args.months, DAY):
            return False
        lobby_id = self.written(game).message_id
        # The lobby's buttons are pdl:<channel>:<game>:<action>, as the players see them.
        game.game_id = int(self.fake.buttons[game.channel_id][lobby_id][0].split(":")[2])
        for user, what in [*((u, LobbyChange.JOIN) for u in game.users[1:]), (host, LobbyChange.START)]:
            i = self.bot.interaction(game.channel_id, user, lobby_id)
            pressed = LobbyAction(game.channel_id, game.game_id, what)
            if not await self.call(self.setup, game, i, self.cog.lobby_click, pressed):
                return False
        return self.next_click(game, self.written(game))

    # -- deciding the next click ------------------------------------------------------------------
    def next_click(self, game: Game, table: Table) -> bool:
        """Find who the game waits for, let the computer player decide, and pick that button on the
        live message as Discord shows it. False when the game is over."""
        state = table.state
        if state is None or state.over or state.pending is None:
            return False
        seat = self.rng.choice(state.pending.seats)
        action = ai.choose(state, seat)
        message_id = table.message_id
        options = []
        for custom_id in self.fake.buttons[game.channel_id][message_id]:
            if not custom_id.startswith("pd:"):
                continue  # My hand answers no question
            _, channel, game_id, prompt, kind, value = custom_id.split(":")
            assert (int(channel), int(game_id), int(prompt)) == (game.channel_id, game.game_id, state.prompt)
            options.append((int(prompt), kind, int(value)))
        pick = next((o for o in options if o[1:] == (action.kind, action.value)), None)
        if pick is None:
            self.play.off_buttons += 1
            pick = options[0]
        user = game.users[seat]
        assert table.seats[seat].user_id == user.id
        game.click = Click(user, message_id, *pick)
        return True

    async def step(self, game: Game) -> bool:
        """One player action; True while the game goes on."""
        user, message_id, prompt, kind, value = game.click
        i = self.bot.interaction(game.channel_id, user, message_id)
        pressed = AnswerChoice(game.channel_id, game.game_id, prompt, kind, value)
        ok = await self.call(self.play, game, i, self.cog.game_click, pressed)
        game.actions += 1
        table = self.written(game)
        if not ok:
            return False
        if table is None:  # an accepted click is always saved before it is answered
            self.play.errors += 1
            self.play.first_error = self.play.first_error or f"channel {game.channel_id}: click not saved"
            return False
        if table.state.over:
            self.play.finished += 1
            game.click = None
            return False
        # The next click is decided even past --actions, so the final check below can compare it.
        return self.next_click(game, table) and game.actions < self.args.actions

    # -- many at once -----------------------------------------------------------------------------
    async def run_pool(self, games: list[Game], work) -> None:
        """`--concurrency` workers; each takes a random waiting game, does `work(game)` (True: the game
        wants another turn later), and moves on."""
        ready = list(games)
        inflight = 0
        wake = asyncio.Event()

        async def worker() -> None:
            nonlocal inflight
            while True:
                if not ready:
                    if inflight == 0:
                        wake.set()
                        return
                    wake.clear()
                    await wake.wait()
                    continue
                k = self.rng.randrange(len(ready))
                ready[k], ready[-1] = ready[-1], ready[k]
                game = ready.pop()
                inflight += 1
                try:
                    again = await work(game)
                finally:
                    inflight -= 1
                if again:
                    ready.append(game)
                wake.set()

        await asyncio.gather(*(worker() for _ in range(self.args.concurrency)))

    async def run_open_loop(self, games: list[Game], work, rate: float, duration: float) -> list[float]:
        """Poisson arrivals at `rate` per second for `duration` seconds, each on a random game waiting
        for a click; returns each click's (arrival, completion) in perf_counter seconds."""
        idle = list(games)
        queued: collections.deque[float] = collections.deque()
        """Arrivals that found every game busy; each takes the next game that becomes free."""
        done: list[tuple[float, float]] = []
        running: set[asyncio.Task] = set()

        async def click(game: Game, arrived: float) -> None:
            again = await work(game)
            done.append((arrived, time.perf_counter()))
            if not again:
                return
            if queued:
                launch(game, queued.popleft())
            else:
                idle.append(game)

        def launch(game: Game, arrived: float) -> None:
            task = asyncio.create_task(click(game, arrived))
            running.add(task)
            task.add_done_callback(running.discard)

        start = time.perf_counter()
        arrival = start
        end = start + duration
        while True:
            arrival += self.rng.expovariate(rate)
            if arrival >= end or not (idle or running):
                break
            delay = arrival - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if idle:
                k = self.rng.randrange(len(idle))
                idle[k], idle[-1] = idle[-1], idle[k]
                launch(idle.pop(), arrival)
            else:
                queued.append(arrival)
        while running:
            await asyncio.gather(*running)
        return done

    def sample_rss(self) -> None:
        self.rss_peak = max(self.rss_peak, rss_kb())


def rss_kb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_ticks() -> list[int]:
    """The machine's CPU time counters (/proc/stat): user, nice, system, idle, iowait, irq, softirq,
    steal. Steal is time the virtual machine wanted a CPU and the host gave it to someone else."""
    with open("/proc/stat") as stat:
        return [int(n) for n in stat.readline().split()[1:9]]


def steal_share(before: list[int], after: list[int]) -> float:
    """Share of the machine's busy time stolen by the host: above a few percent, latency figures
    measure the neighbours as much as the bot."""
    delta = [b - a for a, b in zip(before, after, strict=True)]
    busy = sum(delta) - delta[3]
    return delta[7] / busy if busy else 0.0


def percentile(times: Sequence[float], q: float) -> float:
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def budget_figures(requests: int, global_limited: int, actions: int) -> dict:
    """Discord requests per action, split by what Discord's global limit counts: those made with the
    bot's token (`global_limited_per_action`) and those through an interaction (exempt)."""
    actions = max(actions, 1)
    return {
        "global_limited_per_action": round(global_limited / actions, 4),
        "interaction_requests_per_action": round((requests - global_limited) / actions, 4),
    }


def open_loop_figures(arrivals: list[tuple[float, float]], measured_from: float, rate: float) -> dict:
    """Latency from arrival, over the clicks that arrived after the warm-up."""
    kept = [(a, d) for a, d in arrivals if a >= measured_from]
    latencies = [d - a for a, d in kept]
    window = max((d for _, d in kept), default=measured_from) - measured_from
    return {
        "rate": rate,
        "measured_clicks": len(kept),
        "achieved_rate": round(len(kept) / window, 1) if window > 0 else 0.0,
        "p50_ms": round(percentile(latencies, 0.50), 3),
        "p99_ms": round(percentile(latencies, 0.99), 3),
        "p999_ms": round(percentile(latencies, 0.999), 3),
        "max_ms": round(max(latencies, default=0) * 1000, 3),
    }


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="live games at once (default 1000)")
    p.add_argument("--players", type=int, default=4, help="human players per game (default 4)")
    p.add_argument(
        "--actions", type=int, default=40, help="player actions per game; a game that ends sooner stops (40)"
    )
    p.add_argument("--months", type=int, default=3, help="months per game (default 3, as /payday start)")
    p.add_argument("--seed", type=int, default=1, help="game seeds are SEED + game id; also the traffic mix")
    p.add_argument("--db", type=Path, default=None, help="SQLite file to create (default: a temp file)")
    p.add_argument("--concurrency", type=int, default=2, help="clicks in flight at once (default 2)")
    p.add_argument(
        "--rate",
        type=float,
        default=None,
        help="open loop: clicks arrive at random at this many per second (default: closed loop)",
    )
    p.add_argument("--duration", type=float, default=30.0, help="open loop: seconds of arrivals (default 30)")
    p.add_argument(
        "--warmup", type=float, default=2.0, help="open loop: first seconds left out of the figures (2)"
    )
    p.add_argument("--log-level", default="INFO", help="the bot's log level; lines go to /dev/null (INFO)")
    p.add_argument(
        "--serialize",
        action="store_true",
        help="make the fakes build each request's JSON payload as discord.py would, to price it",
    )
    p.add_argument(
        "--bot-token-only",
        action="store_true",
        help="the worker writes with the bot's token only, never through a fresh click (as before issue 21)",
    )
    p.add_argument("--profile", type=Path, default=None, help="cProfile the play phase into this file")
    p.add_argument(
        "--no-picture", action="store_true", help="the bot with BOARD_PICTURES off: the board in words only"
    )
    p.add_argument(
        "--hard-thinkers",
        type=int,
        default=0,
        help="Hard computer players thinking without pause in other channels during play (default 0)",
    )
    p.add_argument(
        "--think-ms", type=float, default=500, help="CPU of rollouts in each Hard thought (default 500)"
    )
    p.add_argument(
        "--think-in",
        choices=("process", "thread"),
        default="process",
        help="where Hard thinks: the bot's worker processes (default), or threads of its own process",
    )
    args = p.parse_args(argv)
    if args.hard_thinkers < 0 or args.think_ms < 0:
        p.error("--hard-thinkers and --think-ms cannot be negative")
    if args.games < 1 or args.actions < 0 or args.concurrency < 1 or not 1 <= args.months <= 12:
        p.error("--games and --concurrency must be at least 1, --actions at least 0, --months 1-12")
    if args.rate is not None and (args.rate <= 0 or args.duration <= args.warmup or args.warmup < 0):
        p.error("--rate must be positive and --duration longer than --warmup")
    return args


class Probe(Protocol):
    """Looks inside a run (bench/memory.py): `baseline` as the memory reading is taken before the
    first game, `peak` once play is over while every game is still live (the cog not yet unloaded)."""

    def baseline(self) -> None: ...

    def peak(self, bench: "Bench") -> None: ...


async def run(args: argparse.Namespace, probe: Probe | None = None) -> dict:
    with contextlib.ExitStack() as stack:
        if args.db is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="payday-bench-"))
            db_path = Path(folder) / "bench.sqlite3"
        else:
            if args.db.exists():
                raise SystemExit(f"{args.db} exists: the benchmark only writes a new database file")
            db_path = args.db
        store = await Store.open(db_path, now=discord.utils.utcnow)
        try:
            return await _measure(args, store, probe)
        finally:
            await store.close()


async def _measure(args: argparse.Namespace, store: Store, probe: Probe | None = None) -> dict:
    load_at_start = os.getloadavg()[0]  # other work on the machine skews every figure: show it
    meter = PictureMeter()
    board_attachment.render_png = meter
    limits = Limits()
    fake = FakeDiscord(serialize=args.serialize, round_trip=True, limits=limits)
    bot = StandInBot(store, fake, args.seed)
    bot.board_pictures = not args.no_picture
    tables = WatchedTables(store)
    cog = await bot.load(tables)
    if args.bot_token_only:
        cog.live.hook_lifetime = 0.0
    hard = HardPlayers(cog.service.thinker, args) if args.hard_thinkers else None
    bench = Bench(args, cog, bot, tables, meter)
    collections = CollectorMeter()
    gc.callbacks.append(collections)
    games = bench.games = [
        Game(
            channel_id=CHANNEL_BASE + n,
            users=[FakeUser(USER_BASE + n * 10 + s, f"player {n}-{s}") for s in range(args.players)],
        )
        for n in range(args.games)
    ]
    try:
        gc.collect()
        collector.settle()  # as PaydayBot.on_ready does once the bot is up
        rss_before = rss_kb()
        if probe is not None:
            probe.baseline()

        # Lobbies: each game is opened, joined and started by its own players, games interleaved.
        async def open_one(game: Game) -> bool:
            await bench.open_game(game)
            return False

        started = time.perf_counter()
        await bench.run_pool(games, open_one)
        setup_seconds = time.perf_counter() - started
        playing = [g for g in games if g.click is not None]
        live_games = len(playing)
        bench.sample_rss()

        # Play: every action is a click by the human the game waits for.
        every = max(1, live_games // 2)
        requests_before = dict(fake.requests)
        limited_before = (limits.http_429, limits.invalid_requests, limits.route_waits, limits.route_wait_s)
        uploads_before = fake.uploads
        counted = 0

        async def play_one(game: Game) -> bool:
            nonlocal counted
            again = await bench.step(game)
            counted += 1
            if counted % every == 0 and bench.play.finished == 0:
                bench.sample_rss()
            return again

        profiler = None
        if args.profile is not None:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        thinking: list[asyncio.Task] = []
        if hard is not None:
            await hard.warm()
            thinking = [asyncio.create_task(hard.think(n)) for n in range(hard.count)]
        started, cpu_started, ticks_started = time.perf_counter(), time.process_time(), cpu_ticks()
        collections.on = True
        players = [g for g in playing if args.actions > 0]
        if args.rate is None:
            await bench.run_pool(players, play_one)
        else:
            arrivals = await bench.run_open_loop(players, play_one, args.rate, args.duration)
        play_seconds = time.perf_counter() - started
        if hard is not None:
            hard.stop.set()
            await asyncio.gather(*thinking)
        collections.on = False
        play_cpu = time.process_time() - cpu_started
        stolen = steal_share(ticks_started, cpu_ticks())
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        if bench.play.finished == 0:
            bench.sample_rss()
        if probe is not None:
            probe.peak(bench)
        # What the harness read from the cog must be what is stored: each game still going waits, in
        # the database, for the very question its next click answers; a finished one left the table.
        mismatched = 0
        for game in playing:
            row = await store.get(game.channel_id)
            stored = None if row is None else Table.model_validate_json(row.data).state
            over = stored is None or stored.over
            if over != (game.click is None) or (not over and stored.prompt != game.click.prompt):
                mismatched += 1
        play_requests = {k: v - requests_before.get(k, 0) for k, v in fake.requests.items()}
        requests = sum(play_requests.values())
        global_limited = sum(n for kind, n in play_requests.items() if kind in BOT_TOKEN_KINDS)
        limited = (limits.http_429, limits.invalid_requests, limits.route_waits, limits.route_wait_s)
        http_429, invalid, route_waits, route_wait_s = (
            b - a for a, b in zip(limited_before, limited, strict=True)
        )
        uploads = fake.uploads - uploads_before
    finally:
        gc.callbacks.remove(collections)
        await bot.unload()
        board_attachment.render_png = meter.real

    play, setup = bench.play, bench.setup
    actions = len(play.times)
    result = {
        "games": args.games,
        "players": args.players,
        "months": args.months,
        "concurrency": args.concurrency,
        "actions": actions,
        "games_finished": play.finished,
        "errors": play.errors + setup.errors,
        "unanswered": play.unanswered + setup.unanswered,
        "refused": play.refused + setup.refused,
        "bad_edits": fake.bad_edits,
        "store_mismatches": mismatched,
        "ai_off_buttons": play.off_buttons,
        "play_requests": {k: v for k, v in sorted(play_requests.items()) if v},
        "setup_s": round(setup_seconds, 2),
        "setup_p99_ms": round(percentile(setup.times, 0.99), 3),
        "play_s": round(play_seconds, 2),
        "play_cpu_s": round(play_cpu, 2),
        "cpu_steal_pct": round(100 * stolen, 1),
        "loadavg_1m_at_start": round(load_at_start, 2),
        "max_ms": round(max(play.times, default=0) * 1000, 3),
        "live_games": live_games,
        "actions_per_s": round(actions / play_seconds, 1) if play_seconds else 0.0,
        "p50_ms": round(percentile(play.times, 0.50), 3),
        "p99_ms": round(percentile(play.times, 0.99), 3),
        "api_requests_per_action": round(requests / actions, 4) if actions else 0.0,
        **budget_figures(requests, global_limited, actions),
        "http_429": http_429,
        "invalid_requests": invalid,
        "route_waits": route_waits,
        "route_wait_s": round(route_wait_s, 2),
        "rss_kb_per_game": round((bench.rss_peak - rss_before) / live_games, 2) if live_games else 0.0,
        "picture": not args.no_picture,
        "render_ms_p99": round(percentile(meter.wall, 0.99), 3),
        "render_cpu_ms_p99": round(percentile(meter.cpu, 0.99), 3),
        "image_kb": round(max(meter.sizes, default=0) / 1024, 1),
        "pictures_per_action": round(uploads / actions, 4) if actions else 0.0,
        **collections.figures(),
        **(hard.figures() if hard is not None else {}),
    }
    if args.rate is not None:
        result["handler_p99_ms"] = result["p99_ms"]  # game_click entry to return, as in the closed loop
        result.update(open_loop_figures(arrivals, started + args.warmup, args.rate))
    first_error = play.first_error or setup.first_error
    if first_error:
        print(first_error, file=sys.stderr)
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sink = open(os.devnull, "w")  # noqa: SIM115 -- closed below, after the loop has stopped
    handler = logging.StreamHandler(sink)
    handler.setFormatter(KeyValueFormatter())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(args.log_level.upper())
    try:
        result = asyncio.run(run(args))
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        sink.close()
    print(json.dumps(result))
    failures = ("errors", "unanswered", "refused", "bad_edits", "store_mismatches")
    ok = not any(result[key] for key in failures)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
