"""A Hard computer player's turn, driven through the service: it thinks with the channel's lock let
go; its answer is applied only to the game it thought about (nothing saved since), else it thinks
again on the game of now; a second wake leaves a thought be; a restart in the middle of a thought
loses nothing (the computer's timer is stored, and the new process thinks again). With several
processes on one database, a timer whose save another process beat reads the game again and
re-arms from it, and a timer never works on another process's game."""

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from bot.game import strengths
from bot.game.actions import Action
from bot.game.orders import Orders
from bot.game.state import GameState
from bot.game.strengths import Strength
from bot.service import GameSettings, LobbyOptions, Move, Person, Service, Tables
from bot.service.thinking import decision_seed
from bot.table import COMPUTER_DELAY, Table
from tests.bot.service.fakes import Screen
from tests.bot.service.test_core import started, stored

CHANNEL, GUILD = 10, 20
ALICE = Person(1, "alice")
HARD = 1
"""The seat of the Hard computer player."""


class Gate:
    """A worker that thinks only when the test lets it, counting its thoughts and their seeds."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.seeds: list[int] = []

    def decide(self, state: GameState, seat: int, strength: Strength, seed: int) -> Action:
        self.seeds.append(seed)
        self.entered.set()
        self.release.wait(10)
        return strengths.choose(state, seat, strength, seed)

    async def thinking(self) -> None:
        """Until the worker has begun a thought."""
        assert await asyncio.to_thread(self.entered.wait, 10), "the computer never began to think"


def gated(service: Service) -> Gate:
    gate = Gate()
    service.thinker.pool = ThreadPoolExecutor(1)
    service.thinker.decide = gate.decide
    return gate


async def table_of(service: Service) -> Table:
    loaded = await service.tables.load(CHANNEL)
    assert loaded is not None
    return loaded.table


async def hard_to_answer(service: Service) -> Table:
    """alice and a Hard computer player; alice answers until the computer is asked, and its pause
    before acting has passed."""
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.add_computer(CHANNEL, ALICE, None, Strength.HARD)
    begun = await service.lobbies.start(CHANNEL, ALICE)
    game_id = begun.loaded.row.game_id
    for _ in range(50):
        table = await table_of(service)
        if table.waiting_computers():
            service.now.now += COMPUTER_DELAY + timedelta(seconds=1)
            service.timers.cancel(CHANNEL)  # the test wakes the channel itself
            return table
        state = table.game
        answer = strengths.choose(state, 0, Strength.NORMAL, 0)
        await service.playing.act(CHANNEL, ALICE, Move(answer.kind, answer.value, state.prompt, game_id))
    raise AssertionError("the computer was never asked")


def answered_by_computer(before: Table, after: Table) -> bool:
    return (
        after.game.prompt > before.game.prompt
        or HARD not in (after.game.pending or before.game.pending).seats
    )


async def test_the_seat_thinks_with_the_lock_let_go_and_its_answer_is_applied(service):
    gate = gated(service)
    before = await hard_to_answer(service)
    waking = asyncio.create_task(service.wake(CHANNEL))
    await gate.thinking()

    async with service.tables.lock(CHANNEL):  # the channel is free while the computer thinks
        assert (await table_of(service)).game.prompt == before.game.prompt
    gate.release.set()
    await waking

    after = await table_of(service)
    assert answered_by_computer(before, after)
    assert gate.seeds == [decision_seed(before.seed, before.game.prompt, HARD)]


async def test_a_thought_about_a_game_that_changed_since_is_thought_again_on_the_game_of_now(service):
    gate = gated(service)
    before = await hard_to_answer(service)
    waking = asyncio.create_task(service.wake(CHANNEL))
    await gate.thinking()

    await service.playing.set_orders(CHANNEL, ALICE, Orders(roll=True))  # saved while the computer thinks
    gate.release.set()
    await waking

    after = await table_of(service)
    assert len(gate.seeds) == 2 and answered_by_computer(before, after)
    assert after.seats[0].orders.roll


async def test_a_second_wake_leaves_the_thought_be(service):
    gate = gated(service)
    before = await hard_to_answer(service)
    waking = asyncio.create_task(service.wake(CHANNEL))
    await gate.thinking()

    await service.wake(CHANNEL)  # a timer fired again meanwhile (another save re-armed it)
    assert (await table_of(service)).game.prompt == before.game.prompt
    gate.release.set()
    await waking

    assert len(gate.seeds) == 1 and answered_by_computer(before, await table_of(service))


async def test_a_thought_about_a_game_that_ended_meanwhile_is_dropped(service):
    gate = gated(service)
    before = await hard_to_answer(service)
    waking = asyncio.create_task(service.wake(CHANNEL))
    await gate.thinking()

    await service.playing.end(
        CHANNEL, ALICE, (await service.tables.load(CHANNEL)).row.game_id, before.game.prompt
    )
    gate.release.set()
    await waking

    assert await service.tables.load(CHANNEL) is None and len(gate.seeds) == 1
    [finished] = await service.tables.store.history(channel_id=CHANNEL)
    assert finished.summary["reason"] == "ended"
    assert finished.summary["players"][1]["strength"] == "hard"


async def test_a_restart_in_the_middle_of_a_thought_loses_nothing(service):
    gate = gated(service)
    before = await hard_to_answer(service)
    service.timers.arm(CHANNEL, service.now())  # the channel's timer fires: the computer thinks
    await gate.thinking()

    await service.close()  # the process stops mid-thought: nothing of the thought was saved
    gate.release.set()
    assert (await table_of(service)).computer_at == before.computer_at  # the computer's timer is kept

    restarted = Service(Tables(service.tables.store), GameSettings(seed=5), Screen(), service.now)
    restarted.thinker.pool = ThreadPoolExecutor(1)
    try:
        await restarted.waking.resume()
        assert restarted.timers.armed(CHANNEL) is not None
        await restarted.wake(CHANNEL)
        after = await table_of(restarted)
    finally:
        await restarted.close()
    assert answered_by_computer(before, after)


# -- several processes on one database -------------------------------------------------------------
async def test_a_timer_whose_save_another_process_beat_reads_the_game_again_and_rearms_from_it(
    processes, caplog
):
    ours, theirs = processes  # the game's server is theirs
    game_id = await started(theirs)
    theirs.timers.cancel(CHANNEL)  # the test wakes the channel itself
    began = theirs.now()
    theirs.now.now = began + timedelta(seconds=200)
    await ours.playing.act(CHANNEL, ALICE, Move("roll"))  # a click that reached the other process
    saved = await stored(ours)

    theirs.now.now = began + timedelta(seconds=300)  # alice's time, as theirs last saw the game
    with caplog.at_level(logging.INFO):
        await theirs.wake(CHANNEL)

    assert await stored(theirs) == saved  # alice's roll stands; nobody timed out
    assert theirs.timers.armed(CHANNEL) == saved[1].wake_at() > theirs.now()
    lost = [r for r in caplog.records if r.getMessage() == "another process saved the game first: read again"]
    assert [(r.channel, r.game, r.action) for r in lost] == [(CHANNEL, game_id, "rearm")]


async def test_a_timer_of_another_process_game_leaves_it_to_that_process(processes, caplog):
    ours, theirs = processes
    game_id = await started(theirs)
    before = await stored(ours)
    ours.now.now += timedelta(hours=1)  # every time limit of the game has run out

    with caplog.at_level(logging.INFO):
        await ours.wake(CHANNEL)

    assert await stored(ours) == before and ours.timers.armed(CHANNEL) is None
    declined = [
        r for r in caplog.records if r.getMessage() == "another process's game: its timer is left to it"
    ]
    assert [(r.channel, r.game, r.action) for r in declined] == [(CHANNEL, game_id, "wake")]
