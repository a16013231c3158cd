"""A write whose answer the network or the server loses (a save, a new lobby, a server's settings, a
member's preference), on PostgreSQL through a proxy that loses it (tests/db/postgres/proxy.py): the
store says the outcome is unknown rather than that nothing was written, and the service reads the
game (or the settings) again to answer the click as what happened."""

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg
import pytest

from bot.features.settings.service import SettingsEditing
from bot.game import ai
from bot.game.actions import ActionKind
from bot.service import (
    AlertCode,
    GameSettings,
    LobbyOptions,
    Move,
    Person,
    Refused,
    Service,
    ServiceCode,
    Show,
    Tables,
)
from db import GameRow, StoreError
from db.interface import OutcomeUnknown
from db.postgres import PostgresStore
from tests.bot.service.fakes import Clock, Screen
from tests.db.postgres.proxy import Proxy, proxy_to
from tests.postgres import fresh_schema, in_schema, postgres_url_or_skip

CHANNEL, GUILD = 10, 20
ALICE, BOB = Person(1, "alice"), Person(2, "bob")
ADMIN = Person(3, "carol", manages_server=True)
PEOPLE = {person.user_id: person for person in (ALICE, BOB)}
DISCORD_DEFERRED = 15 * 60
"""Seconds a deferred click's answer may take (its token's life)."""
A_LOBBY = b'"lobby_closes"'
"""Bytes only a lobby's document holds: the create's parameters, not the reads before it."""
FIVE_MONTHS = b'"months":5'
"""Bytes only the settings saved with five months hold."""


@dataclass
class Rig:
    proxy: Proxy
    store: PostgresStore
    """The bot's store, through the proxy."""
    truth: PostgresStore
    """The same tables, straight: what the server holds."""
    service: Service
    screen: Screen
    url: str
    """The server's URL, straight, in the test's schema."""


@pytest.fixture
async def rig() -> AsyncIterator[Rig]:
    url = postgres_url_or_skip()
    async with fresh_schema(url) as schema, proxy_to(url) as proxy:
        store = await PostgresStore.open(proxy.url_through, schema=schema)
        truth = await PostgresStore.open(url, schema=schema)
        screen = Screen()
        service = Service(Tables(store), GameSettings(seed=5), screen, Clock())
        yield Rig(proxy, store, truth, service, screen, in_schema(url, schema))
        await service.close()
        await store.close()
        await truth.close()


async def started(rig: Rig) -> Move:
    """alice and bob at a game; alice's roll, to be played."""
    service = rig.service
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    begun = await service.lobbies.start(CHANNEL, ALICE)
    return Move(ActionKind.ROLL, 0, begun.loaded.table.state.prompt, begun.game_id)


async def stored(rig: Rig) -> GameRow:
    row = await rig.truth.get(CHANNEL)
    assert row is not None
    return row


def shown(rig: Rig) -> int:
    """The version of the game the screen was last handed."""
    return next(u.loaded.row.version for u in reversed(rig.screen.updates) if u.loaded is not None)


async def roll(rig: Rig, move: Move):
    return await rig.service.playing.act(CHANNEL, ALICE, move)


# -- the store --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lose", "written"), [(Proxy.lose_reply, True), (Proxy.lose_query, False)], ids=["reply", "query"]
)
async def test_a_save_whose_answer_is_lost_is_unknown_whether_it_was_written_or_not(rig, lose, written):
    await started(rig)
    before = await stored(rig)
    lose(rig.proxy)

    with pytest.raises(OutcomeUnknown):
        await rig.store.save(before, '{"saved": true}', None, [{"kind": "roll"}])

    assert (await stored(rig)).version == before.version + written


async def test_a_save_lost_before_its_statement_was_sent_to_run_failed_for_certain(rig):
    row = await rig.truth.create(CHANNEL, GUILD, '{"a lobby": true}')
    rig.proxy.lose_query(b"UPDATE games SET version")  # the statement's text: asyncpg prepares it first

    with pytest.raises(StoreError) as failed:
        await rig.store.save(row, '{"saved": true}', None, [{"kind": "roll"}])

    assert not isinstance(failed.value, OutcomeUnknown)
    assert await stored(rig) == row


async def test_a_save_the_server_refused_is_no_unknown_outcome(rig):
    await started(rig)
    before = await stored(rig)
    holder = await asyncpg.connect(rig.url)  # an admin's open transaction holds the row
    try:
        await holder.execute("BEGIN")
        await holder.execute("SELECT FROM games WHERE game_id = $1 FOR UPDATE", before.game_id)
        with pytest.raises(StoreError) as refused:
            await rig.store.save(before, '{"saved": true}', None)
    finally:
        await holder.close()

    assert not isinstance(refused.value, OutcomeUnknown)
    assert await stored(rig) == before


