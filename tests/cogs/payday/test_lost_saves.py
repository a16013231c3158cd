"""A click whose save's answer is lost (SQLite's COMMIT fails: it may have landed or not) is
resolved by reading the game again: a save that landed is answered and shown as if all went well,
with its timer armed; one that did not is one sentence, with nothing changed; one no read could
confirm is one sentence too, and the save is shown once a read finds it. So is `/payday start`,
whose new lobby is posted if it landed, and posted by the next `/payday start` if nobody could
confirm it. And a click deferred while the store is slow gets its answer whatever happens next."""

import asyncio

import pytest

from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text, went_wrong
from bot.service import Refused, ServiceCode
from cogs.payday.live._reply import DEFER_AFTER
from db import StoreError
from tests.cogs.payday.rig import (
    alice_and_a_computer,
    finished,
    labels,
    live,
    load,
    message,
    script,
    service,
    start_game,
)
from tests.db.sqlite.faults import failing_commits
from tests.helpers import click, end_game, slash
from tests.helpers import table as make_table

ROLL = "Roll the die"


def whose_turn(msg) -> str:
    return msg.embeds[-1].description


def refusal(code: ServiceCode) -> str:
    return refusal_text(Refused(code), lang("en"))


@pytest.fixture
def commits(env, monkeypatch):
    """`commits(landed)`: the store's next COMMIT fails as a disk I/O error does, after it landed
    (`landed`) or before."""
    return failing_commits(env.bot.store, monkeypatch)


@pytest.fixture
def reads_fail(env, monkeypatch):
    """`reads_fail(n)`: the store's next n reads of a channel's game fail (the database is busy)."""
    store = env.bot.store
    real = store.get
    left = [0]

    async def get(channel_id):
        if left[0] > 0:
            left[0] -= 1
            raise StoreError("Could not read the database at test.sqlite3 in time")
        return await real(channel_id)

    monkeypatch.setattr(store, "get", get)

    def fail(times: int) -> None:
        left[0] = times

    return fail


@pytest.mark.bot(turn_seconds=300)
async def test_a_save_that_landed_though_its_answer_was_lost_is_answered_shown_and_timed(env, commits):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    commits(True)

    answered = await click(alice, await live(env, game.channel), label=ROLL)

    assert not answered.ephemeral  # the board, not "something went wrong"
    assert "**bob**, roll the die." in whose_turn(await live(env, game.channel))
    table = await load(env, game.channel)
    assert table.state.players[0].day == 2
    assert service(env).timers.armed(game.channel.id) == table.wake_at()  # from the stored game
    await env.advance_time(200)  # alice's old deadline passes: nobody is timed out
    assert (await load(env, game.channel)).seats[1].timeouts == 0


@pytest.mark.bot(turn_seconds=300)
async def test_a_save_that_did_not_land_is_one_sentence_and_changes_nothing(env, commits):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    before = await load(env, game.channel)
    commits(False)

    refused = await click(alice, await live(env, game.channel), label=ROLL)

    assert refused.ephemeral and refused.response.content.startswith(refusal(ServiceCode.NOT_SAVED))
    assert await load(env, game.channel) == before
    assert service(env).timers.armed(game.channel.id) < before.wake_at()  # a look soon
    await env.advance_time(6)  # the look finds nothing landed: alice's own time again
    assert service(env).timers.armed(game.channel.id) == before.wake_at()
    assert await load(env, game.channel) == before
    await click(alice, await live(env, game.channel), label=ROLL)  # trying again works
    assert (await load(env, game.channel)).state.players[0].day == 2


@pytest.mark.bot(turn_seconds=300)
async def test_a_save_nobody_could_confirm_is_shown_once_a_read_finds_it(env, commits, reads_fail):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    board = await live(env, game.channel)
    commits(True)
    reads_fail(2)  # reading the game again fails, and so does the link back to its live message

    unsure = await click(alice, board, label=ROLL)

    assert unsure.ephemeral and unsure.response.content.startswith(refusal(ServiceCode.UNCONFIRMED))
    assert "I can't tell whether that was done" in unsure.response.content  # it was: no blind retry
    assert "**alice**, roll the die." in whose_turn(message(game.channel, board.id))  # not shown yet
    await env.advance_time(6)  # the channel's timer reads the game again, and finds the save
    assert "**bob**, roll the die." in whose_turn(message(game.channel, board.id))
    table = await load(env, game.channel)
    assert table.state.players[0].day == 2
    assert service(env).timers.armed(game.channel.id) == table.wake_at()


def slow_then(env, monkeypatch, outcome) -> None:
    """The store's next save takes longer than DEFER_AFTER, then runs `outcome(real_save, ...)`."""
    store = env.bot.store
    real = store.save

    async def save(*args, **kwargs):
        monkeypatch.setattr(store, "save", real)
        await asyncio.sleep(DEFER_AFTER + 0.5)
        return await outcome(real, *args, **kwargs)

    monkeypatch.setattr(store, "save", save)


async def _store_error(real, commits, *args, **kwargs):
    raise StoreError("Could not write to the database at test.sqlite3 (the disk is full)")


async def _crash(real, commits, *args, **kwargs):
    raise RuntimeError("a bug")


async def _not_landed(real, commits, *args, **kwargs):
    commits(False)
    return await real(*args, **kwargs)


async def _landed(real, commits, *args, **kwargs):
    commits(True)
    return await real(*args, **kwargs)


