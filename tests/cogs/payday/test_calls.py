"""Everyone the game waits for is called by name (issue 9.2): a mention in a new message, since an
edit notifies nobody; one message for everyone a question asks; the call goes away as they answer;
nobody is called who turned calls off, is a computer, or is looking at the board already."""

import pytest

from tests.cogs.payday.rig import (
    calls_sent,
    client_locales,
    live,
    load,
    message,
    reminder_text,
    rigged,
    script,
    start_game,
)
from tests.helpers import click, end_game, slash, table

SWEEPSTAKES, DEAL, LOTTERY, RADIO, WALK = 2, 4, 6, 8, 30


def board_ids(channel) -> list[int]:
    """The messages in the channel that carry a board (an embed)."""
    return [m.id for m in channel.history() if m.embeds]


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_every_kind_of_question_calls_the_players_it_asks(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, SWEEPSTAKES, LOTTERY, 3)  # the Lottery draw rolls 3

    # Her turn over, bob's begins: he is called, by the board posted anew under the old one.
    mark = len(env.http_requests)
    old = await live(env, game.channel)
    await click(alice, old, label="Roll the die")
    board = await live(env, game.channel)
    assert calls_sent(env, mark) == [[bob.id]]
    assert board.content == f"🔔 <@{bob.id}>, your turn." and board.id != old.id
    assert board_ids(game.channel) == [board.id]  # the old board is gone

    # The Lottery asks everyone: one message calls carol and alice; bob, who just rolled, is looking.
    mark = len(env.http_requests)
    await click(bob, board, label="Roll the die")
    assert calls_sent(env, mark) == [[carol.id, alice.id]]
    board = await live(env, game.channel)
    assert board.content == f"🔔 <@{carol.id}> <@{alice.id}>: Lottery! Take a number or sit out."

    # Each answer takes its player off the call (an edit: nobody is notified again).
    mark = len(env.http_requests)
    await click(carol, board, label="3")
    assert (await live(env, game.channel)).content == f"🔔 <@{alice.id}>: Lottery! Take a number or sit out."
    await click(bob, board, label="Sit out")
    # alice's answer closes the Lottery: carol's turn, and she answered it a moment ago: not called.
    await click(alice, board, label="Sit out")
    assert calls_sent(env, mark) == []
    board = await live(env, game.channel)
    assert (await load(env, game.channel)).state.pending.seats == [2] and not board.content

    # Her own turn, seconds after her Lottery answer: halfway through it she is called after all.
    await env.advance_time(30)
    assert calls_sent(env, mark) == [[carol.id]]
    assert (await live(env, game.channel)).content == await reminder_text(env, game.channel, carol.id)


async def test_the_radio_contest_and_the_walk_call_every_roller_at_once(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, RADIO, 1, 1, 1)  # nobody rolls the Radio Contest's 3
    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")
    # One message calls bob and carol, who roll after alice, in that order.
    assert calls_sent(env, mark) == [[bob.id, carol.id]]
    board = await live(env, game.channel)
    order = "alice\u00a0→ bob\u00a0→ carol"
    assert board.content == f"🔔 <@{bob.id}> <@{carol.id}>: Radio Contest! Roll in turn: {order}."
    await click(alice, board, label="Roll the die")
    await click(bob, board, label="Roll the die")  # asked next: no second call
    assert calls_sent(env, mark) == [[bob.id, carol.id]]

    mark = len(env.http_requests)
    await click(carol, board, label="Roll the die")  # nobody won; bob's turn: called by himself
    assert calls_sent(env, mark) == [[bob.id]]


