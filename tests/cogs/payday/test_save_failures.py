"""A save that fails inside a timer (a computer's move, a time limit, a reminder) never freezes the
game: the channel's timer is armed again with a growing wait, and the table is told once."""

import pytest

from bot.render.language.i18n import lang
from bot.render.notices import save_failed
from db import StoreError
from tests.cogs.payday.rig import field, live, load, script, service, start_game
from tests.helpers import add_computer, click, slash
from tests.helpers import table as make_table


@pytest.fixture
def failing_saves(env, monkeypatch):
    """`failing_saves(n)`: the store's next n saves raise, as with a locked database or a full disk."""
    store = env.bot.store
    real = store.save
    left = [0]

    async def save(*args, **kwargs):
        if left[0] > 0:
            left[0] -= 1
            raise StoreError("Could not write to the database at test.sqlite3 (the disk is full)")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "save", save)

    def fail(times: int) -> None:
        left[0] = times

    return fail


def warnings(channel) -> int:
    return sum(m.content == save_failed(lang("en")) for m in channel.history())


@pytest.mark.simcord(settle_timeout=1.0)
async def test_a_computer_move_that_cannot_be_saved_is_tried_again_and_the_table_told_once(
    env, failing_saves, caplog
):
    _, channel, (alice,) = make_table(env, 1)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await add_computer(alice, lobby)
    await click(alice, lobby, label="Start")
    await script(env, channel, 2, 2)  # Sweepstakes for alice, then for the computer
    await click(alice, lobby, label="Roll the die")
    failing_saves(3)

    await env.advance_time(2)  # the computer's move: its save fails
    assert (await load(env, channel)).state.players[1].day == 0
    assert warnings(channel) == 1
    assert service(env).timers.armed(channel.id) is not None  # not frozen: tried again later
    await env.advance_time(5)  # second failure
    await env.advance_time(10)  # third failure: still told only once
    assert warnings(channel) == 1 and service(env).timers.failures(channel.id) == 3
    await env.advance_time(20)  # saving works again

    assert (await load(env, channel)).state.players[1].day == 2
    assert service(env).timers.failures(channel.id) == 0 and warnings(channel) == 1
    failed = [r for r in caplog.records if r.getMessage() == "deadline callback failed"]
    assert [(r.channel, r.failures, r.retry_s) for r in failed] == [
        (channel.id, n, 5.0 * 2 ** (n - 1)) for n in (1, 2, 3)
    ]


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_a_timeout_and_a_reminder_that_cannot_be_saved_still_happen(env, failing_saves):
    game = await start_game(env, 2, months=1)
    await script(env, game.channel, 2)
    failing_saves(1)

    await env.advance_time(30)  # the reminder's save fails
    assert warnings(game.channel) == 1
    await env.advance_time(5)  # retried: the reminder goes out
    assert "waiting for you" in game.channel.last_message.content
    failing_saves(1)
    await env.advance_time(25)  # the time limit: its save fails
    assert (await load(env, game.channel)).state.players[0].day == 0
    await env.advance_time(5)  # retried: the bot rolls for alice

    table = await load(env, game.channel)
    assert table.state.players[0].day == 2 and table.seats[0].timeouts == 1
    assert warnings(game.channel) == 2  # one per failure streak
    assert "alice ran out of time" in field(await live(env, game.channel), "Latest")


@pytest.mark.bot(turn_seconds=60)
async def test_a_click_whose_save_fails_is_told_and_the_game_keeps_its_timer(env, failing_saves):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    failing_saves(1)

    failed = await click(alice, await live(env, game.channel), label="Roll the die")

    assert failed.ephemeral and failed.response.content.startswith("Sorry, something went wrong")
    assert (await load(env, game.channel)).state.players[0].day == 0  # nothing half-written
    assert service(env).timers.armed(game.channel.id) is not None
    await click(alice, await live(env, game.channel), label="Roll the die")  # trying again works
    assert (await load(env, game.channel)).state.players[0].day == 2