@pytest.mark.bot(turn_seconds=300)
@pytest.mark.parametrize(
    ("outcome", "said", "day"),
    [
        (_store_error, went_wrong(lang("en")), 0),
        (_crash, went_wrong(lang("en")), 0),
        (_not_landed, refusal(ServiceCode.NOT_SAVED), 0),
        (_landed, None, 2),
    ],
    ids=["store_error", "crash", "not_landed", "landed"],
)
async def test_a_deferred_click_gets_its_answer_whatever_happens(
    env, monkeypatch, commits, outcome, said, day
):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await script(env, game.channel, 2)
    slow_then(env, monkeypatch, lambda real, *args, **kwargs: outcome(real, commits, *args, **kwargs))

    clicked = await alice.click(await live(env, game.channel), label=ROLL)
    await env.advance_time(DEFER_AFTER + 2)

    assert clicked.deferred
    private = [f.message.content for f in clicked.followups if f.ephemeral]
    assert len(private) == (said is not None) and all(text.startswith(said) for text in private)
    assert (await load(env, game.channel)).state.players[0].day == day
    expected = "**bob**, roll the die." if day else "**alice**, roll the die."
    assert expected in whose_turn(await live(env, game.channel))


@pytest.mark.simcord(settle_timeout=1.0)
async def test_a_computers_move_that_landed_though_its_answer_was_lost_is_shown_and_timed(env, commits):
    channel, alice = await alice_and_a_computer(env, after=[2, 2])  # Sweepstakes for both
    board = await live(env, channel)
    await click(alice, board, label=ROLL)
    commits(True)

    await env.advance_time(2)  # the computer's move: its COMMIT fails after it landed

    assert "**alice**, roll the die." in whose_turn(message(channel, board.id))
    table = await load(env, channel)
    assert table.state.players[1].day == 2
    assert service(env).timers.armed(channel.id) == table.wake_at()
    assert service(env).timers.failures(channel.id) == 0  # nothing to try again


@pytest.mark.bot(turn_seconds=300)
async def test_a_game_ended_though_the_answer_of_its_end_was_lost_shows_its_standings(env, commits):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    board = await live(env, game.channel)
    commits(True)

    ended = await end_game(alice, game.channel)

    assert not [f for f in ended.followups if f.ephemeral]  # no "something went wrong"
    [standings] = ended.followups
    assert "Pay Day game #1" in standings.message.embeds[0].title
    assert await load(env, game.channel) is None and (await finished(env, game.channel))[0] == 1
    assert labels(message(game.channel, board.id)) == []  # the board is frozen
    assert service(env).timers.armed(game.channel.id) is None


async def test_a_lobby_cancelled_though_the_answer_was_lost_is_closed(env, commits):
    _, channel, (alice,) = make_table(env, 1)
    lobby = (await slash(alice, channel, "payday start")).response
    commits(True)

    cancelled = await click(alice, lobby, label="Cancel")

    assert not cancelled.ephemeral
    assert "Cancelled by alice." in lobby.embeds[0].description and labels(lobby) == []
    assert await load(env, channel) is None


async def test_a_lobby_that_landed_though_its_answer_was_lost_is_posted(env, commits):
    _, channel, (alice,) = make_table(env, 1)
    commits(True)

    opened = await slash(alice, channel, "payday start")

    assert not opened.ephemeral and labels(opened.response)  # the lobby, with its buttons
    table = await load(env, channel)
    assert table.message_id == opened.response.id
    assert service(env).timers.armed(channel.id) == table.wake_at()  # it closes by itself


async def test_a_lobby_that_did_not_land_is_one_sentence_and_the_channel_stays_free(env, commits):
    _, channel, (alice,) = make_table(env, 1)
    commits(False)

    refused = await slash(alice, channel, "payday start")

    assert refused.ephemeral and refused.response.content.startswith(refusal(ServiceCode.NOT_SAVED))
    assert await load(env, channel) is None
    await env.advance_time(6)  # the channel's timer looks, and finds nothing to time
    assert service(env).timers.armed(channel.id) is None
    opened = await slash(alice, channel, "payday start")  # trying again works
    assert (await load(env, channel)).message_id == opened.response.id


async def test_a_lobby_nobody_could_confirm_is_posted_by_the_next_start(
    env, monkeypatch, commits, reads_fail
):
    _, channel, (alice,) = make_table(env, 1)
    store = env.bot.store
    create = store.create

    async def created_then_unreadable(*args):
        try:
            return await create(*args)
        finally:
            reads_fail(1)  # reading the channel again fails

    monkeypatch.setattr(store, "create", created_then_unreadable)
    commits(True)

    unsure = await slash(alice, channel, "payday start")
    monkeypatch.setattr(store, "create", create)

    assert unsure.ephemeral and unsure.response.content.startswith(refusal(ServiceCode.UNCONFIRMED))
    landed = await load(env, channel)
    assert landed is not None and landed.message_id is None  # a lobby nobody sees
    await env.advance_time(6)  # the channel's timer looks: the lobby closes by itself in time
    assert service(env).timers.armed(channel.id) == landed.wake_at()
    posted = await slash(alice, channel, "payday start")  # not "a game is open here"
    assert not posted.ephemeral and labels(posted.response)
    table = await load(env, channel)
    assert table.message_id == posted.response.id and table.seed == landed.seed  # that very lobby
