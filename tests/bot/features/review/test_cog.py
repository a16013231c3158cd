"""The review (issue 31), end to end: a finished game's standings carry My review; each person who
played gets their own review, privately, and no one else's, the same after a restart; the
standings gain the table's line; someone who did not play, another server's game, a game never
played and a pruned game are each refused in one sentence; a review still being made says so."""

from datetime import timedelta

import discord
import pytest

from cogs.payday.live._controls import Controls
from tests.cogs.payday.rig import Game, finished, message, play_to_end, random_button, start_game
from tests.helpers import click, refusal, slash

OPTIONS = {"seed": 21, "turn_seconds": 60, "interrupt_seconds": 30}


async def played(env) -> tuple[Game, int, discord.Message]:
    """alice, bob and carol play one month; the game, its number and its standings message."""
    game = await start_game(env, 3)
    await play_to_end(env, game, random_button(3))
    game_id, _ = await finished(env, game.channel)
    message_id = await env.bot.store.result_message(game_id)
    return game, game_id, message(game.channel, message_id)


async def forged(env, channel, custom_id: str) -> discord.Message:
    """A message holding a button of a hand-made custom_id (what a forger could get clicked)."""
    button = {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
    sent = await env.bot.get_channel(channel.id).send(
        "forged", view=Controls([{"type": 1, "components": [button]}])
    )
    return message(channel, sent.id)


def plain(text: str) -> str:
    """Text with its no-break spaces (before "%") as plain ones."""
    return text.replace("\u00a0", " ")


def review_of(result) -> discord.Embed:
    assert result.ephemeral
    [embed] = result.response.embeds
    return embed


@pytest.mark.bot(**OPTIONS)
async def test_each_player_gets_their_own_review_from_the_standings_and_after_a_restart(env, make_bot):
    game, game_id, standings = await played(env)
    alice, bob, carol = game.players
    assert [b.label for row in standings.components for b in row.children] == ["Rematch", "My review"]

    mine = review_of(await click(alice, standings, label="My review"))
    assert mine.title == f"Your review of game #{game_id}"
    first_line = plain(mine.description).split("\n")[0]
    assert first_line == "**Your choices +3 %, your luck −11 %: a good game, badly dealt.**"
    assert "🎲 **Luck −11 %** (give or take 2 %)" in plain(mine.description)
    assert "and won." in mine.description

    bobs = review_of(await click(bob, standings, label="My review"))
    assert plain(bobs.description).startswith(
        "**Your choices about −1 %, your luck about −1 %: a steady game"
    )
    deal = next(field for field in bobs.fields if "Deal:" in field.value)
    assert deal.name == "Month 1, Thu 4"
    assert "You: decline · the planner: buy" in deal.value and deal.value.endswith(": a mistake")
    carols = review_of(await click(carol, standings, label="My review"))
    assert plain(carols.description).startswith(
        "**Your choices −5 %, your luck +9 %: some costly choices, saved"
    )

    await env.bot.close()
    await env.restart_bot(make_bot(**OPTIONS))
    again = review_of(await click(alice, standings, label="My review"))
    assert again.to_dict() == mine.to_dict()


@pytest.mark.bot(**OPTIONS)
async def test_the_standings_gain_the_tables_line(env):
    game, _, standings = await played(env)
    await env.advance_time(6)  # the line waits for the standings if the review came first

    final = message(game.channel, standings.id).embeds[-1]
    line = final.fields[-1]
    assert line.name == "Luck and choices"
    assert line.value.startswith("🎲 Luckiest: carol · 🧠 Best choices: alice")


@pytest.mark.bot(**OPTIONS)
async def test_those_who_did_not_play_and_games_not_here_are_refused_in_a_sentence(env):
    game, game_id, standings = await played(env)

    outsider = await click(game.outsider, standings, label="My review")
    assert outsider.ephemeral
    assert refusal(outsider) == f"You did not play in game #{game_id}: a review is for its players only."
    unknown = await click(
        game.players[0], await forged(env, game.channel, f"pdv:{game_id + 5}"), label="Forged"
    )
    assert refusal(unknown) == f"No game #{game_id + 5} has finished in this server."

    elsewhere = env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("payday")
    alice_there = elsewhere.add_member(game.players[0].user)  # she played it, in another server
    other = await click(alice_there, await forged(env, channel, f"pdv:{game_id}"), label="Forged")
    assert refusal(other) == f"No game #{game_id} has finished in this server."


@pytest.mark.bot(**OPTIONS)
async def test_a_review_not_made_yet_says_so_and_a_pruned_game_cannot_have_one(env):
    await env.bot.get_cog("ReviewCommands").worker.close()  # nothing is reviewed: the game waits
    game, game_id, standings = await played(env)

    waiting = await click(game.players[0], standings, label="My review")
    assert waiting.response.content == (
        f"Your review of game #{game_id} is being prepared: try again in about a minute."
    )
    await env.bot.store.prune(discord.utils.utcnow() + timedelta(days=1))
    pruned = await click(game.players[1], standings, label="My review")
    assert refusal(pruned) == (
        f"Game #{game_id}'s moves were pruned before it was reviewed, so its review cannot be made."
    )


@pytest.mark.bot(**OPTIONS)
async def test_payday_review_shows_the_last_game_played_here_or_the_one_named(env):
    game, game_id, standings = await played(env)
    alice = game.players[0]
    from_the_standings = review_of(await click(alice, standings, label="My review"))

    last = review_of(await slash(alice, game.channel, "payday review"))
    named = review_of(await slash(alice, game.channel, "payday review", game=game_id))
    offered = await alice.autocomplete(game.channel, "payday review", "game", "")

    assert last.to_dict() == named.to_dict() == from_the_standings.to_dict()
    assert offered == [{"name": f"Game #{game_id}", "value": game_id}]
    assert await game.outsider.autocomplete(game.channel, "payday review", "game", "") == []
    none = await slash(game.outsider, game.channel, "payday review")
    assert refusal(none) == (
        "You have played no game in this server that has finished: a review is of a game you played."
    )
