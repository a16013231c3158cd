"""A seat a computer took over (its player left or was removed) looks like one wherever the table
looks: the live message says the computer is playing it and offers no answer nobody could give,
nobody is called by name for it, and the humans still asked keep their own buttons."""

import pytest

from bot.game.state import PendingKind
from bot.render.language.i18n import lang
from bot.service import Call, LiveView, Update
from tests.cogs.payday.rig import (
    calls_sent,
    cog,
    field,
    labels,
    live,
    load,
    rigged,
    service,
    start_game,
    stored,
    unescape,
)
from tests.cogs.payday.test_kick import bobs_turn
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK
from tests.helpers import click, end_game, refusal, slash

NUMBERS = ["1", "2", "3", "4", "5", "6"]
HAND = "pdh:"


def question(msg) -> str:
    """The live message's question: the first line of the board's description."""
    return msg.embeds[-1].description.splitlines()[0]


def buttons(msg) -> list[str]:
    """Every button's custom_id on the message, answers and My hand alike."""
    return [item.custom_id for row in msg.components for item in row.children]


async def until_a_human_is_asked(env, channel) -> None:
    for _ in range(20):
        if (await load(env, channel)).waiting_humans():
            return
        await env.advance_time(2)
    raise AssertionError("the computer never handed the game back to a human")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_the_seat_of_a_player_who_left_asks_nobody_to_click_and_calls_nobody(env):
    game = await start_game(env, 3, months=1)
    _, bob, carol = game.players
    await bobs_turn(env, game)
    board = await live(env, game.channel)
    assert question(board) == "**bob**, roll the die." and labels(board) == ["Roll the die"]
    assert f"<@{bob.id}>" in board.content  # bob was called for his turn
    mark = len(env.http_requests)

    await slash(bob, game.channel, "payday leave")

    board = await live(env, game.channel)
    assert question(board) == "The computer is playing for **bob**…"
    assert "Time runs out" not in board.embeds[-1].description  # nobody human is on the clock
    assert labels(board) == [] and [b[: len(HAND)] for b in buttons(board)] == [HAND]  # My hand stays
    assert "**bob** (left: a computer plays on)" in field(board, "Players")
    assert f"<@{bob.id}>" not in (board.content or "")  # the call to bob went with the edit

    await until_a_human_is_asked(env, game.channel)  # the computer rolls for bob

    board = await live(env, game.channel)
    table = await load(env, game.channel)
    assert table.state.players[1].day >= 3  # rolled a 3 (a Mail card may move it further)
    assert question(board) == "**carol**, roll the die." and labels(board) == ["Roll the die"]
    assert all(bob.id not in called for called in calls_sent(env, mark))
    assert calls_sent(env, mark) == [[carol.id]]

    # bob still sees the board: a click, or his hand, tells him the seat is the computer's now.
    before = await stored(env, game.channel)
    clicked = await click(bob, board, label="Roll the die")
    hand = await slash(bob, game.channel, "payday hand")
    told = "You're no longer in this game: a computer player took over your seat."
    assert clicked.ephemeral and refusal(clicked) == told
    assert hand.ephemeral and refusal(hand) == told
    assert await stored(env, game.channel) == before


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_in_italian_the_computer_plays_the_seat_too(env):
    italian = lang("it")
    game = await start_game(env, 3, months=1, language="it")
    bob = game.players[1]
    await bobs_turn(env, game, words=italian)

    await slash(bob, game.channel, "payday leave")

    board = await live(env, game.channel)
    assert question(board) == "Il computer sta giocando per **bob**…"
    assert labels(board) == []
    assert "**bob** (uscito: gioca il computer)" in field(board, "Giocatori")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_the_humans_keep_their_lottery_buttons_until_only_the_computer_is_left_to_answer(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await slash(carol, game.channel, "payday leave")
    async with rigged(env, game.channel) as state:
        state.script.extend([6])  # alice lands on the Lottery
    await click(alice, await live(env, game.channel), label="Roll the die")

    board = await live(env, game.channel)
    assert "Waiting for **alice**, **bob** and **carol** (computer)." in board.embeds[-1].description
    assert labels(board) == [*NUMBERS, "Sit out"]

    await click(alice, board, label="1")
    await click(bob, await live(env, game.channel), label="Sit out")

    board = await live(env, game.channel)
    assert (await load(env, game.channel)).state.pending.seats == [2]
    assert question(board) == "The computer is playing for **carol**…"
    assert labels(board) == [] and "Time runs out" not in board.embeds[-1].description
    assert unescape(field(board, "Latest")).endswith("; bob sat out")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_call_still_on_its_way_when_its_player_left_calls_only_those_still_seated(env):
    """The channel's worker posts a call after the question that made it: if bob left meanwhile,
    the board it posts says the computer plays his seat, and bob is not called for it."""
    game = await start_game(env, 3, months=1)
    _, bob, carol = game.players
    await bobs_turn(env, game)
    await slash(bob, game.channel, "payday leave")
    loaded = await service(env).tables.load(game.channel.id)
    mark = len(env.http_requests)

    # What the worker holds in that race: the call made before the leave, the board after it.
    screen = cog(env).live
    screen.publish(
        Update(
            game.channel.id, loaded, live=LiveView(loaded), call=Call(PendingKind.ROLL, (bob.id, carol.id))
        )
    )
    await screen.idle(game.channel.id, 0)

    board = await live(env, game.channel)
    assert question(board) == "The computer is playing for **bob**…"
    assert calls_sent(env, mark) == [[carol.id]]
    assert f"<@{bob.id}>" not in (board.content or "")


@pytest.mark.parametrize(
    ("language", "marked"),
    [("en", "bob (left: the computer played on)"), ("it", "bob (uscito: ha continuato il computer)")],
)
async def test_the_standings_say_whose_seat_the_computer_finished(env, language, marked):
    game = await start_game(env, 3, months=1, language=language)
    alice, bob, _ = game.players
    await slash(bob, game.channel, "payday leave")

    await end_game(alice, game.channel)

    text = unescape(game.channel.last_message.embeds[-1].description)
    ranked = {row.split(" — ")[0].split(" ", 1)[1] for row in text.splitlines() if row.startswith("**")}
    assert ranked == {"alice", marked, "carol"}
