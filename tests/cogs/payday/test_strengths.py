"""Computer players at three strengths (issue 20): the host picks each one's strength in the lobby's
menu, the lobby, the board and the standings show it, a seat a computer takes over plays Normal, and
a Hard player thinks off the event loop: the game goes on to its end, a thought past its deadline is
answered with Normal's choice, and a restart in the middle of a thought loses nothing."""

import asyncio
import functools
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import simcord.actors

from bot.game import engine, strengths
from bot.game.actions import Action
from bot.game.state import GameState
from bot.game.strengths import Strength
from bot.render.language.i18n import lang
from bot.service.thinking import Thinker
from tests.cogs.payday.rig import (
    Game,
    field,
    live,
    load,
    menu_options,
    play_to_end,
    script,
    service,
    stored,
    unescape,
)
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK
from tests.helpers import add_computer, click, refusal, slash, table

THOUGHT = 1.0
"""The deadline of a Hard thought in these tests: under simcord's settling time, so a thought slowed
by a busy machine falls back to Normal's answer instead of failing the test."""


def seats(msg) -> list[str]:
    return unescape(msg.embeds[0].fields[0].value).splitlines()


async def warmed(thinker: Thinker) -> None:
    """Start the worker process and load the rules in it before the game, so no thought in the test
    pays for starting a process."""
    thinker.deadline = THOUGHT
    thinker.pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    state, _ = engine.start(["a", "b"], ruleset="modern", months=1, seed=1)
    warm_up = thinker.pool.submit(strengths.choose, state, 0, Strength.HARD, 0)
    await asyncio.to_thread(warm_up.result, 60)


async def a_lobby_with(env, *chosen: Strength, language: str | None = None):
    """alice's lobby, bob seated, and a computer player of each strength `chosen`, added by alice."""
    _, channel, (alice, bob) = table(env, 2)
    options = {"months": 1} if language is None else {"months": 1, "language": language}
    lobby = (await slash(alice, channel, "payday start", **options)).response
    await click(bob, lobby, label=lang(language)._("Join"))
    for strength in chosen:
        await add_computer(alice, lobby, strength)
    return channel, alice, bob, lobby


async def test_the_host_adds_an_easy_a_normal_and_a_hard_computer_and_the_table_sees_which(env):
    channel, alice, _, lobby = await a_lobby_with(env, Strength.EASY, Strength.NORMAL, Strength.HARD)

    assert seats(lobby) == [
        "1. alice (host)",
        "2. bob",
        "3. Bot Penny (computer: Easy)",
        "4. Bot Nickel (computer: Normal)",
        "5. Bot Dime (computer: Hard)",
    ]
    assert lobby.embeds[0].footer.text == "Bot Dime (computer: Hard) joined."
    assert list(menu_options(lobby.message)) == ["Easy", "Normal", "Hard"]

    await click(alice, lobby, label="Start")

    board = field(await live(env, channel), "Players")
    assert "**Bot Penny** 🤖 Easy" in board and "**Bot Nickel** 🤖 Normal" in board
    assert "**Bot Dime** 🤖 Hard" in board and "**bob** 🤖" not in board
    kept = await load(env, channel)
    assert [s.strength for s in kept.seats[2:]] == [Strength.EASY, Strength.NORMAL, Strength.HARD]


async def test_only_the_host_adds_computer_players_and_a_forged_strength_adds_nobody(env):
    channel, alice, bob, lobby = await a_lobby_with(env)
    before = await stored(env, channel)

    refused = await add_computer(bob, lobby, Strength.HARD)
    assert refused.ephemeral and refusal(refused) == "Only the host, alice, can add computer players."
    # A hand-made request can carry any option: simcord's own check is what a forger leaves out.
    menu = next(custom_id for custom_id in custom_ids(lobby.message) if custom_id.startswith("pda:"))
    visible = simcord.actors._visible_message(alice, lobby.message)
    forged = await simcord.actors._component_interaction(
        alice, visible, {"custom_id": menu, "component_type": 3, "values": ["grandmaster"]}
    )
    assert (
        forged.ephemeral and refusal(forged) == "Choose Easy, Normal or Hard from the menu: nobody was added."
    )
    assert await stored(env, channel) == before
    assert seats(lobby.message) == ["1. alice (host)", "2. bob"] and not env.errors


def custom_ids(msg) -> list[str]:
    return [item.custom_id for row in msg.components for item in row.children]


