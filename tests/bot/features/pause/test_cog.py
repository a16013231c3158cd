"""/payday pause and resume through Discord: the host (or a moderator) stops every clock, the live
message says so first and by whom, calls nobody and shows its game buttons disabled, every move
answers "paused" privately and changes nothing (looks still work), the pause survives a restart,
and resume gives back the time that was left. A game left paused ends by itself with the standings."""

from datetime import timedelta

import discord
import pytest

from tests.cogs.payday.rig import calls_sent, client_locales, live, load, script, start_game, stored, unescape
from tests.helpers import click, refusal, slash, table

HOUR = 3600


async def restart(env, make_bot) -> None:
    await env.bot.close()
    await env.restart_bot(make_bot())


@pytest.mark.simcord(settle_timeout=30)
async def test_pause_then_restart_then_resume_gives_back_the_time_that_was_left(env, make_bot):
    game = await start_game(env, 2, months=1, turn_time=HOUR)
    alice, bob = game.players
    await script(env, game.channel, 2)  # Sweepstakes: the roll made for her asks nothing more
    await env.advance_time(20 * 60)

    paused = await slash(alice, game.channel, "payday pause")

    assert paused.ephemeral and paused.response.content.startswith(
        "Paused: every clock of the game is stopped."
    )
    board = await live(env, game.channel)
    assert "⏸️ **Paused** by alice: no clock runs. 40 minutes left to answer." in board.embeds[-1].description
    before = await stored(env, game.channel)
    borrowed = await slash(alice, game.channel, "payday loan", amount=1000)  # the buttons are disabled
    assert refusal(borrowed) == "The game is paused (by alice): nothing moves until /payday resume."
    assert await stored(env, game.channel) == before
    looked = await slash(bob, game.channel, "payday hand")  # looks still work
    assert looked.ephemeral and looked.response.embeds and not looked.response.content

    await env.advance_time(2 * 24 * HOUR)  # no clock runs: no reminder, no timeout
    await restart(env, make_bot)
    await env.advance_time(24 * HOUR)
    assert await stored(env, game.channel) == before

    resumed = await slash(alice, game.channel, "payday resume")

    table_ = await load(env, game.channel)
    deadline = discord.utils.utcnow() + timedelta(minutes=40)
    assert table_.paused is None and table_.deadline == deadline
    assert resumed.response.content == (
        f"Resumed: the clocks run again, and time runs out <t:{int(deadline.timestamp())}:R>."
    )
    assert "Time runs out" in (await live(env, game.channel)).embeds[-1].description
    await env.advance_time(40 * 60)  # the 40 minutes that were left: the bot rolls for alice
    assert (await load(env, game.channel)).state.pending.seats == [1]


async def test_only_the_host_or_a_moderator_pauses_and_only_a_running_game_nothing_changed_otherwise(env):
    _, channel, (alice, bob) = table(env, 2)
    no_game = await slash(alice, channel, "payday pause")
    assert refusal(no_game) == "There is no game in this channel: start one with /payday start."
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    in_lobby = await slash(alice, channel, "payday pause")
    assert refusal(in_lobby) == "The game here hasn't started yet: the host presses Start."
    await click(alice, lobby, label="Start")
    before = await stored(env, channel)

    by_guest = await slash(bob, channel, "payday pause")
    not_paused = await slash(alice, channel, "payday resume")

    assert refusal(by_guest) == "Only the host, alice, or someone with Manage Channels can do that."
    assert refusal(not_paused) == "The game is not paused: its clocks are running."
    assert await stored(env, channel) == before
    await slash(alice, channel, "payday pause")
    paused = await stored(env, channel)
    twice = await slash(alice, channel, "payday pause")
    assert refusal(twice) == "The game is paused (by alice): nothing moves until /payday resume."
    assert refusal(await slash(bob, channel, "payday resume")).startswith("Only the host, alice,")
    assert await stored(env, channel) == paused


@pytest.mark.simcord(settle_timeout=30)
async def test_a_game_left_paused_ends_by_itself_after_a_week_with_the_standings(env):
    game = await start_game(env, 2, months=1)
    await slash(game.players[0], game.channel, "payday pause")

    await env.advance_time(7 * 24 * HOUR - 1)
    assert await load(env, game.channel) is not None
    await env.advance_time(1)

    assert await load(env, game.channel) is None
    standings = game.channel.last_message.embeds[-1]
    assert standings.description.startswith("The game stayed paused for 7 days and ended by itself.")


async def test_a_paused_italian_game_says_so_in_italian_and_refuses_in_the_clickers_language(
    env, monkeypatch
):
    game = await start_game(env, 2, months=1, language="it")
    alice, bob = game.players
    client_locales(monkeypatch)[alice.id] = "it"

    paused = await slash(alice, game.channel, "payday pause")

    assert paused.response.content.startswith("In pausa: tutti i tempi della partita sono fermi.")
    board = await live(env, game.channel)
    assert board.embeds[-1].description.startswith("⏸️ **In pausa**, messa da alice: nessun tempo scorre.")
    assert board.embeds[0].title == "⏸️ Pay Day: in pausa · mese 1 di 1"
    borrowed = await slash(alice, game.channel, "payday loan", amount=1000)
    assert (
        refusal(borrowed) == "La partita è in pausa (l'ha messa alice): nulla si muove fino a /payday resume."
    )
    english = await slash(bob, game.channel, "payday loan", amount=1000)
    assert unescape(refusal(english)) == "The game is paused (by alice): nothing moves until /payday resume."


async def test_a_paused_game_says_so_first_calls_nobody_and_greys_its_buttons_until_resumed(env):
    game = await start_game(env, 2, months=1, turn_time=HOUR)
    alice, bob = game.players
    await script(env, game.channel, 2)  # Sweepstakes: then bob's turn, and the bot calls him
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert (await live(env, game.channel)).content == f"🔔 <@{bob.id}>, your turn."

    mark = len(env.http_requests)
    await slash(alice, game.channel, "payday pause")
    await env.advance_time(2 * HOUR)  # past the time bob had: no clock runs, nobody is called

    board = await live(env, game.channel)
    assert board.embeds[0].title == "⏸️ Pay Day — paused · month 1 of 1"
    first, *_ = board.embeds[-1].description.split("\n")
    assert first == "⏸️ **Paused** by alice: no clock runs. 60 minutes left to answer."
    assert "bob" not in board.embeds[-1].description
    assert not board.content and calls_sent(env, mark) == []
    buttons = {item.label: item.disabled for row in board.components for item in row.children}
    assert buttons == {"Roll the die": True, "My hand": False}
    looked = await click(bob, board, label="My hand")  # looks still work
    assert looked.ephemeral and looked.response.embeds

    await slash(alice, game.channel, "payday resume")

    board = await live(env, game.channel)
    assert board.embeds[0].title == "Pay Day — month 1 of 1"
    assert board.embeds[-1].description.startswith("**bob**, roll the die.")
    buttons = {item.label: item.disabled for row in board.components for item in row.children}
    assert buttons == {"Roll the die": False, "My hand": False}
