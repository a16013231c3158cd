"""How many times a player clicks in a month of Pay Day, with and without standing orders (issue 9.5).

    python -m bench.clicks [--games 24] [--seed 1] [--months 1]

Each game is three humans and a computer player, played through the real cog (`/payday start`, the
lobby's buttons, `game_click` on the live message's buttons, My hand and the orders menu) and the
real service and SQLite store; only Discord is faked (tests/fake_discord.py, shared with the tests
and the other benchmarks). The humans choose at random among the buttons the live message offers
them (a refused click, such as a Lottery number an earlier player asked for, counts too, and they
choose again); the computer player plays to win. The bench is the clock: it moves the service's
time on when only the computer is asked, so nothing waits 1.5 s.

Each seed is played twice, interleaved: once with no orders, once with every human setting every
order as the game starts (My hand, then one pick in the orders menu: roll my turns, roll in the
Radio Contest, the Walk and roll-offs, always ante on a favourite number drawn at random).

The LAST line printed is one JSON object:
  clicks_per_human_month          clicks on the live message per human per month, no orders
  clicks_per_human_month_orders   the same with every order on (the clicks that answer the game)
  setup_clicks_per_human_game     clicks spent setting the orders (My hand + the menu), per game
  clicks_per_human_month_orders_with_setup   the two above together, per month
  by_question, by_question_orders clicks per human month by what they answered
"""

import argparse
import asyncio
import json
import logging
import random
import statistics
import tempfile
from collections import Counter
from datetime import timedelta
from pathlib import Path

import discord

from bot.game.state import PendingKind
from bot.render.components import AnswerChoice, LobbyAction, OpenHand, SetOrders
from bot.render.hand_view import ANTE, ROLL, TABLE
from bot.service import LobbyChange
from bot.table import Table
from cogs.payday import Payday
from db.sqlite import Store
from tests.fake_discord import DAY, FakeDiscord, FakeUser, StandInBot

HUMANS = 3
CHANNEL_BASE = 1_000_000_000_000_000_000
USER_BASE = 2_000_000_000_000_000_000
GROUPS = {
    PendingKind.ROLL: "movement roll",
    PendingKind.LOTTERY: "lottery",
    PendingKind.RADIO: "radio/walk/roll-off",
    PendingKind.WALK: "radio/walk/roll-off",
    PendingKind.ROLL_OFF: "radio/walk/roll-off",
}
"""What a click answered; every other question is a real decision."""


class Clock:
    """The service's time, moved on by the bench."""

    def __init__(self) -> None:
        self.now = discord.utils.utcnow()

    def __call__(self):
        return self.now


class Played:
    def __init__(self) -> None:
        self.clicks = 0
        self.setup = 0
        self.refused = 0
        self.by_question: Counter[str] = Counter()


async def play_game(seed: int, months: int, orders: bool, db: Path) -> Played:
    """One game through the cog; returns the humans' clicks."""
    store = await Store.open(db)
    fake = FakeDiscord()
    bot = StandInBot(store, fake, seed, turn_seconds=DAY)
    clock = Clock()
    cog = await bot.load(now=clock)
    # The bench is the clock: no timer of the service's own runs behind its back.
    cog.service.timers.arm = lambda channel_id, when: None
    rng = random.Random(seed)
    played = Played()
    channel = CHANNEL_BASE + seed
    users = [FakeUser(USER_BASE + seed * 10 + i, f"player{i}") for i in range(HUMANS)]
    try:
        game_id = await open_game(cog, bot, channel, users, months)
        if orders:
            for user in users:
                await set_every_order(cog, bot, channel, game_id, user, rng, played)
        while True:
            table = (await cog.service.tables.load(channel)).table if await alive(cog, channel) else None
            if table is None or table.state.over:
                break
            humans = table.waiting_humans()
            if not humans:
                clock.now += timedelta(seconds=2)
                await cog.service.wake(channel)
                await cog.live.idle(channel, 0)  # the live message shows the computer's move
                continue
            seat = rng.choice(humans)
            await click_randomly(cog, bot, channel, game_id, table, users[seat], rng, played)
    finally:
        await bot.unload()
        await store.close()
    return played


async def alive(cog: Payday, channel: int) -> bool:
    return await cog.service.tables.load(channel) is not None


