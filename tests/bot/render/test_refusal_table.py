"""The one table of refusal words (bot/render/refusal_table.py, a phrasebook): a code gets words once,
two enums never share a value, and once the application is imported every refusal code it can raise
has words."""

import json
import re
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

import pytest

import cogs.payday  # noqa: F401 - the application's modules, registering their refusal words
from bot.render import refusal_table
from bot.render.language.i18n import Lang, lang
from bot.render.phrasebook import DuplicateWords, Phrasebook
from bot.render.refusals import refusal_text
from bot.service.values import Refused, ServiceCode

ROOT = Path(__file__).resolve().parents[3]


class Mine(StrEnum):
    ASKED = "test_asked"
    TOLD = "test_told"


class Theirs(StrEnum):
    FIRST = "test_first"
    ASKED = "test_asked"
    """The same value as Mine.ASKED."""


def said(words: str):
    return lambda p, n, L: words


@pytest.fixture
def empty(monkeypatch):
    """A table of its own, so the application's stays as its modules registered it."""
    monkeypatch.setattr(refusal_table, "REFUSALS", Phrasebook("refusal"))


def test_a_registered_code_is_written_by_its_own_words(empty):
    refusal_table.REFUSALS.register({Mine.ASKED: said("You asked."), Mine.TOLD: said("You were told.")})
    assert refusal_table.REFUSALS.writer(Mine.TOLD)({}, (), lang("en")) == "You were told."
    assert refusal_table.REFUSALS.writer("test_asked")({}, (), lang("en")) == "You asked."


def test_a_code_given_words_twice_is_refused_and_keeps_its_first_words(empty):
    refusal_table.REFUSALS.register({Mine.ASKED: said("You asked.")})
    with pytest.raises(
        DuplicateWords, match=re.escape("'test_asked' of Mine already has words, as Mine.ASKED")
    ):
        refusal_table.REFUSALS.register({Mine.ASKED: said("Something else.")})
    assert refusal_table.REFUSALS.writer(Mine.ASKED)({}, (), lang("en")) == "You asked."


def test_another_enums_code_of_the_same_value_is_refused_and_nothing_of_it_is_added(empty):
    refusal_table.REFUSALS.register({Mine.ASKED: said("You asked.")})
    with pytest.raises(
        DuplicateWords, match=re.escape("'test_asked' of Theirs already has words, as Mine.ASKED")
    ):
        refusal_table.REFUSALS.register({Theirs.FIRST: said("First."), Theirs.ASKED: said("They asked.")})
    assert refusal_table.REFUSALS.writer(Mine.ASKED)({}, (), lang("en")) == "You asked."
    with pytest.raises(KeyError):
        refusal_table.REFUSALS.writer(Theirs.FIRST)
    assert refusal_table.REFUSALS.enums() == {Mine}


def test_a_feature_cannot_take_over_the_words_of_a_code_the_application_writes():
    before = refusal_text(Refused(ServiceCode.NO_GAME), lang("en"))

    class Clash(StrEnum):
        NO_GAME = "no_game"

    with pytest.raises(DuplicateWords, match=re.escape("as ServiceCode.NO_GAME")):
        refusal_table.REFUSALS.register({Clash.NO_GAME: said("Hijacked.")})
    with pytest.raises(DuplicateWords, match=re.escape("as ServiceCode.NO_GAME")):
        refusal_table.REFUSALS.register({ServiceCode.NO_GAME: said("Hijacked.")})
    assert refusal_text(Refused(ServiceCode.NO_GAME), lang("en")) == before


def test_an_enum_with_a_code_in_the_table_lists_its_members_without_words(empty):
    refusal_table.REFUSALS.register({Mine.ASKED: said("You asked.")})
    assert refusal_table.REFUSALS.unwritten() == [Mine.TOLD]


def test_the_refusal_enums_never_share_a_value():
    """A code is looked up by its value: two enums sharing one would be written by one sentence (in
    one dict literal, silently, where `register` cannot see it)."""
    members = [code for enum in refusal_table.REFUSALS.enums() for code in enum]
    assert len({code.value for code in members}) == len(members)


EVERY_PARAMETER = {
    "ruleset": "modern",
    "choices": ["modern", "classic"],
    "least": 2,
    "most": 6,
    "step": 1000,
    "savings": 500,
    "cap": 10_000,
    "loan": 2000,
    "cash": 300,
    "fee": 100,
    "number": 4,
    "seat": 1,
    "seats": [1],
    "host": "Ann",
    "name": "Bob",
    "permissions": ["embed_links", "attach_files"],
    "rule": "salary",
    "option": "seconds",
    "game": 4,
    "steps": 9,
    "free": ["Cat"],
    "until": datetime(2026, 1, 1, tzinfo=UTC),
}
"""Whatever any refusal's sentence reads, in a form each reads."""


EVERY_CODE = sorted((code for enum in refusal_table.REFUSALS.enums() for code in enum), key=str)
"""Every member of every enum with words in the table (enums with none: the test at the end)."""


def written(code: StrEnum, L: Lang) -> str:
    return refusal_text(Refused(code, ["Ann", "Bob", "Cat"], **EVERY_PARAMETER), L)


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_refusal_code_reads_in_english(code):
    english = written(code, lang("en"))
    assert english and "{" not in english, english


WHAT_THE_APPLICATION_WRITES = textwrap.dedent(
    """
    import importlib, json, sys
    from enum import StrEnum
    import bot.app.bot
    from bot.features import extensions
    from bot.render.refusal_table import REFUSALS
    for extension in [bot.app.bot.GAME_COG, *extensions()]:
        importlib.import_module(extension)
    print(json.dumps({
        "enums": sorted(enum.__name__ for enum in REFUSALS.enums()),
        "unwritten": [f"{type(code).__name__}.{code.name}" for code in REFUSALS.unwritten()],
        "features'": sorted(
            value.__name__
            for name, module in list(sys.modules.items()) if name.startswith("bot.features.")
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, StrEnum) and value.__module__ == name
            and value.__name__.endswith("Code")
        ),
    }))
    """
)


def test_once_the_application_is_imported_every_refusal_code_has_words():
    """In a fresh interpreter, so no other test's imports register words the application would lack:
    each module writing refusals registers them when it is imported, and the application imports
    them all (the bot, then its cog and every feature's extension)."""
    process = subprocess.run(
        [sys.executable, "-c", WHAT_THE_APPLICATION_WRITES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert process.returncode == 0, process.stderr
    table = json.loads(process.stdout)
    assert table["unwritten"] == []
    core = ["LobbyCode", "OptionCode", "RefusalCode", "ServiceCode"]
    assert set(core) | set(table["features'"]) <= set(table["enums"])
