"""The books' page buttons as a player sees them: each page's buttons in one row, none on a story of
one page."""

from cogs.payday._controls import view

from bot.features.books.controls import ledger_rows, story_rows
from bot.render.components import Button
from bot.render.i18n import lang

EN = lang("en")
GAME = 42


def test_a_story_of_one_page_has_no_view():
    """An edit with no view takes the buttons away (one page)."""
    assert view(story_rows(GAME, 1, 1, EN)) is None


def test_each_page_keeps_its_buttons_in_one_row():
    assert [b.label for row in ledger_rows(GAME, "bank", 2, 3, EN) for b in row if isinstance(b, Button)] == [
        "◀ Newer",
        "Older ▶",
        "Loan book",
    ]
    assert [b.label for row in story_rows(GAME, 3, 5, EN) for b in row if isinstance(b, Button)] == [
        "⏮ Start",
        "◀ Earlier",
        "Later ▶",
        "Now ⏭",
    ]