async def open_game(cog: Payday, bot: StandInBot, channel: int, users: list[FakeUser], months: int) -> int:
    """`/payday start` by the first human, Join by the others, a computer player added, Start."""
    start = Payday.start.callback.__get__(cog)
    await start(bot.interaction(channel, users[0], None), months, DAY)
    table = (await cog.service.tables.load(channel)).table
    game_id = (await cog.service.tables.load(channel)).row.game_id
    lobby = table.message_id
    changes = [*((u, LobbyChange.JOIN) for u in users[1:])]
    changes += [(users[0], LobbyChange.ADD_COMPUTER), (users[0], LobbyChange.START)]
    for user, what in changes:
        await cog.lobby_click(bot.interaction(channel, user, lobby), LobbyAction(channel, game_id, what))
    assert (await cog.service.tables.load(channel)).table.state is not None, "the game did not start"
    return game_id


async def set_every_order(cog, bot, channel, game_id, user, rng, played: Played) -> None:
    """My hand, then every order ticked in the menu: two clicks."""
    table: Table = (await cog.service.tables.load(channel)).table
    await cog.hand_click(bot.interaction(channel, user, table.message_id), OpenHand(channel, game_id))
    values = (ROLL, TABLE, f"{ANTE}{rng.randint(1, 6)}")
    panel = 1  # the private panel's message: the fake keeps no ephemeral message, so any id but the board's
    await cog.orders_click(bot.interaction(channel, user, panel), SetOrders(channel, game_id), values)
    await cog.live.idle(channel, 0)
    played.setup += 2
    assert (await cog.service.tables.load(channel)).table.seats[table.seat_of(user.id)].orders.any


async def click_randomly(cog, bot, channel, game_id, table: Table, user, rng, played: Played) -> None:
    """A button of the live message, at random among those answering the question, until one is taken."""
    message = table.message_id
    buttons = [
        custom_id.split(":")[3:]
        for custom_id in bot.fake.buttons[channel][message]
        if custom_id.startswith("pd:")
    ]
    question = GROUPS.get(table.state.pending.kind, "decision")
    rng.shuffle(buttons)
    for prompt, kind, value in buttons:
        interaction = bot.interaction(channel, user, message)
        await cog.game_click(interaction, AnswerChoice(channel, game_id, int(prompt), kind, int(value)))
        await cog.live.idle(channel, 0)
        played.clicks += 1
        played.by_question[question] += 1
        if interaction.response.refusal is None:
            return
        played.refused += 1
    raise AssertionError(f"every button was refused: {table.state.pending}")


async def run(args: argparse.Namespace) -> dict:
    plain, ordered = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.games):
            seed = args.seed + i
            # Interleaved: each seed with and without orders, one after the other.
            plain.append(await play_game(seed, args.months, False, Path(tmp) / f"plain{i}.sqlite3"))
            ordered.append(await play_game(seed, args.months, True, Path(tmp) / f"orders{i}.sqlite3"))
    per = HUMANS * args.months
    without = statistics.mean(p.clicks / per for p in plain)
    with_orders = statistics.mean(p.clicks / per for p in ordered)
    setup = statistics.mean(p.setup / HUMANS for p in ordered)
    return {
        "games": args.games,
        "months": args.months,
        "humans": HUMANS,
        "clicks_per_human_month": round(without, 2),
        "clicks_per_human_month_orders": round(with_orders, 2),
        "setup_clicks_per_human_game": round(setup, 2),
        "clicks_per_human_month_orders_with_setup": round(with_orders + setup / args.months, 2),
        "refused_per_human_month": round(statistics.mean(p.refused / per for p in plain), 2),
        "by_question": breakdown(plain, per),
        "by_question_orders": breakdown(ordered, per),
    }


def breakdown(games: list[Played], per: int) -> dict[str, float]:
    total: Counter[str] = Counter()
    for game in games:
        total.update(game.by_question)
    return {kind: round(n / per / len(games), 2) for kind, n in sorted(total.items())}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--months", type=int, default=1)
    args = parser.parse_args(argv)
    logging.disable(logging.INFO)
    try:
        result = asyncio.run(run(args))
    finally:
        logging.disable(logging.NOTSET)
    for key, value in result.items():
        if not isinstance(value, dict):
            print(f"{key:45} {value}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
