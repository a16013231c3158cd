"""`make try`: the real bot in a simulated Discord server, played in a browser on this machine.

simcord (the project's `try` extra) runs the unmodified bot — `create_bot`, its cogs, its SQLite
store — against an in-memory Discord, and serves a Discord-like page of one #payday channel on
127.0.0.1. One person plays every seat by switching "Viewing as" between five members (giulia's
Discord speaks Italian).

simcord is a test harness: its clock stands still until a test moves it, its page shows a new
state only after a browser action or an explicit refresh, and every member's Discord client speaks
American English. Three small adapters make it a live table: `WallClock` makes the simulated time
the real time, `PageFollower` shows what the bot does on its own (computer players, time limits,
reminders) as it happens, and `client_locales` gives giulia an Italian Discord client, so her private
answers show what an Italian member reads. They are the only code here that touches simcord's
internals (`Env.backend.clock`, `Preview._action`, the preview's presentation time,
`simcord.interactions.base_payload`, and `Env.backend.add_member_role` to make alice the server's
admin), which is why simcord is pinned exactly. bot.app.offline_page adds what simcord's page lacks:
the games in threads of #payday, and an address that outlives a restart.
"""

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord

from bot.app.bot import PaydayBot, create_bot
from bot.app.logs import KeyValueFormatter
from bot.app.offline_page import PageChannels, page_key
from bot.table import COMPUTER_DELAY, Table
from db import StoreError

try:
    import simcord
except ImportError:  # `python -m bot.app.offline` without the extra: main() says how to get it.
    HAS_SIMCORD = False
else:
    HAS_SIMCORD = True

log = logging.getLogger(__name__)

PLAYERS = ("alice", "bob", "carol", "dave", "giulia")
CLIENT_LOCALES = {"giulia": "it"}
"""Members whose Discord client speaks another language than simcord's en-US."""
ADMIN = "alice"
"""The member with Manage Server (an "Admin" role), so `/payday settings` can be tried."""
BOT_NAME = "Pay Day"
GUILD_ID = 1_456_000_000_000_000_001
"""Fixed, like every other id here, so a saved game finds its server, channel and players again."""
DEFAULT_PORT = 8765
DEFAULT_DATABASE = Path("data/try.sqlite3")
USER_ERROR = 2
START_SECONDS = 30.0
"""How long start-up (opening the store, loading the cogs, syncing commands) may take."""
STEP_SECONDS = COMPUTER_DELAY.total_seconds()
"""How long one step of the bot's own work may take once the table is open. It is exactly the
computer players' pause: a click is answered as soon as the bot has answered it, not after every
computer player has moved, and each computer move then shows up on its own."""


class WallClock:
    """simcord's clock, made to follow the real one (it duck-types simcord's `Clock`).

    simcord's own clock starts at 2026-01-01 and moves only when a test advances it. This one stays
    at that instant while the server and its members are created, so they get the same ids on every
    run, then follows the wall clock: turn timers run in real time, and a deadline saved in one run
    is a real instant in the next.
    """

    EPOCH = datetime(2026, 1, 1, tzinfo=UTC)

    def __init__(self) -> None:
        self._offset = 0.0
        self._following = False

    @property
    def elapsed(self) -> float:
        """Seconds since EPOCH: what simcord reads as its virtual time."""
        return self._offset + (time.perf_counter() if self._following else 0.0)

    def now(self) -> datetime:
        return self.EPOCH + timedelta(seconds=self.elapsed)

    def advance(self, seconds: float) -> None:
        """simcord moving time on (it never moves it back): a jump ahead of the wall clock."""
        self._offset += seconds

    def follow_wall_clock(self) -> None:
        wall = (datetime.now(UTC) - self.EPOCH).total_seconds()
        self._offset = max(wall, self.elapsed) - time.perf_counter()
        self._following = True


def _replace(target: object, name: str, value: object) -> None:
    """Set one of the simcord internals this module depends on (the module docstring names them):
    simcord's types do not let them be set, which is the point of marking each place that does."""
    setattr(target, name, value)


