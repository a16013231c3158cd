"""Reading the game's books: a page of the Bank's statement or of the loan book (`/payday ledger`),
and the event-log rows a story is written from (`/payday log`), of the channel's running game or of
a finished one. Both are reads without the lock: a page a click out of date does no harm.
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.game import events as ev
from bot.game.bank import bank_statement, loan_book
from bot.game.events import Event
from bot.game.rulesets import RULESETS, Ruleset
from bot.service.core import UseCases
from bot.service.values import Refused
from bot.table import Table

LEDGER_PAGE = 15
"""Ledger lines per page."""
BOOKS = {"bank": bank_statement, "loans": loan_book}
"""Which view of the ledger each book is: the engine's, so the books can't disagree with the money."""


class BooksCode(StrEnum):
    """Why a page of the books cannot be read."""

    NO_LEDGER = "no_ledger"
    LEDGER_GONE = "ledger_gone"
    NO_STORY = "no_story"
    """No game has been played in this channel yet: no story to read."""
    STORY_GONE = "story_gone"
    """The game of a story page button is no longer kept."""


@dataclass(frozen=True, slots=True)
class LedgerPage:
    game_id: int
    book: str
    page: int
    pages: int
    entries: list[Event]
    names: list[str]
    loans: list[int]
    savings: list[int] | None
    ruleset: Ruleset


@dataclass(frozen=True, slots=True)
class StoryRows:
    """A game's event-log rows logged after the first `after` (oldest first), for its story; `total`
    rows in all. The table gives the names and the edition."""

    game_id: int
    table: Table
    rows: list[dict[str, Any]]
    after: int
    total: int


class BookReader(UseCases):
    """The ledger's pages and the story's rows, of a running game or a finished one."""

    async def ledger(self, channel_id: int, book: str, page: int, game_id: int | None = None) -> LedgerPage:
        """A page of the Bank's statement or the loan book of this channel's running game, or of its
        last finished one (`game_id`: of that game, from a page button)."""
        loaded = await self.core.tables.peek(channel_id)
        table: Table
        if game_id is None and loaded is not None and loaded.table.state is not None:
            game_id, table = loaded.row.game_id, loaded.table
        elif game_id is not None and loaded is not None and loaded.row.game_id == game_id:
            table = loaded.table
        else:
            finished = await self.core.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(BooksCode.NO_LEDGER if game_id is None else BooksCode.LEDGER_GONE)
            game_id, table = finished.game_id, finished.table
        transfers = await self.core.tables.transfers(game_id)
        entries = BOOKS[book](ev.Event.from_record(row.data) for row in transfers)
        pages = max(1, -(-len(entries) // LEDGER_PAGE))
        page = min(page, pages)
        players = table.game.players
        rules = RULESETS[table.game.ruleset]
        return LedgerPage(
            game_id=game_id,
            book=book,
            page=page,
            pages=pages,
            entries=entries[(page - 1) * LEDGER_PAGE : page * LEDGER_PAGE],
            names=[seat.name for seat in table.seats],
            loans=[p.loan for p in players],
            savings=[p.savings for p in players] if rules.rules.savings else None,
            ruleset=rules,
        )

    async def story(self, channel_id: int, game_id: int | None = None, after: int = 0) -> StoryRows:
        """The log rows of this channel's running game, or of its last finished one (`game_id`: of
        that game, from a page button), after the first `after` (a story already read that far)."""
        loaded = await self.core.tables.peek(channel_id)
        table: Table
        if loaded is not None and loaded.table.state is not None and game_id in (None, loaded.row.game_id):
            game_id, table = loaded.row.game_id, loaded.table
        else:
            finished = await self.core.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(BooksCode.NO_STORY if game_id is None else BooksCode.STORY_GONE)
            game_id, table = finished.game_id, finished.table
        rows, total = await self.core.tables.log_after(game_id, after)
        return StoryRows(game_id, table, rows, after, total)
