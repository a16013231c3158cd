"""Player names are untrusted text: `@everyone` or `<@id>` as a display name must never ping anyone.

The only pings the bot ever sends are its calls of the players the game waits for, by user id.
"""

import pytest

from tests.cogs.payday.rig import calls_sent, live, load, script
from tests.helpers import click, end_game, refusal, slash


def sent_by_bot(env, channel) -> list:
    """Every message the bot put in the channel, private replies included, as simcord stored them."""
    bot_id = env.bot.user.id
    return [m for m in env.backend.messages[channel.id].values() if m.author_id == bot_id]


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_names_that_look_like_mentions_never_ping(env):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    role = guild.create_role("Regulars", mentionable=True)
    alice = guild.add_member(env.create_user("alice"))
    shouty = guild.add_member(env.create_user("shouty"), nick="@everyone")
    sneaky = guild.add_member(env.create_user("sneaky"), nick=f"<@{alice.id}>")
    roley = guild.add_member(env.create_user("roley"), nick=f"<@&{role.id}> @here")

    lobby = (await slash(shouty, channel, "payday start", months=1)).response
    joined = await slash(sneaky, channel, "payday join")
    assert joined.response.content == f"<@\u200b{alice.id}> joined."  # shown as text, never as a ping
    await click(roley, lobby, label="Join")
    await click(alice, lobby, label="Join")
    await click(shouty, lobby, label="Start")
    table = await load(env, channel)
    assert [s.name for s in table.seats] == ["@everyone", f"<@{alice.id}>", f"<@&{role.id}> @here", "alice"]

    await slash(shouty, channel, "payday loan", amount=1000)
    await slash(sneaky, channel, "payday loan", amount=2000)
    await slash(roley, channel, "payday hand")
    await script(env, channel, 2)  # the roll made for @everyone lands on Sweepstakes: no question
    await env.advance_time(30)  # @everyone pressed Start (looking): called halfway through the time
    await env.advance_time(30)  # the bot rolls for them; <@alice>'s turn calls sneaky, not alice
    await env.advance_time(30)  # sneaky was called already: no reminder
    await slash(sneaky, channel, "payday status")
    await end_game(shouty, channel)

    assert calls_sent(env) == [[shouty.id], [sneaky.id]]
    messages = sent_by_bot(env, channel)
    for m in messages:
        policy = m.allowed_mentions
        assert not policy.everyone and policy.roles == frozenset(), (m.content, m.embeds)
        assert set(m.ping_user_ids) <= {shouty.id, sneaky.id} and alice.id not in m.ping_user_ids
        assert set(m.ping_user_ids) <= policy.users, (m.content, policy)
        assert m.ping_role_ids == [] and not m.mention_everyone
    # Private confirmations speak to the borrower, so they carry no name to defuse.
    assert sum(m.content.startswith("You borrowed") for m in messages) == 2

    # Embeds never ping, but the names are also shown defused there (no live mention syntax).
    final = channel.last_message.embeds[-1].description
    assert "@everyone" not in final and f"<@{alice.id}>" not in final
    assert "@\u200beveryone" in final


async def test_bidi_tricks_blank_names_and_markdown_are_defused_on_the_board_and_in_private(env):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice = guild.add_member(env.create_user("alice"))
    flipper = guild.add_member(env.create_user("flipper"), nick="\u202eniw I")  # reads "I win" reversed
    ghost = guild.add_member(env.create_user("ghost_9"), nick="\u200b\u3164\u200b")  # looks blank
    loud = guild.add_member(env.create_user("loud"), nick="**BIG** __me__")

    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(flipper, lobby, label="Join")
    await click(ghost, lobby, label="Join")
    joined = await slash(loud, channel, "payday join")
    assert joined.response.content == "\\*\\*BIG\\*\\* \\_\\_me\\_\\_ joined."  # markdown escaped
    await click(alice, lobby, label="Start")

    table = await load(env, channel)
    assert [s.name for s in table.seats] == ["alice", "niw I", "ghost_9", "**BIG** __me__"]
    board = (await live(env, channel)).embeds[-1]
    text = board.description + "".join(f.value for f in board.fields)
    assert not any(c in text for c in "\u202e\u200b\u3164")
    not_yours = await click(loud, await live(env, channel), label="Roll the die")
    assert not_yours.ephemeral
    assert refusal(not_yours) == "It's not your move: the game is waiting for alice."
