"""Seat a table, read the live game, and rig the engine state the way the engine tests do.

Rigging goes through the cog's own path (channel lock, load, change, save), so the bot sees the
change exactly as if a player had caused it: die faces go on `state.script`, deck tops are list ends.
"""

import random
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import NamedTuple

import discord
import simcord
import simcord.interactions

from bot.game import events as ev
from bot.game.events import EventKind
from bot.game.invariants import books_mismatches
from bot.game.rulesets import RULESETS
from bot.game.state import GameState
from bot.render.language.i18n import lang
from bot.table import Table
from tests.helpers import add_computer, click, slash, table

MODERN = RULESETS["modern"]


class Game(NamedTuple):
    """A running game: its channel, the seated players (seat order) and a guild member who is not seated."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    outsider: simcord.MemberActor

    def actor(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in self.players if p.id == user_id)


async def start_game(
    env: simcord.Env, n: int = 3, *, months: int = 1, guild_locale: str | None = None, **start_options
) -> Game:
    """alice opens a lobby, the others press Join, alice presses Start: seats follow NAMES order.
    `guild_locale` is the server's preferred language, which a game started without `language:`
    speaks (the lobby's buttons are then in that language too)."""
    guild = env.create_guild("Casino", preferred_locale=guild_locale)
    channel = guild.create_text_channel("payday")
    names = ("alice", "bob", "carol", "dave", "erin", "frank")[:n]
    players = [guild.add_member(env.create_user(name)) for name in names]
    outsider = guild.add_member(env.create_user("olga"))
    lobby = (await slash(players[0], channel, "payday start", months=months, **start_options)).response
    words = lang(start_options.get("language") or guild_locale)
    for player in players[1:]:
        await click(player, lobby, label=words._("Join"))
    await click(players[0], lobby, label=words._("Start"))
    return Game(guild, channel, players, outsider)


async def alice_and_a_computer(
    env: simcord.Env, *, after: list[int]
) -> tuple[simcord.ChannelHandle, simcord.MemberActor]:
    """alice against a computer, one month; the dice `after` are scripted once the game started."""
    _, channel, (alice,) = table(env, 1)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await add_computer(alice, lobby)
    await click(alice, lobby, label="Start")
    await script(env, channel, *after)
    return channel, alice


# -- reading --------------------------------------------------------------------------------------
def cog(env: simcord.Env):
    return env.bot.get_cog("Payday")


def service(env: simcord.Env):
    """The bot's application layer (bot.service.Service), as the cog drives it."""
    return cog(env).service


async def load(env: simcord.Env, channel: simcord.ChannelHandle) -> Table | None:
    """The channel's live table as stored (None once the game is over or the lobby closed)."""
    loaded = await service(env).tables.load(channel.id)
    return None if loaded is None else loaded.table


async def stored(env: simcord.Env, channel: simcord.ChannelHandle) -> tuple[int, str] | None:
    """(row version, table JSON): equal before and after means nothing at all changed."""
    row = await env.bot.store.get(channel.id)
    return None if row is None else (row.version, row.data)


async def finished(env: simcord.Env, channel: simcord.ChannelHandle) -> tuple[int, Table]:
    """The channel's last finished game: its id and final table."""
    [row] = await env.bot.store.history(channel_id=channel.id, limit=1)
    return row.game_id, Table.model_validate_json(row.data)


async def books(env: simcord.Env, game_id: int, state: GameState) -> list[str]:
    """Every account of `state` against the ledger rebuilt from the game's event log ([] if equal)."""
    rows = await env.bot.store.events(game_id, limit=1_000_000, kinds=[EventKind.TRANSFER])
    return books_mismatches(state, [ev.Event.from_record(row.data) for row in rows])


def message(channel: simcord.ChannelHandle, message_id: int) -> discord.Message:
    return next(m for m in channel.history() if m.id == message_id)


async def live(env: simcord.Env, channel: simcord.ChannelHandle) -> discord.Message:
    """The live game message, as the players see it now."""
    table = await load(env, channel)
    assert table is not None and table.message_id is not None
    return message(channel, table.message_id)


HAND = "pdh:"
"""The My hand button's custom_id prefix: on every live message, answering no question."""


def labels(msg: discord.Message | simcord.ResponseMessage) -> list[str]:
    """The labels of the buttons that answer (select menus have none; My hand answers nothing)."""
    rows = msg.components
    if rows and isinstance(rows[0], dict):  # a ResponseMessage gives raw payloads
        return [
            item["label"]
            for row in rows
            for item in row["components"]
            if "label" in item and not item.get("custom_id", "").startswith(HAND)
        ]
    return [
        item.label
        for row in rows
        for item in row.children
        if isinstance(item, discord.Button) and not (item.custom_id or "").startswith(HAND)
    ]


def menu_options(msg: discord.Message) -> dict[str, str]:
    """Every select menu option on the message: label -> value."""
    return {
        option.label: option.value
        for row in msg.components
        for item in row.children
        if isinstance(item, discord.SelectMenu)
        for option in item.options
    }


async def choose_option(
    actor: simcord.MemberActor, msg: discord.Message, label: str
) -> simcord.InteractionResult:
    """Pick the select menu option with this label (in whichever menu offers it), and insist the bot
    answered."""
    [menu] = [
        item
        for row in msg.components
        for item in row.children
        if isinstance(item, discord.SelectMenu) and any(option.label == label for option in item.options)
    ][:1]
    result = await actor.select(msg, [menu_options(msg)[label]], custom_id=menu.custom_id)
    assert result.acknowledged, f"select {label!r} by {actor.name} was never answered"
    return result


def field(msg: discord.Message | simcord.ResponseMessage, name: str) -> str:
    """A field of the message's embeds by its name (the live board's are in its first embed, the
    question in its last)."""
    return next(f.value for embed in msg.embeds for f in embed.fields if f.name == name)


def unescape(text: str) -> str:
    """Embeds escape markdown in names; tests compare plain words."""
    return text.replace("\\", "")


async def reminder_text(env: simcord.Env, channel: simcord.ChannelHandle, user_id: int) -> str:
    """The reminder calling `user_id` for the question the channel's game waits on, with its deadline."""
    table = await load(env, channel)
    assert table is not None and table.deadline is not None, "a reminder names a deadline"
    when = int(table.deadline.timestamp())
    return f"🔔 <@{user_id}>, the game is still waiting for you: time runs out <t:{when}:R>."


def calls_sent(env: simcord.Env, mark: int = 0) -> list[list[int]]:
    """Who each new message the bot sent since request `mark` notifies (an edit notifies nobody): the
    users its text mentions that its allowed_mentions lets through, per message, in order."""
    calls = []
    for request in env.http_requests[mark:]:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method != "POST":
            continue
        if "/callback" in request.path:
            if body.get("type") != 4:  # only a type 4 answer posts a new message
                continue
            body = body.get("data") or {}
        elif not request.path.endswith("/messages") and "/webhooks/" not in request.path:
            continue
        allowed = {int(user) for user in (body.get("allowed_mentions") or {}).get("users", [])}
        mentioned = [int(user) for user in re.findall(r"<@!?(\d+)>", body.get("content") or "")]
        pinged = [user for user in mentioned if user in allowed]
        if pinged:
            calls.append(pinged)
    return calls


def client_locales(monkeypatch) -> dict[int, str]:
    """User id -> the locale that user's Discord client sends (everyone else: simcord's en-US)."""
    chosen: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def base_payload(backend, **fields):
        record, payload = build(backend, **fields)
        if fields["user_id"] in chosen:
            payload["locale"] = chosen[fields["user_id"]]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return chosen


# -- rigging --------------------------------------------------------------------------------------
@asynccontextmanager
async def rigged(env: simcord.Env, channel: simcord.ChannelHandle) -> AsyncIterator[GameState]:
    """Edit the live engine state under the channel lock; it is saved when the block ends."""
    tables = service(env).tables
    async with tables.lock(channel.id):
        loaded = await tables.load(channel.id)
        assert loaded is not None and loaded.table.state is not None, "no running game to rig"
        yield loaded.table.state
        await tables.save(loaded)


async def script(env: simcord.Env, channel: simcord.ChannelHandle, *faces: int) -> None:
    """Force the next die rolls, in order."""
    async with rigged(env, channel) as state:
        state.script.extend(faces)


def mail_card(name: str) -> int:
    return next(i for i, card in enumerate(MODERN.mail) if card.name == name)


def deal_card(name: str) -> int:
    return next(i for i, card in enumerate(MODERN.deals) if card.name == name)


# -- playing --------------------------------------------------------------------------------------
Chooser = Callable[[Table, list[str]], str]


def first_button(table: Table, offered: list[str]) -> str:
    return offered[0]


def random_button(seed: int) -> Chooser:
    """A deterministic but varied player: exercises Sit out, Decline, Carry and friends."""
    rng = random.Random(seed)
    return lambda table, offered: rng.choice(offered)


async def step(env: simcord.Env, game: Game, choose: Chooser = first_button) -> bool:
    """One answer by the first human the game waits for; computers get time to act instead.

    Returns False once the game is over (the live row has moved to history).
    """
    table = await load(env, game.channel)
    if table is None:
        return False
    humans = table.waiting_humans()
    if not humans:
        await env.advance_time(2)  # computer players act after a short delay
        return True
    msg = message(game.channel, table.message_id)
    options = menu_options(msg)
    offered = labels(msg) + list(options)
    player = game.actor(table.seats[humans[0]].user_id)
    chosen = choose(table, offered)
    if chosen in options:
        result = await choose_option(player, msg, chosen)
    else:
        result = await click(player, msg, label=chosen)
    assert not result.ephemeral, f"{player.name} was refused: {result.response.content}"
    return True


async def play_to_end(env: simcord.Env, game: Game, choose: Chooser = first_button, limit: int = 1000) -> int:
    """Answer every question until the game is over; returns how many steps it took."""
    for steps in range(limit):
        if not await step(env, game, choose):
            return steps
    raise AssertionError(f"the game did not end in {limit} steps")
