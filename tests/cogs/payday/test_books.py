"""Every dollar is in the books on every path a game ends or changes hands: the ledger rebuilt from
the event log equals every account of the final state (cash, loans, savings, Jackpot, pot, Bank)."""

import pytest

from bot.game.events import Reason
from bot.game.rulesets import RULESETS
from bot.render.language.events import describe_record
from bot.render.language.i18n import lang
from tests.cogs.payday.rig import books, finished, live, load, play_to_end, random_button, rigged, start_game
from tests.helpers import click, end_game, slash

LOTTERY = 6


async def lottery_with_two_antes(env, game) -> None:
    alice, bob, _ = game.players
    async with rigged(env, game.channel) as state:
        state.script.append(LOTTERY)
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="1")
    await click(bob, await live(env, game.channel), label="2")
    assert (await load(env, game.channel)).state.pot == 200  # carol has not answered yet


async def test_stakes_refunded_when_the_host_ends_the_game_are_in_the_log(env):
    game = await start_game(env, 3, months=1)
    await lottery_with_two_antes(env, game)

    await end_game(game.players[0], game.channel)

    game_id, table = await finished(env, game.channel)
    assert table.state.pot == 0 and [p.cash for p in table.state.players] == [3500] * 3
    assert await books(env, game_id, table.state) == []
    rows = await env.bot.store.events(game_id, limit=100, kinds=["transfer"])
    names = [seat.name for seat in table.seats]
    refunds = [
        describe_record(r.data, names, RULESETS["modern"], lang("en"))
        for r in reversed(rows)
        if r.data["reason"] == Reason.ANTE_RETURNED
    ]
    assert refunds == [
        "alice collected $100 from the Lottery pot (Lottery ante returned: the game ended early)",
        "bob collected $100 from the Lottery pot (Lottery ante returned: the game ended early)",
    ]


async def test_stakes_refunded_when_everyone_leaves_are_in_the_log(env):
    game = await start_game(env, 3, months=1)
    await lottery_with_two_antes(env, game)

    for player in game.players:
        await slash(player, game.channel, "payday leave")

    game_id, table = await finished(env, game.channel)
    assert table.state.pot == 0 and await books(env, game_id, table.state) == []


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_answers_made_by_the_clock_are_in_the_books(env):
    game = await start_game(env, 3, months=1)
    await lottery_with_two_antes(env, game)
    await env.advance_time(30)  # carol's Lottery answer is made for her: the draw pays someone
    await env.advance_time(60 * 3)  # and nobody moves for a while: turns are rolled for them

    table = await load(env, game.channel)
    row = await env.bot.store.get(game.channel.id)
    assert table.state.actions > 4 and await books(env, row.game_id, table.state) == []


@pytest.mark.bot(seed=424242)
async def test_a_whole_game_with_loans_keeps_its_books(env):
    game = await start_game(env, 2, months=1)
    await slash(game.players[0], game.channel, "payday loan", amount=5000)
    await slash(game.players[1], game.channel, "payday loan", amount=2000)

    await play_to_end(env, game, random_button(3))

    game_id, table = await finished(env, game.channel)
    assert await books(env, game_id, table.state) == []
