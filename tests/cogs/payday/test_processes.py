"""Several processes serving one bot from one database (docs/SCALING.md): each times only its own
servers' games, a shard layout can change between restarts without losing a game, two processes
racing on one channel apply a click once, and history spans every process.

simcord runs one bot per test, so the simcord bot is one process and the others are the cog on a
service of their own (tests/fake_discord.py's `StandInBot`), each with its own store opened on the
same database: separate connections, the same rows, the same version check. Every test runs on an
SQLite file and on PostgreSQL (a schema of its own on the test server; skipped in one line without
one). Both run on simcord's virtual clock, so `advance_time` fires every process's timers."""

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import NamedTuple

import discord
import pytest
import simcord

from bot.game.events import EventKind
from bot.render.components import AnswerChoice, LobbyAction
from bot.service import LobbyChange, LobbyOptions, Person, Service, Tables
from bot.table import Table
from cogs.payday import Payday
from db.interface import Shards
from db.opening import open_store
from tests.cogs.payday.rig import books, cog, field, finished, live, script, service
from tests.fake_discord import FakeDiscord, FakeInteraction, FakeUser, StandInBot
from tests.helpers import click, refusal, slash
from tests.postgres import fresh_schema, in_schema, postgres_url_or_skip

OPTIONS = {"seed": 4242, "turn_seconds": 60, "interrupt_seconds": 30}
TWO = 2
"""The shard count of the second layout."""


@pytest.fixture(params=["sqlite", "postgres"])
async def database_path(request, tmp_path) -> AsyncIterator[str]:
    """The database every process of a test opens: an SQLite file, or a PostgreSQL URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "payday.sqlite3")
        return
    url = postgres_url_or_skip()
    async with fresh_schema(url) as schema:
        yield in_schema(url, schema)


def guild_of_shard(env: simcord.Env, shard: int, name: str) -> simcord.GuildHandle:
    """A server that shard `shard` of TWO carries ((id >> 22) % TWO == shard)."""
    return env.create_guild(name, id=(1 << 40) + (shard << 22))


def fake_click(
    channel: simcord.ChannelHandle, member: simcord.MemberActor, message_id: int
) -> FakeInteraction:
    """A click by `member` on that message of the channel, as Discord would send it to a process
    that is not the simcord bot."""
    user = FakeUser(member.id, member.name)
    return FakeInteraction(
        FakeDiscord(round_trip=True), channel.id, user, message_id, guild_id=channel.guild.id
    )


@contextmanager
def on_simcords_clock(env: simcord.Env) -> Iterator[None]:
    """Work started inside runs on simcord's virtual clock and is waited for by its `advance_time`,
    as the simcord bot's own work is: simcord counts a task as the bot's by a context variable it
    sets around the bot's handlers (its private `_bot_scope`, the one simcord internal used here).
    Every call into another process goes through this; no simcord operation may run inside it."""
    with env._bot_scope():
        yield


class OtherProcess(NamedTuple):
    """Another process of the bot, on the same database: its /payday cog, answering fake Discord."""

    env: simcord.Env
    cog: Payday

    @property
    def service(self) -> Service:
        return self.cog.service

    async def click(self, channel: simcord.ChannelHandle, member: simcord.MemberActor, answer: AnswerChoice):
        """`member` clicks the game button whose custom_id `answer` is, on the live message as this
        process knows it; returns the fake interaction's response (its `refusal`, if any)."""
        table = await self.load(channel)
        assert table.message_id is not None
        fake = fake_click(channel, member, table.message_id)
        with on_simcords_clock(self.env):
            await self.cog.game_click(fake, answer)
        return fake.response

    async def load(self, channel: simcord.ChannelHandle) -> Table:
        """The channel's table as this process reads it under the lock (kept, as after a click)."""
        with on_simcords_clock(self.env):
            async with self.service.tables.lock(channel.id):
                loaded = await self.service.tables.load(channel.id)
        assert loaded is not None
        return loaded.table


