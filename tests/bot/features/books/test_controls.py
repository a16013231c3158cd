"""The books' page buttons as a player sees them: each page's buttons in one row, none on a story of
one page."""

from bot.features.books.controls import ONLY_MINE, LedgerTurn, ledger_rows, story_rows
from bot.render.components import Button
from bot.render.custom_ids import custom_id
from bot.render.language.i18n import lang
from cogs.payday.live._controls import view

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


def test_a_page_of_ones_own_payments_keeps_to_them_and_everyones_keeps_the_layout_of_before():
    """A page button of everyone's lines writes the custom_id of every button sent before players
    could choose (`pdg:<game>:<book>:<page>`); one of a player's own payments adds `:1`."""
    everyone = [custom_id(b.target) for row in ledger_rows(GAME, "bank", 2, 3, EN, player=True) for b in row]
    assert everyone == [
        f"pdg:{GAME}:bank:1",
        f"pdg:{GAME}:bank:3",
        f"pdg:{GAME}:loans:1",
        f"pdg:{GAME}:bank:1:1",
    ]
    mine = [custom_id(b.target) for row in ledger_rows(GAME, "bank", 2, 3, EN, mine=True) for b in row]
    assert mine == [
        f"pdg:{GAME}:bank:1:1",
        f"pdg:{GAME}:bank:3:1",
        f"pdg:{GAME}:loans:1:1",
        f"pdg:{GAME}:bank:1",
    ]
    assert LedgerTurn.codec.read(f"pdg:{GAME}:loans:3") == LedgerTurn(GAME, "loans", 3, None)
    assert LedgerTurn.codec.read(f"pdg:{GAME}:loans:3:1") == LedgerTurn(GAME, "loans", 3, ONLY_MINE)
    assert LedgerTurn.codec.read(f"pdg:{GAME}:loans:3:2") is None