# -- the click ----------------------------------------------------------------------------------------
async def test_a_roll_the_server_saved_though_its_reply_was_lost_is_answered_shown_and_timed(rig):
    move = await started(rig)
    before = await stored(rig)
    rig.proxy.lose_reply()

    rolled = await roll(rig, move)

    now = await stored(rig)
    assert now.version == before.version + 1 and rolled.loaded.row == now
    assert rolled.loaded.table.state.players[0].day > 0
    assert shown(rig) == now.version  # the live message shows the roll
    assert rig.service.timers.armed(CHANNEL) == now.deadline  # bob's time, as stored


async def test_a_roll_whose_query_was_lost_is_refused_in_one_sentence_and_changes_nothing(rig):
    move = await started(rig)
    before = await stored(rig)
    rig.proxy.lose_query()

    with pytest.raises(Refused) as refused:
        await roll(rig, move)

    assert refused.value.code is ServiceCode.NOT_SAVED
    assert await stored(rig) == before and shown(rig) == before.version
    assert rig.service.timers.armed(CHANNEL) < before.deadline  # a look soon
    await rig.service.wake(CHANNEL)  # it finds nothing landed: alice's own time again
    assert rig.service.timers.armed(CHANNEL) == before.deadline and shown(rig) == before.version
    await roll(rig, move)  # trying again works
    assert (await stored(rig)).version == before.version + 1


async def test_a_roll_while_the_server_is_frozen_is_answered_and_the_game_goes_on_once_it_is_back(rig):
    move = await started(rig)
    before = await stored(rig)
    rig.proxy.freeze()

    began = time.monotonic()
    with pytest.raises(Refused) as refused:
        await roll(rig, move)
    waited = time.monotonic() - began
    rig.proxy.thaw()

    assert refused.value.code is ServiceCode.UNCONFIRMED and waited < 10 < DISCORD_DEFERRED
    assert shown(rig) == before.version  # nothing shown that nobody confirmed
    for _ in range(20):  # the held roll may still reach the server now, or be cancelled first
        if (await stored(rig)).version != before.version:
            break
        await asyncio.sleep(0.05)
    await rig.service.wake(CHANNEL)  # the channel's timer, armed for soon, reads the game again

    now = await stored(rig)
    assert shown(rig) == now.version  # the live message shows what is stored, landed or not
    assert rig.service.timers.armed(CHANNEL) == now.deadline
    table = (await rig.service.tables.load(CHANNEL)).table
    seat = table.waiting_humans()[0]
    chosen = ai.choose(table.game, seat)
    answer = Move(chosen.kind, chosen.value, chosen.prompt, move.game_id)
    await rig.service.playing.act(CHANNEL, PEOPLE[table.seats[seat].user_id], answer)
    assert (await stored(rig)).version == now.version + 1  # the game goes on


async def test_a_game_ended_though_the_reply_to_its_commit_was_lost_is_over_for_all_to_see(rig):
    move = await started(rig)
    rig.proxy.lose_reply(containing=b"COMMIT")

    ended = await rig.service.playing.end(CHANNEL, ALICE, move.game_id, move.prompt)

    assert await rig.truth.get(CHANNEL) is None and await rig.truth.finished_game(move.game_id) is not None
    assert ended.live is not None and ended.live.closed  # the live message is frozen
    assert rig.service.timers.armed(CHANNEL) is None


async def waiting_for_a_row(rig: Rig) -> None:
    """Until one of the bot's statements waits on the server for a row another transaction holds."""
    watcher = await asyncpg.connect(rig.url)
    try:
        query = (
            "SELECT 1 FROM pg_stat_activity"
            " WHERE application_name = 'payday-bot' AND wait_event_type = 'Lock'"
        )
        for _ in range(200):
            if await watcher.fetchval(query):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("no statement of the bot's waits for a row")
    finally:
        await watcher.close()


async def test_a_roll_whose_answer_was_lost_while_it_waited_on_the_server_is_never_told_not_saved(rig):
    move = await started(rig)
    before = await stored(rig)
    holder = await asyncpg.connect(rig.url)  # a slow server: the roll waits for the game's row
    try:
        await holder.execute("BEGIN")
        await holder.execute("SELECT FROM games WHERE game_id = $1 FOR UPDATE", before.game_id)
        rig.proxy.leave_running()
        rolling = asyncio.create_task(roll(rig, move))
        await waiting_for_a_row(rig)  # its answer is lost: the service reads the game again now
        await holder.execute("ROLLBACK")  # and the roll still running on the server lands
    finally:
        await holder.close()
    rolled = await rolling  # answered as what happened: "nothing was done" would be false

    now = await stored(rig)
    assert now.version == before.version + 1 and rolled.loaded.row == now
    assert shown(rig) == now.version  # the live message shows the roll
    assert rig.service.timers.armed(CHANNEL) == now.deadline  # bob's time, as stored


# -- a new lobby ------------------------------------------------------------------------------------
async def open_lobby(rig: Rig):
    return await rig.service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))


@pytest.mark.parametrize(
    ("lose", "written"), [(Proxy.lose_reply, True), (Proxy.lose_query, False)], ids=["reply", "query"]
)
async def test_a_create_whose_answer_is_lost_is_unknown_whether_it_was_written_or_not(rig, lose, written):
    lose(rig.proxy, b'"a lobby"')

    with pytest.raises(OutcomeUnknown):
        await rig.store.create(CHANNEL, GUILD, '{"a lobby": true}')

    assert (await rig.truth.get(CHANNEL) is not None) == written


