"""Discord failing or slow: a lost answer to a click, a rate limit, a channel the bot can no longer
post in. The game stays saved and moving; nobody is charged for a board they could not see."""

import asyncio

import discord
import pytest

from bot.render.language.i18n import lang
from bot.render.notices import cannot_post
from cogs.payday.live._reply import DEFER_AFTER
from tests.cogs.payday.rig import field, labels, live, load, rigged, script, service, start_game, unescape
from tests.helpers import click, end_game, slash

INTERACTIONS = "/interactions/*"


def whose_turn(msg) -> str:
    return msg.embeds[-1].description


@pytest.mark.bot(turn_seconds=300)
async def test_a_lost_answer_to_a_click_is_made_good_by_the_bots_own_edit(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await script(env, game.channel, 2)
    env.inject_error("POST", INTERACTIONS, status=500, times=1)

    lost = await alice.click(await live(env, game.channel), label="Roll the die")

    assert not lost.acknowledged  # Discord lost the answer: alice saw "interaction failed"
    board = await live(env, game.channel)
    assert "**bob**, roll the die." in whose_turn(board)  # yet the board moved on, by the bot's edit
    answered = await click(bob, board, label="Roll the die")
    assert not answered.ephemeral  # not "That question has passed."
    assert (await load(env, game.channel)).state.players[1].day > 0


@pytest.mark.bot(turn_seconds=300)
@pytest.mark.usefixtures("bot_token_only")
async def test_a_click_on_a_board_discord_left_behind_shows_the_current_one(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await slash(bob, game.channel, "payday notices", state="off")  # bob's turn edits the board, no call
    await script(env, game.channel, 2, 3)
    env.inject_error("POST", INTERACTIONS, status=500, times=1)
    env.inject_error("PATCH", f"/channels/{game.channel.id}/messages/*", status=503, times=1)
    await alice.click(await live(env, game.channel), label="Roll the die")  # the answer and the edit fail
    stale = await live(env, game.channel)
    assert "**alice**, roll the die." in whose_turn(stale)

    refreshed = await click(bob, stale, label="Roll the die")  # bob presses alice's old button

    assert not refreshed.ephemeral  # not "That question has passed."
    assert "**bob**, roll the die." in whose_turn(await live(env, game.channel))
    await click(bob, await live(env, game.channel), label="Roll the die")
    assert (await load(env, game.channel)).state.players[1].day == 3


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
@pytest.mark.usefixtures("bot_token_only")
async def test_no_timeout_is_charged_for_a_board_discord_never_showed(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await slash(bob, game.channel, "payday notices", state="off")  # bob's turn edits the board, no call
    await script(env, game.channel, 2)
    stale = await live(env, game.channel)
    env.inject_error("POST", INTERACTIONS, status=500, times=1)
    env.inject_error("PATCH", f"/channels/{game.channel.id}/messages/*", status=503, times=None)

    await alice.click(stale, label="Roll the die")  # saved, but neither the answer nor the edit lands
    assert "**alice**, roll the die." in whose_turn(await live(env, game.channel))  # bob sees a stale board
    await env.advance_time(61)  # bob's time limit passes

    table = await load(env, game.channel)
    assert table.seats[1].timeouts == 0 and table.state.pending.seats == [1]  # not charged
    assert table.deadline > discord.utils.utcnow()  # he has his full time again
    env.backend.faults.clear()  # Discord recovers
    await env.advance_time(61)  # the clock restart is shown: the board is up to date again
    assert "**bob**, roll the die." in whose_turn(await live(env, game.channel))
    assert (await load(env, game.channel)).seats[1].timeouts == 0
    await env.advance_time(60)  # now bob has seen his question: this time limit counts

    table = await load(env, game.channel)
    assert table.seats[1].timeouts == 1 and table.state.players[1].day > 0


@pytest.mark.simcord(settle_timeout=1.0)
@pytest.mark.usefixtures("bot_token_only")
async def test_a_rate_limited_edit_never_holds_the_channel(env, monkeypatch):
    """discord.py sleeps in-line on a 429 (and between 5xx retries): such a sleep must happen with the
    channel's game lock free, so other clicks are answered meanwhile."""
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    lock = service(env).tables.lock(game.channel.id)
    held_while_limited = []
    http = env.bot.http
    real = http.request

    async def rate_limited(route, **kwargs):
        if route.method == "PATCH":  # the bot's own edit of the live message: Discord says "retry in 10 s"
            held_while_limited.append(lock.locked())
            await asyncio.sleep(10)
        return await real(route, **kwargs)

    monkeypatch.setattr(http, "request", rate_limited)

    loan = await slash(alice, game.channel, "payday loan", amount=1000)  # the board edit is rate-limited
    assert loan.acknowledged and held_while_limited == [False]
    other = await slash(bob, game.channel, "payday loan", amount=2000)  # answered while it waits
    assert other.acknowledged and "You borrowed $2,000" in unescape(other.response.content)
    await env.advance_time(25)  # the rate limit passes: the board shows both loans
    assert "bob took a loan of $2,000" in unescape(field(await live(env, game.channel), "Latest"))


async def test_a_click_is_deferred_when_the_work_takes_long(env, monkeypatch):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    store = env.bot.store
    real = store.save

    async def slow_save(*args, **kwargs):  # a busy database
        await asyncio.sleep(DEFER_AFTER + 1.5)
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "save", slow_save)
    clicked = await alice.click(await live(env, game.channel), label="Roll the die")
    await env.advance_time(DEFER_AFTER + 2)

    assert clicked.acknowledged and clicked.deferred  # Discord heard back in time
    assert "**bob**, roll the die." in whose_turn(await live(env, game.channel))


def thread_of(env, channel, owner):
    env.backend.create_thread(channel.id, "pay day", owner.id)
    [thread] = channel.threads
    return thread


async def test_start_in_a_thread_needs_send_messages_in_threads(env):
    guild = env.create_guild("Casino")
    overwrite = discord.PermissionOverwrite(send_messages_in_threads=False)  # Send Messages still allowed
    channel = guild.create_text_channel("payday", overwrites={env.bot.user: overwrite})
    alice = guild.add_member(env.create_user("alice"))
    thread = thread_of(env, channel, alice)

    refused = await slash(alice, thread, "payday start")

    assert refused.ephemeral and "Send Messages in Threads" in refused.response.content
    assert await load(env, thread) is None
    assert not (await slash(alice, channel, "payday start")).ephemeral  # fine in the channel itself


@pytest.mark.bot(turn_seconds=300)
@pytest.mark.usefixtures("bot_token_only")
async def test_when_posting_fails_the_game_goes_on_players_hear_once_and_get_the_standings(env):
    game = await start_game(env, 2, months=2)
    alice, bob = game.players
    for player in game.players:  # a call would post the board through the click's own answer
        await slash(player, game.channel, "payday notices", state="off")
    async with rigged(env, game.channel) as state:
        state.players[0].day = state.players[1].day = 30
        state.script.extend([1, 1])
    env.inject_error("POST", f"/channels/{game.channel.id}/messages", status=403, code=50013, times=None)
    posts_before = sum(r.method == "POST" and "/messages" in r.path for r in env.http_requests)

    # A new month needs a new board: the post fails, and the one who caused it hears why.
    warned = await click(alice, await live(env, game.channel), label="Roll the die")
    [warning] = warned.followups
    assert warning.message.content == cannot_post(lang("en")) and warning.message.flags.ephemeral
    assert labels(await live(env, game.channel)) == ["Roll the die"]  # the old board goes on
    more = await click(bob, await live(env, game.channel), label="Roll the die")  # his Pay Day notice
    assert more.followups == []  # not told again
    more = await click(alice, await live(env, game.channel), label="Roll the die")
    assert more.followups == []
    attempts = sum(r.method == "POST" and "/messages" in r.path for r in env.http_requests) - posts_before
    assert attempts == 1  # and not asked again on every action: posting is paused

    ended = await end_game(alice, game.channel)

    [standings] = ended.followups  # the standings come as the reply's follow-up, which Discord allows
    assert standings.message.embeds[-1].title.startswith("🏆")
    assert not standings.message.flags.ephemeral
    assert await load(env, game.channel) is None  # the game was saved to the end, into history
    [finished] = await env.bot.store.history()
    assert finished.summary["reason"] == "ended"
