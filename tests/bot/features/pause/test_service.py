"""Pausing and resuming a game through the service: every clock stops with its time kept, every
change but resuming is refused meanwhile, and a game left paused, or one nobody plays, ends by
itself with the standings. Refusals change nothing (the stored row is compared)."""

from datetime import timedelta

import pytest

from bot.features.pause.service import PauseCode, PauseNote, Pausing
from bot.game.actions import ActionKind
from bot.service import Ending, LobbyOptions, Move, Person, Refused, Service, ServiceCode, Standings
from bot.table.lobby import LobbyCode

CHANNEL, GUILD = 10, 20
ALICE, BOB, OLGA = Person(1, "alice"), Person(2, "bob"), Person(9, "olga")
MODERATOR = Person(8, "Mo", manages_channel=True)
DAY = timedelta(days=1)


async def started(service: Service) -> None:
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1, turn_seconds=86400))
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ALICE)


async def row(service: Service) -> tuple[int, str] | None:
    stored = await service.tables.store.get(CHANNEL)
    return None if stored is None else (stored.version, stored.data)


async def refused(service: Service, call, code: str) -> None:
    """`call` is refused with `code`, and the stored game is byte for byte what it was."""
    before = await row(service)
    with pytest.raises(Refused) as refusal:
        await call()
    assert refusal.value.code == code
    assert await row(service) == before


async def wake_at(service: Service, when) -> None:
    service.now.now = when
    await service.wake(CHANNEL)


async def test_a_pause_keeps_the_time_left_refuses_every_move_and_resume_gives_the_time_back(service):
    await started(service)
    start = service.now.now
    service.now.now = start + timedelta(hours=5)

    paused = await Pausing(service.core).pause(CHANNEL, ALICE)

    assert paused.answer.said.code is PauseNote.PAUSED and paused.live is not None
    assert paused.answer.said.params["ends"] == start + timedelta(hours=5) + 7 * DAY
    table = paused.loaded.table
    assert table.paused.name == "alice" and table.paused.left == timedelta(hours=19)
    assert service.timers.armed(CHANNEL) == table.pause_ends()  # the only clock of a paused game
    roll = Move(ActionKind.ROLL, prompt=table.game.prompt, game_id=paused.loaded.row.game_id)
    await refused(service, lambda: service.playing.act(CHANNEL, ALICE, roll), ServiceCode.PAUSED)
    await refused(service, lambda: service.lobbies.leave(CHANNEL, BOB), ServiceCode.PAUSED)
    await refused(service, lambda: Pausing(service.core).pause(CHANNEL, ALICE), ServiceCode.PAUSED)

    await wake_at(service, start + 3 * DAY)  # a timer from before the pause finds nothing due
    assert (await service.tables.load(CHANNEL)).table.paused is not None

    resumed = await Pausing(service.core).resume(CHANNEL, MODERATOR)  # a moderator may resume it too

    table = resumed.loaded.table
    assert table.paused is None and table.deadline == start + 3 * DAY + timedelta(hours=19)
    assert resumed.answer.said == (PauseNote.RESUMED, {"until": table.deadline})
    halfway = start + 3 * DAY + timedelta(hours=7)  # paused 7 hours before the halfway reminder
    assert service.timers.armed(CHANNEL) == table.remind_at == halfway
    await refused(service, lambda: Pausing(service.core).resume(CHANNEL, ALICE), PauseCode.NOT_PAUSED)
    moved = await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL))
    assert moved.loaded.table.game.prompt > paused.loaded.table.game.prompt


async def test_only_the_host_or_a_moderator_pauses_a_running_game(service):
    await refused(service, lambda: Pausing(service.core).pause(CHANNEL, ALICE), ServiceCode.NO_GAME)
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    await refused(service, lambda: Pausing(service.core).pause(CHANNEL, ALICE), ServiceCode.NOT_STARTED)
    await service.lobbies.start(CHANNEL, ALICE)
    await refused(service, lambda: Pausing(service.core).pause(CHANNEL, BOB), LobbyCode.HOST_OR_MANAGER)
    await Pausing(service.core).pause(CHANNEL, MODERATOR)
    await refused(service, lambda: Pausing(service.core).resume(CHANNEL, OLGA), LobbyCode.HOST_OR_MANAGER)


async def test_the_host_may_still_end_a_paused_game(service):
    await started(service)
    await Pausing(service.core).pause(CHANNEL, ALICE)
    asked = await service.playing.ask_end(CHANNEL, ALICE)
    ended = await service.playing.end(CHANNEL, ALICE, asked.preview.game_id, asked.prompt)
    [standings] = ended.follow
    assert standings.ending is Ending.ENDED and await service.tables.load(CHANNEL) is None


async def test_a_game_left_paused_ends_by_itself_with_the_standings(service):
    await started(service)
    paused = await Pausing(service.core).pause(CHANNEL, ALICE)

    await wake_at(service, paused.loaded.table.pause_ends() - timedelta(seconds=1))
    assert await service.tables.load(CHANNEL) is not None
    await wake_at(service, paused.loaded.table.pause_ends())

    assert await service.tables.load(CHANNEL) is None
    [standings] = [n for u in service.screen.updates for n in u.notices if isinstance(n, Standings)]
    assert standings.ending is Ending.PAUSE_EXPIRED
    [finished] = await service.tables.store.history(channel_id=CHANNEL)
    assert finished.summary["reason"] == "pause_expired"
    assert service.timers.armed(CHANNEL) is None


async def test_a_game_nobody_plays_for_a_week_ends_by_itself_and_a_click_puts_that_off(service):
    await started(service)
    start = service.now.now
    service.now.now = start + DAY / 4
    await service.playing.act(CHANNEL, ALICE, Move(ActionKind.ROLL))  # alice plays: no week runs now
    timed_out = (await service.tables.load(CHANNEL)).table.deadline  # the question after her click
    assert timed_out == service.now.now + DAY
    while (table := (await service.tables.load(CHANNEL)).table).wake_at() < timed_out + 7 * DAY:
        await wake_at(service, table.wake_at())  # timeouts; players taken for away; the computer
        assert await service.tables.load(CHANNEL) is not None, "ended before a week without a click"

    await wake_at(service, timed_out + 7 * DAY)  # a week since a question first timed out

    [standings] = [n for u in service.screen.updates for n in u.notices if isinstance(n, Standings)]
    assert standings.ending is Ending.IDLE
    [finished] = await service.tables.store.history(channel_id=CHANNEL)
    assert finished.summary["reason"] == "idle"
