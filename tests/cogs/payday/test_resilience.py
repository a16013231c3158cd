"""When Discord, the clock or the host misbehave: the game is saved, keeps its timers, and goes on.

Each test pins a failure a table of players would otherwise have hit: a game frozen with no
buttons or no timer, a player told to retry a move that counted, time the bot was down charged to
a player, an edit of an hour-old message.
"""

import logging
from datetime import timedelta

import discord
import pytest

from bot.render.components import AnswerChoice
from tests.cogs.payday.rig import (
    cog,
    field,
    labels,
    live,
    load,
    rigged,
    script,
    service,
    start_game,
    unescape,
)
from tests.cogs.payday.test_races import fake_click
from tests.helpers import add_computer, click, slash
from tests.helpers import table as make_table


@pytest.fixture
def info_logging():
    """`python -m bot` logs at INFO; pytest leaves loggers at WARNING, which hid a crash once."""
    logger = logging.getLogger("cogs")
    logger.setLevel(logging.INFO)
    yield
    logger.setLevel(logging.NOTSET)


@pytest.mark.bot(turn_seconds=3600, interrupt_seconds=60)
async def test_a_deleted_live_message_is_replaced_and_the_game_keeps_its_timer(env, info_logging):
    game = await start_game(env, 2, months=1)
    role = game.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    moderator = game.guild.add_member(env.create_user("mod"), roles=[role])
    deleted = await live(env, game.channel)
    await moderator.delete(deleted)
    await script(env, game.channel, 2)

    await env.advance_time(3600)  # alice times out an hour later: the board is stale and gone

    table = await load(env, game.channel)
    assert table.message_id != deleted.id and labels(await live(env, game.channel)) == ["Roll the die"]
    assert service(env).timers.armed(game.channel.id) is not None  # bob's time limit is running


@pytest.mark.simcord(settle_timeout=1.0)
async def test_a_discord_error_after_the_save_keeps_the_move_and_the_computer_still_plays(env, caplog):
    _, channel, (alice,) = make_table(env, 1)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await add_computer(alice, lobby)
    await click(alice, lobby, label="Start")
    await script(env, channel, 2, 2)  # Sweepstakes for alice, then for the computer
    env.inject_error("POST", "/interactions/*", status=500, times=1)

    result = await alice.click(lobby, label="Roll the die")  # Discord fails to take the answer

    assert result.followups == []  # nobody is told to try again: the roll counted
    assert "interaction answer failed" in caplog.text
    assert (await load(env, channel)).state.players[0].day == 2
    await env.advance_time(5)
    assert (await load(env, channel)).state.players[1].day == 2  # the computer took its turn


@pytest.mark.bot(turn_seconds=60)
async def test_a_failed_start_answer_still_starts_the_turn_clock(env):
    _, channel, (alice, bob) = make_table(env, 2)
    lobby = (await slash(alice, channel, "payday start")).response
    await click(bob, lobby, label="Join")
    env.inject_error("POST", "/interactions/*", status=500, times=1)

    await alice.click(lobby, label="Start")
    await script(env, channel, 2)
    await env.advance_time(60)

    table = await load(env, channel)
    assert table.state.players[0].day == 2 and table.seats[0].timeouts == 1  # rolled for her in time


@pytest.mark.bot(turn_seconds=300)
async def test_if_the_new_months_board_cannot_be_posted_the_old_one_keeps_its_buttons(env):
    game = await start_game(env, 2, months=2)
    alice, _ = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = state.players[1].day = 30
        state.script.extend([1, 1])
    env.inject_error("POST", f"/channels/{game.channel.id}/messages", status=500, times=None)

    await click(alice, await live(env, game.channel), label="Roll the die")  # a new month: repost fails

    assert labels(await live(env, game.channel)) == ["Roll the die"]  # bob can still play
    assert (await load(env, game.channel)).state.pending.seats == [1]


@pytest.mark.parametrize(
    ("denied", "named", "not_named"),
    [
        ({"send_messages": False}, "Send Messages", "Attach Files"),
        # The live message is posted anew with the drawn board attached (calls, a new month).
        ({"attach_files": False}, "Attach Files", "Send Messages"),
    ],
)
async def test_start_is_refused_where_the_bot_cannot_post(env, denied, named, not_named):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel(
        "payday", overwrites={env.bot.user: discord.PermissionOverwrite(**denied)}
    )
    alice = guild.add_member(env.create_user("alice"))

    refused = await slash(alice, channel, "payday start")

    assert refused.ephemeral and named in refused.response.content
    assert not_named not in refused.response.content
    assert await load(env, channel) is None


@pytest.mark.bot(turn_seconds=86400, lobby_minutes=120)
async def test_the_live_message_age_counts_from_when_the_lobby_was_posted(env):
    _, channel, (alice, bob) = make_table(env, 2)
    lobby = (await slash(alice, channel, "payday start")).response
    await env.advance_time(50 * 60)  # the lobby waits for players
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")
    await env.advance_time(10 * 60)  # the lobby-turned-board is now an hour old

    await click(alice, await live(env, channel), label="Roll the die")

    table = await load(env, channel)
    assert table.message_id != lobby.id  # a fresh board, not an edit of an hour-old message
    assert [m.id for m in channel.history() if m.components] == [table.message_id]


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_a_click_that_arrives_after_its_own_timeout_is_told_the_question_passed(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    table = await load(env, game.channel)
    row = await env.bot.store.get(game.channel.id)
    await env.advance_time(60)  # the bot rolls for alice

    late = fake_click(game, alice, table.message_id)
    await cog(env).game_click(late, AnswerChoice(game.channel.id, row.game_id, table.state.prompt, "roll", 0))

    assert late.response.refusal == "That question has passed."


@pytest.mark.bot(turn_seconds=300, interrupt_seconds=30)
async def test_letting_lotteries_pass_is_an_answer_not_a_sign_of_being_away(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    await script(env, game.channel, 6, 1, 6, 2)  # alice, then bob, land on a Lottery
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="1")
    await click(bob, await live(env, game.channel), label="2")
    await env.advance_time(30)  # carol lets it pass
    await click(bob, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="1")
    await click(bob, await live(env, game.channel), label="2")
    await env.advance_time(30)  # and again

    table = await load(env, game.channel)
    assert not table.seats[2].away and table.seats[2].timeouts == 0
    assert "in a row" not in unescape(field(await live(env, game.channel), "Latest"))


OPTIONS = {"turn_seconds": 300, "interrupt_seconds": 30}


@pytest.mark.bot(**OPTIONS)
async def test_time_the_bot_was_down_is_not_charged_to_the_player(env, make_bot):
    game = await start_game(env, 2, months=1)
    await script(env, game.channel, 2)
    await env.advance_time(10)  # alice has 290 s left
    await env.bot.close()  # the bot goes down (deploy, crash) ...
    await env.advance_time(600)  # ... for ten minutes
    await env.restart_bot(make_bot(**OPTIONS))
    await env.advance_time(1)

    table = await load(env, game.channel)
    assert table.seats[0].timeouts == 0 and table.state.players[0].day == 0
    assert table.deadline - discord.utils.utcnow() > timedelta(seconds=50)
    await env.advance_time(60)  # the grace period runs out: now it is her time
    assert (await load(env, game.channel)).state.players[0].day == 2
