"""The story read from the stored event log, row by row, one block per turn.

The rows come as `describe_record` takes them, old rows from before issue 8 included, so the story
can be written in any reader's language, at any time, for a finished game too.
A block opens at a movement roll and its heading carries the roll as a die face and the day it
lands on; lines that only repeat a neighbour are left out (the BOUGHT after its payment, the ante's
payment before "anted"), consecutive Lottery draws share a line, and the big moments stand out
with a sign and bold type: the Jackpot, a Lottery, Radio Contest or Poker Game won, a Deal sold
and its profit, each Pay Day's result, the end of the game.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.game import events as ev
from bot.game.calendar import PAYDAY_DAY, SpaceKind
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import Ruleset
from bot.render.language.cards import deal_name, jackpot_name, pot_name, space_name, weekday_name
from bot.render.language.events import describe, stored_text
from bot.render.language.i18n import Lang
from bot.render.language.ledger import reason_text
from bot.render.language.lists import and_list
from bot.render.story.block import (
    END_SIGN,
    JACKPOT_SIGN,
    LOTTERY_SIGN,
    PAYDAY_SIGN,
    POKER_SIGN,
    RADIO_SIGN,
    RETIRED_SIGN,
    SALE_SIGN,
    Block,
    big,
    die,
)
from bot.render.story.books import Books
from bot.table import LogKind, TableKind

_SKIPPED = frozenset(
    {LogKind.ACTION, LogKind.LOBBY, LogKind.STARTED, LogKind.RESTART_GRACE, LogKind.CLOCK_RESTARTED}
)
"""Rows of the log that are bookkeeping, not the story (each player's click is told by its events)."""
_TABLE = frozenset(TableKind)
"""Rows about the seats (a player left, was taken for away, is back), written like the live message's."""


class Story:
    """A game's story, read row by row: `read` more rows as the game goes on (a cached story only
    reads the rows logged since), `blocks` any time."""

    def __init__(
        self, names: Sequence[str], ruleset: Ruleset, L: Lang, escape: Callable[[str], str] = str
    ) -> None:
        self.names, self.ruleset, self.L, self.escape = names, ruleset, L, escape
        n = len(names)
        self.books = Books(months=[1] * n, cash=[0] * n, loans=[0] * n)
        self._blocks: list[Block] = []
        self.rows = 0
        """Rows read so far."""
        self.awaiting_move = -1
        """The seat whose movement roll opened the block and whose landing its heading still lacks."""
        self.roll = 0
        self.draws: list[int] = []
        """Faces of the Lottery draw being read (they share one line)."""
        self.previous: Event | None = None
        self.start_cash: list[Event] = []
        self.walk: Event | None = None
        """A Walk for Charity roll whose payment, next, shares its line."""

    # -- blocks ---------------------------------------------------------------------------------
    def read(self, records: Iterable[dict[str, Any]]) -> None:
        for record in records:
            self.row(record)
            self.rows += 1

    def blocks(self) -> list[Block]:
        """The story so far; lines still held back (to share one with a row not logged yet) are
        written as they stand, without changing what later rows will make of them."""
        held = self.start_cash_lines() + self.held_lines()
        if not held:
            return list(self._blocks)
        last = self._blocks[-1] if self._blocks else Block(self.opening())
        return [*self._blocks[:-1], Block(last.heading, [*last.lines, *held])]

    def opening(self) -> str:
        return self.L._("The game begins")

    def block(self) -> Block:
        if not self._blocks:
            self._blocks.append(Block(self.opening()))
        return self._blocks[-1]

    def add(self, line: str) -> None:
        self.flush_held()
        self.block().lines.append(line)

    def held_lines(self) -> list[str]:
        """Lines held back to share one with what follows (a Walk roll and its payment, a Lottery
        draw's faces), as they read if nothing joins them."""
        lines = [] if self.walk is None else [self.rolled(self.walk)]
        if self.draws:
            faces = " · ".join(die(face) for face in self.draws)
            lines.append(self.L._("Lottery draw: {faces}", faces=faces))
        return lines

    def flush_held(self) -> None:
        lines = self.held_lines()
        if lines:
            self.walk, self.draws = None, []
            self.block().lines.extend(lines)

    def start_cash_lines(self) -> list[str]:
        """The Bank's start cash, one line when everyone got the same."""
        paid = self.start_cash
        if len(paid) > 1 and len({e.amount for e in paid}) == 1:
            players = and_list([self.names[e.dst] for e in paid], self.L)
            return [
                self.L._(
                    "{players} each collected {amount} from the Bank ({reason})",
                    players=players,
                    amount=self.L.money(paid[0].amount),
                    reason=reason_text(paid[0], self.ruleset, self.L),
                )
            ]
        return [describe(e, self.names, self.ruleset, self.L) for e in paid]

    def flush_start_cash(self) -> None:
        lines, self.start_cash = self.start_cash_lines(), []
        for line in lines:
            self.add(line)

    # -- rows -----------------------------------------------------------------------------------
    def row(self, record: dict[str, Any]) -> None:
        kind = record.get("kind")
        if kind in _SKIPPED:
            return
        if "amount" not in record:  # a row the cog wrote about the table, not an engine event
            self.other(record)
            return
        e = Event.from_record(record)
        if kind == EventKind.TRANSFER and e.reason == Reason.START_CASH:
            self.books.count(e)
            self.start_cash.append(e)
            return
        self.flush_start_cash()
        if kind == EventKind.TRANSFER:
            self.books.count(e)
        if kind == EventKind.ROLLED and e.reason == Reason.LOTTERY_DRAW:
            self.draws.append(e.value)
        elif kind == EventKind.ROLLED and not e.reason:
            self.movement(e)
        elif kind == EventKind.MOVED and e.seat == self.awaiting_move:
            self.landed(e)
        else:
            line = self.line(e, record)
            if line:
                self.add(line)
        self.previous = e

    def movement(self, e: Event) -> None:
        """A movement roll opens the player's turn; its heading waits for where the token lands."""
        self.flush_held()
        self.awaiting_move, self.roll = e.seat, e.value
        self._blocks.append(
            Block(
                self.L._(
                    "Month {month} · {player} {face}",
                    month=self.books.months[e.seat],
                    player=self.names[e.seat],
                    face=die(e.value),
                )
            )
        )

    def landed(self, e: Event) -> None:
        self.awaiting_move = -1
        day = e.value
        if not 0 <= day < len(self.ruleset.board):
            return
        if day == PAYDAY_DAY:
            self.books.payday[e.seat] = 0
        self.block().heading = self.L._(
            "Month {month} · {player} {face} → {weekday} {day}: {space}",
            month=self.books.months[e.seat],
            player=self.names[e.seat],
            face=die(self.roll),
            weekday=weekday_name(day, self.L),
            day=day,
            space=space_name(self.ruleset.board[day], self.L),
        )

    def line(self, e: Event, record: dict[str, Any]) -> str | None:
        """The event's line in the block, a big moment's in bold, or None when a neighbour says it."""
        L, previous = self.L, self.previous
        kind = e.kind
        if kind == EventKind.MOVED and e.value == PAYDAY_DAY:
            self.books.payday[e.seat] = 0
        if kind == EventKind.ROLLED:
            if self.space_kind(e) == SpaceKind.WALK:
                self.flush_held()
                self.walk = e
                return None
            return self.rolled(e)
        if kind == EventKind.TRANSFER:
            return self.transfer(e, record)
        if kind == EventKind.BOUGHT:
            self.books.paid[e.value] = self.books.last_paid.get(e.seat, 0)
            if previous is not None and previous.reason == Reason.DEAL_BOUGHT and previous.ref == e.value:
                return None  # "Ann paid $7,000 to the Bank (bought Teen Jeans)" said it
        if kind == EventKind.SOLD:  # the sale's big line said it, unless logged before the codes
            sold = previous is not None and previous.reason == Reason.DEAL_SOLD
            return None if sold else big(SALE_SIGN, self.said(record))
        if kind == EventKind.ANTED and previous is not None and previous.reason == Reason.LOTTERY_ANTE:
            return self.anted(e)
        if kind == EventKind.PUT_IN and previous is not None and previous.dst == ev.POT:
            return None  # "Bob paid $100 to the poker pot (Poker Game)" said it
        if kind in (EventKind.NEW_MONTH, EventKind.RETIRED):
            return self.payday_result(e)
        if kind == EventKind.GAME_OVER:
            self.flush_held()
            self._blocks.append(Block(L._("Final result")))  # its line says "Game over: …"
            return big(END_SIGN, self.said(record))
        return self.said(record)

    def said(self, record: dict[str, Any]) -> str:
        """The row in words: an old row's stored English (escaped here), else the codes written out."""
        stored = stored_text(record)
        if stored is not None:
            return self.escape(stored)
        return describe(Event.from_record(record), self.names, self.ruleset, self.L)

    def rolled(self, e: Event) -> str:
        L = self.L
        if e.reason:
            return L._(
                "{player} rolled {face} ({reason})",
                player=self.names[e.seat],
                face=die(e.value),
                reason=reason_text(e, self.ruleset, L),
            )
        return L._("{player} rolled {face}", player=self.names[e.seat], face=die(e.value))

    def anted(self, e: Event) -> str:
        """The ante and its payment in one line (the ANTED event follows the payment to the pot)."""
        return self.L._(
            "{player} paid {amount} into {pot} for number {number}",
            player=self.names[e.seat],
            amount=self.L.money(e.amount),
            pot=pot_name(self.ruleset, self.L),
            number=e.value,
        )

    def transfer(self, e: Event, record: dict[str, Any]) -> str | None:
        L, rs = self.L, self.ruleset
        if e.reason == Reason.LOTTERY_ANTE:
            return None  # the ANTED line that follows says it, with the number
        walk, self.walk = self.walk, None
        paid_for = None if walk is None else (walk.seat, ev.JACKPOT, walk.reason, walk.ref)
        if walk is not None and (e.src, e.dst, e.reason, e.ref) == paid_for:
            return L._(
                "{player} rolled {face} and paid {amount} into {jackpot} ({reason})",
                player=self.names[walk.seat],
                face=die(walk.value),
                amount=L.money(e.amount),
                jackpot=jackpot_name(rs, L),
                reason=reason_text(e, rs, L),
            )
        self.walk = walk
        text = self.said(record)
        if e.src == ev.JACKPOT:
            return big(JACKPOT_SIGN, text)
        if e.reason == Reason.LOTTERY_WIN:
            return big(LOTTERY_SIGN, text)
        if e.reason == Reason.DEAL_SOLD and 0 <= e.ref < len(rs.deals) and 0 <= e.dst < len(self.names):
            deal = rs.deals[e.ref]
            profit = e.amount - self.books.paid.pop(e.ref, deal.cost)
            return big(
                SALE_SIGN,
                L._(
                    "{player} sold {deal} to the Bank for {amount}: a profit of {profit}",
                    player=self.names[e.dst],
                    deal=deal_name(deal, L),
                    amount=L.money(e.amount),
                    profit=L.signed(profit),
                ),
            )
        if e.dst >= 0:
            kind = self.space_kind(e)
            if kind == SpaceKind.RADIO and e.src == ev.BANK:
                return big(RADIO_SIGN, text)
            if kind == SpaceKind.POKER and e.src == ev.POT:
                return big(POKER_SIGN, text)
        return text

    def space_kind(self, e: Event) -> SpaceKind | None:
        """The kind of the space an event's reason names, if it names one."""
        board = self.ruleset.board
        return board[e.ref].kind if e.reason == Reason.SPACE and 0 <= e.ref < len(board) else None

    def payday_result(self, e: Event) -> str:
        """A finished Pay Day: what it gained or lost, and where the player stands after it."""
        L, seat = self.L, e.seat
        result = self.books.payday.pop(seat, None)
        player = self.names[seat]
        if e.kind == EventKind.RETIRED:
            worth = L.money(e.amount)
            if result is None:
                return big(
                    RETIRED_SIGN,
                    L._("{player} retires with a net worth of {worth}", player=player, worth=worth),
                )
            return big(
                RETIRED_SIGN,
                L._(
                    "Pay Day for {player}: {result}. {player} retires with a net worth of {worth}",
                    player=player,
                    result=L.signed(result),
                    worth=worth,
                ),
            )
        self.books.months[seat] = e.value
        cash, loan = L.money(self.books.cash[seat]), L.money(self.books.loans[seat])
        return big(
            PAYDAY_SIGN,
            L._(
                "Pay Day for {player}: {result} (cash {cash}, loan {loan}); month {month} begins",
                player=player,
                result=L.signed(result or 0),
                cash=cash,
                loan=loan,
                month=e.value,
            ),
        )

    def other(self, record: dict[str, Any]) -> None:
        """A row the service wrote about the table: a player left or back, the game ended by a person."""
        L, kind = self.L, record.get("kind")
        seat = record.get("seat")
        if kind in _TABLE and isinstance(seat, int) and 0 <= seat < len(self.names):
            self.add(describe(Event.from_record(record), self.names, self.ruleset, L))
        elif kind == LogKind.ENDED:
            self.add(L._("The game was ended early."))
        elif kind == LogKind.ABANDONED:
            self.add(L._("Every player left the game."))
        elif kind == LogKind.GONE:
            self.add(L._("The game's channel or thread could no longer be reached: the game ended."))
        elif kind == LogKind.IDLE:
            self.add(L._("Nobody played for days: the game ended by itself."))
        elif kind == LogKind.PAUSE_EXPIRED:
            self.add(L._("The game stayed paused too long and ended by itself."))
        elif isinstance(record.get("text"), str):  # an English line stored with the row
            self.add(self.escape(record["text"]))


def blocks(
    records: Iterable[dict[str, Any]],
    names: Sequence[str],
    ruleset: Ruleset,
    L: Lang,
    *,
    escape: Callable[[str], str] = str,
) -> list[Block]:
    """The story of a game from its stored log rows, oldest first. `names` are the seats' names as
    they are to be shown (already escaped); `escape` makes any text stored with an old row as safe."""
    story = Story(names, ruleset, L, escape)
    story.read(records)
    return story.blocks()
