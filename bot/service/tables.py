"""Load → change → save for one channel at a time: the service's only way to the store.

Every change runs under the channel's lock and is saved, with its event-log rows, in one store
transaction before anyone is told about it. The store is any `db.GameStore`.
"""

import asyncio
import logging
import re
import weakref
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import ClassVar, NamedTuple

from pydantic import ValidationError

from bot.game.events import EventKind
from bot.service.restart import Resume
from bot.table import Table
from db.interface import DamagedRow, EventRow, GameRow, GameStore, Wakeup

log = logging.getLogger(__name__)


class Loaded(NamedTuple):
    row: GameRow
    table: Table


class Finished(NamedTuple):
    """A finished game as history keeps it: its final table and the summary saved with it."""

    game_id: int
    table: Table
    summary: dict


SetAside = Callable[[int, int], Awaitable[None]]
"""Told (channel_id, game_id) once a live game that could not be read has been set aside."""


class Tables:
    """Per-channel locks plus the live games in the store, in the table's terms (the service's
    repository).

    The last row saved for each channel is kept, so a click never reads back what this process just
    wrote; its table is kept only as the row's text, and every `load` parses a table of its own from
    it. So a refused answer or a failed save leaves the kept game exactly as stored, and a snapshot
    already published to the screen never moves. Kept as text, a game is one string the garbage
    collector never walks: a parsed table is some 80 tracked objects, and with one kept per live
    game and a new one per click, the collector's walks over them were the whole p99 tail at 600
    clicks/s (docs/DESIGN.md). A failed write forgets the channel's entry, and a restart starts from
    the store. Only code holding the channel's lock fills that cache (`load`); lock-free readers
    `peek`.

    A live row that cannot be read (not text, or a document this version's model rejects) is set
    aside by the first locked `load` that meets it: moved to the store's quarantine, never
    deleted, its channel told once through `on_set_aside`; the channel then has no game.
    """

    verify: ClassVar[bool] = False
    """Check every table parsed from a row this process wrote, and every document written, against a
    full serialisation of the table (the test suite turns it on), so a text that does not parse
    back to the very table that was saved fails a test."""

    def __init__(self, store: GameStore, on_set_aside: SetAside | None = None) -> None:
        self.store = store
        self.on_set_aside = on_set_aside
        # Weak: a lock lives while someone holds or waits for it, so idle channels cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._rows: dict[int, GameRow] = {}
        """The last row saved or read for each channel; a row read was parsed once (it is valid)."""
        self._verbatim: set[int] = set()
        """Channels whose row's text is this process's serialisation of the table it saved (a row read
        from the store may have been written by an older version, in another layout)."""
        self._resume = Resume(datetime.min)
        """Deadlines to extend after a restart, applied when each game is first loaded."""

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def wakeups(self) -> list[Wakeup]:
        return await self.store.wakeups()

    def resume(self, plan: Resume) -> None:
        """After a restart: extend each overdue deadline in `plan.grace` when its game is next loaded."""
        self._resume = plan

    async def load(self, channel_id: int) -> Loaded | None:
        """The channel's table, parsed for the caller (holding its lock) to change as it likes."""
        return await self.saved(channel_id)

    async def saved(self, channel_id: int, known: Loaded | None = None) -> Loaded | None:
        """The channel's table as last saved, for a caller holding its lock (one that will not change
        it may hand it to `save_message`). `known`: a snapshot the caller holds (the screen's),
        given back as it is when it is still the last save, rather than parsed again."""
        row = self._rows.get(channel_id)
        if row is not None and known is not None and known.row is row:
            if self.verify and channel_id in self._verbatim and known.table.model_dump_json() != row.data:
                raise AssertionError(f"the snapshot of channel {channel_id} changed after its save")
            return known
        if row is not None:
            return Loaded(row, self._parse(row))
        try:
            row = await self.store.get(channel_id)
            table = None if row is None else Table.model_validate_json(row.data)
        except (DamagedRow, ValidationError) as damage:
            await self._set_aside(channel_id, damage, row)
            return None
        if row is None:
            return None
        saved = self._keep(row, table, verbatim=False)
        until = self._resume.grace.pop(channel_id, None)
        if until is not None and table.extend_for_downtime(self._resume.restarted_at, until):
            try:
                saved = await self.save(Loaded(row, table), [{"kind": "restart_grace"}])
            except BaseException:
                self._resume.grace[channel_id] = until
                raise
            log.info(
                "deadline extended after a restart",
                extra={"channel": channel_id, "game": row.game_id, "deadline": until},
            )
        return saved

    async def peek(self, channel_id: int) -> Loaded | None:
        """The channel's table, read without the lock (it may be a click out of date); None if it
        cannot be read (the next locked load sets it aside)."""
        row = self._rows.get(channel_id)
        try:
            if row is not None:
                table = self._parse(row)
            else:
                row = await self.store.get(channel_id)
                if row is None:
                    return None
                table = Table.model_validate_json(row.data)
        except (DamagedRow, ValidationError):
            return None
        until = self._resume.grace.get(channel_id)
        if until is not None:
            table.extend_for_downtime(self._resume.restarted_at, until)
        return Loaded(row, table)

    def _keep(self, row: GameRow, table: Table, *, verbatim: bool) -> Loaded:
        """`table` is what `row` holds now; `verbatim`: the row's text is `table.model_dump_json()`."""
        channel_id = row.channel_id
        self._rows[channel_id] = row
        if verbatim:
            self._verbatim.add(channel_id)
            if self.verify and table.model_dump_json() != row.data:
                raise AssertionError(f"channel {channel_id}'s row was written wrong: {row.data!r}")
        else:
            self._verbatim.discard(channel_id)
        return Loaded(row, table)

    def _forget(self, channel_id: int) -> None:
        self._rows.pop(channel_id, None)
        self._verbatim.discard(channel_id)

    def _parse(self, row: GameRow) -> Table:
        """A new table from a kept row (valid: it was written, or read and parsed, before)."""
        table = Table.model_validate_json(row.data)
        if self.verify and row.channel_id in self._verbatim and table.model_dump_json() != row.data:
            raise AssertionError(f"channel {row.channel_id}'s row does not parse back to the table saved")
        return table

    async def _set_aside(self, channel_id: int, damage: Exception, row: GameRow | None) -> None:
        game_id = damage.game_id if isinstance(damage, DamagedRow) else row.game_id
        reason = damage.reason if isinstance(damage, DamagedRow) else _first_error(damage)
        moved = await self.store.set_aside(game_id, reason)
        log.warning(
            "unreadable game set aside",
            extra={"channel": channel_id, "game": game_id, "reason": reason, "moved": moved},
        )
        self._resume.grace.pop(channel_id, None)
        if moved and self.on_set_aside is not None:
            await self.on_set_aside(channel_id, game_id)

    async def create(self, channel_id: int, guild_id: int | None, table: Table) -> Loaded:
        """A new live row for `table` (the caller then sets it up further and saves it)."""
        row = await self.store.create(channel_id, guild_id, table.model_dump_json(), table.wake_at())
        return self._keep(row, table, verbatim=True)

    async def save(self, loaded: Loaded, records: list[dict] | tuple = ()) -> Loaded:
        """Save the table and the event-log `records` in one transaction. The table is now the
        channel's last save, as the screen may show it: its caller changes it no more (`load` parses
        a new one to go on)."""
        table = loaded.table
        return await self._write(loaded.row, table, table.model_dump_json(), records)

    async def save_message(self, saved: Loaded, message_id: int, month: int) -> Loaded:
        """The last save (`saved`, from `saved`) again, with its live message now `message_id`
        posted in `month`: only those two numbers of the document change, so they are written into
        the saved text rather than serialising the whole table again."""
        table = saved.table.model_copy(update={"message_id": message_id, "message_month": month})
        channel_id, data = saved.row.channel_id, None
        if channel_id in self._verbatim and self._rows.get(channel_id) is saved.row:
            data = with_message(saved.row.data, message_id, month)
        return await self._write(saved.row, table, data or table.model_dump_json(), ())

    async def _write(self, row: GameRow, table: Table, data: str, records: list[dict] | tuple) -> Loaded:
        try:
            row = await self.store.save(row, data, table.wake_at(), records)
        except BaseException:
            self._forget(row.channel_id)
            raise
        return self._keep(row, table, verbatim=True)

    async def finish(self, loaded: Loaded, records: list[dict] | tuple, ending: dict) -> None:
        """Move the game to history with its result (`ending`: why it ended, as codes); the channel
        is free for a new game."""
        table = loaded.table
        st = table.state
        summary = {
            **ending,
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
            self._forget(loaded.row.channel_id)

    async def discard(self, loaded: Loaded) -> None:
        """Drop a lobby that never started."""
        try:
            await self.store.delete(loaded.row)
        finally:
            self._forget(loaded.row.channel_id)

    async def transfers(self, game_id: int) -> list[EventRow]:
        """Every money transfer in a game's log, newest first: the ledger's lines."""
        return await self.store.events(game_id, limit=1_000_000, kinds=[EventKind.TRANSFER])

    async def log_after(self, game_id: int, after: int) -> tuple[list[dict], int]:
        """A game's log rows after the first `after`, oldest first, and how many rows it has in all.
        Sequence numbers count 1, 2, 3... with no gaps, so those are seq `after + 1` to `total` (rows
        logged meanwhile come next time)."""
        total = await self.store.count_events(game_id)
        if total <= after:
            return [], total
        rows = await self.store.events(game_id, limit=total - after, before_seq=total + 1)
        return [row.data for row in reversed(rows)], total

    async def finished(self, channel_id: int, game_id: int | None = None) -> Finished | None:
        """This channel's last finished game, or the one with `game_id` among its recent ones; a
        finished game this version cannot read is passed over."""
        for row in await self.store.history(channel_id=channel_id, limit=1 if game_id is None else 50):
            if game_id is None or row.game_id == game_id:
                try:
                    return Finished(row.game_id, Table.model_validate_json(row.data), row.summary)
                except ValidationError:
                    where = {"channel": channel_id, "game": row.game_id}
                    log.warning("finished game unreadable", extra=where)
                    return None
        return None


_MESSAGE = re.compile(r'"message_id":(?:null|\d+),"message_month":\d+,')
"""The live message's two fields as pydantic writes them, side by side at the document's top level."""


def with_message(data: str, message_id: int, month: int) -> str | None:
    """The saved document `data` with the live message `message_id` of `month`, exactly as the
    table's own serialisation would write it; None if `data` is not laid out as expected. The key
    can appear only once: as a key, its quotes are bare, and inside a string they are escaped."""
    if data.count('"message_id":') != 1:
        return None
    found = _MESSAGE.search(data)
    if found is None:
        return None
    fields = f'"message_id":{int(message_id)},"message_month":{int(month)},'
    return data[: found.start()] + fields + data[found.end() :]


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(map(str, first["loc"])) or "document"
    return f"the saved game does not fit this version ({where}: {first['msg']})"
