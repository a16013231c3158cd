"""Load → change → save for one channel at a time: the only way the cog changes a game.

Every change runs under the channel's lock and is saved, with its event-log rows, in one store
transaction before anyone is told about it.
"""

import asyncio
import logging
import weakref
from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple

from bot.game import engine
from bot.game.actions import Action
from bot.game.events import Event
from bot.game.rulesets import RULESETS
from bot.render.events import describe
from bot.render.i18n import lang
from bot.table import Table
from db.store import GameRow, Store

log = logging.getLogger(__name__)


class Loaded(NamedTuple):
    row: GameRow
    table: Table


@dataclass(slots=True)
class Played:
    """What one or more applied actions did, for the log, the store and the players."""

    events: list[Event] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    records: list[dict] = field(default_factory=list)

    def extend(self, other: "Played") -> None:
        self.events += other.events
        self.lines += other.lines
        self.records += other.records


def recorded(table: Table, events: list[Event]) -> tuple[list[str], list[dict]]:
    """Each event in (English) words, and as its event-log record: the event's codes and numbers
    only, since nothing rendered is saved with a game."""
    names = [seat.name for seat in table.seats]
    ruleset = RULESETS[table.state.ruleset]
    english = lang("en")
    return [describe(e, names, ruleset, english) for e in events], [e.to_dict() for e in events]


def play(table: Table, action: Action, now: datetime) -> Played:
    """Apply one action to the table's game; raises IllegalAction with the table untouched."""
    state = table.state
    prompt, pending = state.prompt, state.pending
    _, events = engine.apply(state, action)
    lines, records = recorded(table, events)
    answered = {
        "kind": "action",
        "seat": action.seat,
        "action": action.kind,
        "value": action.value,
        "prompt": prompt,
        "question": pending.kind if pending else None,
        "timed_out": action.timed_out,
    }
    table.remember(lines)
    table.set_timers(now)
    return Played(events, lines, [answered, *records])


class Tables:
    """Per-channel locks plus the live games in the store, in the table's terms.

    The last row saved for each channel is kept, so a click skips reading back what this process
    just wrote; a failed write forgets it, and a restart starts from the store. Only code holding
    the channel's lock fills that cache (`load`); lock-free readers `peek`.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        # Weak: a lock lives while someone holds or waits for it, so idle channels cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._rows: dict[int, GameRow] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def load(self, channel_id: int) -> Loaded | None:
        """The channel's table, for a caller holding its lock."""
        row = self._rows.get(channel_id)
        if row is None:
            row = await self.store.get(channel_id)
            if row is None:
                return None
            self._rows[channel_id] = row
        return Loaded(row, Table.model_validate_json(row.data))

    async def peek(self, channel_id: int) -> Loaded | None:
        """The channel's table, read without the lock (it may be a click out of date)."""
        row = self._rows.get(channel_id) or await self.store.get(channel_id)
        return None if row is None else Loaded(row, Table.model_validate_json(row.data))

    async def create(self, channel_id: int, guild_id: int | None, table: Table) -> Loaded:
        row = await self.store.create(channel_id, guild_id, table.model_dump_json(), table.wake_at())
        self._rows[channel_id] = row
        return Loaded(row, table)

    async def save(self, loaded: Loaded, records: list[dict] | tuple = ()) -> Loaded:
        table, channel_id = loaded.table, loaded.row.channel_id
        try:
            row = await self.store.save(loaded.row, table.model_dump_json(), table.wake_at(), records)
        except BaseException:
            self._rows.pop(channel_id, None)
            raise
        self._rows[channel_id] = row
        return Loaded(row, table)

    async def finish(self, loaded: Loaded, records: list[dict] | tuple, reason: str) -> None:
        """Move the game to history with its result; the channel is free for a new game."""
        table = loaded.table
        st = table.state
        summary = {
            "reason": reason,
            "months": st.months,
            "ruleset": st.ruleset,
            "players": [
                {"name": seat.name, "user_id": seat.user_id, "net_worth": st.net_worth(i)}
                for i, seat in enumerate(table.seats)
            ],
            "winners": st.winners,
        }
        try:
            await self.store.finish(loaded.row, table.model_dump_json(), summary, records)
        finally:
            self._rows.pop(loaded.row.channel_id, None)

    async def discard(self, loaded: Loaded) -> None:
        """Drop a lobby that never started."""
        try:
            await self.store.delete(loaded.row)
        finally:
            self._rows.pop(loaded.row.channel_id, None)
