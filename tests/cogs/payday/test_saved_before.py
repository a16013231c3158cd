"""A lobby and a game saved before issues 18–20 (tests/cogs/payday/fixtures/README.md) load after
the upgrade and finish with the defaults they had: the edition's own rules, the turn times they
were given, a Normal computer player, no thread, no pause."""

import json
from pathlib import Path

from bot.game.rulesets import RULESETS
from bot.game.strengths import Strength
from tests.cogs.payday.rig import Game, finished, live, load, play_to_end
from tests.helpers import click, slash, table

FIXTURES = Path(__file__).parent / "fixtures"
SAVED_ALICE, SAVED_BOB = 1001, 1002


def saved(name: str, ids: dict[int, int]) -> str:
    """The saved table with this test's members in the seats of the members it was saved with."""
    data = json.loads((FIXTURES / name).read_text())
    data["host_id"] = ids[data["host_id"]]
    for seat in data["seats"]:
        if seat["user_id"] is not None:
            seat["user_id"] = ids[seat["user_id"]]
    return json.dumps(data)


async def test_a_lobby_saved_before_starts_and_plays_by_the_editions_own_rules(env, make_bot):
    guild, channel, (alice, bob) = table(env, 2)
    await env.bot.store.create(
        channel.id, guild.id, saved("lobby-before-issue-18.json", {SAVED_ALICE: alice.id})
    )
    await env.bot.close()
    await env.restart_bot(make_bot())

    lobby = (await slash(alice, channel, "payday status")).response
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")

    started = await load(env, channel)
    assert started.house_rules == {} and started.game.rules == RULESETS["family"].rules
    assert started.seats[1].computer and started.seats[1].strength is Strength.NORMAL
    assert (started.turn_seconds, started.interrupt_seconds, started.parent_id) == (300, 60, None)
    await play_to_end(env, Game(guild, channel, [alice, bob], alice))
    _, last = await finished(env, channel)
    assert last.state.over


async def test_a_game_saved_before_goes_on_from_its_question_to_the_end(env, make_bot):
    guild, channel, (alice, bob) = table(env, 2)
    ids = {SAVED_ALICE: alice.id, SAVED_BOB: bob.id}
    await env.bot.store.create(channel.id, guild.id, saved("game-before-issue-18.json", ids))
    await env.bot.close()
    await env.restart_bot(make_bot())

    before = await load(env, channel)
    assert before.paused is None and before.game.rules == RULESETS["modern"].rules
    assert before.game.pending.kind == "radio" and before.seats[2].strength is Strength.NORMAL
    await slash(alice, channel, "payday status")
    assert await live(env, channel)
    await play_to_end(env, Game(guild, channel, [alice, bob], guild.add_member(env.create_user("olga"))))
    _, last = await finished(env, channel)
    assert last.state.over and last.state.prompt > before.game.prompt
