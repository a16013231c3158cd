"""A channel or thread that goes away mid-game: deleted by a moderator, or out of the bot's reach.
The game ends there with its results kept, its timer goes, and nothing more is sent to it (Discord
asks apps not to retry what answered 404, and 403s count towards the bot's lock-out); a game's
thread that was archived is reopened when the bot must post, and the standings of a game whose
thread is lost go to the channel it was opened from."""

import pytest
import simcord

from bot.service import Ending
from bot.service.timers import RETRY_FIRST
from cogs.payday.live._reach import ARCHIVED_THREAD, LOCKED_THREAD, MISSING_ACCESS, UNKNOWN_CHANNEL
from db import StoreError
from tests.cogs.payday.rig import cog, load, service, start_game
from tests.cogs.payday.test_threads import casino, start_in_thread

TURN = 300


def requests_to(env: simcord.Env, channel: simcord.ChannelHandle, mark: int = 0) -> list[str]:
    """The bot's requests to the channel (or thread) since request `mark`."""
    where = f"/channels/{channel.id}"
    return [
        f"{r.method} {r.path}"
        for r in env.http_requests[mark:]
        if r.path == where or r.path.startswith(where + "/")
    ]


async def result(env: simcord.Env, channel: simcord.ChannelHandle) -> dict:
    """The summary the history keeps of the channel's last game."""
    [row] = await env.bot.store.history(channel_id=channel.id, limit=1)
    return row.summary


GONE = "Ended early: its channel or thread was deleted, or the bot can no longer reach it."


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_channel_deleted_mid_game_ends_it_at_once_and_is_never_written_to(env):
    game = await start_game(env, 2)
    mark = len(env.http_requests)

    env.backend.delete_channel(game.channel.id)
    await env.advance_time(TURN * 3)  # the time limits that would have run out

    assert await load(env, game.channel) is None
    assert (await result(env, game.channel))["reason"] == Ending.GONE
    assert service(env).timers.armed(game.channel.id) is None
    assert requests_to(env, game.channel, mark) == []


@pytest.mark.bot(turn_seconds=TURN)
async def test_after_the_first_404_of_a_deleted_channel_the_game_ends_and_nothing_is_retried(env):
    game = await start_game(env, 2)
    # Deleted while the bot was away: the bot hears of it only from Discord's answers.
    env.inject_error("*", f"/channels/{game.channel.id}*", status=404, code=UNKNOWN_CHANNEL, times=None)
    mark = len(env.http_requests)

    await env.advance_time(TURN + 1)  # alice's time runs out: the board must be shown anew
    await env.advance_time(TURN * 10)

    assert len(requests_to(env, game.channel, mark)) == 1
    assert await load(env, game.channel) is None
    summary = await result(env, game.channel)
    assert summary["reason"] == Ending.GONE and len(summary["players"]) == 2  # the results are kept
    assert service(env).timers.armed(game.channel.id) is None


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_channel_the_bot_can_no_longer_see_is_left_alone_after_one_403(env):
    game = await start_game(env, 2)
    env.inject_error("*", f"/channels/{game.channel.id}*", status=403, code=MISSING_ACCESS, times=None)
    mark = len(env.http_requests)

    await env.advance_time(TURN + 1)
    await env.advance_time(TURN * 10)

    assert len(requests_to(env, game.channel, mark)) == 1
    assert (await result(env, game.channel))["reason"] == Ending.GONE
    env.backend.faults.clear()  # access given back: a new game may be played there
    alice = game.players[0]
    opened = await alice.slash(game.channel, "payday start")
    assert opened.acknowledged and not opened.ephemeral
    await env.advance_time(1)
    assert (await load(env, game.channel)).state is None


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_thread_deleted_mid_game_ends_it_with_the_standings_in_its_channel(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players)
    mark = len(env.http_requests)

    env.backend.delete_channel(thread.id)
    await env.advance_time(TURN * 3)

    standings = channel.last_message
    assert standings.embeds and GONE in standings.embeds[0].description
    assert standings.components == []  # no Rematch: its table is gone
    assert (await result(env, thread))["reason"] == Ending.GONE
    assert requests_to(env, thread, mark) == []
    assert service(env).timers.armed(thread.id) is None