async def test_a_lobby_the_server_created_though_its_reply_was_lost_is_posted(rig):
    rig.proxy.lose_reply(A_LOBBY)

    opened = await open_lobby(rig)

    assert opened.answer.show is Show.POST and opened.loaded.row == await stored(rig)
    assert rig.service.timers.armed(CHANNEL) == opened.loaded.row.deadline  # it closes by itself


async def test_a_lobby_whose_create_was_lost_is_one_sentence_and_the_channel_stays_free(rig):
    rig.proxy.lose_query(A_LOBBY)

    with pytest.raises(Refused) as refused:
        await open_lobby(rig)

    assert refused.value.code is ServiceCode.NOT_SAVED and await rig.truth.get(CHANNEL) is None
    opened = await open_lobby(rig)  # trying again works
    assert opened.loaded.row == await stored(rig)


async def test_a_lobby_created_though_nobody_could_confirm_it_is_posted_by_the_next_start(rig, monkeypatch):
    rig.proxy.lose_reply(A_LOBBY)
    create, get = rig.store.create, rig.store.get

    async def created_then_unreadable(*args):
        try:
            return await create(*args)
        finally:
            monkeypatch.setattr(rig.store, "get", unreadable)

    async def unreadable(channel_id):
        monkeypatch.setattr(rig.store, "get", get)
        raise StoreError("Could not read the PostgreSQL database in time")

    monkeypatch.setattr(rig.store, "create", created_then_unreadable)
    with pytest.raises(Refused) as refused:
        await open_lobby(rig)
    monkeypatch.setattr(rig.store, "create", create)

    lobby = await stored(rig)
    assert refused.value.code is ServiceCode.UNCONFIRMED and lobby.version == 1
    again = await open_lobby(rig)  # the lobby nobody saw is posted, not refused as a game open here
    assert again.answer.show is Show.POST and again.loaded.row.game_id == lobby.game_id
    assert await stored(rig) == lobby


# -- a server's settings and a member's preference --------------------------------------------------
async def test_settings_the_server_saved_though_its_reply_was_lost_are_saved(rig):
    rig.proxy.lose_reply(FIVE_MONTHS)

    shown = await SettingsEditing(rig.service.core).change(GUILD, ADMIN, {"months": 5})

    saved = await rig.truth.server_settings(GUILD)
    assert shown.months == 5 and saved is not None and saved.version == 1 and shown.to_json() == saved.data


async def test_settings_whose_save_was_lost_are_one_sentence_and_nothing_changes(rig):
    rig.proxy.lose_query(FIVE_MONTHS)

    with pytest.raises(Refused) as refused:
        await SettingsEditing(rig.service.core).change(GUILD, ADMIN, {"months": 5})

    assert refused.value.code is ServiceCode.NOT_SAVED and await rig.truth.server_settings(GUILD) is None
    assert (await SettingsEditing(rig.service.core).change(GUILD, ADMIN, {"months": 5})).months == 5


async def test_a_preference_whose_write_was_lost_is_written_again(rig):
    await rig.service.looks.switch_calls(CHANNEL, ALICE, True)  # its statement prepared: sent at once
    rig.proxy.lose_query()

    await rig.service.looks.switch_calls(CHANNEL, ALICE, False)

    assert (await rig.truth.preferences([ALICE.user_id]))[ALICE.user_id].calls is False


async def test_a_lobby_whose_create_was_lost_while_it_waited_on_the_server_is_never_told_not_saved(rig):
    holder = await asyncpg.connect(rig.url)  # another create in the channel, not committed yet
    try:
        await holder.execute("BEGIN")
        await holder.execute(
            "INSERT INTO games (game_id, channel_id, guild_id, version, data, created_at, updated_at)"
            " VALUES (999, $1, $2, 1, '{}', 0, 0)",
            CHANNEL,
            GUILD,
        )
        rig.proxy.leave_running(A_LOBBY)
        opening = asyncio.create_task(open_lobby(rig))
        await waiting_for_a_row(rig)  # its answer is lost: the service reads the channel again now
        await holder.execute("ROLLBACK")  # and the create still running on the server lands
    finally:
        await holder.close()
    opened = await opening

    assert opened.answer.show is Show.POST and opened.loaded.row == await stored(rig)


async def test_an_unreadable_game_moved_aside_though_the_reply_was_lost_is_told_once(rig):
    await rig.truth.create(CHANNEL, GUILD, '{"seats": "everyone"}')  # a document this version rejects
    rig.proxy.lose_reply(b"does not fit this version")  # the reason the move writes

    with pytest.raises(Refused) as refused:
        await rig.service.lobbies.join(CHANNEL, ALICE)

    told = [
        n for u in rig.screen.updates for n in u.notices if getattr(n, "code", None) is AlertCode.SET_ASIDE
    ]
    assert refused.value.code is ServiceCode.NO_GAME and len(told) == 1
    assert await rig.truth.get(CHANNEL) is None
