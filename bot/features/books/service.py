"""Reading the game's books: a page of the Bank's statement or of the loan book (`/payday ledger`),
everyone's lines or only a player's own payments, and the event-log rows a story is written from
(`/payday log`), of the channel's running game or of a finished one. Both are reads without the
lock: a page a click out of date does no harm.
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
    NOT_SEATED = "ledger_not_seated"
    """Only one's own payments were asked for, by someone who plays no seat in the game."""


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
    seat: int | None = None
    """The reader's seat in the game, or the one they played before a computer took it over (None:
    neither), whose payments they may ask for."""
    mine: bool = False
    """Only the lines of the reader's own payments: from or to their seat's cash or savings."""
    paid: int = 0
    received: int = 0
    """With `mine`: what the reader's seat paid and received in all the book's lines (a move between
    its own cash and savings is neither)."""


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

    async def ledger(
        self,
        channel_id: int,
        book: str,
        page: int,
        game_id: int | None = None,
        *,
        reader: int | None = None,
        mine: bool = False,
    ) -> LedgerPage:
        """A page of the Bank's statement or the loan book of this channel's running game, or of its
        last finished one (`game_id`: of that game, from a page button). `reader`: who reads it; with
        `mine`, only the lines of their seat's own payments, refused if they play no seat in it."""
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
        seat = None if reader is None else _played_by(table, reader)
        if mine and seat is None:
            raise Refused(BooksCode.NOT_SEATED)
        transfers = await self.core.tables.transfers(game_id)
        entries = BOOKS[book](ev.Event.from_record(row.data) for row in transfers)
        paid = received = 0
        if mine and seat is not None:
            entries, paid, received = own_payments(entries, seat)
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
            seat=seat,
            mine=mine,
            paid=paid,
            received=received,
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


def _played_by(table: Table, user_id: int) -> int | None:
    """The seat `user_id` plays, or played before a computer player took it over (None: neither)."""
    seat = table.seat_of(user_id)
    if seat is None:
        seat = next((i for i, s in enumerate(table.seats) if s.replaced == user_id), None)
    return seat


def own_payments(entries: list[Event], seat: int) -> tuple[list[Event], int, int]:
    """The lines from or to `seat`'s cash or savings, in order, and what the seat paid and received
    in them: a move between its own cash and savings is neither."""
    own = {seat, ev.savings_account(seat)}
    lines = [e for e in entries if e.src in own or e.dst in own]
    paid = sum(e.amount for e in lines if e.src in own and e.dst not in own)
    received = sum(e.amount for e in lines if e.dst in own and e.src not in own)
    return lines, paid, received
