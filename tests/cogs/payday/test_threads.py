"""A game in a thread of its own (`/payday start thread:True`): the channel keeps one short line per
game, the lobby and the game live in the thread, one channel holds several games at once, and a
channel where no thread can be opened gets its lobby in the channel with one line saying why."""

import discord
import pytest
import simcord

from bot.render.language.i18n import lang
from bot.render.refusals import went_wrong
from bot.render.threads import no_thread, opened_in_thread, thread_name
from bot.table.settings import ServerSettings
from tests.cogs.payday.rig import Game, finished, live, load, play_to_end, script, service, stored
from tests.helpers import NAMES, click, end_game, slash


async def start_in_thread(
    env: simcord.Env, channel: simcord.ChannelHandle, players: list[simcord.MemberActor], **options
) -> simcord.ChannelHandle:
    """players[0] starts a game in its own thread, the others join there, players[0] starts it."""
    before = {thread.id for thread in channel.threads}
    answered = await slash(players[0], channel, "payday start", thread=True, **options)
    assert not answered.ephemeral, answered.response.content
    [thread] = [thread for thread in channel.threads if thread.id not in before]
    lobby = thread.last_message
    words = lang(options.get("language"))
    for player in players[1:]:
        await click(player, lobby, label=words._("Join"))
    await click(players[0], lobby, label=words._("Start"))
    return thread


def said_in(channel: simcord.ChannelHandle) -> list[str]:
    """What the bot wrote in the channel (Discord's own line that a thread was created left out)."""
    return [
        m.content
        for m in channel.history()
        if m.author.bot and m.type is not discord.MessageType.thread_created
    ]


def casino(
    env: simcord.Env, n: int = 2, **channel
) -> tuple[simcord.GuildHandle, simcord.ChannelHandle, list]:
    guild = env.create_guild("Casino")
    room = guild.create_text_channel("payday", **channel)
    return guild, room, [guild.add_member(env.create_user(name)) for name in NAMES[:n]]


@pytest.mark.bot(seed=7)
async def test_a_game_in_its_own_thread_is_played_to_the_end_and_the_channel_stays_quiet(env):
    guild, channel, players = casino(env)

    thread = await start_in_thread(env, channel, players)

    assert thread.is_thread and thread.name == thread_name("alice", lang("en"))
    said = said_in(channel)
    assert said == [opened_in_thread("alice", lang("en"))]  # the channel: one line
    table = await load(env, thread)
    assert table.parent_id == channel.id and table.state is not None
    status = await slash(players[1], thread, "payday status")  # commands in the thread find the game
    assert not status.ephemeral

    await play_to_end(env, Game(guild, thread, players, guild.add_member(env.create_user("olga"))))

    game_id, last = await finished(env, thread)
    assert last.state.over and last.parent_id == channel.id
    assert said_in(channel) == said  # nothing more in the channel
    assert any(m.embeds and f"game #{game_id}" in (m.embeds[0].title or "") for m in thread.history())


async def test_one_channel_holds_two_games_in_two_threads_and_one_of_its_own(env):
    _, channel, players = casino(env, 4)
    alice, bob, carol, dave = players

    first = await start_in_thread(env, channel, [alice, bob])
    second = await start_in_thread(env, channel, [carol, dave])  # allowed while the first runs
    await slash(alice, channel, "payday start")  # and a game in the channel itself

    one, two, here = await load(env, first), await load(env, second), await load(env, channel)
    assert first.id != second.id and one.state is not None and two.state is not None and here.state is None
    assert [s.name for s in one.seats] == ["alice", "bob"] and [s.name for s in two.seats] == [
        "carol",
        "dave",
    ]
    before = await stored(env, first)
    await click(carol, await live(env, second), label="Roll the die")  # each game moves on its own
    assert (await load(env, second)).state.players[0].day > 0
    assert await stored(env, first) == before


async def test_without_thread_permissions_the_lobby_opens_in_the_channel_saying_why(env):
    denied = discord.PermissionOverwrite(create_public_threads=False)
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday", overwrites={env.bot.user: denied})
    alice = guild.add_member(env.create_user("alice"))

    answered = await slash(alice, channel, "payday start", thread=True)

    assert channel.threads == []
    assert (await load(env, channel)).parent_id is None  # the lobby is the channel's
    assert not answered.ephemeral and answered.response.embeds  # the lobby itself
    [why] = answered.followups
    assert why.message.flags.ephemeral
    assert why.message.content == no_thread(["create_public_threads"], lang("en"))


async def test_a_game_in_a_thread_speaks_italian(env):
    _, channel, players = casino(env)

    thread = await start_in_thread(env, channel, players, language="it")

    assert thread.name == "Pay Day: partita di alice"
    assert said_in(channel) == [opened_in_thread("alice", lang("it"))]
    assert opened_in_thread("alice", lang("it")) != opened_in_thread("alice", lang("en"))
    assert no_thread(["create_public_threads"], lang("it")).startswith("Nessun thread")


async def test_a_thread_game_on_an_italian_server_says_its_line_and_names_its_thread_in_italian(env):
    guild = env.create_guild("Casino", preferred_locale="it")
    channel = guild.create_text_channel("payday")
    alice = guild.add_member(env.create_user("alice"))

    await slash(alice, channel, "payday start", thread=True)  # no `language:`: the server's

    [thread] = channel.threads
    assert thread.name == "Pay Day: partita di alice"
    assert said_in(channel) == [opened_in_thread("alice", lang("it"))]
    assert (await load(env, thread)).language == "it"


