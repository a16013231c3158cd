"""A whole game in Italian through Discord (issue 8): an Italian server's game speaks Italian on
every public message and button from the lobby to the standings, with no message missing from the
catalog and no English left on the table."""

import re

import pytest

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import books, finished, play_to_end, random_button, start_game

ENGLISH_WORDS = re.compile(r"\b(the|and|rolled|paid|collected|your|month|drew|bought|retires|wins)\b")
"""Words of the English messages that no Italian sentence uses (names here are alice, bob, carol)."""
ITALIAN_MONEY = re.compile(r"\b\d{1,3}(\.\d{3})*\u00a0\$")
ENGLISH_MONEY = re.compile(r"\$\d")


def texts(channel) -> list[str]:
    """Every word the channel shows: message text, embed titles, descriptions, fields, footers."""
    shown = []
    for msg in channel.history():
        shown.append(msg.content or "")
        for embed in msg.embeds:
            shown += [embed.title or "", embed.description or "", embed.footer.text or ""]
            shown += [f"{f.name} {f.value}" for f in embed.fields]
    return shown


@pytest.mark.bot(seed=20261130)
async def test_an_italian_server_plays_a_whole_game_in_italian(env):
    it, en = lang("it"), lang("en")
    it.missing.clear()
    offered: list[str] = []
    chooser = random_button(11)

    def choose(table, labels):
        offered.extend(labels)
        return chooser(table, labels)

    game = await start_game(env, 3, months=1, guild_locale="it")
    await play_to_end(env, game, choose)

    game_id, table = await finished(env, game.channel)
    assert table.language == "it"
    assert await books(env, game_id, table.state) == []

    # Every button the players were offered is Italian: the roll, never the English one.
    assert it._("Roll the die") in offered and en._("Roll the die") not in offered
    # The standings, the Pay Day notices and every live message are Italian.
    shown = texts(game.channel)
    assert any(t.endswith(f"la partita n. {game_id} di Pay Day") for t in shown)  # the standings' title
    assert any(ITALIAN_MONEY.search(t) for t in shown) and not any(ENGLISH_MONEY.search(t) for t in shown)
    english = [t for t in shown if ENGLISH_WORDS.search(t)]
    assert english == []
    # Every message the game asked the catalog for had its Italian translation.
    assert it.missing == set()
