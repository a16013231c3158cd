"""Hints end to end through Discord: off by default (no switch in the lobby, no Hint button); a server
admin allows them on /payday settings, the lobby says so and its host may turn them off for one game;
Hint beside the player's own question (live message and hand panel) answers privately, only for the
seat asked, once worked out and then from what was kept; the first hint marks the game, which says so
and finishes unrated, history saying why. Refusals change nothing."""

import functools
import re
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import discord
import pytest
import simcord

from bot.features.review.hints import Hinting
from bot.features.review.model import Decision, Hint, Weighed
from bot.game.state import GameState, PendingKind
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.service import Person, Refused
from tests.cogs.payday.rig import Game, finished, labels, live, load, play_to_end, script, stored, unescape
from tests.helpers import click, refusal, slash

HINT = "Hint"


def allowing_server(
    env: simcord.Env,
) -> tuple[simcord.ChannelHandle, list[simcord.MemberActor], simcord.MemberActor]:
    """A guild where alice has Manage Server; bob plays, olga only watches."""
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    alice = guild.add_member(env.create_user("alice"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    olga = guild.add_member(env.create_user("olga"))
    return channel, [alice, bob], olga


async def allow_hints(alice: simcord.MemberActor, channel: simcord.ChannelHandle) -> None:
    """alice switches hints on in the server's settings panel."""
    panel = await slash(alice, channel, "payday settings")
    switched = await click(alice, panel.response, label="Hints")
    text = "\n".join(f.value for f in switched.response.embeds[0].fields)
    assert "Hints for players who ask (a game with hints is not rated): allowed" in text


class FakePlanner:
    """The planner's hint, counted: buying is worth 6 points more than declining."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def __call__(self, state: GameState, seat: int, seed: int) -> Hint:
        self.asked.append((state.prompt, seat))
        buy = Weighed(answer=Decision(kind="buy"), chance=0.58, error=0.02)
        decline = Weighed(answer=Decision(kind="decline"), chance=0.52, error=0.02)
        return Hint(prompt=state.prompt, seat=seat, answers=(buy, decline))


def hinting(env: simcord.Env) -> Hinting:
    return env.bot.get_cog("HintCommands").hinting


def person(actor: simcord.MemberActor) -> Person:
    return Person(actor.id, actor.name)


def planner(env: simcord.Env, make) -> None:
    """The hints' planner replaced by `make`, run in a thread (no worker process to start)."""
    hinting = env.bot.get_cog("HintCommands").hinting
    hinting.make = make
    hinting.thinker.pool = ThreadPoolExecutor(1)


def own_button(board: discord.Message, label: str) -> str:
    """The custom_id of the live message's button `label` (My hand is left out of `labels`)."""
    return next(item.custom_id for row in board.components for item in row.children if item.label == label)


async def at_a_deal(env: simcord.Env, allowed: bool = True) -> Game:
    """alice and bob at a game where alice is asked to buy a Deal (hints allowed if `allowed`)."""
    channel, players, olga = allowing_server(env)
    alice, bob = players
    if allowed:
        await allow_hints(alice, channel)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")
    await script(env, channel, 4)  # alice lands on a Deal
    await click(alice, await live(env, channel), label="Roll the die")
    table = await load(env, channel)
    assert table.state.pending.kind == PendingKind.DEAL and table.state.pending.seats == [0]
    return Game(channel.guild, channel, players, olga)


async def test_hints_are_off_by_default_no_switch_in_the_lobby_and_no_hint_button(env):
    game = await at_a_deal(env, allowed=False)

    board = await live(env, game.channel)
    assert labels(board)[-1] == "Decline", "alice is asked to buy, and no Hint beside it"
    assert (await load(env, game.channel)).hints is None


async def test_the_lobby_says_hints_are_allowed_and_only_its_host_switches_them(env):
    channel, (alice, bob), _ = allowing_server(env)
    await allow_hints(alice, channel)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    assert "hints allowed (a game with hints is not rated)" in lobby.embeds[0].description
    await click(bob, lobby, label="Join")
    before = await stored(env, channel)

    by_guest = await click(bob, lobby, label="Hints: allowed")

    assert by_guest.ephemeral and refusal(by_guest) == "Only the host, alice, can change the house rules."
    assert await stored(env, channel) == before
    switched = await click(alice, lobby, label="Hints: allowed")
    shown = switched.response.message
    assert "no hints" in shown.embeds[0].description and "Hints: off" in labels(shown)
    assert shown.embeds[0].footer.text == "alice turned hints off for this game."
    assert (await load(env, channel)).hints is False
    await click(alice, lobby, label="Start")
    table = await load(env, channel)
    assert table.hints is False
    await script(env, channel, 4)
    await click(alice, await live(env, channel), label="Roll the die")
    assert HINT not in labels(await live(env, channel))


async def test_a_hint_answers_the_asked_player_privately_marks_the_game_and_comes_again_from_memory(env):
    game = await at_a_deal(env)
    alice, _bob = game.players
    fake = FakePlanner()
    planner(env, fake)
    board = await live(env, game.channel)
    assert labels(board)[-1] == HINT
    buy = labels(board)[0]

    hinted = await click(alice, board, label=HINT)

    assert hinted.ephemeral
    assert hinted.response.content == (
        f"💡 A Hard computer player would answer “{buy}”: about 58% to win.\n"
        "About 6 points more than “Decline” (52%).\n"
        "Only you see this. A game where anyone takes a hint is not rated."
    )
    assert (await load(env, game.channel)).hinted
    board = await live(env, game.channel)
    assert "💡 Hints were used: this game is not rated." in board.embeds[0].footer.text
    again = await click(alice, board, label=HINT)
    assert again.response.content == hinted.response.content
    assert fake.asked == [((await load(env, game.channel)).state.prompt, 0)], "worked out once"


async def test_only_the_asked_seat_gets_a_hint_and_a_passed_question_none(env):
    game = await at_a_deal(env)
    alice, bob = game.players
    planner(env, FakePlanner())
    board = await live(env, game.channel)
    before = await stored(env, game.channel)

    by_bob = await click(bob, board, label=HINT)
    by_olga = await click(game.outsider, board, label=HINT)

    assert refusal(by_bob) == "Hints are for the player the question asks: this one isn't yours."
    assert refusal(by_olga) == "You're not playing in this game."
    assert await stored(env, game.channel) == before
    asked = (await load(env, game.channel)).state.prompt
    await click(alice, board, label="Decline")
    with pytest.raises(Refused) as passed:  # a click that crossed the answer: no button shows it now
        await hinting(env).hint(game.channel.id, person(alice), 1, asked)
    assert refusal_text(passed.value, lang("en")) == "That question has passed."
    assert not (await load(env, game.channel)).hinted


@pytest.mark.simcord(settle_timeout=30)
async def test_a_hint_not_worked_out_in_time_is_one_sentence_and_marks_nothing(env):
    game = await at_a_deal(env)

    def slow(state: GameState, seat: int, seed: int) -> Hint:
        time.sleep(0.5)
        raise AssertionError("never waited for")

    planner(env, slow)
    env.bot.get_cog("HintCommands").hinting.thinker.deadline = 0.05
    before = await stored(env, game.channel)

    late = await click(game.players[0], await live(env, game.channel), label=HINT)

    assert refusal(late) == (
        "No hint could be worked out in time: try again in a moment. Nothing was marked."
    )
    assert await stored(env, game.channel) == before


async def test_the_hand_panel_offers_hint_beside_the_players_own_question(env):
    game = await at_a_deal(env)
    planner(env, FakePlanner())
    board = await live(env, game.channel)
    panel = await click(game.players[0], board, custom_id=own_button(board, "My hand"))
    hinted = await click(game.players[0], panel.response, label=HINT)

    assert HINT in labels(panel.response)
    assert hinted.ephemeral and hinted.response.content.startswith("💡 A Hard computer player would answer")


@pytest.mark.simcord(settle_timeout=30)
async def test_a_game_where_a_hint_was_taken_finishes_unrated_and_history_says_why(env):
    game = await at_a_deal(env)
    planner(env, FakePlanner())
    board = await live(env, game.channel)
    asked = (await load(env, game.channel)).state.prompt
    await click(game.players[0], board, label=HINT)

    await play_to_end(env, game)

    game_id, _table = await finished(env, game.channel)
    [standings] = [m for m in game.channel.history() if labels(m) == ["Rematch", "My review"]]
    assert "💡 Hints were used: this game is not rated." in standings.embeds[0].footer.text
    shown = await slash(game.players[1], game.channel, "payday history")
    [field] = shown.response.embeds[0].fields
    assert "💡 Hints were used: not rated." in unescape(field.value).splitlines()
    [recorded], _ = await env.bot.store.results(game.guild.id)
    assert recorded.game_id == game_id and recorded.result.hinted and not recorded.result.rated
    with pytest.raises(Refused) as too_late:  # a click that crossed the game's end: nothing is marked
        await hinting(env).hint(game.channel.id, person(game.players[0]), game_id, asked)
    assert refusal_text(too_late.value, lang("en")) == "This game has ended."


async def test_workers_that_broke_are_one_sentence_and_new_ones_serve_the_next_hint(env):
    game = await at_a_deal(env)
    fake = FakePlanner()
    planner(env, fake)
    thinker = env.bot.get_cog("HintCommands").hinting.thinker
    thinker.pool.submit = broken  # type: ignore[method-assign]
    board = await live(env, game.channel)

    failed = await click(game.players[0], board, label=HINT)

    assert (
        refusal(failed) == "No hint could be worked out in time: try again in a moment. Nothing was marked."
    )
    assert thinker.pool is None and not (await load(env, game.channel)).hinted
    thinker.pool = ThreadPoolExecutor(1)
    again = await click(game.players[0], board, label=HINT)
    assert again.response.content.startswith("💡") and (await load(env, game.channel)).hinted


def broken(*args, **kwargs):
    raise BrokenProcessPool("a worker was killed")


@pytest.mark.simcord(settle_timeout=30)
async def test_the_planners_own_hint_names_a_button_of_the_question(env):
    game = await at_a_deal(env)
    real = hinting(env).make
    assert (real.__module__, real.__name__) == ("bot.features.review.analysis", "hint")
    planner(env, functools.partial(real, budget=200))  # the planner's, thinking briefly
    env.bot.get_cog("HintCommands").hinting.thinker.deadline = 30
    board = await live(env, game.channel)
    offered = labels(board)[:2]

    hinted = await click(game.players[0], board, label=HINT)

    first, second, *_ = hinted.response.content.splitlines()
    named = re.fullmatch(r"💡 A Hard computer player would answer “(.+)”: about (\d+)% to win\.", first)
    assert named is not None and named.group(1) in offered, first
    assert 0 <= int(named.group(2)) <= 100
    other = next(label for label in offered if label != named.group(1))
    assert f"“{other}”" in second
    assert (await load(env, game.channel)).hinted


@pytest.mark.simcord(settle_timeout=60)
async def test_the_first_hint_waits_for_the_workers_to_start_rather_than_ask_to_try_again(env):
    game = await at_a_deal(env)
    thinking = hinting(env)
    thinking.make = functools.partial(thinking.make, budget=50)  # the cog's own: the planner's
    thinking.thinker.workers, thinking.thinker.deadline = 1, 0.01  # past once the workers run
    assert thinking.thinker.pool is None, "no worker started before the first hint"

    hinted = await click(game.players[0], await live(env, game.channel), label=HINT)

    assert hinted.response.content.startswith("💡 A Hard computer player would answer")
