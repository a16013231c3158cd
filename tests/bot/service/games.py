"""Whole games played through the service, to the end: people answering as the computer player
would, computer players and time limits on the service's timers; for the tests of what history
keeps of a game (replay.py, records.py, replays.py)."""

from collections.abc import Collection
from datetime import timedelta

from bot.game import ai, engine
from bot.game.orders import LotteryOrder, Orders
from bot.service import LobbyOptions, Move, Service
from bot.table import Seat, Table
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA

PEOPLE = {person.user_id: person for person in (ALICE, BOB, OLGA)}
BOUND = 20_000


async def begin(service: Service, ruleset: str = "modern", months: int = 2, computers: int = 2) -> int:
    """alice hosts, bob joins with standing orders (his rolls and the Lottery always), `computers`
    computer players sit down; returns the game's id once started."""
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=months, ruleset=ruleset))
    await service.lobbies.join(CHANNEL, BOB)
    for _ in range(computers):
        await service.lobbies.add_computer(CHANNEL, ALICE)
    game_id = (await service.lobbies.start(CHANNEL, ALICE)).game_id
    await service.playing.set_orders(
        CHANNEL, BOB, Orders(roll=True, table_rolls=True, lottery=LotteryOrder.ALWAYS)
    )
    return game_id


async def table(service: Service) -> Table | None:
    loaded = await service.tables.load(CHANNEL)
    return None if loaded is None else loaded.table


async def play(service: Service, game_id: int, *, answers: int = BOUND, slow: Collection[int] = ()) -> bool:
    """Answer every question until the game is over (True) or `answers` were given (False): people
    as the computer would, except the `slow` ones (user ids), whose time runs out."""
    for _ in range(answers):
        now = await table(service)
        if now is None:
            return True
        humans = [seat for seat in now.waiting_humans() if now.seats[seat].user_id not in slow]
        if humans:
            seat = humans[0]
            chosen = ai.choose(now.game, seat)
            person = PEOPLE[now.seats[seat].user_id]
            await service.playing.act(
                CHANNEL, person, Move(chosen.kind, chosen.value, chosen.prompt, game_id)
            )
        else:
            service.now.now += timedelta(minutes=10)  # the tests' Clock
            await service.wake(CHANNEL)
    return False


def logged_game(
    ruleset: str = "modern", months: int = 1, seed: int = 3, players: int = 3
) -> tuple[Table, list[dict]]:
    """A whole game of computer players played on the engine alone, with its log as the service
    writes one (`started`, then each answer's record and its events): its final table and its log."""
    names = [f"P{seat}" for seat in range(players)]
    state, opening = engine.start(names, ruleset=ruleset, months=months, seed=seed)
    log: list[dict] = [{"kind": "started", "seats": names}, *(e.to_dict() for e in opening)]
    while not state.over:
        seat = state.asked.seats[0]
        action = ai.choose(state, seat)
        record = {"kind": "action", "seat": seat, "action": action.kind, "value": action.value}
        record |= {"prompt": state.prompt, "question": state.asked.kind, "timed_out": False}
        log += [record, *(e.to_dict() for e in engine.apply(state, action))]
    seats = [Seat(name=name) for name in names]
    final = Table(host_id=1, ruleset=ruleset, months=months, turn_seconds=60, interrupt_seconds=30, seed=seed)
    return final.model_copy(update={"seats": seats, "state": state}), log
