"""The books in words: a ledger line in Italian, and every refusal of the books in both languages."""

import pytest

from bot.features.books.service import BooksCode
from bot.features.books.words import line
from bot.game.events import Event, EventKind, Reason
from bot.render.i18n import NBSP
from bot.render.refusals import refusal_text
from bot.service import Refused
from tests.bot.render.test_italian import ENGLISH, ITALIAN, assert_italian
from tests.bot.render.test_words import MODERN, NAMES


@pytest.fixture
def it():
    """Italian, with an empty record of the messages the catalog lacked."""
    ITALIAN.missing.clear()
    yield ITALIAN
    assert not ITALIAN.missing, f"messages the Italian catalog lacks: {sorted(ITALIAN.missing)}"


def test_a_ledger_line_reads_in_italian(it):
    event = Event(EventKind.TRANSFER, amount=3500, src=-1, dst=0, reason=Reason.SALARY, month=1, day=31)
    assert line(event, NAMES, MODERN, it) == f"`M1 G31` Banca → Ann **3.500{NBSP}$** · salario"


@pytest.mark.parametrize("code", list(BooksCode))
def test_every_refusal_of_the_books_reads_in_english_and_in_italian(code, it):
    english = refusal_text(Refused(code), ENGLISH)
    assert english and "{" not in english
    italian = refusal_text(Refused(code), it)
    assert_italian(italian)
    assert italian != english
