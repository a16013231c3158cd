"""The one table of refusal words (bot/render/refusal_table.py): a code gets words once, two enums
never share a value, and once the application is imported every refusal code it can raise has words."""

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
from bot.render.i18n import Lang, lang
from bot.render.refusal_table import DuplicateRefusal, enums, register, unwritten, writer
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
    monkeypatch.setattr(refusal_table, "_WRITERS", {})
    monkeypatch.setattr(refusal_table, "_CODES", {})


def test_a_registered_code_is_written_by_its_own_words(empty):
    register({Mine.ASKED: said("You asked."), Mine.TOLD: said("You were told.")})
    assert writer(Mine.TOLD)({}, (), lang("en")) == "You were told."
    assert writer("test_asked")({}, (), lang("en")) == "You asked."


def test_a_code_given_words_twice_is_refused_and_keeps_its_first_words(empty):
    register({Mine.ASKED: said("You asked.")})
    with pytest.raises(
        DuplicateRefusal, match=re.escape("'test_asked' of Mine already has words, as Mine.ASKED")
    ):
        register({Mine.ASKED: said("Something else.")})
    assert writer(Mine.ASKED)({}, (), lang("en")) == "You asked."


def test_another_enums_code_of_the_same_value_is_refused_and_nothing_of_it_is_added(empty):
    register({Mine.ASKED: said("You asked.")})
    with pytest.raises(
        DuplicateRefusal, match=re.escape("'test_asked' of Theirs already has words, as Mine.ASKED")
    ):
        register({Theirs.FIRST: said("First."), Theirs.ASKED: said("They asked.")})
    assert writer(Mine.ASKED)({}, (), lang("en")) == "You asked."
    with pytest.raises(KeyError):
        writer(Theirs.FIRST)
    assert enums() == {Mine}


def test_a_feature_cannot_take_over_the_words_of_a_code_the_application_writes():
    before = refusal_text(Refused(ServiceCode.NO_GAME), lang("en"))

    class Clash(StrEnum):
        NO_GAME = "no_game"

    with pytest.raises(DuplicateRefusal, match=re.escape("as ServiceCode.NO_GAME")):
        register({Clash.NO_GAME: said("Hijacked.")})
    with pytest.raises(DuplicateRefusal, match=re.escape("as ServiceCode.NO_GAME")):
        register({ServiceCode.NO_GAME: said("Hijacked.")})
    assert refusal_text(Refused(ServiceCode.NO_GAME), lang("en")) == before


def test_an_enum_with_a_code_in_the_table_lists_its_members_without_words(empty):
    register({Mine.ASKED: said("You asked.")})
    assert unwritten() == [Mine.TOLD]


def test_the_refusal_enums_never_share_a_value():
    """A code is looked up by its value: two enums sharing one would be written by one sentence (in
    one dict literal, silently, where `register` cannot see it)."""
    members = [code for enum in enums() for code in enum]
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


EVERY_CODE = sorted((code for enum in enums() for code in enum), key=str)
"""Every member of every enum with words in the table (enums with none: the test at the end)."""


def written(code: StrEnum, L: Lang) -> str:
    return refusal_text(Refused(code, ["Ann", "Bob", "Cat"], **EVERY_PARAMETER), L)


@pytest.mark.parametrize("code", EVERY_CODE)
def test_every_refusal_code_reads_in_english(code):
    english = written(code, lang("en"))
    assert english and "{" not in english, english


WHAT_THE_APPLICATION_WRITES = textwrap.dedent(
    """
    import importlib, json
    import bot.app.bot
    from bot.render.refusal_table import enums, unwritten
    importlib.import_module(bot.app.bot.GAME_COG)
    print(json.dumps({
        "enums": sorted(enum.__name__ for enum in enums()),
        "unwritten": [f"{type(code).__name__}.{code.name}" for code in unwritten()],
    }))
    """
)


def test_once_the_application_is_imported_every_refusal_code_has_words():
    """In a fresh interpreter, so no other test's imports register words the application would lack:
    each module writing refusals registers them when it is imported, and the application imports
    them all (the bot, then its cog)."""
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
    assert table["enums"] == [
        "LobbyCode",
        "OptionCode",
        "RefusalCode",
        "ReplayCode",
        "ServiceCode",
        "TakeoverCode",
    ]
