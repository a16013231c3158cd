"""The operator's view of a running bot (METRICS_PORT): Prometheus metrics at /metrics and a health
check at /health, served by aiohttp on the bot's own event loop.

Being on the loop is what makes /health honest: it answers only while the loop turns (a loop stuck
in a long computation answers nothing, and the checker's timeout says so), and it answers 200 only
when the store answers a trivial query within `HEALTH_TIMEOUT`. Without METRICS_PORT the bot has no
`Metrics`, and none of the hooks below is installed: nothing is measured.

What is measured, and where:
- interactions (clicks, commands, forms) by kind, in the cog's one answer path
  (cogs/payday/_base.py): the bot's own time up to sending the answer, and apart from it the whole
  answer, Discord's round trips and uploads included, which the bot does not control;
- Discord requests by method, route and status, and 429s by scope: an aiohttp trace on discord.py's
  HTTP session (`http_trace`). A route is a template (`/channels/{id}/messages`), so no id or token
  ever becomes a label value and the number of series stays small;
- store operations' time, by operation: one wrapper around the whole store (`timed`);
- the board picture's drawing time: bot/render/board_attachment.py tells its watchers;
- timer lag, how long after its deadline a timer fired: bot/service/timers.py;
- live games, read at each scrape: the timers armed, one per live game of this process.
"""

import asyncio
import functools
import inspect
import logging
import os
import re
from collections.abc import Awaitable, Callable
from contextlib import AbstractContextManager
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
from aiohttp import web
from multidict import CIMultiDictProxy
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import choose_encoder
from yarl import URL

from bot.render.board_attachment import watch_drawing
from db.interface import GameStore

log = logging.getLogger(__name__)

HEALTH_TIMEOUT = 1.0
"""Seconds the store has to answer /health's ping: a checker polls every few seconds, and a store
slower than this fails clicks too (a click is answered within Discord's 3 s)."""

Ping = Callable[[], Awaitable[None]]

ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Seconds, up to past Discord's 3 s to answer an interaction."""

_API_VERSION = re.compile(r"^/api/v\d+")
_WORD = re.compile(r"[a-z@_-]{1,32}")
"""A route's own words (`channels`, `messages`, `@original`); anything else in a path is a value."""
_TOKEN_AFTER = frozenset({"webhooks", "interactions"})
"""Routes whose segment after the id is a secret: `/interactions/{id}/{token}/callback`."""
_SCOPES = frozenset({"user", "global", "shared"})
"""Discord's X-RateLimit-Scope values; a 429 without one (Cloudflare's) counts as `unknown`."""


class MetricsUnavailable(Exception):
    """METRICS_PORT cannot be listened on; the message is the whole explanation, on one line."""


def route(url: URL) -> str:
    """The route template of a Discord API address: `/channels/{id}/messages/{id}`,
    `/interactions/{id}/{token}/callback`. Ids become `{id}`, tokens `{token}` and any other value
    `{value}`, so a label never carries a user's id or a secret."""
    segments = _API_VERSION.sub("", url.path).strip("/").split("/")
    template: list[str] = []
    for at, segment in enumerate(segments):
        if segment.isdigit():
            template.append("{id}")
        elif at >= 2 and segments[at - 2] in _TOKEN_AFTER and template[at - 1] == "{id}":
            template.append("{token}")
        else:
            template.append(segment if _WORD.fullmatch(segment) or not segment else "{value}")
    return "/" + "/".join(template)


def _scope(headers: CIMultiDictProxy[str]) -> str:
    scope = headers.get("X-RateLimit-Scope", "")
    return scope if scope in _SCOPES else "unknown"


class _TimedStore:
    """Any store, each of its coroutine methods timed under its own name: one wrapper for every
    operation, so one the store gains is timed without a line here."""

    def __init__(self, store: GameStore, seconds: Histogram) -> None:
        self._store = store
        self._seconds = seconds

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if not inspect.iscoroutinefunction(found):
            return found
        operation = self._seconds.labels(name)

        @functools.wraps(found)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            with operation.time():
                return await found(*args, **kwargs)

        setattr(self, name, timed)  # looked up once: later calls find it without __getattr__
        return timed


