"""What every use case shares, with several processes on one database (docs/SCALING.md): a change
another process saved first is refused and changes nothing, re-arms the game's timer from the store
and drops the snapshot the screen has not shown; the next one reads the store, a button newer than
a process's copy reads it too, and a process arms no timer for another's game. One process alone
reads nothing to refuse."""

import logging
from datetime import timedelta

import pytest

from bot.service import LobbyOptions, Move, Refused, Service, ServiceCode
from bot.table import Table
from tests.bot.service.test_service import ALICE, BOB, CHANNEL

THEIRS = 1 << 22
"""A server of shard 1 of 2: the second process's (`processes`)."""


async def started(service: Service) -> int:
    """alice and bob's game in THEIRS, opened through `service`, waiting for alice to roll a 2 (the
    Sweepstakes: nothing more to answer), then bob a 5."""
    await service.lobbies.open_lobby(CHANNEL, THEIRS, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    update = await service.lobbies.start(CHANNEL, ALICE)
    assert update.loaded is not None
    async with service.tables.lock(CHANNEL):
        loaded = await service.tables.load(CHANNEL)
        assert loaded is not None
        loaded.table.game.script.extend([2, 5])
        await service.tables.save(loaded)
    return update.loaded.row.game_id


async def stored(service: Service) -> tuple[int, Table]:
    """The channel's game as the database holds it now: its version and table."""
    row = await service.tables.store.get(CHANNEL)
    assert row is not None
    return row.version, Table.model_validate_json(row.data)


async def read(service: Service) -> Table:
    """The channel's game as `service` reads it under the lock, and keeps (as after a click)."""
    async with service.tables.lock(CHANNEL):
        loaded = await service.tables.load(CHANNEL)
    assert loaded is not None
    return loaded.table


def roll(game_id: int, table: Table) -> Move:
    """The Roll button of the question `table` asks."""
    return Move("roll", 0, table.game.prompt, game_id)


async def test_a_click_another_process_saved_first_is_refused_and_the_next_reads_the_store(processes):
    ours, theirs = processes
    game_id = await started(theirs)
    board = await read(ours)  # both processes hold the game as it is now

    await theirs.playing.act(CHANNEL, ALICE, roll(game_id, board))
    saved = await stored(theirs)
    with pytest.raises(Refused) as lost:
        await ours.playing.act(CHANNEL, ALICE, roll(game_id, board))

    assert lost.value.code == ServiceCode.CHANGED_MEANWHILE
    assert await stored(ours) == saved  # nothing written
    # bob's /payday roll carries no question: only a copy read again finds it is his turn.
    await ours.playing.act(CHANNEL, BOB, Move("roll"))
    _, table = await stored(ours)
    assert [p.day for p in table.game.players] == [2, 5]


async def test_a_button_newer_than_the_process_copy_reads_the_store_and_is_applied(processes):
    ours, theirs = processes
    game_id = await started(theirs)
    await read(ours)
    await theirs.playing.act(CHANNEL, ALICE, roll(game_id, await read(theirs)))

    _, table = await stored(theirs)  # bob's board, which ours never saw
    await ours.playing.act(CHANNEL, BOB, roll(game_id, table))

    _, after = await stored(ours)
    assert [p.day for p in after.game.players] == [2, 5]


async def test_a_process_arms_no_timer_for_a_game_of_a_server_it_does_not_serve(processes, caplog):
    ours, theirs = processes
    game_id = await started(theirs)
    assert theirs.timers.armed(CHANNEL) is not None

    with caplog.at_level(logging.INFO):
        await ours.playing.act(CHANNEL, ALICE, roll(game_id, await read(ours)))  # a click during a shard move

    assert ours.timers.armed(CHANNEL) is None
    declined = [
        r for r in caplog.records if r.getMessage() == "another process's game: its timer is left to it"
    ]
    assert [(r.channel, r.game, r.action) for r in declined] == [(CHANNEL, game_id, "arm")]


async def test_a_lobby_another_process_opened_first_is_refused_as_an_open_game(processes, monkeypatch):
    ours, theirs = processes
    store = ours.tables.store
    read = store.get

    async def empty_then_theirs(channel_id: int) -> None:
        """The channel reads empty (no row), and theirs opens its lobby right after."""
        await theirs.lobbies.open_lobby(CHANNEL, THEIRS, BOB, LobbyOptions())
        monkeypatch.setattr(store, "get", read)

    monkeypatch.setattr(store, "get", empty_then_theirs)
    with pytest.raises(Refused) as lost:
        await ours.lobbies.open_lobby(CHANNEL, THEIRS, ALICE, LobbyOptions())

    assert lost.value.code == ServiceCode.GAME_OPEN
    _, table = await stored(ours)
    assert table.host_id == BOB.user_id


async def test_a_click_that_lost_a_race_rearms_the_timer_from_the_stored_deadline(processes):
    ours, theirs = processes  # the game's server is theirs: theirs times it
    game_id = await started(theirs)
    board = await read(theirs)
    began = theirs.now()
    theirs.now.now = began + timedelta(seconds=200)
    await ours.playing.act(CHANNEL, ALICE, roll(game_id, board))  # during a hand-over: bob's time starts now
    _, saved = await stored(ours)

    with pytest.raises(Refused):
        await theirs.playing.act(CHANNEL, ALICE, roll(game_id, board))  # the same click, on theirs' old copy

    assert theirs.timers.armed(CHANNEL) == saved.wake_at() > began + timedelta(seconds=300)
    assert theirs.screen.overtaken_channels == [CHANNEL]  # its unshown board is older than the store's


async def test_one_process_refuses_an_old_button_without_reading_the_store(service, monkeypatch):
    game_id = await started(service)
    await read(service)

    async def no_read(channel_id: int) -> None:
        raise AssertionError("one process's kept game is the stored one: nothing to read")

    monkeypatch.setattr(service.tables.store, "get", no_read)
    with pytest.raises(Refused) as old:
        await service.playing.act(CHANNEL, ALICE, roll(game_id + 1, await read(service)))

    assert old.value.code == ServiceCode.GAME_ENDED
