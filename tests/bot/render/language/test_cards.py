"""One name per space and per card in each language (issue 30.3): bot/render/language/cards.py names every
space, Mail card, kind of card and Deal of every edition, and every other message of every catalog
that names one of them says the name those functions give (or its plural), never a second name.
The board picture's cells ("cell") are its abbreviations, in every language alike."""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.game.rulesets import RULESETS
from bot.render.language.cards import deal_name, kind_name, mail_name, space_name
from bot.render.language.i18n import ENGLISH, SUPPORTED, lang

BOT = Path(__file__).resolve().parents[4] / "bot"
NAME_CONTEXTS = {"space", "mail", "deal", "cell", "command"}
"""The names themselves, the board's abbreviations, and slash commands' descriptions, which Discord
keeps to 100 characters (a translation may leave a name out there, never give it another)."""
TITLE = "Pay Day"
"""The game's own name, kept as it is in every language; as a space or a day it is a name like any."""
WORDS = {"Start"}
"""Names that are also plain words: messages write the space START in capitals, "Start" is a button."""


def names(code: str) -> dict[str, str]:
    """English name -> the name in `code`, as the one function for each thing gives it."""
    en, other = lang(ENGLISH), lang(code)
    found = {}
    for rs in RULESETS.values():
        for space in rs.board:
            found[space_name(space, en)] = space_name(space, other)
        for card in rs.mail:
            found[mail_name(card, en)] = mail_name(card, other)
            found[kind_name(card.kind, en)] = kind_name(card.kind, other)
        for deal in rs.deals:
            found[deal_name(deal, en)] = deal_name(deal, other)
    return found


def said(name: str) -> re.Pattern[str]:
    """The name, or its plural in a language that changes a word's last letter ("Affare", "Affari";
    "Addebito Mostruoso", "Addebiti Mostruosi")."""
    words = [re.escape(word[:-1]) + r"\w" if len(word) > 3 else re.escape(word) for word in name.split()]
    return re.compile(r"\s+".join(words), re.IGNORECASE)


def catalogs(code: str) -> list[Path]:
    return sorted(
        [
            BOT / "render" / "locale" / code / "LC_MESSAGES" / "payday.po",
            *BOT.glob(f"features/*/locale/{code}/LC_MESSAGES/payday.po"),
        ]
    )


def naming(message_id: str, english: str) -> bool:
    """Whether the English message names the thing: the whole name, and for "Pay Day" not the
    game's title ("Pay Day — month 1 of 3", "a game of Pay Day", "Pay Day board", "alice's Pay
    Day" on a player's stats)."""
    if not re.search(rf"(?<!\w){re.escape(english)}(?!\w)", message_id):
        return False
    title = rf"{TITLE} —|game|server|rules of {TITLE}|{TITLE} in a nutshell|{TITLE} board|'s {TITLE}$"
    return english != TITLE or not re.search(title, message_id)


def second_names(code: str) -> list[str]:
    known = names(code)
    found = []
    for path in catalogs(code):
        for message in read_po(path.open("rb")):
            if not message.id or message.context in NAME_CONTEXTS:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            longest_first = sorted(known.items(), key=lambda item: -len(item[0]))
            rest = list(ids)
            for english, name in longest_first:
                if len(english) < 4 or english in WORDS or english in ids:
                    continue
                if not any(naming(i, english) for i in rest):
                    continue
                rest = [i.replace(english, "") for i in rest]  # "Charity" in "Walk for Charity" is said
                for text in texts:
                    if text and not said(name).search(text):
                        found.append(f"{path.relative_to(BOT)}: {ids[0]!r} says {text!r}, not {name!r}")
    return found


@pytest.mark.parametrize("code", [code for code in SUPPORTED if code != ENGLISH])
def test_every_message_naming_a_space_or_a_card_uses_its_one_name(code):
    assert second_names(code) == []


def test_the_italian_walk_for_charity_has_one_name():
    it = lang("it")
    [walk] = {space_name(s, it) for rs in RULESETS.values() for s in rs.board if s.name == "Walk for Charity"}
    assert not [line for line in second_names("it") if "Walk for Charity" in line]
    assert walk == "Marcia benefica"


def asks_for_a_name(path: Path) -> bool:
    """Whether the module calls `pgettext` with a name's context itself."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "pgettext" and node.args:
            context = node.args[0]
            if isinstance(context, ast.Constant) and context.value in ("space", "mail", "deal"):
                return True
    return False


def test_only_the_name_functions_translate_a_name():
    """Every screen names a space, a card or a Deal through bot/render/language/cards.py: no other module
    asks the catalog for a name's context itself."""
    for path in sorted([*BOT.rglob("*.py"), *(BOT.parent / "cogs").rglob("*.py")]):
        if not (path.name == "cards.py" and "render" in path.parts):
            assert not asks_for_a_name(path), path.relative_to(BOT.parent)
