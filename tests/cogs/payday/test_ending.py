"""/payday end asks the host first, and the end reads as the game's story (docs/RULES.md §5.7).

A slip must never end a long game: the command only shows the host, privately, the standings that
ending now would give (Deals still held counted at cost), with End the game now and Keep playing.
The final standings name the winner in their title and give each player their game in a line.
"""

import re

import pytest
import simcord.actors

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import (
    deal_card,
    finished,
    labels,
    live,
    load,
    rigged,
    script,
    start_game,
    stored,
    unescape,
)
from tests.helpers import click, end_game, refusal, slash

END, KEEP = "End the game now", "Keep playing"


EIGHT_THOUSAND = ("Pete's Pizza Palace", "Dipsydoodle Noodles", "Galloping Golf Ball")


async def alice_buys_pizza(env, game) -> None:
    """alice rolls a 4, lands on a Deal and buys an $8,000 one (Pete's Pizza Palace, or another at
    that price if the shuffle set Pete's aside) with a $5,000 loan."""
    async with rigged(env, game.channel) as state:
        deal = next(card for card in map(deal_card, EIGHT_THOUSAND) if card in state.deal_deck)
        state.deal_deck.remove(deal)
        state.deal_deck.append(deal)  # the top of the pile
        state.script.append(4)
    alice = game.players[0]
    await click(alice, await live(env, game.channel), label="Roll the die")
    [buy] = [label for label in labels(await live(env, game.channel)) if label.startswith("Buy")]
    await click(alice, await live(env, game.channel), label=buy)


def rows(description: str) -> list[str]:
    """The standings' rows ("**1.** alice — $3,500 ..."), unescaped."""
    return [unescape(line) for line in description.splitlines() if line.startswith("**")]


