"""The app shell through simcord: /payday help and rules, command sync, and a restart."""

import discord
import pytest
import simcord

from bot.app.bot import create_bot
from bot.render import rules_text
from bot.render.language.i18n import lang
from bot.table import Table
from tests.helpers import slash, table


def visible_to(channel: simcord.ChannelHandle, member: simcord.MemberActor) -> set[int]:
    return {message.id for message in channel.history(viewer=member)}


def synced_commands(env: simcord.Env) -> list[dict]:
    """The /payday subcommands as the bot synced them to Discord: the tree itself."""
    [payday] = env.backend.commands[None].values()
    return payday["options"]


def in_reader_language(synced: dict, key: str, L) -> str:
    """A synced text as Discord shows it to a reader of `L` (its localization, else the English)."""
    return (synced.get(f"{key}_localizations") or {}).get(L.code, synced[key])


async def test_rules_topic_lottery(env):
    _, channel, (alice, bob) = table(env, 2)

    result = await slash(alice, channel, "payday rules", topic="lottery")

    assert result.ephemeral
    [embed] = result.response.embeds
    assert embed.title == "The Lottery — Modern edition"
    assert "$1,000" in embed.description and "ante **$100**" in embed.description
    assert result.response.id not in visible_to(channel, bob)


async def test_rules_without_topic_gives_the_overview(env):
    _, channel, (alice,) = table(env, 1)

    result = await slash(alice, channel, "payday rules")

    assert result.response.embeds[0].title.startswith(rules_text.TITLES["overview"](lang("en")))


async def test_commands_are_synced_globally_for_guilds_only(env):
    _, channel, (alice,) = table(env, 1)

    assert {"payday help", "payday rules"} <= set(alice.available_commands(channel))
    assert any(r.method == "PUT" and r.path.endswith("/commands") for r in env.http_requests)
    assert env.create_user("dora").available_commands() == ()  # no /payday in DMs


async def test_restart_keeps_the_database_and_the_commands(env, make_bot, database_path):
    guild, channel, (alice,) = table(env, 1)
    old = env.bot
    kept = Table(host_id=alice.id, turn_seconds=300, interrupt_seconds=60, seed=1).model_dump_json()
    await old.store.create(channel.id, None, kept)
    await old.close()

    await env.restart_bot(make_bot(turn_seconds=120, interrupt_seconds=45))

    assert database_path.exists()
    [row] = await env.bot.store.live_games()
    assert (row.channel_id, row.data) == (channel.id, kept)
    elsewhere = guild.create_text_channel("no-game")  # the lobby here keeps the times it was saved with
    timeouts = (await slash(alice, elsewhere, "payday rules", topic="timeouts")).response.embeds[0]
    assert "**2 minutes**" in timeouts.description and "**45 seconds**" in timeouts.description


async def test_dev_guild_gets_the_commands_and_nobody_else(tmp_path):
    bot = create_bot(tmp_path / "payday.sqlite3", dev_guild_id=4242, shard_count=1)
    env = simcord.Env(bot)
    dev = env.create_guild("Dev", id=4242)
    other = env.create_guild("Other")
    await env.start()
    try:
        alice = dev.add_member(env.create_user("alice"))
        bob = other.add_member(env.create_user("bob"))
        assert "payday help" in alice.available_commands(dev.create_text_channel("payday"))
        assert bob.available_commands(other.create_text_channel("payday")) == ()
    finally:
        await bot.close()
        await env.shutdown()


async def test_bot_asks_for_no_privileged_intent_and_pings_nobody(tmp_path):
    bot = create_bot(tmp_path / "payday.sqlite3")

    assert bot.intents == discord.Intents(guilds=True)
    mentions = bot.allowed_mentions
    assert not (mentions.everyone or mentions.users or mentions.roles or mentions.replied_user)


async def test_close_closes_the_store_and_may_run_twice(env):
    bot = env.bot
    store = bot.store

    await bot.close()
    await bot.close()

    with pytest.raises(RuntimeError):
        bot.store  # noqa: B018
    with pytest.raises(ValueError, match="closed"):
        await store.live_games()
