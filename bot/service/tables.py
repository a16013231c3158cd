"""Load → change → save for one channel at a time: the service's only way to the store.

Every change runs under the channel's lock and is saved, with its event-log rows, in one store
transaction before anyone is told about it. The store is any `db.GameStore`.
"""

import asyncio
import logging
import weakref
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from pydantic import ValidationError

from bot.game.events import Event, EventKind
from bot.game.house import house_rules_of
from bot.service.lost import Sent, Unconfirmed, Unsure, moved_after_all, resolve, settings_after_all
from bot.service.ratings import rate
from bot.service.restart import Resume
from bot.service.tallies import LOGGED, Tally, radio_days, tallies
from bot.table import LogKind, Table
from bot.table.settings import ServerSettings
from db.interface import (
    DamagedRow,
    EventRow,
    GameResult,
    GameRow,
    GameStore,
    HistoryRow,
    OutcomeUnknown,
    Preferences,
    SettingsRow,
    Shards,
    Wakeup,
)

log = logging.getLogger(__name__)


class Loaded(NamedTuple):
    row: GameRow
    table: Table


class Finished(NamedTuple):
    """A finished game as history keeps it: its final table and the summary saved with it."""

    game_id: int
    table: Table
    summary: dict[str, Any]


class Archived(NamedTuple):
    """A finished game looked up by its number: its history row (server, dates, summary) and its
    final table."""

    row: HistoryRow
    table: Table


class StoredSettings(NamedTuple):
    """A server's settings as read, and their version in the store (0: it never chose)."""

    settings: ServerSettings
    version: int


class SetAside(NamedTuple):
    """A live game this version could not read, just moved to the store's quarantine (never
    deleted): its channel has no game now, and is to be told once."""

    channel_id: int
    game_id: int


class Landed(Loaded):
    """A save whose answer was lost (`Unconfirmed`), found stored by a later load: nobody was shown
    it yet, so the caller shows it and sets the channel's timer from it."""