@asynccontextmanager
async def other_process(
    env: simcord.Env, database_path, shards: Shards | None
) -> AsyncIterator[OtherProcess]:
    """Another process of the bot on the same database, serving `shards`: a store of its own, its
    timers re-armed at start as the bot's are, all on simcord's clock."""
    with on_simcords_clock(env):
        store = await open_store(str(database_path), now=discord.utils.utcnow)
        bot = StandInBot(store, FakeDiscord(round_trip=True), seed=None)
        cog = await bot.load(Tables(store, shards))
    try:
        yield OtherProcess(env, cog)
    finally:
        with on_simcords_clock(env):
            await bot.unload()
            await store.close()


class Game(NamedTuple):
    """A game's channel and its players, in seat order."""

    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]


async def open_game(env: simcord.Env, shard: int) -> Game:
    """alice and bob's game in a server of shard `shard` (of TWO), waiting for alice to roll: a 2,
    then bob a 5."""
    guild = guild_of_shard(env, shard, f"Casino {shard}")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(f"{name}{shard}")) for name in ("alice", "bob"))
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")
    await script(env, channel, 2, 5)
    return Game(channel, [alice, bob])


async def stored(env: simcord.Env, channel: simcord.ChannelHandle) -> Table:
    """The channel's game as the database holds it now, whoever saved it (a process's `load` may
    give the copy it keeps)."""
    row = await env.bot.store.get(channel.id)
    assert row is not None
    return Table.model_validate_json(row.data)


def seen(channel: simcord.ChannelHandle) -> list[tuple[int, str, list]]:
    """Every message of the channel as simcord's Discord shows it."""
    return [(m.id, m.content, [e.to_dict() for e in m.embeds]) for m in channel.history()]


async def answers(env: simcord.Env, game_id: int) -> list[tuple[int, int]]:
    """(seat, question) of every answer the game's log holds, oldest first."""
    rows = await env.bot.store.events(game_id, limit=10_000, kinds=["action"])
    return [(row.data["seat"], row.data["prompt"]) for row in reversed(rows)]


ROLL = "Roll the die"
CHANGED = "The game changed just as you asked, so nothing was done: look at its latest message and try again."


def roll_button(board: discord.Message) -> AnswerChoice:
    """The live message's Roll button, as the custom_id Discord sends with a click on it."""
    [custom_id] = [
        item.custom_id
        for row in board.components
        for item in row.children
        if getattr(item, "label", None) == ROLL
    ]
    answer = AnswerChoice.codec.read(custom_id or "")
    assert answer is not None
    return answer