class Metrics:
    """One bot's metrics, in a registry of its own (tests run many bots in one process), and the
    server that shows them on `host`:`port` (port 0: any free one; `port` is the one bound once
    started)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.registry = registry = CollectorRegistry()
        self.live_games = Gauge(
            "payday_live_games",
            "Live games (lobbies, running and paused games) whose clock this process keeps.",
            registry=registry,
        )
        self.interaction_seconds = Histogram(
            "payday_interaction_seconds",
            "The bot's own time on an interaction (click, command, form), from reaching the cog to its"
            " answer chosen: options checked, the game loaded, changed and saved.",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.answer_seconds = Histogram(
            "payday_interaction_answer_seconds",
            "Time from an interaction reaching the cog to its answer and follow-ups sent: the bot's own"
            " time, then the answer drawn (board picture included) and Discord's round trips and uploads.",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.discord_requests = Counter(
            "payday_discord_requests",
            "Requests to Discord's API answered, by method, route template and status ('error': none).",
            ["method", "route", "status"],
            registry=registry,
        )
        self.rate_limits = Counter(
            "payday_discord_rate_limits",
            "429 answers from Discord, by route template and scope (user, global, shared, unknown).",
            ["route", "scope"],
            registry=registry,
        )
        self.store_seconds = Histogram(
            "payday_store_operation_seconds",
            "Time of each store operation, waiting for its turn included, by operation.",
            ["operation"],
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.5),
            registry=registry,
        )
        self.picture_seconds = Histogram(
            "payday_board_picture_seconds",
            "Time to draw one board picture, in the drawing thread.",
            buckets=(0.002, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25),
            registry=registry,
        )
        self.timer_lag_seconds = Histogram(
            "payday_timer_lag_seconds",
            "How long after its deadline a game's timer fired (a restart's downtime included).",
            buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0),
            registry=registry,
        )
        self._runner: web.AppRunner | None = None
        self._unwatch: Callable[[], None] | None = None

    # -- the hooks ----------------------------------------------------------------------------------
    def working(self, kind: str) -> AbstractContextManager[object]:
        """Times the bot's own work on one interaction (`kind`: discord.py's interaction type name)."""
        return self.interaction_seconds.labels(kind).time()

    def answering(self, kind: str) -> AbstractContextManager[object]:
        """Times one interaction's whole answer, Discord's requests included."""
        return self.answer_seconds.labels(kind).time()

    def timed(self, store: GameStore) -> GameStore:
        """`store` with every operation timed."""
        return cast(GameStore, _TimedStore(store, self.store_seconds))

    def late(self, seconds: float) -> None:
        """A timer fired `seconds` after its deadline."""
        self.timer_lag_seconds.observe(max(seconds, 0.0))

    def discord_trace(self) -> aiohttp.TraceConfig:
        """The trace for discord.py's HTTP session: every request counted as it ends."""
        trace = aiohttp.TraceConfig()
        trace.on_request_end.append(self._request_ended)
        trace.on_request_exception.append(self._request_failed)
        return trace

    async def _request_ended(
        self, _: aiohttp.ClientSession, __: SimpleNamespace, request: aiohttp.TraceRequestEndParams
    ) -> None:
        status, template = request.response.status, route(request.url)
        self.discord_requests.labels(request.method, template, str(status)).inc()
        if status == 429:
            self.rate_limits.labels(template, _scope(request.response.headers)).inc()

    async def _request_failed(
        self, _: aiohttp.ClientSession, __: SimpleNamespace, request: aiohttp.TraceRequestExceptionParams
    ) -> None:
        self.discord_requests.labels(request.method, route(request.url), "error").inc()

    # -- the server ---------------------------------------------------------------------------------
    async def start(self, *, ping: Ping, live_games: Callable[[], int]) -> None:
        """Serve /metrics and /health and start watching the drawing; `ping` asks the store,
        `live_games` counts them at each scrape."""
        self.live_games.set_function(live_games)
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        app.router.add_get("/health", functools.partial(_health, ping))
        runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as error:
            await runner.cleanup()
            # asyncio's own text repeats the address; the system's says only what went wrong.
            reason = os.strerror(error.errno).lower() if error.errno else str(error)
            raise MetricsUnavailable(
                f"Cannot serve metrics on {self.host}:{self.port} ({reason}): set METRICS_PORT to a free "
                "port, or leave it empty to serve none."
            ) from None
        self._runner = runner
        self._unwatch = watch_drawing(self.picture_seconds.observe)
        self.port = runner.addresses[0][1]
        log.info("metrics served", extra={"host": self.host, "port": self.port})

    async def stop(self) -> None:
        """Stop serving and watching; a scrape or health check after this finds nobody listening."""
        runner, self._runner = self._runner, None
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        if runner is not None:
            await runner.cleanup()

    async def _scrape(self, request: web.Request) -> web.Response:
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        return web.Response(body=encode(self.registry), headers={"Content-Type": content_type})


async def _health(ping: Ping, _: web.Request) -> web.Response:
    """200 while the loop turns (it runs this) and the store answers; else 503 and why, in a line."""
    try:
        await asyncio.wait_for(ping(), HEALTH_TIMEOUT)
    except TimeoutError:
        return web.Response(status=503, text=f"store did not answer within {HEALTH_TIMEOUT:g} s\n")
    except Exception as error:
        return web.Response(status=503, text=f"store failed: {' '.join(str(error).split())}\n")
    return web.Response(text="ok\n")
