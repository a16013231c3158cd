"""No dead ends (issue 9.7): every refusal links back to the live message, /payday status after a
game shows its standings, and the standings' Rematch button opens a lobby for the same table."""

import pytest

from bot.render.links import jump_url
from tests.cogs.payday.rig import live, load, message, script, start_game
from tests.helpers import add_computer, click, end_game, refusal, slash, table


def link_of(result) -> str:
    """The link a refusal ends with."""
    lines = result.response.content.split("\n")
    assert len(lines) == 2, lines
    return lines[1].rsplit(" ", 1)[1]


@pytest.mark.usefixtures("bot_token_only")
async def test_every_refusal_ends_with_a_link_to_the_live_message(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 2)
    first = await live(env, game.channel)
    outsider = await click(game.outsider, first, label="Roll the die")
    wrong_turn = await click(bob, first, label="Roll the die")
    bad_amount = await slash(alice, game.channel, "payday loan", amount=1500)
    for refused in (outsider, wrong_turn, bad_amount):
        assert refused.ephemeral and link_of(refused) == jump_url(game.guild.id, game.channel.id, first.id)

    # /payday status posts a fresh board; say the old one keeps its buttons (the edit failed):
    # a click on the old copy is told the question passed, and where the game is now.
    env.inject_error("PATCH", f"/channels/{game.channel.id}/messages/*", status=403, code=50013)
    await slash(carol, game.channel, "payday status")
    second = await live(env, game.channel)
    await click(alice, second, label="Roll the die")
    stale = await click(bob, first, label="Roll the die")
    assert refusal(stale) == "That question has passed."
    now = await live(env, game.channel)  # the second copy, or the one a call posted since
    assert now.id != first.id and link_of(stale) == jump_url(game.guild.id, game.channel.id, now.id)


async def test_with_no_game_here_the_refusal_has_nothing_to_link_to(env):
    _, channel, (alice, _) = table(env, 2)
    refused = await slash(alice, channel, "payday hand")
    assert refused.ephemeral
    assert refused.response.content == "There is no game in this channel: start one with /payday start."


async def test_after_a_game_status_shows_its_standings_with_a_rematch_button(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await end_game(alice, game.channel)
    ended = game.channel.last_message
    assert ended.embeds[-1].title.endswith("Pay Day game #1") and labels_of(ended) == ["Rematch", "My review"]

    shown = await slash(bob, game.channel, "payday status")
    assert not shown.ephemeral
    standings = game.channel.last_message
    assert standings.id != ended.id
    assert standings.embeds[-1].title == ended.embeds[-1].title
    assert standings.embeds[-1].description == ended.embeds[-1].description  # the same standings
    assert standings.embeds[-1].description.startswith("Ended early by alice.")
    assert labels_of(standings) == ["Rematch", "My review"]


async def test_rematch_opens_a_lobby_with_the_same_seats_and_settings_each_human_confirms(env):
    game = await start_game(env, 3, months=2, ruleset="family", turn_time=120)
    alice, bob, carol = game.players
    await end_game(alice, game.channel)
    standings = game.channel.last_message

    refused = await click(game.outsider, standings, label="Rematch")
    assert refusal(refused) == (
        "Only the players of that game can ask for a rematch: start a new game with /payday start."
    )
    opened = await click(bob, standings, label="Rematch")
    assert not opened.ephemeral
    lobby = await load(env, game.channel)
    assert (lobby.months, lobby.ruleset, lobby.turn_seconds) == (2, "family", 120)
    assert lobby.host_id == bob.id and lobby.state is None
    assert [(s.user_id, s.invited) for s in lobby.seats] == [
        (alice.id, True),
        (bob.id, False),
        (carol.id, True),
    ]
    shown = message(game.channel, lobby.message_id)
    seats = shown.embeds[0].fields[0].value
    assert "alice (kept for a rematch: press Join)" in seats and "bob (host)" in seats

    again = await click(alice, standings, label="Rematch")  # the lobby is open already
    assert refusal(again) == "A game is already open here: see /payday status, or /payday end it."
    assert link_of(again) == jump_url(game.guild.id, game.channel.id, lobby.message_id)

    await click(alice, shown, label="Join")
    await click(bob, message(game.channel, lobby.message_id), label="Start")  # carol never confirmed
    started = await load(env, game.channel)
    assert [p.name for p in started.state.players] == ["alice", "bob"]
    assert started.state.months == 2 and started.state.ruleset == "family"


async def test_a_rematch_carries_the_computer_players_over(env):
    _, channel, (alice, bob) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    await add_computer(alice, lobby)
    await click(alice, lobby, label="Start")
    await end_game(alice, channel)
    await click(alice, channel.last_message, label="Rematch")
    seats = (await load(env, channel)).seats
    assert [(s.name, s.computer, s.invited) for s in seats] == [
        ("alice", False, False),
        ("bob", False, True),
        ("Bot Penny", True, False),
    ]


def labels_of(msg) -> list[str]:
    return [item.label for row in msg.components for item in row.children]