@pytest.mark.bot(**OPTIONS)
async def test_games_started_under_one_shard_layout_finish_under_another(env, make_bot, database_path):
    games = [await open_game(env, shard) for shard in range(TWO)]
    ids = [(await env.bot.store.get(game.channel.id)).game_id for game in games]
    await env.bot.close()

    # Two processes now: the simcord bot runs shard 0 of 2, the other process shard 1.
    await env.restart_bot(make_bot(shard_count=TWO, shard_ids=[0], **OPTIONS))
    seen_before = seen(games[1].channel)
    async with other_process(env, database_path, Shards(TWO, frozenset({1}))) as second:
        first = service(env).timers
        assert first.armed(games[0].channel.id) is not None and first.armed(games[1].channel.id) is None
        assert second.service.timers.armed(games[1].channel.id) is not None
        assert second.service.timers.armed(games[0].channel.id) is None

        await env.advance_time(60)  # alice's time runs out in both games, each timed by its owner
        for game in games:
            table = await stored(env, game.channel)
            assert table.state.players[0].day == 2 and table.state.pending.seats == [1]
        assert "alice0 ran out of time" in field(await live(env, games[0].channel), "Latest")
        assert seen(games[1].channel) == seen_before  # the simcord bot never touched shard 1's game

        # Each plays on in its own process: bob rolls his 5.
        await click(games[0].players[1], await live(env, games[0].channel), label=ROLL)
        table = await second.load(games[1].channel)
        rolled = await second.click(
            games[1].channel,
            games[1].players[1],
            AnswerChoice(games[1].channel.id, ids[1], table.state.prompt, "roll", 0),
        )
        assert rolled.refusal is None
        for game in games:
            assert (await stored(env, game.channel)).state.players[1].day == 5

        # Nobody answers any more: each process times its players out, then plays for them, to the end.
        for _ in range(20):
            if [await env.bot.store.get(game.channel.id) for game in games] == [None, None]:
                break
            await env.advance_time(60)
        assert first.armed(games[1].channel.id) is None

    for game, game_id in zip(games, ids, strict=True):
        finished_id, table = await finished(env, game.channel)
        assert finished_id == game_id and table.game.over
        assert await books(env, game_id, table.game) == []
        answered = await answers(env, game_id)
        assert len(set(answered)) == len(answered)  # no answer applied twice
    assert games[0].channel.last_message.embeds[-1].title.startswith("🏆")
    assert seen(games[1].channel) == seen_before  # its standings went out from the other process

    # One process again: history, stats and the leaderboard read there count the games both
    # processes finished.
    await env.bot.close()
    await env.restart_bot(make_bot(**OPTIONS))
    for game, game_id in zip(games, ids, strict=True):
        alice = game.players[0]
        shown = await slash(alice, game.channel, "payday history")
        assert [f.name for f in shown.response.embeds[0].fields] == [
            f"Game #{game_id} · Modern edition · 1 month"
        ]
        stats = await slash(alice, game.channel, "payday stats")
        assert stats.response.embeds[0].fields[0].value.startswith("Played: 1 · ")
        board = await slash(alice, game.channel, "payday leaderboard")
        [you] = board.response.embeds[0].fields
        assert you.value == "1 of the 3 rated games needed to be ranked."


HAND_OVER = {"seed": 4242, "turn_seconds": 3600}
"""No time runs out while the clicks race."""


@pytest.mark.bot(**HAND_OVER)
async def test_a_click_that_lands_on_both_processes_during_a_hand_over_is_applied_once(env, database_path):
    # The simcord bot runs every shard (the old layout); the other process already runs shard 1 of
    # 2 (the new one), so both serve the game's server for a while, and both have read the game.
    channel, (alice, bob) = await open_game(env, 1)
    game_id = (await env.bot.store.get(channel.id)).game_id
    board = await live(env, channel)
    async with other_process(env, database_path, Shards(TWO, frozenset({1}))) as second:
        await second.load(channel)

        # Discord sends alice's click to the new process first: it rolls her 2.
        applied = await second.click(channel, alice, roll_button(board))
        assert applied.refusal is None
        rolled = await env.bot.store.get(channel.id)

        # The same click reaches the old process, whose copy of the game is from before it.
        late = await click(alice, board, label=ROLL)

        assert late.ephemeral and refusal(late) == CHANGED
        assert await env.bot.store.get(channel.id) == rolled  # nothing written
        table = await stored(env, channel)
        assert table.state.players[0].day == 2 and table.state.script == [5]
        assert (await answers(env, game_id)).count((0, roll_button(board).prompt)) == 1

        # The old process dropped its copy: the game shown there again is the one of now, and
        # bob's roll on it is applied.
        shown = await slash(bob, channel, "payday status")
        assert "alice1 rolled ⚁ 2" in field(shown.response.message, "Latest")
        await click(bob, await live(env, channel), label=ROLL)
        assert (await stored(env, channel)).state.players[1].day == 5


