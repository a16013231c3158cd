"""The operator's view (METRICS_PORT): what a scrape of /metrics shows after real traffic, and a
/health that answers only while the event loop turns and the store answers."""

import asyncio
import importlib
import json as jsonlib
import socket
import threading
import time
import urllib.request
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from prometheus_client import Counter, Gauge, Histogram, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from yarl import URL

from bot.app import metrics as metrics_module
from bot.app.metrics import Metrics, MetricsUnavailable, route
from db import StoreError
from tests.cogs.payday.rig import start_game
from tests.helpers import slash

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZg"
"""An interaction token as Discord puts it in a path: it must never reach a label."""


def parsed(text: str) -> Samples:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


async def scrape(port: int) -> Samples:
    status, text = await get(port, "/metrics")
    assert status == 200
    return parsed(text)


async def answering() -> None:
    """A store that answers its ping."""


@pytest.fixture
async def served():
    """A `Metrics` serving on a free port of 127.0.0.1, its store answering; stopped afterwards."""
    served = Metrics("127.0.0.1", 0)
    await served.start(ping=answering, live_games=lambda: 3)
    yield served
    await served.stop()


# -- what a game shows ---------------------------------------------------------------------------------
@pytest.mark.bot(metrics_port=0, turn_seconds=60)
async def test_a_game_shows_its_interactions_store_picture_timers_and_live_games(env):
    game = await start_game(env, 2)  # /payday start, then Join and Start clicked
    await slash(game.players[1], game.channel, "payday help")
    port = env.bot.metrics.port

    seen = await scrape(port)

    for name in ("payday_interaction_seconds", "payday_interaction_answer_seconds"):
        assert value(seen, f"{name}_count", kind="application_command") == 2
        assert value(seen, f"{name}_count", kind="component") == 2
        assert value(seen, f"{name}_bucket", kind="component", le="+Inf") == 2
        assert value(seen, f"{name}_sum", kind="component") > 0
    assert value(seen, "payday_store_operation_seconds_count", operation="save") >= 2
    assert value(seen, "payday_store_operation_seconds_count", operation="create") == 1
    assert value(seen, "payday_board_picture_seconds_count") >= 1
    assert value(seen, "payday_live_games") == 1
    assert value(seen, "payday_timer_lag_seconds_count") == 0

    await env.advance_time(60)  # the turn's time runs out: its timer fires

    assert value(await scrape(port), "payday_timer_lag_seconds_count") >= 1


@pytest.mark.bot(metrics_port=0)
async def test_the_bots_own_time_leaves_discords_round_trips_out(env, monkeypatch):
    slow_discord = 0.1
    # The cog's modules as the bot loaded them (discord.py imports an extension's modules afresh).
    reply_class = importlib.import_module("cogs.payday.live._reply").Reply
    send = reply_class.flush

    async def flush(reply: Any) -> int | None:
        time.sleep(slow_discord)  # noqa: ASYNC251 -- a slow answer, as the bot's clock sees it
        return await send(reply)

    monkeypatch.setattr(reply_class, "flush", flush)
    await start_game(env, 2)  # a command and two clicks

    seen = await scrape(env.bot.metrics.port)

    for kind in ("application_command", "component"):
        own = value(seen, "payday_interaction_seconds_sum", kind=kind)
        whole = value(seen, "payday_interaction_answer_seconds_sum", kind=kind)
        answers = value(seen, "payday_interaction_answer_seconds_count", kind=kind)
        assert answers >= 1 and whole - own >= slow_discord * answers


async def test_without_a_port_nothing_is_measured_or_served(env, monkeypatch):
    measured: list[str] = []
    for kind in (Histogram, Counter, Gauge):
        for method in ("observe", "inc", "set", "set_function"):
            if hasattr(kind, method):
                monkeypatch.setattr(kind, method, lambda self, *a, _m=method, **k: measured.append(_m))
    monkeypatch.setattr(web.TCPSite, "start", lambda self: measured.append("listen"))

    await start_game(env, 2)

    assert env.bot.metrics is None and env.bot.http.http_trace is None
    assert measured == []


# -- Discord requests ---------------------------------------------------------------------------------
def fake_discord() -> web.Application:
    """Discord's API: the first message post is rate limited (as Discord says it, JSON and a Via
    header, or discord.py takes it for Cloudflare's ban), the retry accepted; anything else is fine."""
    limited: list[str] = []

    def json(data: dict, status: int = 200, **headers: str) -> web.Response:
        body = jsonlib.dumps(data).encode()
        return web.Response(body=body, status=status, headers={"Content-Type": "application/json", **headers})

    async def answer(request: web.Request) -> web.Response:
        if request.path.endswith("/messages") and not limited:
            limited.append(request.path)
            said = {"message": "You are being rate limited.", "retry_after": 0.01, "global": False}
            return json(said, 429, Via="1.1 google", **{"X-RateLimit-Scope": "user"})
        return json({"id": "1"})

    app = web.Application()
    app.router.add_route("*", "/{path:.*}", answer)
    return app