async def test_end_asks_the_host_privately_and_changes_nothing_until_confirmed(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    await alice_buys_pizza(env, game)
    before = await stored(env, game.channel)
    posts = len(game.channel.history())

    asked = await slash(alice, game.channel, "payday end")

    assert asked.ephemeral
    [question] = asked.response.embeds
    assert question.title == "End game #1 now?"
    assert "Deals still held count at what they cost" in question.description
    # Without the buy-back alice would be last at -$4,500; at cost she stands level with bob.
    assert rows(question.description) == [
        "**1.** alice — $3,500 (1 Deal at cost: $8,000)",
        "**1.** bob — $3,500",
    ]
    assert labels(asked.response) == [KEEP, END]
    assert await stored(env, game.channel) == before, "asking changes nothing"
    assert len(game.channel.history()) == posts, "nothing public yet"

    kept = await click(alice, asked.response.message, label=KEEP)

    assert kept.response.content == "The game goes on: nothing was ended."
    assert kept.response.embeds == [] and labels(kept.response) == []
    assert await stored(env, game.channel) == before
    assert labels(await live(env, game.channel))  # the game's own buttons are still there


async def test_confirmed_the_game_ends_and_the_standings_say_deals_counted_at_cost(env):
    game = await start_game(env, 3, months=1)
    alice = game.players[0]
    await alice_buys_pizza(env, game)
    asked = await slash(alice, game.channel, "payday end")

    ended = await click(alice, asked.response.message, label=END)

    assert ended.response.content == "You ended the game." and labels(ended.response) == []
    assert await load(env, game.channel) is None
    [standings] = ended.followups
    [embed] = standings.message.embeds
    title = unescape(embed.title)  # everyone at $3,500: a three-way win
    assert title.startswith("🏆 alice") and title.endswith("carol share the win in Pay Day game #1")
    assert embed.description.startswith(
        "Ended early by alice. Deals still held were bought back by the Bank at what they cost."
    )
    lines = [unescape(line) for line in embed.description.splitlines()]
    mine = lines.index("**1.** alice — $3,500")
    assert lines[mine + 1] == "*1 Deal bought back at cost ($8,000) · borrowed $5,000*"
    assert "*no Deal sold, no loan, no win*" in lines
    assert labels(standings.message) == ["Rematch", "My review"]
    _, table = await finished(env, game.channel)
    [row] = await env.bot.store.history(channel_id=game.channel.id, limit=1)
    assert row.summary["reason"] == "ended", "history records the early end"
    assert table.state.players[0].deals == []


async def test_only_the_host_may_confirm_and_a_game_ended_already_is_not_ended_again(env, monkeypatch):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    asked = await slash(alice, game.channel, "payday end")
    before = await stored(env, game.channel)

    # Only alice sees her question: bob could only send a hand-made click on it.
    monkeypatch.setattr(simcord.actors, "can_access_message", lambda *_: True)
    forged = await click(bob, asked.response.message, label=END)

    assert forged.ephemeral
    assert refusal(forged) == "Only the host, alice, or someone with Manage Channels can do that."
    assert await stored(env, game.channel) == before

    asked_again = await slash(alice, game.channel, "payday end")  # two questions open
    await click(alice, asked.response.message, label=END)
    again = await click(alice, asked_again.response.message, label=END)
    assert again.ephemeral and refusal(again) == "This game has ended."
    assert len(await env.bot.store.history(channel_id=game.channel.id)) == 1


async def test_a_confirmation_after_the_game_moved_on_is_refused_and_asked_again_it_ends(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    asked = await slash(alice, game.channel, "payday end")
    await script(env, game.channel, 2)  # Sweepstakes: the turn passes to bob
    await click(alice, await live(env, game.channel), label="Roll the die")
    before = await stored(env, game.channel)

    stale = await click(alice, asked.response.message, label=END)

    assert stale.ephemeral and refusal(stale) == (
        "The game has moved on since you asked, so nothing was ended: use /payday end again to see "
        "the standings it would end with now."
    )
    assert await stored(env, game.channel) == before
    again = await slash(alice, game.channel, "payday end")
    assert "**1.** alice — $8,500" in again.response.embeds[0].description  # $5,000 richer now
    await click(alice, again.response.message, label=END)
    assert await load(env, game.channel) is None


@pytest.mark.bot(seed=4242)
async def test_the_confirm_button_works_after_a_restart(env, make_bot):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    asked = await slash(alice, game.channel, "payday end")

    await env.bot.close()
    await env.restart_bot(make_bot(seed=4242))
    ended = await click(alice, asked.response.message, label=END)

    assert ended.response.content == "You ended the game."
    assert await load(env, game.channel) is None
    [standings] = ended.followups
    assert standings.message.embeds[0].description.startswith("Ended early by alice.")


async def test_a_finished_game_names_its_winner_and_tells_each_story_in_italian(env):
    game = await start_game(env, 2, months=1, language="it")
    alice = game.players[0]
    async with rigged(env, game.channel) as state:
        state.players[0].cash += 6000  # alice comes out ahead
        state.bank_paid += 6000
    it = lang("it")
    asked = await slash(alice, game.channel, "payday end")  # alice's own client reads English
    await click(alice, asked.response.message, label=END)

    [embed] = game.channel.last_message.embeds
    assert unescape(embed.title) == "🏆 alice vince la partita n. 1 di Pay Day"
    text = [unescape(line) for line in embed.description.splitlines()]
    assert text[0] == "Chiusa prima del tempo da alice."  # nobody held a Deal: nothing to say of them
    first = text.index(f"**1.** alice — {it.money(9500)}")
    assert text[first + 1] == "*nessun Affare venduto, nessun prestito, nessuna vincita*"
    assert re.match(r"\*\*2\.\*\* bob — ", text[first + 2])
    assert labels(game.channel.last_message) == [it._("Rematch"), it._("My review")]


async def test_the_standings_shown_again_after_the_game_keep_the_stories(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await alice_buys_pizza(env, game)
    ended = (await end_game(alice, game.channel)).followups[0].message

    await slash(bob, game.channel, "payday status")

    again = game.channel.last_message
    assert again.id != ended.id
    assert again.embeds[0].title == ended.embeds[0].title
    assert again.embeds[0].description == ended.embeds[0].description
    assert "1 Deal bought back at cost ($8,000)" in unescape(again.embeds[0].description)