class PageFollower:
    """Refreshes the page whenever the bot has called Discord on its own since the last look.

    simcord allows one operation at a time and refuses an overlapping one outright, so a browser
    click that arrived during a refresh would fail: clicks and refreshes take turns on a lock.
    """

    def __init__(self, env: "simcord.Env", preview: "simcord.Preview", every: float = 0.2) -> None:
        self._env, self._preview, self._every = env, preview, every
        self.turn = asyncio.Lock()
        self._seen = len(env.http_requests)
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        browser_action = preview._action

        async def take_turns(context_id: str | None, body: Mapping[str, Any]) -> dict[str, Any]:
            async with self.turn:
                if self._stopped:  # the page answers "unavailable": the table is closing
                    raise simcord.SetupError("the offline table is closing")
                # The page words times relative to its presentation time ("runs out in 5 minutes"),
                # which simcord moves only on refresh: move it to now before the action publishes.
                preview._advance_presentation_time()
                result = await browser_action(context_id, body)
                if isinstance(result, dict) and result.get("settlement") == "settled":
                    self._seen = len(env.http_requests)  # it published every change it made
                return result  # else the bot is still at it (a slow machine): the follower shows it

        _replace(preview, "_action", take_turns)

    def start(self) -> None:
        self._task = asyncio.create_task(self._follow(), name="offline-page-follower")

    async def stop(self) -> None:
        """No more refreshes, and no click starts after this returns."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        async with self.turn:
            self._stopped = True

    async def _follow(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            if len(self._env.http_requests) == self._seen:
                continue
            async with self.turn:
                try:
                    await self._preview.refresh()
                except TimeoutError:
                    log.warning("the bot is still busy; the page will catch up")
                    continue
                except simcord.SetupError:
                    return  # the page's Close ended the session
                except Exception:
                    log.exception("the page could not be refreshed")
                self._seen = len(self._env.http_requests)


@contextlib.contextmanager
def client_locales(locales: Mapping[int, str]) -> Iterator[None]:
    """Interactions of the users in `locales` (user id -> locale) carry that locale, as Discord
    sends their client's; everyone else's stay simcord's en-US."""
    build = simcord.interactions.base_payload

    def base_payload(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = build(backend, **fields)
        if fields["user_id"] in locales:
            payload["locale"] = locales[fields["user_id"]]
        return record, payload

    _replace(simcord.interactions, "base_payload", base_payload)
    try:
        yield
    finally:
        _replace(simcord.interactions, "base_payload", build)


@dataclass
class OfflineTable:
    """A running offline game room: the simulated world, the page and the bot."""

    env: "simcord.Env"
    channel: "simcord.ChannelHandle"
    members: dict[str, "simcord.MemberActor"]
    preview: "simcord.Preview"
    bot: PaydayBot
    follower: PageFollower
    resumed: bool

    @property
    def url(self) -> str:
        """The page's address; its #fragment is the key to the session."""
        return self.preview.url

    @property
    def turn(self) -> asyncio.Lock:
        """Hold it around any simcord call made from Python (a member's `slash` or `click`):
        simcord refuses an operation that overlaps a browser click or a page refresh."""
        return self.follower.turn


@asynccontextmanager
async def offline_table(
    database_path: str | Path,
    *,
    port: int = 0,
    seed: int | None = None,
    speaking: Mapping[str, str] | None = None,
    server_locale: str | None = None,
) -> AsyncIterator[OfflineTable]:
    """Run the bot in a simulated server with #payday and five members, and serve its page;
    `speaking` gives more members a Discord client of another language (name -> locale), and
    `server_locale` the server a preferred locale (its games' language, if the bot speaks it).

    On the way out, work the bot has started finishes before the bot closes its store, so
    stopping never loses a saved move (every move is saved before the bot answers it).
    """
    if not HAS_SIMCORD:
        raise RuntimeError("simcord is not installed: `make try` installs the project's `try` extra")
    clock = WallClock()
    stand_in = discord.Client(intents=discord.Intents(guilds=True))  # holds the world while it is built
    env = simcord.Env(stand_in, check_errors=False, settle_timeout=START_SECONDS)
    _replace(env.backend, "clock", clock)
    await env.start()
    bot: PaydayBot | None = None
    locales: dict[int, str] = {}
    try:
        with env.time_context(), client_locales(locales):
            assert stand_in.user is not None  # logged in by env.start()
            await stand_in.user.edit(username=BOT_NAME)
            guild = env.create_guild("Pay Day", id=GUILD_ID, preferred_locale=server_locale)
            channel = guild.create_text_channel("payday", topic="Type /payday start to open a game.")
            members = {name: guild.add_member(env.create_user(name)) for name in PLAYERS}
            _grant_manage_server(env, guild, members[ADMIN])
            locales.update(
                {members[name].id: locale for name, locale in {**CLIENT_LOCALES, **(speaking or {})}.items()}
            )
            clock.follow_wall_clock()
            await stand_in.close()
            bot = create_bot(database_path, seed=seed, shard_count=1)  # one process, one shard
            await env.restart_bot(bot)
            resumed = await _show_saved_game(bot, channel, members)
            env.settle_timeout = STEP_SECONDS
            preview = env.preview(channel, viewers=list(members.values()), layout="channel", port=port)
            PageChannels(preview, channel, page_key(Path(database_path)))
            async with preview:
                follower = PageFollower(env, preview)
                follower.start()
                try:
                    yield OfflineTable(env, channel, members, preview, bot, follower, resumed)
                finally:
                    await follower.stop()
                    with contextlib.suppress(TimeoutError):
                        await env.settle(timeout=START_SECONDS)
    finally:
        try:
            if bot is not None:
                await bot.close()
        finally:
            await env.shutdown()


def _grant_manage_server(
    env: "simcord.Env", guild: "simcord.GuildHandle", member: "simcord.MemberActor"
) -> None:
    """An "Admin" role with Manage Server for `member`. The role is made after every member, so the
    ids of the server, the channel and the members stay those of earlier runs; simcord gives roles
    only to a member being added, so the role is handed over by its backend (`add_member_role`)."""
    role = guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))
    env.backend.add_member_role(guild.id, member.id, role.id)


