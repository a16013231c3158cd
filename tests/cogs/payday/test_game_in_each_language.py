"""A whole game in each language but English through Discord (issues 8 and 32): a server whose
preferred locale is the language gets its game in it, and the lobby, every live message and button,
a refusal and the standings show no English (beyond the players' names and the product's name), with
no message missing from the catalog. A language joins these tests when it joins SUPPORTED."""

import re
from collections.abc import Iterable

import discord
import pytest

from bot.render.language.i18n import ENGLISH, SUPPORTED, feature_po_paths, lang, language_of, po_path
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
from tools.catalog import load

PRODUCT = "Pay Day"
"""The product's name, the same in every language (its title)."""
PLAYERS = ("alice", "bob", "carol")
COMMON_ENGLISH = ("the", "and", "rolled", "paid", "collected", "your", "month", "drew", "bought", "wins")
"""Words of English sentences, for English that comes from no catalog at all (a literal left in code)."""
PLACEHOLDER = re.compile(r"\{\w*\}")
WORD = re.compile(r"[^\W\d_]{2,}")


def discord_locale(code: str) -> str:
    """The first Discord locale that reads `code` (es-ES for Spanish, pt-BR for Portuguese)."""
    return next(locale.value for locale in discord.Locale if language_of(locale) == code)


class EnglishDetector:
    """English on a screen of a language: the English text of any message its catalogs translate
    otherwise (each piece between placeholders, as a whole word or phrase), and common English words;
    a piece is not English if the language's own translations use it too ("Jackpot" in German)."""

    def __init__(self, code: str) -> None:
        entries = [
            entry
            for path in [po_path(code), *feature_po_paths(code)]
            for entry in list(load(path))[1:]
            if not entry.fuzzy
        ]
        pieces = set(COMMON_ENGLISH)
        ours = []
        for entry in entries:
            ids, forms = _texts(entry.id), _texts(entry.string)
            ours += forms
            if forms != ids:
                pieces |= {piece.strip(" *_:.,;!?()\n") for text in ids for piece in PLACEHOLDER.split(text)}
        translated = PLACEHOLDER.sub(" ", "\n".join(ours))
        english = sorted(
            (p for p in pieces if WORD.search(p) and p != PRODUCT and not re.search(_whole(p), translated)),
            key=len,
            reverse=True,
        )
        self._english = re.compile("|".join(_whole(p) for p in english))

    def found(self, texts: Iterable[str]) -> list[str]:
        """Each English piece found, with the text it is in."""
        return [f"{hit!r} in {text!r}" for text in texts for hit in self._english.findall(_unnamed(text))]


def _texts(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


def _whole(piece: str) -> str:
    return rf"(?<!\w){re.escape(piece)}(?!\w)"


def _unnamed(text: str) -> str:
    for name in (PRODUCT, *PLAYERS, "olga"):
        text = text.replace(name, " ")
    return re.sub(r"<[@#]!?\d+>|<t:\d+(:\w)?>", " ", text)  # mentions and timestamps: Discord's


def shown(msg: discord.Message) -> list[str]:
    """Every word a message shows: its text, embed titles, descriptions, fields, footers, buttons."""
    texts = [msg.content or "", *labels(msg)]
    for embed in msg.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{f.name} {f.value}" for f in embed.fields]
    return texts


LANGUAGES = [code for code in SUPPORTED if code != ENGLISH]


def test_the_detector_finds_english_and_nothing_else():
    detector = EnglishDetector("it")
    assert detector.found(["alice rolled a 6", "Roll the die", "bob paid 500 $ to the Bank"]) == [
        "'rolled a 6' in 'alice rolled a 6'",
        "'Roll the die' in 'Roll the die'",
        "'paid' in 'bob paid 500 $ to the Bank'",
        "'to' in 'bob paid 500 $ to the Bank'",
        "'the Bank' in 'bob paid 500 $ to the Bank'",
    ]
    assert detector.found(["alice tira un 6", "Tira il dado", "Pay Day — partita di alice"]) == []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.bot(seed=20261130)
async def test_a_server_of_the_language_plays_a_whole_game_in_it(env, monkeypatch, code):
    L, en = lang(code), lang(ENGLISH)
    L.missing.clear()
    detector = EnglishDetector(code)
    guild = env.create_guild("Casino", preferred_locale=discord_locale(code))
    channel = guild.create_text_channel("payday")
    alice, bob, carol, olga = (guild.add_member(env.create_user(n)) for n in (*PLAYERS, "olga"))
    locales = client_locales(monkeypatch)
    locales.update({person.id: discord_locale(code) for person in (alice, bob, carol, olga)})
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