@pytest.mark.parametrize("old_first", [True, False])
@pytest.mark.bot(**HAND_OVER)
async def test_two_processes_racing_on_one_click_apply_it_once(env, database_path, old_first):
    channel, (alice, _) = await open_game(env, 1)
    game_id = (await env.bot.store.get(channel.id)).game_id
    board = await live(env, channel)
    same = roll_button(board)
    async with other_process(env, database_path, Shards(TWO, frozenset({1}))) as second:
        await second.load(channel)  # both processes hold the game as it is now
        clicks = [fake_click(channel, alice, board.id) for _ in range(2)]
        handlers = [cog(env).game_click, second.cog.game_click]
        order = handlers if old_first else handlers[::-1]
        with on_simcords_clock(env):
            await asyncio.gather(*(handler(fake, same) for handler, fake in zip(order, clicks, strict=True)))

    assert sorted(fake.response.refusal or "" for fake in clicks) == ["", CHANGED]
    table = await stored(env, channel)
    assert table.state.players[0].day == 2 and table.state.script == [5]
    assert await answers(env, game_id) == [(0, same.prompt)]
    rolls = await env.bot.store.events(game_id, limit=10_000, kinds=[EventKind.ROLLED])
    assert len(rolls) == 1


def person(member: simcord.MemberActor) -> Person:
    """`member` as the service of a process that is not the simcord bot takes them."""
    return Person(member.id, member.name)


NEW_LAYOUT = {"shard_count": TWO, "shard_ids": [0], **HAND_OVER}
"""The simcord bot runs shard 0 of 2; the other process still serves the server's shard during
the hand-over."""


@pytest.mark.parametrize("closed", ["lobby cancelled", "game ended"])
@pytest.mark.bot(**NEW_LAYOUT)
async def test_a_game_another_process_closed_no_longer_blocks_a_new_one_here(env, database_path, closed):
    guild = guild_of_shard(env, 0, "Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    lobby = (await slash(alice, channel, "payday start", months=1)).response  # kept by this process
    if closed == "game ended":
        await click(bob, lobby, label="Join")
        await click(alice, lobby, label="Start")
    game_id = (await env.bot.store.get(channel.id)).game_id
    async with other_process(env, database_path, Shards(TWO, frozenset({0}))) as second:
        with on_simcords_clock(env):
            if closed == "lobby cancelled":
                await second.service.lobbies.cancel(channel.id, person(alice), game_id)
            else:
                prompt = (await second.load(channel)).game.prompt
                await second.service.playing.end(channel.id, person(alice), game_id, prompt)
        assert await env.bot.store.get(channel.id) is None

    opened = await slash(alice, channel, "payday start", months=1)

    assert not opened.ephemeral
    table = await stored(env, channel)
    assert table.state is None and table.host_id == alice.id


@pytest.mark.bot(**NEW_LAYOUT)
async def test_a_lobby_button_of_a_lobby_another_process_opened_is_applied_here(env, database_path):
    guild = guild_of_shard(env, 0, "Casino")
    channel, elsewhere = guild.create_text_channel("payday"), guild.create_text_channel("other")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await slash(alice, channel, "payday start", months=1)  # this process keeps that lobby
    first = (await env.bot.store.get(channel.id)).game_id
    async with other_process(env, database_path, Shards(TWO, frozenset({0}))) as second:
        with on_simcords_clock(env):
            # The other process closes it and opens another, after a lobby elsewhere took the id
            # the first one gave back: the channel's lobby has another number now.
            await second.service.lobbies.cancel(channel.id, person(alice), first)
            await second.service.lobbies.open_lobby(elsewhere.id, guild.id, person(bob), LobbyOptions())
            await second.service.lobbies.open_lobby(
                channel.id, guild.id, person(alice), LobbyOptions(months=1)
            )
    now = (await env.bot.store.get(channel.id)).game_id
    assert now != first

    # bob presses Join on that lobby's message; Discord sends the click to this process.
    join = fake_click(channel, bob, 1)
    with on_simcords_clock(env):
        await cog(env).lobby_click(join, LobbyAction(channel.id, now, LobbyChange.JOIN))

    assert join.response.refusal == "bob joined."
    table = await stored(env, channel)
    assert [seat.user_id for seat in table.seats] == [alice.id, bob.id]