@pytest.mark.bot(turn_seconds=TURN)
@pytest.mark.usefixtures("bot_token_only")
async def test_an_archived_thread_is_reopened_when_the_bot_must_post(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    # What Discord answers a write in an archived thread (simcord does not refuse it by itself).
    env.inject_error("*", f"/channels/{thread.id}/messages*", status=400, code=ARCHIVED_THREAD, times=1)

    await env.advance_time(TURN + 1)  # alice's time runs out: the board is shown anew

    assert env.backend.channels[thread.id].thread_metadata.archived is False
    assert f"PATCH /channels/{thread.id}" in requests_to(env, thread)
    table = await load(env, thread)
    assert table is not None and table.seats[0].timeouts == 1  # the game goes on
    shown = next(m for m in thread.history() if m.id == table.message_id)
    assert "**alice**, roll the die." not in shown.embeds[-1].description  # shown in the reopened thread


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_locked_thread_the_bot_may_not_reopen_ends_the_game_in_its_channel(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players)
    env.inject_error("*", f"/channels/{thread.id}/messages*", status=400, code=ARCHIVED_THREAD, times=None)
    env.inject_error(
        "PATCH", f"/channels/{thread.id}", status=403, code=50013, times=None
    )  # no Manage Threads
    mark = len(env.http_requests)

    await env.advance_time(TURN + 1)
    await env.advance_time(TURN * 10)

    assert len(requests_to(env, thread, mark)) == 2  # the write, the reopening refused: nothing more
    assert (await result(env, thread))["reason"] == Ending.GONE
    assert GONE in channel.last_message.embeds[0].description


async def test_the_standings_of_a_lost_thread_speak_the_games_language(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players, language="it")

    env.backend.delete_channel(thread.id)
    await env.advance_time(1)

    description = channel.last_message.embeds[0].description
    assert description.startswith("Chiusa prima del tempo: il suo canale o thread è stato eliminato")


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_channel_deleted_while_the_bot_was_down_ends_its_game_at_the_first_404(env, make_bot):
    game = await start_game(env, 2)
    await env.bot.close()
    env.backend.delete_channel(game.channel.id)  # nobody is listening
    await env.restart_bot(make_bot())
    mark = len(env.http_requests)

    await env.advance_time(TURN * 10)  # the stored time limit wakes the game

    assert len(requests_to(env, game.channel, mark)) == 1  # and not one more, ever
    assert (await result(env, game.channel))["reason"] == Ending.GONE
    assert service(env).timers.armed(game.channel.id) is None


@pytest.mark.bot(turn_seconds=TURN)
@pytest.mark.usefixtures("bot_token_only")
async def test_a_locked_thread_is_unlocked_when_the_bot_may_manage_threads(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"locked": True})
    env.inject_error("*", f"/channels/{thread.id}/messages*", status=403, code=LOCKED_THREAD, times=1)

    await env.advance_time(TURN + 1)

    assert env.backend.channels[thread.id].thread_metadata.locked is False
    assert (await load(env, thread)).seats[0].timeouts == 1  # the game goes on in its thread


@pytest.mark.bot(turn_seconds=TURN)
async def test_a_channel_deleted_with_a_game_in_its_thread_ends_that_game_too(env):
    _, channel, players = casino(env)
    thread = await start_in_thread(env, channel, players)
    mark = len(env.http_requests)

    env.backend.delete_channel(channel.id)
    await env.advance_time(TURN * 3)

    assert (await result(env, thread))["reason"] == Ending.GONE
    assert requests_to(env, thread, mark) == [] and requests_to(env, channel, mark) == []


@pytest.fixture
def failing_end(env, monkeypatch):
    """The first game to end fails to be saved as ended, as with a busy database; the channels it
    failed for are listed."""
    store = env.bot.store
    real = store.finish
    failed: list[int] = []

    async def finish(row, *args, **kwargs):
        if not failed:
            failed.append(row.channel_id)
            raise StoreError("Could not write to the database at test.sqlite3 (it is locked)")
        return await real(row, *args, **kwargs)

    monkeypatch.setattr(store, "finish", finish)
    return failed


@pytest.mark.bot(turn_seconds=TURN)
@pytest.mark.usefixtures("bot_token_only")
async def test_a_lost_channel_whose_game_failed_to_end_has_it_ended_moments_later(env, failing_end):
    game = await start_game(env, 2)
    env.inject_error("*", f"/channels/{game.channel.id}*", status=403, code=MISSING_ACCESS, times=None)
    mark = len(env.http_requests)

    await env.advance_time(TURN // 2 + 1)  # the reminder meets the 403: the game's end fails
    assert failing_end == [game.channel.id] and await load(env, game.channel) is not None
    await env.advance_time(RETRY_FIRST.total_seconds())  # long before its time limit

    assert (await result(env, game.channel))["reason"] == Ending.GONE
    assert len(requests_to(env, game.channel, mark)) == 1
    assert service(env).timers.armed(game.channel.id) is None


@pytest.mark.simcord(settle_timeout=1.0)  # the end tried again in 5 s is not the start's to wait for
@pytest.mark.bot(turn_seconds=TURN)
@pytest.mark.usefixtures("bot_token_only")
async def test_a_refused_start_in_a_lost_channel_does_not_wake_its_unended_game(env, failing_end):
    game = await start_game(env, 2)
    env.inject_error("*", f"/channels/{game.channel.id}*", status=403, code=MISSING_ACCESS, times=None)
    await env.advance_time(TURN // 2 + 1)  # the reminder meets the 403: the game's end fails
    assert failing_end == [game.channel.id] and await load(env, game.channel) is not None
    mark = len(env.http_requests)

    refused = await game.players[0].slash(game.channel, "payday start")  # a game is open here
    assert refused.ephemeral
    await env.advance_time(TURN * 10)

    assert (await result(env, game.channel))["reason"] == Ending.GONE
    assert requests_to(env, game.channel, mark) == []


async def test_nothing_is_kept_of_a_lost_thread_or_of_the_channel_given_its_standings(env):
    _, channel, players = casino(env)
    threads = [await start_in_thread(env, channel, players) for _ in range(3)]

    for thread in threads:
        env.backend.delete_channel(thread.id)
        await env.advance_time(1)

    assert sum(GONE in (m.embeds[0].description or "") for m in channel.history() if m.embeds) == 3
    assert cog(env).live._channels == {}
