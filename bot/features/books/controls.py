"""The books' page buttons as data: their click targets (each carrying its codec, bot/render/custom_ids.py)
and the row each page shows them in. The controls that answer the clicks live beside the cog they
call (cog.py)."""

from dataclasses import dataclass

from bot.features.books.pages import page_buttons
from bot.features.books.service import BOOKS as LEDGERS
from bot.render.components import Button, Rows
from bot.render.custom_ids import GAME, PAGE, Part, Target, clicks
from bot.render.i18n import Lang

BOOKS = tuple(LEDGERS)
"""The books a ledger page button turns to: "bank", then "loans"."""


@clicks("pdg", game_id=GAME, book=Part("|".join(BOOKS), str), page=PAGE)
@dataclass(frozen=True, slots=True)
class LedgerTurn(Target):
    """A page of the Bank's statement ("bank") or of the loan book ("loans"), for a finished game
    as well (the channel is the one clicked in)."""

    game_id: int
    book: str
    page: int


@clicks("pds", game_id=GAME, page=PAGE)
@dataclass(frozen=True, slots=True)
class StoryTurn(Target):
    """A page of a game's story (`/payday log`), for a finished game as well."""

    game_id: int
    page: int


def ledger_rows(game_id: int, book: str, page: int, pages: int, L: Lang) -> Rows:
    """Previous / next page, and a switch to the other book."""
    buttons = []
    if page > 1:
        buttons.append(Button(L._("◀ Newer"), LedgerTurn(game_id, book, page - 1)))
    if page < pages:
        buttons.append(Button(L._("Older ▶"), LedgerTurn(game_id, book, page + 1)))
    other = BOOKS[1 - BOOKS.index(book)]
    label = L._("Loan book") if other == "loans" else L._("Bank statement")
    buttons.append(Button(label, LedgerTurn(game_id, other, 1)))
    return (tuple(buttons),)


def story_rows(game_id: int, page: int, pages: int, L: Lang) -> Rows:
    """The start, earlier, later and the newest page, those that lead somewhere (none: one page)."""
    buttons = tuple(
        Button(label, StoryTurn(game_id, target)) for label, target in page_buttons(page, pages, L)
    )
    return (buttons,) if buttons else ()