async def _show_saved_game(
    bot: PaydayBot, channel: "simcord.ChannelHandle", members: dict[str, "simcord.MemberActor"]
) -> bool:
    """A game saved by an earlier run gets its live message back, asked for by one of its players.

    The simulated channel starts empty on every run; `/payday status` is what a player would type
    to bring the board back. True if there was a game.
    """
    row = await bot.store.get(channel.id)
    if row is None:
        return False
    table = Table.model_validate_json(row.data)
    # Whoever the game waits for, else anyone seated (a lobby), else anyone: it's theirs to see.
    candidates = [table.seats[seat].user_id for seat in table.waiting_humans()]
    candidates += [seat.user_id for seat in table.seats] + [m.id for m in members.values()]
    by_id = {m.id: m for m in members.values()}
    player = next(by_id[user_id] for user_id in candidates if user_id in by_id)
    result = await player.slash(channel, "payday status")
    if not result.acknowledged:
        log.warning("the saved game's board was not reposted", extra={"channel": channel.id})
    return True


def instructions(table: OfflineTable, database_path: Path) -> str:
    names = ", ".join(PLAYERS)
    saved = (
        "Your saved game is back in #payday."
        if table.resumed
        else "Type /payday start in the message box to open a game."
    )
    return f"""
Pay Day is running offline: the real bot in a simulated Discord server, on this machine only.

  Open {table.url}

  {saved}
  You are every player: pick who you are under "Viewing as" ({names});
  {ADMIN} has Manage Server, for /payday settings. A game in a thread is listed under #payday.
  Join as the others, or fill an empty seat from "Add computer player…" (Easy, Normal or Hard),
  then Start.
  Everything is saved in {database_path}: stop with Ctrl-C (or the page's More → End preview
  session) and `make try` carries on where you left off.
"""


async def serve(database_path: Path, port: int, seed: int | None) -> None:
    async with offline_table(database_path, port=port, seed=seed) as table:
        print(instructions(table, database_path), flush=True)
        await table.preview.wait_closed()  # the page's "Close" ends the session too


def _port(text: str) -> int:
    port = int(text)
    if not 0 <= port <= 65535:
        raise ValueError(text)
    return port


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="make try", description="Play Pay Day in your browser, without Discord."
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=os.environ.get("TRY_PORT", str(DEFAULT_PORT)),
        help=f"port on 127.0.0.1 for the page (default: $TRY_PORT or {DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--database",
        type=Path,
        default=Path(os.environ.get("TRY_DATABASE", DEFAULT_DATABASE)),
        help=f"SQLite file for the games (default: $TRY_DATABASE or {DEFAULT_DATABASE})",
    )
    parser.add_argument("--seed", type=int, default=None, help="the same dice on every run (scripted games)")
    return parser.parse_args(argv)


def _log_to_file(path: Path) -> None:
    """The bot's log goes next to the database, so the terminal keeps only the address."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(KeyValueFormatter())
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)
    logging.getLogger("discord").setLevel(logging.WARNING)


def main(argv: list[str] | None = None) -> int:
    """0 after Ctrl-C or the page's Close; 2 with one line on stderr after a mistake one can fix."""
    args = _arguments(argv)
    if not HAS_SIMCORD:
        print(
            "simcord is not installed: `make try` installs it (the project's `try` extra).", file=sys.stderr
        )
        return USER_ERROR
    try:
        _log_to_file(args.database.with_suffix(".log"))
        asyncio.run(serve(args.database, args.port, args.seed))
    except simcord.SetupError as e:
        if "port" not in str(e):
            raise
        print(f"Port {args.port} is taken: choose another, e.g. `make try TRY_PORT=8766`.", file=sys.stderr)
        return USER_ERROR
    except (StoreError, OSError) as e:
        print(e, file=sys.stderr)
        return USER_ERROR
    except KeyboardInterrupt:
        pass  # asyncio.run cancelled serve(): the table finished its work and closed the store.
    print(f"Stopped. Games are saved in {args.database}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
