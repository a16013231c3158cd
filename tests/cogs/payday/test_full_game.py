"""A whole game through Discord: /payday start, then only button clicks, until the standings."""

import re

import pytest

from bot.game import engine
from bot.game.actions import Action
from bot.render.language.i18n import lang
from bot.table import Table
from tests.cogs.payday.rig import books, message, play_to_end, random_button, start_game, unescape

money = lang("en").money


async def replay(env, game_id: int, table: Table):
    """Re-run every stored answer on a fresh engine game: what the players clicked, nothing else."""
    rows = await env.bot.store.events(game_id, limit=100_000, kinds=["action"])
    state = engine.new_game(
        [seat.name for seat in table.seats], ruleset=table.ruleset, months=table.months, seed=table.seed
    )
    for row in reversed(rows):  # stored newest first
        a = row.data
        engine.apply(state, Action(a["seat"], a["action"], a["value"], a["prompt"], a["timed_out"]))
    return state, len(rows)


@pytest.mark.bot(seed=20261129)
@pytest.mark.parametrize("months", [1, 2])
async def test_three_players_play_to_the_final_standings(env, months):
    game = await start_game(env, 3, months=months)

    clicks = await play_to_end(env, game, random_button(7))

    # The game left the live table for the history, with the engine's result.
    assert await env.bot.store.get(game.channel.id) is None
    [finished] = await env.bot.store.history()
    final = Table.model_validate_json(finished.data)
    state = final.state
    assert state.over and state.money_balances()
    assert all(p.retired for p in state.players)
    worths = {seat.name: state.net_worth(i) for i, seat in enumerate(final.seats)}
    assert {p["name"]: p["net_worth"] for p in finished.summary["players"]} == worths
    assert finished.summary["winners"] == state.winners
    best = max(worths.values())
    assert state.winners == [i for i, s in enumerate(final.seats) if worths[s.name] == best]

    # The ledger rebuilt from the event log holds exactly what every account holds.
    assert await books(env, finished.game_id, state) == []

    # Every click was one answer, and those answers alone rebuild the same final game.
    replayed, answers = await replay(env, finished.game_id, final)
    assert answers == clicks
    assert [replayed.net_worth(i) for i in range(3)] == [state.net_worth(i) for i in range(3)]
    assert replayed.winners == state.winners

    # The live message is frozen: game over, no buttons.
    frozen = message(game.channel, final.message_id)
    assert frozen.components == []
    assert frozen.embeds[0].title == "Pay Day — game over"
    assert "The game is over." in frozen.embeds[-1].description
    # Older live messages too; only the standings keep a button, the Rematch.
    with_buttons = [m for m in game.channel.history() if m.components]
    assert [[b.label for b in row.children] for m in with_buttons for row in m.components] == [
        ["Rematch", "My review"]
    ]
    assert with_buttons[0].embeds[0].title.endswith(f"Pay Day game #{finished.game_id}")

    # The standings message names the winner in its title and lists everyone's net worth, best
    # first, each with the story of their game on the line below.
    [standings] = game.channel.last_message.embeds
    winners = " and ".join(final.seats[w].name for w in state.winners)
    won = "wins" if len(state.winners) == 1 else "share the win in"
    assert unescape(standings.title) == f"🏆 {winners} {won} Pay Day game #{finished.game_id}"
    rows = re.findall(r"^\*\*\d+\.\*\* (.+)$", standings.description, re.MULTILINE)
    ranked = sorted(worths.items(), key=lambda kv: -kv[1])
    assert [unescape(row) for row in rows] == [
        f"{name} — {lang('en').money(worth)}" for name, worth in ranked
    ]
    lines = standings.description.splitlines()
    stories = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("**")]
    assert len(stories) == len(worths) and all(story and not story.startswith("**") for story in stories)
    assert "Everyone has retired." in standings.description

    # Each player got a Pay Day summary when they retired, the last one on the standings message.
    last = unescape(game.channel.last_message.content)
    assert last.startswith(f"💵 **Pay Day: {final.seats[state.turn].name} retires**")
    notices = [unescape(m.content) for m in game.channel.history() if m.content.startswith("💵")]
    retiring = sorted(n.split("**")[1] for n in notices if " retires**" in n)
    assert retiring == sorted(f"Pay Day: {name} retires" for name in worths)