async def test_discord_requests_are_counted_by_route_template_and_status_with_429s(make_bot, monkeypatch):
    bot = make_bot(metrics_port=0)
    async with TestServer(fake_discord()) as server:
        monkeypatch.setattr(discord.http.Route, "BASE", str(server.make_url("/api/v10")))
        await bot.http.static_login("a.b.c")
        try:
            channel = discord.http.Route(
                "POST", "/channels/{channel_id}/messages", channel_id=123456789012345678
            )
            await bot.http.request(channel, json={"content": "hi"})  # discord.py retries after the 429
            callback = discord.http.Route(
                "POST",
                "/interactions/{interaction_id}/{interaction_token}/callback",
                interaction_id=987654321098765432,
                interaction_token=TOKEN,
            )
            await bot.http.request(callback, json={"type": 6})
        finally:
            await bot.http.close()

    text = generate_latest(bot.metrics.registry).decode()
    seen = parsed(text)
    messages = {"method": "POST", "route": "/channels/{id}/messages"}
    assert value(seen, "payday_discord_requests_total", **messages, status="429") == 1
    assert value(seen, "payday_discord_requests_total", **messages, status="200") == 1
    assert value(seen, "payday_discord_rate_limits_total", route="/channels/{id}/messages", scope="user") == 1
    callback_route = "/interactions/{id}/{token}/callback"
    assert (
        value(seen, "payday_discord_requests_total", method="POST", route=callback_route, status="200") == 1
    )
    assert value(seen, "payday_discord_requests_total", method="GET", route="/users/@me", status="200") == 1
    assert TOKEN not in text and "123456789012345678" not in text


async def test_a_request_that_gets_no_answer_counts_as_an_error():
    counted = Metrics("127.0.0.1", 0)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nobody listens there once the socket is closed
    async with aiohttp.ClientSession(trace_configs=[counted.discord_trace()]) as session:
        with pytest.raises(aiohttp.ClientConnectionError):
            await session.get(f"http://127.0.0.1:{port}/api/v10/gateway/bot")

    seen = parsed(generate_latest(counted.registry).decode())
    assert (
        value(seen, "payday_discord_requests_total", method="GET", route="/gateway/bot", status="error") == 1
    )


@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("/api/v10/channels/123/messages/456", "/channels/{id}/messages/{id}"),
        (f"/api/v10/interactions/123/{TOKEN}/callback", "/interactions/{id}/{token}/callback"),
        (f"/api/v10/webhooks/123/{TOKEN}/messages/@original", "/webhooks/{id}/{token}/messages/@original"),
        ("/api/v10/applications/1/guilds/2/commands", "/applications/{id}/guilds/{id}/commands"),
        (
            "/api/v10/channels/1/messages/2/reactions/%F0%9F%8E%B2/@me",
            "/channels/{id}/messages/{id}/reactions/{value}/@me",
        ),
        ("/api/v10/users/@me", "/users/@me"),
        ("/", "/"),
    ],
)
def test_a_route_is_a_template_without_ids_or_tokens(path, template):
    assert route(URL(f"https://discord.com{path}?with_counts=true")) == template


# -- health -------------------------------------------------------------------------------------------
async def test_health_answers_while_the_store_answers(served):
    assert await get(served.port, "/health") == (200, "ok\n")


async def test_health_is_503_with_the_reason_when_the_store_fails(served):
    async def failing() -> None:
        raise StoreError("Cannot open the database at data/payday.sqlite3: disk I/O error.")

    await served.stop()
    await served.start(ping=failing, live_games=lambda: 0)

    status, text = await get(served.port, "/health")

    assert status == 503
    assert text == "store failed: Cannot open the database at data/payday.sqlite3: disk I/O error.\n"


async def test_health_is_503_when_the_store_is_too_slow(served, monkeypatch):
    monkeypatch.setattr(metrics_module, "HEALTH_TIMEOUT", 0.05)

    async def stuck() -> None:
        await asyncio.sleep(5)

    await served.stop()
    await served.start(ping=stuck, live_games=lambda: 0)

    assert await get(served.port, "/health") == (503, "store did not answer within 0.05 s\n")


async def test_health_gets_no_answer_while_the_event_loop_is_blocked(served):
    url = f"http://127.0.0.1:{served.port}/health"
    answers: list[int] = []
    errors: list[OSError] = []

    def check() -> None:  # a health checker with a timeout, on a thread of its own
        try:
            with urllib.request.urlopen(url, timeout=0.3) as response:
                answers.append(response.status)
        except OSError as error:
            errors.append(error)

    checker = threading.Thread(target=check)
    checker.start()
    # Joined on the loop's own thread: the loop is stuck (as in a long computation) for the checker's
    # whole request.
    checker.join()

    assert answers == [] and len(errors) == 1
    assert await get(served.port, "/health") == (200, "ok\n")  # the loop turns again: so does /health


async def test_live_games_are_read_at_each_scrape(served):
    assert value(await scrape(served.port), "payday_live_games") == 3


async def test_a_port_in_use_is_one_sentence():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        metrics = Metrics("127.0.0.1", port)

        with pytest.raises(MetricsUnavailable) as refused:
            await metrics.start(ping=answering, live_games=lambda: 0)

    assert str(refused.value) == (
        f"Cannot serve metrics on 127.0.0.1:{port} (address already in use): set METRICS_PORT to a free "
        "port, or leave it empty to serve none."
    )
