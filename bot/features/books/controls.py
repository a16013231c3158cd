"""The books' page buttons as data: their click targets (each carrying its codec, bot/render/custom_ids.py)
and the row each page shows them in. The controls that answer the clicks live beside the cog they
call (cog.py)."""

from dataclasses import dataclass

from bot.features.books.pages import page_buttons
from bot.features.books.service import BOOKS as LEDGERS
from bot.render.components import Button, Rows
from bot.render.custom_ids import GAME, PAGE, Added, Part, Target, clicks
from bot.render.language.i18n import Lang

BOOKS = tuple(LEDGERS)
"""The books a ledger page button turns to: "bank", then "loans"."""
ONLY_MINE = 1
"""A ledger page button's `mine`: the clicker's own payments only."""


@clicks("pdg", game_id=GAME, book=Part("|".join(BOOKS), str), page=PAGE, mine=Added("1", int, absent=None))
@dataclass(frozen=True, slots=True)
class LedgerTurn(Target):
    """A page of the Bank's statement ("bank") or of the loan book ("loans"), for a finished game
    as well (the channel is the one clicked in); `mine` (ONLY_MINE): only the clicker's own
    payments, None: everyone's, as on every button sent before players could choose."""

    game_id: int
    book: str
    page: int
    mine: int | None = None


def ledger_turn(game_id: int, book: str, page: int, mine: bool) -> LedgerTurn:
    return LedgerTurn(game_id, book, page, ONLY_MINE if mine else None)


@clicks("pds", game_id=GAME, page=PAGE)
@dataclass(frozen=True, slots=True)
class StoryTurn(Target):
    """A page of a game's story (`/payday log`), for a finished game as well."""

    game_id: int
    page: int


def ledger_rows(
    game_id: int, book: str, page: int, pages: int, L: Lang, *, mine: bool = False, player: bool = False
) -> Rows:
    """Previous / next page and a switch to the other book, each keeping to the reader's own
    payments if the page shows only those (`mine`); for a `player` of the game, or on a page of
    their own payments, a switch between theirs and everyone's (from the first page)."""
    buttons = []
    if page > 1:
        buttons.append(Button(L._("◀ Newer"), ledger_turn(game_id, book, page - 1, mine)))
    if page < pages:
        buttons.append(Button(L._("Older ▶"), ledger_turn(game_id, book, page + 1, mine)))
    other = BOOKS[1 - BOOKS.index(book)]
    label = L._("Loan book") if other == "loans" else L._("Bank statement")
    buttons.append(Button(label, ledger_turn(game_id, other, 1, mine)))
    if mine or player:
        switch = L._("Everyone") if mine else L._("Only mine")
        buttons.append(Button(switch, ledger_turn(game_id, book, 1, not mine)))
    return (tuple(buttons),)


def story_rows(game_id: int, page: int, pages: int, L: Lang) -> Rows:
    """The start, earlier, later and the newest page, those that lead somewhere (none: one page)."""
    buttons = tuple(
        Button(label, StoryTurn(game_id, target)) for label, target in page_buttons(page, pages, L)
    )
    return (buttons,) if buttons else ()
