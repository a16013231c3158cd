"""Clicks that arrive at the same moment. simcord runs one actor at a time, so these call the cog's
button handler concurrently with the fake interactions of tests/fake_discord.py; the game itself is
real and set up through simcord."""

import asyncio

import pytest

from bot.render.components import AnswerChoice
from tests.cogs.payday.rig import cog, live, load, script, start_game
from tests.fake_discord import FakeDiscord, FakeInteraction, FakeUser
from tests.helpers import click


def fake_click(game, member, message_id: int) -> FakeInteraction:
    """A click by `member` on that message, answered into a fake Discord that lets other clicks run
    while an answer is on its way."""
    user = FakeUser(member.id, member.name)
    return FakeInteraction(
        FakeDiscord(round_trip=True), game.channel.id, user, message_id, guild_id=game.guild.id
    )


async def press_together(env, game, presses: list[tuple[object, str, int]]) -> list:
    """Everyone in `presses` (member, action, value) clicks the current board's button at once."""
    table = await load(env, game.channel)
    row = await env.bot.store.get(game.channel.id)
    clicks = [fake_click(game, member, table.message_id) for member, _, _ in presses]
    handler = cog(env).game_click
    await asyncio.gather(
        *(
            handler(fake, AnswerChoice(game.channel.id, row.game_id, table.state.prompt, kind, value))
            for fake, (_, kind, value) in zip(clicks, presses, strict=True)
        )
    )
    return [fake.response for fake in clicks]


async def logged(env, game, kind: str) -> list[dict]:
    row = await env.bot.store.get(game.channel.id)
    return [e.data for e in await env.bot.store.events(row.game_id, limit=10_000, kinds=[kind])]


@pytest.mark.parametrize("carol_first", [True, False])
async def test_two_players_asking_for_one_number_at_once_the_earlier_in_turn_order_gets_it(env, carol_first):
    """docs/RULES.md §2.4: whoever's click arrives first, bob picks before carol, so number 1 is
    bob's; carol is refused or asked again, and nobody pays before alice (the lander) answers."""
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 6, 1)  # alice reaches the Lottery; the draw rolls 1
    await click(alice, await live(env, game.channel), label="Roll the die")

    presses = [(carol, "ante", 1), (bob, "ante", 1)]
    presses = presses if carol_first else presses[::-1]
    answers = await press_together(env, game, presses)

    refusals = {member.name: answer.refusal for (member, _, _), answer in zip(presses, answers, strict=True)}
    assert refusals["bob"] is None
    taken = "Number 1 goes to bob, who picks before you in turn: pick another number."
    assert refusals["carol"] in (None, taken)
    table = await load(env, game.channel)
    assert table.state.pending.wants == {1: 1} and table.state.pot == 0
    assert table.state.pending.seats == [0, 2]  # alice, and carol asked again
    notes = await logged(env, game, "nothing")
    asked_again = [note for note in notes if note["reason"] == "number_taken"]
    assert len(asked_again) == (1 if refusals["carol"] is None else 0)

    await click(alice, await live(env, game.channel), label="Sit out")  # bob's number is granted
    await click(carol, await live(env, game.channel), label="2")
    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3500, 3500 - 100 + 1200, 3400]


async def test_the_last_two_answers_arriving_together_both_count(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 6, 2)  # the draw rolls 2: bob's
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="Sit out")  # bob and carol remain

    answers = await press_together(env, game, [(bob, "ante", 2), (carol, "sit_out", 0)])

    assert [a.refusal for a in answers] == [None, None]
    table = await load(env, game.channel)
    assert table.state.pending.kind == "roll" and table.state.pending.seats == [1]
    assert [p.cash for p in table.state.players] == [3500, 3500 - 100 + 1100, 3500]
    wins = [t for t in await logged(env, game, "transfer") if t["reason"] == "Lottery win"]
    assert len(wins) == 1


async def test_a_double_click_on_roll_rolls_once(env):
    game = await start_game(env, 3, months=1)
    alice, _, _ = game.players
    await script(env, game.channel, 2, 5)  # if alice's roll ran twice, she would end on day 7

    answers = await press_together(env, game, [(alice, "roll", 0), (alice, "roll", 0)])

    assert sorted(a.refusal or "" for a in answers) == ["", "Already done: your answer was counted."]
    # The roll's own answer is the board posted anew, calling bob (his turn); the double gets a line.
    boards = [a.content for a in answers if a.calls == ["send_message"] and not a.ephemeral]
    assert boards == [f"🔔 <@{game.players[1].id}>, your turn."]
    table = await load(env, game.channel)
    assert table.state.players[0].day == 2 and table.state.script == [5]
    assert table.state.pending.seats == [1]
    rolls = [a for a in await logged(env, game, "action") if a["seat"] == 0]
    assert len(rolls) == 1
