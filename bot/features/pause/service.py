"""Pausing a game and resuming it (`/payday pause`, `/payday resume`: the host or Manage Channels).

A pause stops every clock of the game and keeps the time each had left in the table
(`Table.pause`), so it survives a restart: a paused game's only timer is the one that ends it by
itself after `Table.pause_end_days`. Meanwhile every change of the game is refused (`core.unpaused`)
and looks still work. Resuming starts the clocks again with the time that was left.
"""

from enum import StrEnum

from bot.service.core import UseCases, log_change, rules_refuse
from bot.service.tables import Loaded
from bot.service.values import Answer, LiveView, Note, Person, Refused, ServiceCode, Update
from bot.table import LogKind, lobby


class PauseNote(StrEnum):
    """What the person who paused or resumed the game is told."""

    PAUSED = "paused"
    """ends: when the paused game ends by itself unless it is resumed."""
    RESUMED = "resumed"
    """until: when time runs out on the question the game waits on (None: no person is asked)."""


class PauseCode(StrEnum):
    """Why pausing or resuming is refused (beyond the core's: no game, not the host, paused)."""

    NOT_PAUSED = "not_paused"


class Pausing(UseCases):
    """Stopping and starting a running game's clocks."""

    async def pause(self, channel_id: int, person: Person) -> Update:
        """Stop the game's clocks; the live message says who paused it."""
        async with self.core.changing(channel_id):
            loaded = await self._may_pause(channel_id, person)
            table = loaded.table
            if table.paused is not None:
                raise Refused(ServiceCode.PAUSED, name=table.paused.name)
            table.pause(person.user_id, table.board_name(person.user_id, person.name), self.core.now())
            ends = table.pause_ends()
            return await self._saved(loaded, LogKind.PAUSED, person, Note(PauseNote.PAUSED, {"ends": ends}))

    async def resume(self, channel_id: int, person: Person) -> Update:
        """Start the clocks again with the time they had left."""
        async with self.core.changing(channel_id):
            loaded = await self._may_pause(channel_id, person)
            table = loaded.table
            if table.paused is None:
                raise Refused(PauseCode.NOT_PAUSED)
            table.resume(self.core.now())
            said = Note(PauseNote.RESUMED, {"until": table.deadline})
            return await self._saved(loaded, LogKind.RESUMED, person, said)

    async def _may_pause(self, channel_id: int, person: Person) -> Loaded:
        """The channel's running game, if `person` may pause or resume it, else the refusal."""
        loaded = await self.core.running(channel_id, None)
        with rules_refuse():
            lobby.may_stop(loaded.table, person.user_id, person.manages_channel)
        return loaded

    async def _saved(self, loaded: Loaded, kind: LogKind, person: Person, said: Note) -> Update:
        """Save the change with its record, show the live message, arm the timer the table now has."""
        loaded = await self.core.tables.save(loaded, [{"kind": kind, "by": person.user_id}])
        log_change(f"game {kind}", loaded, by=person.user_id)
        live, answer = LiveView(loaded), Answer(said=said)
        return self.core.publish(Update(loaded.row.channel_id, loaded, live=live, answer=answer))