class Tables:
    """Per-channel locks plus the live games in the store, in the table's terms (the service's
    repository).

    The last row saved for each channel is kept, so a click never reads back what this process just
    wrote; its table is kept only as the row's text, and every `load` parses a table of its own from
    it. So a refused answer or a failed save leaves the kept game exactly as stored, and a snapshot
    already handed to the screen is never changed afterwards. Kept as text, a game is one string the
    garbage collector never walks, where a parsed table is some 80 objects it would (with one kept
    per live game). A failed write forgets the channel's entry, and a restart starts from the store.
    Only code holding the channel's lock fills that cache (`load`); lock-free readers `peek`.

    Several processes may share the store (docs/SCALING.md): another one may save a game this one
    keeps, and the kept row is then out of date. The store's version check finds that out at the
    next save (`StaleVersion`, which forgets the entry like any failed write), so nothing is ever
    written over a newer game; the service answers it (`Core.changing`). A refusal saves nothing,
    so the service forgets the entry itself before it refuses on it (`Core.settled`).

    A write whose answer was lost (`OutcomeUnknown`: the connection dropped, no answer in time, a
    failed COMMIT) is resolved by reading the game again, never assumed either way (`resolve`):
    made, it went well; not made, `NotSaved`; the store unreadable too, `Unconfirmed`, and for a
    save the channel's next load finds out (`Landed`).
    """

    def __init__(self, store: GameStore, shards: Shards | None = None) -> None:
        self.store = store
        self.shards = shards
        """The shards this process serves (None: all of them): only their games' timers are its own."""
        # Weak: a lock lives while someone holds or waits for it, so idle channels cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._rows: dict[int, GameRow] = {}
        """The last row saved or read for each channel (a row read was parsed once: it is valid)."""
        self._resume = Resume(datetime.min)
        """Deadlines to extend after a restart, applied when each game is first loaded."""
        self._unconfirmed: dict[int, Unsure] = {}
        """Saves and creates no read could tell about yet, by channel: until a load tells, a later
        write in the channel makes them moot, or the game ends."""

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves the server `guild_id`, so times its games."""
        return self.shards is None or self.shards.owns(guild_id)

    def forget(self, channel_id: int) -> None:
        """Drop the channel's kept row (another process saved the game since): the next `load`
        reads the store."""
        self._rows.pop(channel_id, None)

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def wakeups(self) -> list[Wakeup]:
        return await self.store.wakeups(self.shards)

    def resume(self, plan: Resume) -> None:
        """After a restart: extend each overdue deadline in `plan.grace` when its game is next loaded."""
        self._resume = plan

    async def load(self, channel_id: int, known: Loaded | None = None) -> Loaded | SetAside | None:
        """The channel's table as last saved, parsed for the caller (holding the channel's lock) to
        change as it likes; None when the channel has no game. `known`: a snapshot the caller holds
        and will not change (the screen's), given back as it is while it is still the last save.

        A live row that cannot be read (not text, or a document this version's model rejects) is
        moved to the store's quarantine by the first load that meets it, which returns `SetAside`.
        A save no read could confirm (`Unconfirmed`) that is found stored comes back as `Landed`.
        """
        row = self._rows.get(channel_id)
        if row is not None and known is not None and known.row is row:
            return known
        if row is not None:
            return Loaded(row, Table.model_validate_json(row.data))
        unsure = self._unconfirmed.get(channel_id)
        settled = unsure is None or await unsure.lost.settled()  # before the read, which then tells
        try:
            row = await self.store.get(channel_id)
            if row is None:
                if unsure is not None:
                    self._told(channel_id, unsure, row, settled)
                return None
            table = Table.model_validate_json(row.data)
        except DamagedRow as damage:
            return await self._set_aside(channel_id, damage.game_id, damage.version, damage.reason)
        except ValidationError as error:
            assert row is not None  # the store's row was read; its document is what failed
            return await self._set_aside(channel_id, row.game_id, row.version, _first_error(error))
        loaded = Landed(row, table) if unsure is not None and unsure.sent.landed(row) else Loaded(row, table)
        if unsure is None or self._told(channel_id, unsure, row, settled):
            self._rows[channel_id] = row  # else the next load reads the store again, to tell
        until = self._resume.grace.pop(channel_id, None)
        if until is not None and table.extend_for_downtime(self._resume.restarted_at, until):
            try:
                loaded = await self.save(loaded, [{"kind": LogKind.RESTART_GRACE}])
            except BaseException:
                self._resume.grace[channel_id] = until
                raise
            log.info(
                "deadline extended after a restart",
                extra={"channel": channel_id, "game": row.game_id, "deadline": until},
            )
        return loaded

    async def peek(self, channel_id: int) -> Loaded | None:
        """The channel's table, read without the lock (it may be a click out of date); None if it
        cannot be read (the next locked load sets it aside)."""
        row = self._rows.get(channel_id)
        try:
            if row is None:
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

    def _told(self, channel_id: int, unsure: Unsure, row: GameRow | None, settled: bool) -> bool:
        """Whether `row` (read after `settled` was asked) tells the outcome of `unsure`: landed,
        overtaken, or settled. If so the write is forgotten, else the next load looks again."""
        told = settled or unsure.sent.landed(row) or not unsure.sent.untouched(row)
        if told:
            self._unconfirmed.pop(channel_id, None)
        return told

    async def _set_aside(self, channel_id: int, game_id: int, version: int, reason: str) -> SetAside | None:
        """Quarantine the row read (at `version`); None if another process saved or moved it since.
        A move whose answer was lost is resolved by reading the channel (`moved_after_all`)."""
        try:
            moved = await self.store.set_aside(game_id, version, reason)
        except OutcomeUnknown as lost:
            moved = await moved_after_all(self.store, channel_id, game_id, version, lost)
        log.warning(
            "unreadable game set aside",
            extra={"channel": channel_id, "game": game_id, "reason": reason, "moved": moved},
        )
        self._resume.grace.pop(channel_id, None)
        self._unconfirmed.pop(channel_id, None)
        return SetAside(channel_id, game_id) if moved else None

    async def create(self, channel_id: int, guild_id: int | None, table: Table) -> Loaded:
        """A new live row for `table` (the caller then sets it up further and saves it). One whose
        answer was lost is resolved by reading the channel (`resolve`): our row there, it went
        well; none, `NotSaved`; another game's, `GameExists`."""
        data = table.model_dump_json()
        try:
            row = await self.store.create(channel_id, guild_id, data, table.wake_at())
        except OutcomeUnknown as lost:
            row = await self._landed_after_all(channel_id, Sent(data), lost)
        self._unconfirmed.pop(channel_id, None)  # a row of ours there: no earlier write can land
        self._rows[channel_id] = row
        return Loaded(row, table)

    async def save(self, loaded: Loaded, records: Sequence[dict[str, Any]] = ()) -> Loaded:
        """Save the table and the event-log `records` in one transaction. The table is now the
        channel's last save, as the screen may show it: its caller changes it no more (`load` parses
        a new one to go on)."""
        table, data = loaded.table, loaded.table.model_dump_json()
        try:
            row = await self.store.save(loaded.row, data, table.wake_at(), records)
        except OutcomeUnknown as lost:
            self._rows.pop(loaded.row.channel_id, None)
            row = await self._landed_after_all(loaded.row.channel_id, Sent(data, loaded.row), lost)
        except BaseException:
            self._rows.pop(loaded.row.channel_id, None)
            raise
        self._unconfirmed.pop(row.channel_id, None)  # the row moved on: no earlier write can land
        self._rows[row.channel_id] = row
        return Loaded(row, table)

    async def _landed_after_all(self, channel_id: int, sent: Sent, lost: OutcomeUnknown) -> GameRow:
        """The stored row of a save or create whose answer was `lost`, if it landed (`resolve`).
        When the read cannot tell (`Unconfirmed`: the store unreadable, or a PostgreSQL statement
        whose connection dropped, or whose client gave up waiting, may still be on its way or
        running on the server, and commit after the read), the channel's loads look again until
        one tells (`Landed` if it landed); the caller has the channel's timer wake soon to look
        (`Core.changing`). `NotSaved` is final: the write can no longer land."""

        async def landed(stored: GameRow | None) -> bool:
            return sent.landed(stored)

        try:
            row = await resolve(
                self.store, "create" if sent.row is None else "save", channel_id, sent.row, lost, landed
            )
        except Unconfirmed:
            self._unconfirmed[channel_id] = Unsure(sent, lost)
            raise
        assert row is not None, "a write that landed is the channel's row"
        return row

    async def finish(
        self, loaded: Loaded, records: Sequence[dict[str, Any]], summary: dict[str, Any], result: GameResult
    ) -> None:
        """Move the game to history with its `summary` (`summary_of`), and record its `result` for
        the server's history, stats and ratings, in one transaction; the channel is free for a new
        game."""
        data, game_id = loaded.table.model_dump_json(), loaded.row.game_id

        async def landed(stored: GameRow | None) -> bool:
            return await self.store.finished_game(game_id) is not None

        try:
            await self.store.finish(loaded.row, data, summary, records, (result, rate))
        except OutcomeUnknown as lost:
            await resolve(self.store, "finish", loaded.row.channel_id, loaded.row, lost, landed)
        finally:
            self._rows.pop(loaded.row.channel_id, None)
        self._unconfirmed.pop(loaded.row.channel_id, None)  # the game is over: its writes with it

    async def standings_posted(self, game_id: int, message_id: int) -> None:
        """A finished game's standings were posted as `message_id`: history links to them from now
        on, rather than to its last board."""
        await self.store.set_result_message(game_id, message_id)

    async def discard(self, loaded: Loaded) -> None:
        """Drop a lobby that never started."""
        lobby = loaded.row

        async def landed(stored: GameRow | None) -> bool:
            return stored is None or (stored.game_id, stored.created_at) != (lobby.game_id, lobby.created_at)

        try:
            await self.store.delete(lobby)
        except OutcomeUnknown as lost:
            await resolve(self.store, "close", lobby.channel_id, lobby, lost, landed)
        finally:
            self._rows.pop(lobby.channel_id, None)
        self._unconfirmed.pop(lobby.channel_id, None)  # the lobby is gone: its writes with it

    async def preferences(self, user_ids: Iterable[int]) -> dict[int, Preferences]:
        """The lasting choices of those members who made any."""
        return await self.store.preferences(list(user_ids))

    async def remember_calls(self, user_id: int, on: bool) -> None:
        """The member's calls by name, on or off in every game they play from now on. A write whose
        answer was lost is made once more: it sets a value, so landing twice is landing once."""
        try:
            await self.store.set_preferences(user_id, calls=on)
        except OutcomeUnknown as lost:
            log.warning("preference write unconfirmed: made again", extra={"user": user_id, "why": str(lost)})
            await self.store.set_preferences(user_id, calls=on)

    async def server_settings(self, guild_id: int | None) -> ServerSettings:
        """A server's settings for its new games (the defaults: no server, or one that never chose).
        Read from the store each time, never kept: another process may change them any moment."""
        if guild_id is None:
            return ServerSettings()
        return (await self.stored_settings(guild_id)).settings

    async def stored_settings(self, guild_id: int) -> StoredSettings:
        """A server's settings with their version, for a change to name when it saves them."""
        row = await self.store.server_settings(guild_id)
        if row is None:
            return StoredSettings(ServerSettings(), 0)
        return StoredSettings(ServerSettings.read(row.data), row.version)

    async def save_server_settings(
        self, guild_id: int, settings: ServerSettings, version: int
    ) -> StoredSettings:
        """Save a server's settings over those read at `version` (0: it never chose); StaleVersion,
        with nothing written, if another process saved them since.

        A save whose answer was lost is resolved by reading them again: at version + 1 with ours,
        it went well; still at `version`, `NotSaved` (once the save can no longer land, else
        `Unconfirmed`); another's, StaleVersion; unreadable, `Unconfirmed`. (No timer runs on
        settings: the panel shows what is stored when next opened.)"""
        data = settings.to_json()
        try:
            row = await self.store.set_server_settings(guild_id, data, version)
        except OutcomeUnknown as lost:
            row = await settings_after_all(self.store, guild_id, SettingsRow(version + 1, data), lost)
        return StoredSettings(settings, row.version)

    async def transfers(self, game_id: int) -> list[EventRow]:
        """Every money transfer in a game's log, newest first: the ledger's lines."""
        return await self.store.events(game_id, limit=1_000_000, kinds=[EventKind.TRANSFER])

    async def tallied(
        self, game_id: int, events: Iterable[Event], players: int, ruleset: str
    ) -> tuple[Tally, ...]:
        """Each player's tally from the game's log and `events`, the last ones, not logged yet."""
        logged = await self.store.events(game_id, limit=1_000_000, kinds=LOGGED)
        every = [*(Event.from_record(row.data) for row in logged), *events]
        return tallies(every, players, radio_days(ruleset))

    async def log_after(self, game_id: int, after: int) -> tuple[list[dict[str, Any]], int]:
        """A game's log rows after the first `after`, oldest first, and how many rows it has in all.
        Sequence numbers count 1, 2, 3... with no gaps, so those are seq `after + 1` to `total` (rows
        logged meanwhile come next time)."""
        total = await self.store.count_events(game_id)
        if total <= after:
            return [], total
        rows = await self.store.events(game_id, limit=total - after, before_seq=total + 1)
        return [row.data for row in reversed(rows)], total

    async def summaries(self, guild_id: int, limit: int) -> list[tuple[int, dict[str, Any]]]:
        """A server's finished games, newest first: each one's number and history summary."""
        return [
            (row.game_id, row.summary) for row in await self.store.history(guild_id=guild_id, limit=limit)
        ]

    async def logged(self, game_id: int) -> int:
        """How many rows a game's log has (none once pruned)."""
        return await self.store.count_events(game_id)

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

    async def archived(self, game_id: int) -> Archived | None:
        """Finished game `game_id` of any channel (None if there is none this version can read)."""
        row = await self.store.finished_game(game_id)
        if row is None:
            return None
        try:
            return Archived(row, Table.model_validate_json(row.data))
        except ValidationError:
            log.warning("finished game unreadable", extra={"channel": row.channel_id, "game": game_id})
            return None


def summary_of(table: Table, ending: dict[str, Any], tallied: Sequence[Tally]) -> dict[str, Any]:
    """A finished game as history keeps it: why it ended (`ending`, as codes); its edition, house
    rules and whether anyone took a hint, which its rating depends on; each player's net worth and
    tally (its standings read the same after a prune) and who played and left each seat's turns."""
    state = table.game
    return {
        **ending,
        "months": state.months,
        "ruleset": state.ruleset,
        "house_rules": house_rules_of(state.ruleset, state.rules),
        "hinted": table.hinted,
        "players": [
            {
                "name": seat.name,
                "user_id": seat.user_id,
                "net_worth": state.net_worth(i),
                "tally": tally.stored(),
                # How well the computer played the seat, for stats by strength (read only for a
                # seat whose result is the computer's: a person may have taken it over late).
                "strength": seat.strength.value,
                # Who played the seat's turns and who left it: whom its result rates (results.py).
                "turns": seat.turns,
                "stints": [stint.model_dump() for stint in seat.stints],
            }
            for i, (seat, tally) in enumerate(zip(table.seats, tallied, strict=True))
        ],
        "winners": state.winners,
    }


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(map(str, first["loc"])) or "document"
    return f"the saved game does not fit this version ({where}: {first['msg']})"
