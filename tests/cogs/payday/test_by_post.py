"""Games by post on simcord's virtual clock: a one-day turn reminds its player twice and says when
time runs out in each reader's own time zone, a question for everyone waits hours, and a game
nobody plays for a week ends by itself with the standings."""

from datetime import timedelta

import discord
import pytest

from tests.cogs.payday.rig import calls_sent, live, load, reminder_text, script, start_game
from tests.helpers import click, slash, table

DAY = 86400
HOUR = 3600
SWEEPSTAKES, LOTTERY = 2, 6


@pytest.mark.parametrize(
    ("turn_time", "language", "said"),
    [
        (2 * DAY, "en", "2 days per turn"),
        (12 * HOUR, "it", "12 ore a turno"),
        (300, "en", "5 minutes per turn"),
    ],
)
async def test_the_lobby_says_the_turn_time_in_days_hours_or_minutes(env, turn_time, language, said):
    _, channel, (alice, _) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start", turn_time=turn_time, language=language)).response
    assert said in lobby.embeds[0].description


@pytest.mark.simcord(settle_timeout=30)
async def test_a_one_day_turn_reminds_its_player_halfway_and_an_hour_before_time_runs_out(env):
    game = await start_game(env, 2, months=1, turn_time=DAY)
    alice, bob = game.players
    await script(env, game.channel, SWEEPSTAKES)
    table = await load(env, game.channel)
    deadline = int(table.deadline.timestamp())
    asked = (await live(env, game.channel)).embeds[-1].description
    assert f"Time runs out <t:{deadline}:R> (<t:{deadline}:f>)." in asked  # each reader's own time
    mark = len(env.http_requests)

    await env.advance_time(12 * HOUR - 1)
    assert calls_sent(env, mark) == []  # alice pressed Start: she was looking
    await env.advance_time(1)
    assert calls_sent(env, mark) == [[alice.id]]
    assert game.channel.last_message.content == await reminder_text(env, game.channel, alice.id)

    await env.advance_time(11 * HOUR)  # an hour before the end: the last call, a message of its own
    assert calls_sent(env, mark) == [[alice.id], [alice.id]]
    assert game.channel.last_message.content == await reminder_text(env, game.channel, alice.id)

    await env.advance_time(HOUR)  # time ran out: the bot rolled for her, and bob is called
    assert calls_sent(env, mark)[-1] == [bob.id]
    table = await load(env, game.channel)
    assert table.state.players[0].day == SWEEPSTAKES and table.state.pending.seats == [1]


@pytest.mark.simcord(settle_timeout=30)
async def test_a_question_for_everyone_waits_a_quarter_of_a_one_day_turn(env):
    game = await start_game(env, 2, months=1, turn_time=DAY)
    alice, bob = game.players
    await script(env, game.channel, LOTTERY, 4)
    await click(alice, await live(env, game.channel), label="Roll the die")
    asked_at = discord.utils.utcnow()
    table = await load(env, game.channel)
    assert table.state.pending.kind == "lottery" and table.deadline == asked_at + timedelta(hours=6)
    mark = len(env.http_requests)

    await env.advance_time(3 * HOUR)  # halfway: everyone still asked, by post, bob called already
    await env.advance_time(2 * HOUR + 24 * 60)  # 36 minutes before the end: the last call
    assert calls_sent(env, mark) == [[alice.id, bob.id], [alice.id, bob.id]]
    await click(bob, await live(env, game.channel), label="Sit out")
    await env.advance_time(36 * 60)  # alice never answers: she sits out, and bob's turn begins

    table = await load(env, game.channel)
    assert table.state.pending.kind == "roll" and table.state.pending.seats == [1]
    assert [p.cash for p in table.state.players] == [3500, 3500]


@pytest.mark.simcord(settle_timeout=30)
async def test_a_game_nobody_plays_for_a_week_ends_by_itself_with_the_standings(env):
    game = await start_game(env, 2, months=1, turn_time=DAY)
    for _ in range(7):
        await env.advance_time(DAY)  # a day's timeouts; both away after two: the game waits
    table = await load(env, game.channel)
    assert table is not None and all(seat.away for seat in table.seats)

    await env.advance_time(DAY)  # a week after the first question timed out

    assert await load(env, game.channel) is None
    standings = game.channel.last_message.embeds[-1]
    assert standings.description.startswith("Nobody played for 7 days: the game ended by itself.")


@pytest.mark.simcord(settle_timeout=30)
async def test_a_one_day_turn_keeps_its_reminders_and_deadline_across_a_restart(env, make_bot):
    game = await start_game(env, 2, months=1, turn_time=DAY)
    alice, bob = game.players
    await script(env, game.channel, SWEEPSTAKES)
    await env.advance_time(6 * HOUR)
    await env.bot.close()
    await env.restart_bot(make_bot())
    mark = len(env.http_requests)

    await env.advance_time(6 * HOUR)  # halfway, timed from before the restart
    assert calls_sent(env, mark) == [[alice.id]]
    await env.advance_time(12 * HOUR)
    assert calls_sent(env, mark) == [[alice.id], [alice.id], [bob.id]]  # the last call, then bob's turn


@pytest.mark.simcord(settle_timeout=30)
async def test_a_week_long_turn_that_runs_out_gets_the_default_and_the_game_goes_on(env):
    game = await start_game(env, 2, months=1, turn_time=7 * DAY)  # and 7 idle days, the default
    await script(env, game.channel, SWEEPSTAKES)

    await env.advance_time(7 * DAY)  # alice's turn ran out: the bot rolled for her

    table = await load(env, game.channel)
    assert table is not None and table.state.players[0].day == SWEEPSTAKES
    assert table.state.pending.seats == [1]

    await env.advance_time(7 * DAY - 1)
    assert await load(env, game.channel) is not None
    await env.advance_time(1)  # a week without a click since alice's turn ran out

    assert await load(env, game.channel) is None
    standings = game.channel.last_message.embeds[-1]
    assert standings.description.startswith("Nobody played for 7 days: the game ended by itself.")


@pytest.mark.simcord(settle_timeout=30)
async def test_days_the_bot_was_down_do_not_end_a_game_nobody_plays(env, make_bot):
    game = await start_game(env, 2, months=1, turn_time=DAY)
    await env.advance_time(DAY)  # alice's turn ran out: the game's week without a click begins
    await env.advance_time(5 * DAY)
    await env.bot.close()
    await env.advance_time(3 * DAY)  # down past the week
    await env.restart_bot(make_bot())

    await env.advance_time(HOUR)

    table = await load(env, game.channel)
    assert table is not None and table.state is not None and not table.state.over