async def test_in_italian_the_menu_the_lobby_and_the_board_name_the_strengths(env):
    italian = lang("it")
    channel, alice, _, lobby = await a_lobby_with(env, Strength.HARD, language="it")

    assert list(menu_options(lobby.message)) == ["Facile", "Normale", "Difficile"]
    assert seats(lobby)[-1] == "3. Bot Penny (computer: Difficile)"
    assert lobby.embeds[0].footer.text == "Bot Penny (computer: Difficile) si siede al tavolo."
    await click(alice, lobby, label=italian._("Start"))
    assert "**Bot Penny** 🤖 Difficile" in field(await live(env, channel), "Giocatori")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_computer_that_takes_over_a_seat_plays_normal(env):
    channel, alice, bob, lobby = await a_lobby_with(env, Strength.HARD)
    await click(alice, lobby, label="Start")

    await slash(bob, channel, "payday leave")

    kept = await load(env, channel)
    assert kept.seats[1].computer and kept.seats[1].strength is Strength.NORMAL
    assert kept.seats[2].strength is Strength.HARD
    board = field(await live(env, channel), "Players")
    assert "**bob** (left: a computer plays on)" in board and "**Bot Penny** 🤖 Hard" in board


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_game_with_a_hard_computer_plays_to_the_end_and_the_standings_name_its_strength(env):
    await warmed(service(env).thinker)
    channel, alice, bob, lobby = await a_lobby_with(env, Strength.HARD, Strength.EASY)
    await slash(bob, channel, "payday leave")  # bob goes: alice and the two computers play it out
    await click(alice, lobby, label="Start")

    steps = await play_to_end(env, Game(None, channel, [alice], alice))

    assert steps > 0
    [finished] = await env.bot.store.history()
    assert [p["strength"] for p in finished.summary["players"][1:]] == ["hard", "easy"]
    thought = await env.bot.store.events(finished.game_id, limit=10_000, kinds=["action"])
    assert any(row.data["seat"] == 1 for row in thought)  # the Hard seat answered its questions
    standings = channel.last_message.embeds[-1].description
    assert "Bot Penny 🤖 Hard" in standings and "Bot Nickel 🤖 Easy" in standings


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_hard_thought_past_its_deadline_answers_with_normal_s_choice_in_time(env):
    release = threading.Event()
    chosen: list[Action] = []

    def slow(state: GameState, seat: int, strength: Strength, seed: int) -> Action:
        release.wait(5)  # far slower than its deadline
        raise AssertionError("never used: the seat answered without it")

    thinker = service(env).thinker
    thinker.pool, thinker.decide, thinker.deadline = ThreadPoolExecutor(1), slow, 0.2
    channel, alice, bob, lobby = await a_lobby_with(env, Strength.HARD)
    await click(alice, lobby, label="Start")
    await script(env, channel, 2, 2)  # Sweepstakes for alice and bob: their turns end with their rolls
    await click(alice, await live(env, channel), label="Roll the die")
    await click(bob, await live(env, channel), label="Roll the die")
    asked = await load(env, channel)
    assert asked.waiting_computers() == [2]
    chosen.append(strengths.choose(asked.game, 2, Strength.NORMAL, 0))

    try:
        await env.advance_time(2)
    finally:
        release.set()

    after = await load(env, channel)
    assert after.game.prompt > asked.game.prompt  # the Hard seat answered (Normal's roll) in time
    [last] = await env.bot.store.events(1, limit=1, kinds=["action"])
    assert (last.data["seat"], last.data["action"]) == (2, chosen[0].kind)


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_restart_in_the_middle_of_a_thought_loses_nothing(env, make_bot):
    channel, alice, bob, lobby = await a_lobby_with(env, Strength.HARD)
    await click(alice, lobby, label="Start")
    await script(env, channel, 2, 2)
    await click(alice, await live(env, channel), label="Roll the die")
    await click(bob, await live(env, channel), label="Roll the die")
    asked = await load(env, channel)
    never = asyncio.get_running_loop().create_future()
    thinker = service(env).thinker
    real = thinker.think

    async def held(thought):
        """A thought that is still going on when the bot stops."""
        await env.external_wait(never, reason="a Hard computer player's thought")
        return await real(thought)

    thinker.think = held
    await env.advance_time(2)  # the computer's timer fires: it starts to think, and is stopped there
    assert (await load(env, channel)).model_dump() == asked.model_dump()

    await env.bot.close()
    await env.restart_bot(make_bot())
    thinker = service(env).thinker
    # In the test's own thread, and thinking briefly: the virtual clock waits for nothing else.
    thinker.pool, thinker.decide = ThreadPoolExecutor(1), functools.partial(strengths.choose, budget=20)
    await env.advance_time(2)  # the stored timer is re-armed: the computer thinks again, and answers

    after = await load(env, channel)
    assert after.game.prompt > asked.game.prompt and never.cancelled()  # the old thought died with its bot
    actions = await env.bot.store.events(1, limit=1000, kinds=["action"])
    answered = [row.data["prompt"] for row in actions if row.data["seat"] == 2]
    assert answered.count(asked.game.prompt) == 1  # answered once, by the bot that thought again


async def test_the_menu_of_a_lobby_posted_before_a_restart_still_adds_computers(env, make_bot):
    channel, alice, _, lobby = await a_lobby_with(env)

    await env.bot.close()
    await env.restart_bot(make_bot())
    await add_computer(alice, lobby, Strength.HARD)

    assert seats(lobby.message)[-1] == "3. Bot Penny (computer: Hard)"
    assert (await load(env, channel)).seats[-1].strength is Strength.HARD
