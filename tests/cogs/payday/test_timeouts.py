"""Time limits on the virtual clock: calls and reminders, a turn rolled for an absent player, a Lottery
nobody joins."""

import pytest

from tests.cogs.payday.rig import field, live, load, reminder_text, script, start_game, unescape
from tests.helpers import click


def pings(env, channel, message_id: int) -> tuple[list[int], list[int], bool]:
    """Who a stored message actually notified: users, roles, @everyone/@here."""
    stored = env.backend.messages[channel.id][message_id]
    return stored.ping_user_ids, stored.ping_role_ids, stored.mention_everyone


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_reminder_then_timeout_rolls_for_the_player_and_lottery_defaults_to_no_ante(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 6, 3)  # alice's roll (made for her) reaches the Lottery; the draw rolls 3
    live_id = (await load(env, game.channel)).message_id

    # alice pressed Start, so she was looking and not called; half the turn time: she is, once.
    await env.advance_time(29)
    assert game.channel.last_message.id == live_id
    await env.advance_time(1)
    reminder = game.channel.last_message
    assert reminder.id == (await load(env, game.channel)).message_id  # the board, posted anew
    assert reminder.content == await reminder_text(env, game.channel, alice.id)
    assert pings(env, game.channel, reminder.id) == ([alice.id], [], False)
    assert [user.id for user in reminder.mentions] == [alice.id]
    assert [m.id for m in game.channel.history()].count(live_id) == 0  # the old board is gone

    # The full turn time: the bot rolls for alice and says so; the Lottery calls all three at once.
    await env.advance_time(29)
    assert (await load(env, game.channel)).state.players[0].day == 0
    await env.advance_time(1)
    board = await live(env, game.channel)
    latest = unescape(field(board, "Latest"))
    assert "alice ran out of time: the bot chose for them\nalice rolled ⚅ 6 → Sat 6: Lottery" in latest
    assert "**Lottery!**" in board.embeds[-1].description
    assert board.content == f"🔔 <@{alice.id}> <@{bob.id}> <@{carol.id}>: Lottery! Take a number or sit out."
    assert pings(env, game.channel, board.id) == ([alice.id, bob.id, carol.id], [], False)

    # The Lottery has the shorter limit; bob antes, alice and carol never answer.
    await click(bob, board, label="3")
    assert (await live(env, game.channel)).content == (
        f"🔔 <@{alice.id}> <@{carol.id}>: Lottery! Take a number or sit out."  # bob answered: off the call
    )
    await env.advance_time(30)
    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3500, 3500 - 100 + 1100, 3500]
    latest = unescape(field(await live(env, game.channel), "Latest"))
    # bob picks after alice (the lander), so his ante is paid once her time has run out; silence
    # sits a player out of the Lottery, one line for all the antes
    assert "Lottery at $100 a number: bob on 3; alice and carol sat out\n🎟️ Lottery: " in latest
    assert "3 came up after 1 roll — bob wins $1,100" in latest
    assert "ran out of time" not in latest.split("Lottery")[-1]

    # Now it is bob's turn, begun by the clock: he is called at once, and not reminded again.
    assert table.state.pending.seats == [1]
    board = game.channel.last_message
    assert board.content == f"🔔 <@{bob.id}>, your turn." and board.id == table.message_id
    await env.advance_time(30)
    assert game.channel.last_message.id == board.id
    assert [m.content for m in game.channel.history() if m.content] == [f"🔔 <@{bob.id}>, your turn."]


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_a_player_who_answers_in_time_is_not_reminded_or_timed_out(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await script(env, game.channel, 2)  # Sweepstakes: no question for alice

    await env.advance_time(20)
    await click(alice, await live(env, game.channel), label="Roll the die")
    called = game.channel.last_message
    assert called.content == f"🔔 <@{bob.id}>, your turn."  # bob is called at once
    await env.advance_time(20)  # alice's old reminder time: nothing, bob's clock started at 20 s
    await env.advance_time(10)  # bob's half time: he was called already, so no reminder
    assert [m.content for m in game.channel.history() if m.content] == [called.content]
    assert "ran out of time" not in field(await live(env, game.channel), "Latest")


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
@pytest.mark.simcord(settle_timeout=1.0)
async def test_two_timeouts_in_a_row_hand_the_seat_to_the_computer_until_the_player_clicks(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    # alice 2 (Sweepstakes), bob 2, alice 5 (Ski Weekend), bob 5, alice 2 (Buyer), bob 2, alice 3 (Deal)
    await script(env, game.channel, 2, 2, 5, 5, 2, 2, 3)

    await env.advance_time(60)  # first timeout: rolled for her
    await click(bob, await live(env, game.channel), label="Roll the die")
    await env.advance_time(60)  # second in a row: she is taken for away
    table = await load(env, game.channel)
    assert table.seats[0].away and table.state.players[0].day == 7
    assert "ran out of time 2 times in a row" in unescape(field(await live(env, game.channel), "Latest"))

    await click(bob, await live(env, game.channel), label="Roll the die")
    board = await live(env, game.channel)
    assert "**alice** (away: the bot plays it safe)" in field(board, "Players")
    await env.advance_time(2)  # the computer rolls for her after its short pause, not after a minute
    assert (await load(env, game.channel)).state.players[0].day == 9

    await click(bob, await live(env, game.channel), label="Roll the die")
    await click(alice, await live(env, game.channel), label="Roll the die")  # she is back in time
    table = await load(env, game.channel)
    assert not table.seats[0].away and table.seats[0].timeouts == 0
    assert table.state.players[0].day == 12 and table.state.pending.kind == "deal"
    assert table.deadline is not None and table.computer_at is None  # her Deal waits for her, a minute
    assert "alice is back." in unescape(field(await live(env, game.channel), "Latest"))
