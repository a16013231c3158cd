"""A whole game in each language but English through Discord (issues 8 and 32): a server whose
preferred locale is the language gets its game in it, and the lobby, every live message and button,
a refusal and the standings show no English (beyond the players' names and the product's name), with
no message missing from the catalog. A language joins these tests when it joins SUPPORTED."""

import discord
import pytest

from bot.render.commands import discord_locales
from bot.render.language.i18n import ENGLISH, SUPPORTED, lang
from tests.bot.render.language.english import english_in
from tests.cogs.payday.rig import (
    Game,
    books,
    client_locales,
    finished,
    labels,
    live,
    message,
    play_to_end,
    random_button,
)
from tests.helpers import click, slash


def shown(msg: discord.Message) -> list[str]:
    """Every word a message shows: its text, embed titles, descriptions, fields, footers, buttons."""
    texts = [msg.content or "", *labels(msg)]
    for embed in msg.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{f.name} {f.value}" for f in embed.fields]
    return texts


LANGUAGES = [code for code in SUPPORTED if code != ENGLISH]
NAMES = ("alice", "bob", "carol", "olga")
"""Three players, and olga, who is not seated."""


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.bot(seed=20261130)
async def test_a_server_of_the_language_plays_a_whole_game_in_it(env, monkeypatch, code):
    L, en = lang(code), lang(ENGLISH)
    L.missing.clear()
    detector = english_in(code)
    guild = env.create_guild("Casino", preferred_locale=discord_locales(code)[0])
    channel = guild.create_text_channel("payday")
    alice, bob, carol, olga = (
        guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "olga")
    )
    locales = client_locales(monkeypatch)
    locales.update({person.id: discord_locales(code)[0] for person in (alice, bob, carol, olga)})
    seen: list[str] = []

    lobby = (await slash(alice, channel, "payday start", months=1)).response
    seen += shown(lobby.message)
    for player in (bob, carol):
        await click(player, lobby, label=L._("Join"))
    seen += shown(lobby.message)
    await click(alice, lobby, label=L._("Start"))
    game = Game(guild, channel, [alice, bob, carol], olga)
    board = await live(env, channel)
    refused = await click(olga, board, label=labels(board)[0])  # not seated: one sentence, her language
    assert refused.ephemeral
    seen.append(refused.response.content)

    offered: list[str] = []
    chooser = random_button(11)

    def choose(table, buttons):
        offered.extend(buttons)
        seen.extend(shown(message(channel, table.message_id)))  # the live message as it stands
        return chooser(table, buttons)

    await play_to_end(env, game, choose)

    game_id, table = await finished(env, channel)
    assert table.language == code
    assert await books(env, game_id, table.state) == []
    assert L._("Roll the die") in offered and en._("Roll the die") not in offered
    seen += [text for msg in channel.history() for text in shown(msg)]  # the standings, the notices
    assert any(L.money(n) in text for text in seen for n in range(0, 10_000, 50))
    assert detector.found(seen) == []
    assert L.missing == set(), "messages the catalog lacks"
