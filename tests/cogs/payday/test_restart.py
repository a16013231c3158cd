"""A bot restart in the middle of a game: old buttons keep working and deadlines still fire."""

import pytest

from tests.cogs.payday.rig import (
    field,
    labels,
    live,
    load,
    play_to_end,
    random_button,
    reminder_text,
    script,
    start_game,
    unescape,
)
from tests.helpers import click, slash, table

OPTIONS = {"seed": 4242, "turn_seconds": 60, "interrupt_seconds": 30}


async def restart(env, make_bot) -> None:
    await env.bot.close()  # what a clean shutdown does: timers cancelled, store closed
    await env.restart_bot(make_bot(**OPTIONS))


@pytest.mark.bot(**OPTIONS)
async def test_restart_mid_game_then_old_buttons_finish_it(env, make_bot):
    game = await start_game(env, 3, months=1)
    alice, _, _ = game.players
    await click(alice, await live(env, game.channel), label="Roll the die")
    before = await load(env, game.channel)
    game_id = (await env.bot.store.get(game.channel.id)).game_id
    old_board = await live(env, game.channel)  # sent by the bot before the restart

    await restart(env, make_bot)

    after = await load(env, game.channel)
    assert after.model_dump() == before.model_dump()
    waiting = game.actor(after.seats[after.waiting_humans()[0]].user_id)
    result = await click(waiting, old_board, label=old_board.components[0].children[0].label)
    assert not result.ephemeral and result.response.id == old_board.id  # answered by editing it

    await play_to_end(env, game, random_button(3))
    [finished] = await env.bot.store.history()
    assert finished.game_id == game_id and finished.summary["reason"] == "retired"
    assert game.channel.last_message.embeds[-1].title.endswith(f"Pay Day game #{finished.game_id}")


@pytest.mark.bot(**OPTIONS)
async def test_restart_mid_lottery_keeps_the_antes_and_rearms_the_deadline(env, make_bot):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 6, 5)  # alice reaches the Lottery; the draw rolls 5: bob's number
    await click(alice, await live(env, game.channel), label="Roll the die")
    await env.advance_time(10)  # 20 s of the 30 s Lottery limit are left
    await click(bob, await live(env, game.channel), label="5")
    board = await live(env, game.channel)

    await restart(env, make_bot)

    table = await load(env, game.channel)
    assert table.state.pending.wants == {1: 5} and table.state.pot == 0  # granted once alice answers
    await click(carol, board, label="2")  # a button sent before the restart
    assert (await load(env, game.channel)).state.pending.seats == [0]

    await env.advance_time(19)
    assert (await load(env, game.channel)).state.pending.kind == "lottery"
    await env.advance_time(1)  # the deadline from before the restart, re-armed at start-up

    table = await load(env, game.channel)
    assert table.state.pending.kind == "roll" and table.state.pending.seats == [1]
    assert [p.cash for p in table.state.players] == [3500, 3500 - 100 + 1200, 3400]
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert "Lottery at $100 a number: bob on 5 and carol on 2; alice sat out" in latest
    assert "🎟️ Lottery: 5 came up after 1 roll — bob wins $1,200" in latest

    await play_to_end(env, game, random_button(5))
    assert game.channel.last_message.embeds[-1].title.startswith("🏆")


@pytest.mark.bot(**OPTIONS)
async def test_turn_deadline_and_reminder_survive_a_restart(env, make_bot):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)  # Sweepstakes: the timed-out roll asks nothing more of alice

    await restart(env, make_bot)
    await env.advance_time(30)
    assert game.channel.last_message.content == await reminder_text(env, game.channel, alice.id)

    await restart(env, make_bot)
    await env.advance_time(30)
    table = await load(env, game.channel)
    assert table.state.players[0].day == 2 and table.state.pending.seats == [1]
    assert "alice ran out of time" in field(await live(env, game.channel), "Latest")


@pytest.mark.bot(**OPTIONS)
async def test_lobby_buttons_work_after_a_restart(env, make_bot):
    _, channel, (alice, bob) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start")).response

    await restart(env, make_bot)
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")

    started = await load(env, channel)
    assert [s.name for s in started.seats] == ["alice", "bob"] and started.state is not None
    assert labels(await live(env, channel)) == ["Roll the die"]
