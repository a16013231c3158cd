"""Whole games played through the service, to the end: people answering as the computer player
would, computer players and time limits on the service's timers; for the tests of what history
keeps of a game (replay.py, records.py, replays.py)."""

from collections.abc import Collection
from datetime import timedelta

from bot.game import ai
from bot.game.orders import LotteryOrder, Orders
from bot.service import LobbyOptions, Move, Service
from bot.table import Table
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA

PEOPLE = {person.user_id: person for person in (ALICE, BOB, OLGA)}
BOUND = 20_000


async def begin(service: Service, ruleset: str = "modern", months: int = 2, computers: int = 2) -> int:
    """alice hosts, bob joins with standing orders (his rolls and the Lottery always), `computers`
    computer players sit down; returns the game's id once started."""
    await service.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=months, ruleset=ruleset))
    await service.join(CHANNEL, BOB)
    for _ in range(computers):
        await service.add_computer(CHANNEL, ALICE)
    game_id = (await service.start(CHANNEL, ALICE)).game_id
    await service.set_orders(CHANNEL, BOB, Orders(roll=True, table_rolls=True, lottery=LotteryOrder.ALWAYS))
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
            await service.act(CHANNEL, person, Move(chosen.kind, chosen.value, chosen.prompt, game_id))
        else:
            service.now.now += timedelta(minutes=10)  # the tests' Clock
            await service.wake(CHANNEL)
    return False
