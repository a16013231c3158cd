"""A server's finished games looked at again: the step-through replay (`/payday replay`) and the
record to keep (`/payday export`). Reads of history only: no lock, nothing saved.

Every look rebuilds the game from its seed and its log (replay.py), so a button works the same after
a restart with nothing kept in memory; a game that does not rebuild exactly as stored is refused,
never shown wrong.
"""

import logging
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.service.core import Core
from bot.service.records import record_of
from bot.service.replay import Diverged, Replay, after_start, rebuild, setup_of, verify
from bot.service.tables import Archived
from bot.service.values import Refused
from bot.table import Table

log = logging.getLogger(__name__)


class ReplayCode(StrEnum):
    """Refusals of a replay or an export; each has `game`, the game's number."""

    NO_GAME = "replay_no_game"
    """No game of that number finished in this server."""
    PRUNED = "replay_pruned"
    """The game's moves were pruned (`python -m bot prune`): only its result is kept."""
    DIVERGED = "replay_diverged"
    """The game does not rebuild exactly as stored (made by rules this version plays otherwise)."""
    NO_STEP = "replay_no_step"
    """steps: the game's last step; a forged button asked for another."""


@dataclass(frozen=True, slots=True)
class Replayed:
    """A finished game rebuilt: its final table, its steps, and its log (for the words)."""

    game_id: int
    table: Table
    replay: Replay
    log: list[dict]


@dataclass(frozen=True, slots=True)
class Exported:
    """A finished game's record (bot/service/records.py)."""

    game_id: int
    record: dict[str, Any]


class Replays:
    def __init__(self, core: Core) -> None:
        self.core = core

    async def replay(self, guild_id: int | None, game_id: int, step: int = 0) -> Replayed:
        """Game `game_id` of this server rebuilt, to be shown at `step` (refused if it has none)."""
        archived, records = await self._kept(guild_id, game_id)
        replayed = Replayed(game_id, archived.table, self._rebuilt(archived, records), records)
        last = len(replayed.replay.steps) - 1
        if not 0 <= step <= last:
            raise Refused(ReplayCode.NO_STEP, game=game_id, steps=last)
        return replayed

    async def export(self, guild_id: int | None, game_id: int) -> Exported:
        """Game `game_id` of this server as a record, once it is known to rebuild exactly."""
        archived, records = await self._kept(guild_id, game_id)
        self._rebuilt(archived, records)
        row = archived.row
        record = record_of(game_id, archived.table, row.summary, records, row.created_at, row.finished_at)
        return Exported(game_id, record)

    async def _kept(self, guild_id: int | None, game_id: int) -> tuple[Archived, list[dict]]:
        """The finished game of this server and its whole log; refused if it is another server's, or
        its moves were pruned."""
        archived = await self.core.tables.archived(game_id)
        here = archived is not None and guild_id is not None and archived.row.guild_id == guild_id
        if archived is None or not here or archived.table.state is None:
            raise Refused(ReplayCode.NO_GAME, game=game_id)
        records, _ = await self.core.tables.log_after(game_id, 0)
        if not records:
            raise Refused(ReplayCode.PRUNED, game=game_id)
        return archived, records

    @staticmethod
    def _rebuilt(archived: Archived, records: list[dict]) -> Replay:
        table = archived.table
        try:
            setup = setup_of(table.game, table.seed, records)
            replay = rebuild(setup, after_start(records), [seat.name for seat in table.seats])
            verify(replay, table.game)
        except Diverged as diverged:
            where = {"channel": archived.row.channel_id, "game": archived.row.game_id, "action": "replay"}
            log.warning("finished game does not rebuild: %s", diverged, extra=where)
            raise Refused(ReplayCode.DIVERGED, game=archived.row.game_id) from None
        return replay
