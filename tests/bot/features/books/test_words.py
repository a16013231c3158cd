"""The books in words: a ledger line in Italian, a page of a player's own payments and its buttons in
both languages, and every refusal of the books in both languages."""

import pytest

from bot.features.books.controls import ledger_rows
from bot.features.books.service import BooksCode, LedgerPage
from bot.features.books.words import ledger_embed, line
from bot.game.events import Event, EventKind, Reason
from bot.render.components import Button
from bot.render.language.i18n import NBSP
from bot.render.refusals import refusal_text
from bot.service import Refused
from tests.bot.render.test_each_language import ENGLISH, ITALIAN, assert_italian
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


def own_payments_page(entries: list[Event]) -> LedgerPage:
    return LedgerPage(
        game_id=4,
        book="bank",
        page=1,
        pages=1,
        entries=entries,
        names=NAMES,
        loans=[0, 0, 0],
        savings=None,
        ruleset=MODERN,
        seat=0,
        mine=True,
        paid=250,
        received=3500,
    )


def test_a_page_of_ones_own_payments_reads_in_italian(it):
    salary = Event(EventKind.TRANSFER, amount=3500, src=-1, dst=0, reason=Reason.SALARY, month=1, day=31)
    shown = ledger_embed(own_payments_page([salary]), it)
    assert shown.title == "L'estratto conto della Banca: i tuoi pagamenti"
    assert [(f.name, f.value) for f in shown.fields] == [
        ("I tuoi pagamenti in questo registro", f"Hai pagato 250{NBSP}$ e ricevuto 3.500{NBSP}$.")
    ]
    empty = ledger_embed(own_payments_page([]), it)
    assert empty.description == "In questo registro non c'è ancora niente che tu abbia pagato o ricevuto."
    for text in (shown.title, *(f.name for f in shown.fields), empty.description):
        assert_italian(text)


def test_a_page_of_ones_own_payments_reads_in_english():
    shown = ledger_embed(own_payments_page([]), ENGLISH)
    assert shown.title == "The Bank's statement: your payments"
    assert shown.description == "Nothing you paid or received is in this book yet."
    assert [(f.name, f.value) for f in shown.fields] == [
        ("Your payments in this book", "You paid $250 and received $3,500.")
    ]


def test_the_switch_between_ones_own_payments_and_everyones_reads_in_italian(it):
    def labels(mine: bool) -> list[str]:
        rows = ledger_rows(4, "bank", 1, 2, it, mine=mine, player=True)
        return [b.label for row in rows for b in row if isinstance(b, Button)]

    assert labels(mine=False) == ["Più vecchi ▶", "Registro dei prestiti", "Solo i miei"]
    assert labels(mine=True) == ["Più vecchi ▶", "Registro dei prestiti", "Tutti"]