async def test_carols_walk_for_charity_calls_alice_and_bob_together(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        state.turn = 2
        state.pending.seats, state.pending.lander = [2], 2
        state.players[2].day = WALK - 4
        state.script.extend([4, 1, 1])
    mark = len(env.http_requests)
    await click(carol, await live(env, game.channel), label="Roll the die")
    assert calls_sent(env, mark) == [[alice.id, bob.id]]
    board = await live(env, game.channel)
    assert board.content == f"🔔 <@{alice.id}> <@{bob.id}>: Walk for Charity! Roll and give to the Jackpot."


@pytest.mark.bot(turn_seconds=60)
async def test_a_decision_of_ones_own_is_called_at_half_time_if_not_answered(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, DEAL)
    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")  # a Deal: her own decision
    assert calls_sent(env, mark) == []  # she is looking at it
    await env.advance_time(30)
    assert calls_sent(env, mark) == [[alice.id]]
    board = await live(env, game.channel)
    assert board.content == await reminder_text(env, game.channel, alice.id)
    assert any(
        label.startswith("Buy") for row in board.components for label in [c.label for c in row.children]
    )


async def test_a_player_who_turns_calls_off_is_never_called_and_can_turn_them_on_again(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    off = await slash(bob, game.channel, "payday notices", state="off")
    assert off.ephemeral
    assert off.response.content.startswith("Calls off, in this game and every game you play from now on:")
    assert (await load(env, game.channel)).seats[1].notices is False
    await script(env, game.channel, SWEEPSTAKES, LOTTERY)

    mark = len(env.http_requests)
    board = await live(env, game.channel)
    await click(alice, board, label="Roll the die")  # bob's turn: the board is edited, no call
    assert calls_sent(env, mark) == [] and (await live(env, game.channel)).id == board.id
    await click(bob, board, label="Roll the die")  # the Lottery still calls the others
    assert calls_sent(env, mark) == [[carol.id, alice.id]]

    on = await slash(bob, game.channel, "payday notices", state="on")
    assert on.response.content.startswith("Calls on, in this game and every game")
    onlooker = await slash(game.outsider, game.channel, "payday notices", state="off")
    assert onlooker.ephemeral and onlooker.response.content.startswith("Calls off for every game")
    assert [seat.notices for seat in (await load(env, game.channel)).seats] == [True, True, True]


async def test_calls_turned_off_outside_a_game_hold_in_every_game_the_member_plays_after(env):
    guild, channel, (alice, bob) = table(env, 2)
    off = await slash(bob, channel, "payday notices", state="off")  # no game anywhere yet
    assert off.ephemeral and off.response.content == (
        "Calls off for every game you play from now on: you will not be mentioned; the board still "
        "shows whose move it is. /payday notices on turns them back on."
    )

    for where in (channel, guild.create_text_channel("payday-2")):
        lobby = (await slash(alice, where, "payday start", months=1)).response
        await click(bob, lobby, label="Join")
        await click(alice, lobby, label="Start")
        assert [seat.notices for seat in (await load(env, where)).seats] == [True, False]
        await script(env, where, SWEEPSTAKES)
        mark = len(env.http_requests)
        await click(alice, await live(env, where), label="Roll the die")  # bob's turn: nobody called
        assert calls_sent(env, mark) == [] and (await load(env, where)).state.pending.seats == [1]
        await end_game(alice, where)


async def test_calls_turned_on_again_in_a_game_hold_in_the_next_one_and_a_rematch(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await slash(bob, game.channel, "payday notices", state="off")
    await end_game(alice, game.channel)
    await click(alice, game.channel.last_message, label="Rematch")  # bob's seat is kept, calls off
    assert (await load(env, game.channel)).seats[1].notices is False
    await slash(bob, game.guild.create_text_channel("elsewhere"), "payday notices", state="on")

    lobby = message(game.channel, (await load(env, game.channel)).message_id)
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")

    assert [seat.notices for seat in (await load(env, game.channel)).seats] == [True, True]
    await script(env, game.channel, SWEEPSTAKES)
    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert calls_sent(env, mark) == [[bob.id]]


async def test_the_lasting_choice_is_confirmed_in_the_members_own_language(env, monkeypatch):
    _, channel, (alice, bob) = table(env, 2)
    client_locales(monkeypatch)[bob.id] = "it"
    off = await slash(bob, channel, "payday notices", state="off")
    assert off.response.content.startswith("Chiamate disattivate in tutte le partite che giocherai")
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    on = await slash(bob, channel, "payday notices", state="on")  # seated in the lobby: here too
    assert on.response.content.startswith("Chiamate attive, in questa partita e in tutte quelle")


async def test_computer_players_and_away_players_are_not_called_and_a_human_among_them_is_left_alone(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    tables = env.bot.get_cog("Payday").service.tables
    async with tables.lock(game.channel.id):
        loaded = await tables.load(game.channel.id)
        loaded.table.seats[1].away = True  # the bot plays bob's seat without waiting
        await tables.save(loaded)
    await script(env, game.channel, SWEEPSTAKES, SWEEPSTAKES)
    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")
    await env.advance_time(2)  # the bot rolls for bob; alice, who watched, is not called for her turn
    table = await load(env, game.channel)
    assert table.state.players[1].day == SWEEPSTAKES and table.state.pending.seats == [0]
    assert calls_sent(env, mark) == []


async def test_a_call_goes_out_with_the_clicks_answer_even_where_the_bot_cannot_post(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    env.inject_error("POST", f"/channels/{game.channel.id}/messages", status=403, code=50013, times=None)
    await script(env, game.channel, SWEEPSTAKES)
    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert calls_sent(env, mark) == [[bob.id]]
    assert (await live(env, game.channel)).content == f"🔔 <@{bob.id}>, your turn."