async def test_a_thread_game_speaks_the_language_the_server_set_over_its_preferred_one(env):
    guild, channel, (alice, _) = casino(env)
    await service(env).tables.save_server_settings(guild.id, ServerSettings(language="it"), 0)

    await slash(alice, channel, "payday start", thread=True)

    [thread] = channel.threads
    assert thread.name == "Pay Day: partita di alice"
    assert said_in(channel) == [opened_in_thread("alice", lang("it"))]


async def test_asked_for_a_thread_inside_a_thread_the_game_opens_where_it_was_asked(env):
    _, channel, (alice, _) = casino(env)
    env.backend.create_thread(channel.id, "chat", alice.id)
    [chat] = channel.threads

    answered = await slash(alice, chat, "payday start", thread=True)

    assert (await load(env, chat)).parent_id is None and len(channel.threads) == 1
    [why] = answered.followups
    assert why.message.content == no_thread([], lang("en"))


async def test_a_thread_game_needs_embed_links_and_attach_files_like_any_game(env):
    denied = discord.PermissionOverwrite(embed_links=False)
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday", overwrites={env.bot.user: denied})
    alice = guild.add_member(env.create_user("alice"))

    refused = await slash(alice, channel, "payday start", thread=True)

    assert refused.ephemeral and "Embed Links" in refused.response.content
    assert channel.threads == [] and said_in(channel) == []


@pytest.mark.bot(seed=3)
async def test_a_rematch_of_a_thread_game_opens_in_the_same_thread(env):
    _, channel, (alice, bob) = casino(env)
    thread = await start_in_thread(env, channel, [alice, bob])
    await end_game(alice, thread)

    await click(bob, thread.last_message, label="Rematch")

    again = await load(env, thread)
    assert again.state is None and again.parent_id == channel.id
    assert said_in(channel) == [opened_in_thread("alice", lang("en"))]


@pytest.mark.bot(turn_seconds=300)
async def test_a_thread_game_goes_on_after_a_restart(env, make_bot):
    _, channel, (alice, bob) = casino(env)
    thread = await start_in_thread(env, channel, [alice, bob])
    await env.bot.close()
    await env.restart_bot(make_bot(turn_seconds=300))
    # A quiet day 2, so the question is bob's roll: time running out on it counts against him. (The
    # game's seed is random; a 6 would land on the Lottery, whose silence counts against nobody.)
    await script(env, thread, 2)

    await click(alice, await live(env, thread), label="Roll the die")  # its buttons work
    asked = await load(env, thread)
    assert asked.state.players[0].day == 2 and asked.waiting_humans() == [1]
    await env.advance_time(301)  # and its timer was re-armed: time runs out on the question
    timed_out = await load(env, thread)
    assert timed_out.state.prompt > asked.state.prompt
    assert [seat.timeouts for seat in timed_out.seats] == [0, 1]


async def test_a_server_that_plays_each_game_in_a_thread_opens_one_unless_the_host_says_not(env):
    guild, channel, (alice, bob) = casino(env)
    tables = service(env).tables
    await tables.save_server_settings(guild.id, ServerSettings(thread_per_game=True), 0)

    await slash(alice, channel, "payday start")  # no `thread` given: the server's choice
    [thread] = channel.threads
    assert said_in(channel) == [opened_in_thread("alice", lang("en"))]
    assert (await load(env, thread)) is not None and (await load(env, channel)) is None

    await slash(bob, channel, "payday start", thread=False)  # the host's choice wins for one game
    assert [t.id for t in channel.threads] == [thread.id] and (await load(env, channel)) is not None


async def test_a_thread_whose_lobby_could_not_be_posted_is_deleted_with_its_line(env):
    _, channel, (alice, _) = casino(env)
    env.inject_error("POST", "/channels/*/messages", status=403, code=50013, times=1)  # the lobby

    started = await slash(alice, channel, "payday start", thread=True)

    assert channel.threads == [] and said_in(channel) == []
    [sorry] = started.followups  # the crash is answered (and logged), not left to Discord's "failed"
    assert sorry.ephemeral and sorry.content == went_wrong(lang("en"))


def archived(env: simcord.Env, thread: simcord.ChannelHandle) -> bool:
    return env.backend.channels[thread.id].thread_metadata.archived


@pytest.mark.bot(seed=3)
async def test_a_thread_game_that_ended_is_archived_after_its_standings(env):
    _, channel, (alice, bob) = casino(env)
    thread = await start_in_thread(env, channel, [alice, bob])
    assert not archived(env, thread)

    ended = await end_game(alice, thread)
    await env.advance_time(1)

    assert ended.acknowledged and archived(env, thread)
    assert "Pay Day game #1" in thread.last_message.embeds[0].title  # the standings, posted before


async def test_a_thread_lobby_nobody_started_is_archived_when_it_closes(env):
    _, channel, (alice, _) = casino(env)
    await slash(alice, channel, "payday start", thread=True)
    [thread] = channel.threads

    await click(alice, thread.last_message, label="Cancel")
    await env.advance_time(1)

    assert archived(env, thread)
