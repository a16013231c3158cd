"""Which language where (issue 8.7): the game's language on the live message and every public post,
each player's own Discord language on what only they see.

The Italian catalog is filled elsewhere; here Italian is a stand-in that marks every message it
translates with «it», so a test sees which language wrote each text whatever the catalog holds.
simcord always sends the locale "en-US" in interactions, so a player's own language is set by
patching the payload simcord builds.
"""

import gettext

import pytest
import simcord

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import client_locales, labels, live, load
from tests.helpers import NAMES, click, end_game, slash

MARK = "«it» "


class Marked(gettext.NullTranslations):
    """Italian for these tests: every message, marked."""

    def gettext(self, message: str) -> str:
        return MARK + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return MARK + (singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return MARK + message


@pytest.fixture(autouse=True)
def italian(monkeypatch):
    monkeypatch.setattr(lang("it"), "_translations", Marked())


@pytest.fixture
def locales(monkeypatch) -> dict[int, str]:
    """User id -> the locale that user's Discord client sends (everyone else: simcord's en-US)."""
    return client_locales(monkeypatch)


def italian_text(text: str | None) -> bool:
    return text is not None and MARK in text


def server(env: simcord.Env, locale: str | None = None):
    guild = env.create_guild("Casino", preferred_locale=locale)
    channel = guild.create_text_channel("payday")
    return channel, [guild.add_member(env.create_user(name)) for name in NAMES[:2]]


async def seated(env, channel, players, **start_options):
    alice, bob = players
    lobby = (await slash(alice, channel, "payday start", months=1, **start_options)).response
    await click(bob, lobby, label=labels(lobby)[0])  # Join, in whatever language
    return lobby


async def test_an_italian_server_gets_its_games_in_italian_and_each_player_answers_in_their_own(env):
    channel, (alice, bob) = server(env, "it")

    lobby = await seated(env, channel, (alice, bob))

    table = await load(env, channel)
    assert table.language == "it"
    assert italian_text(lobby.embeds[0].title) and italian_text(labels(lobby)[0])
    refused = await slash(bob, channel, "payday hand")  # not started: refused in bob's own English
    assert refused.ephemeral and not italian_text(refused.response.content)
    assert "hasn't started yet" in refused.response.content
    await click(alice, lobby, label=labels(lobby)[2])  # Start
    assert italian_text((await live(env, channel)).embeds[0].title)
    await env.advance_time(table.turn_seconds / 2 + 1)  # alice is reminded, in the game's language
    [reminder] = [m for m in channel.history() if m.content and f"<@{alice.id}>" in m.content]
    assert italian_text(reminder.content)


async def test_the_host_may_choose_the_game_language_whatever_the_server_speaks(env):
    channel, (alice, bob) = server(env, "it")

    lobby = await seated(env, channel, (alice, bob), language="en")

    assert (await load(env, channel)).language == "en"
    assert lobby.embeds[0].title == "Pay Day — a game is forming"
    other, players = server(env)  # a server whose language the bot does not speak (or none): English
    await seated(env, other, players)
    assert (await load(env, other)).language == "en"


async def test_private_answers_use_the_clicking_players_language_public_ones_the_games(env, locales):
    channel, (alice, bob) = server(env)
    locales[bob.id] = "it"
    lobby = await seated(env, channel, (alice, bob))
    await click(alice, lobby, label="Start")
    board = await live(env, channel)
    assert not italian_text(board.embeds[0].title)  # an English game

    out_of_turn = await click(bob, board, label="Roll the die")  # alice's turn
    hand = await slash(bob, channel, "payday hand")
    ledger = await slash(bob, channel, "payday ledger")
    rules = await slash(bob, channel, "payday rules")
    ended = await end_game(alice, channel)  # alice reads English; the standings are public

    assert out_of_turn.ephemeral and italian_text(out_of_turn.response.content)
    assert italian_text(hand.response.embeds[0].title)
    assert italian_text(ledger.response.embeds[0].title) and all(
        italian_text(x) for x in labels(ledger.response)
    )
    assert italian_text(rules.response.embeds[0].title)
    assert ended.response.content == "You ended the game."
    [standings] = ended.followups
    game_id = await finished_id(env, channel)
    assert standings.message.embeds[-1].title == f"🏆 alice and bob share the win in Pay Day game #{game_id}"


async def test_an_italian_players_slash_command_is_confirmed_in_italian_and_public_notices_stay_english(
    env, locales
):
    channel, (alice, bob) = server(env)
    locales[alice.id] = "it"
    lobby = await seated(env, channel, (alice, bob))
    await click(alice, lobby, label="Start")

    borrowed = await slash(alice, channel, "payday loan", amount=1000)

    assert borrowed.ephemeral and italian_text(borrowed.response.content)
    assert not italian_text((await live(env, channel)).embeds[-1].description)


async def finished_id(env, channel) -> int:
    [row] = await env.bot.store.history(channel_id=channel.id, limit=1)
    return row.game_id
