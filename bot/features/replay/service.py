"""A server's finished games looked at again: the step-through replay (`/payday replay`) and the
record to keep (`/payday export`). Reads of history only: no lock, nothing saved; what they hand
back are read models (`Replayed`, `Exported`, `Listed`), and a refusal is a `ReplayCode`.

A look rebuilds the game from its seed and its log (rebuild.py), or takes it from the last few rebuilt,
so a button works the same after a restart; a game that does not rebuild exactly as stored is
refused, never shown wrong.
"""

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.features.replay.exports import record_of
from bot.service.core import Core, UseCases
from bot.service.rebuild import Diverged, Replay, after_start, rebuild, setup_of, verify
from bot.service.tables import Archived
from bot.service.values import Refused
from bot.table import LogKind, Table

log = logging.getLogger(__name__)

MOVES = frozenset({LogKind.STARTED, LogKind.ACTION})
"""The records a game's moves are: a log without any was pruned (whatever else a prune keeps)."""
KEPT_GAMES = 8
"""Rebuilt games kept: stepping through a game is many clicks, and a finished game's log never
changes (a prune only removes it, which every look checks first, with the log's length)."""


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
    log: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Exported:
    """A finished game's record (exports.py)."""

    game_id: int
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Listed:
    """A finished game as a list of them names it (what its history summary says)."""

    game_id: int
    edition: str
    players: tuple[str, ...]


class Replays(UseCases):
    """The looks at finished games, with the last few games rebuilt kept (`KEPT_GAMES`)."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self._games: OrderedDict[int, Replayed] = OrderedDict()

    async def replay(self, channel_id: int, guild_id: int | None, game_id: int, step: int = 0) -> Replayed:
        """Game `game_id` of this server rebuilt, to be shown at `step` (refused if it has none)."""
        _, replayed = await self._replayed(channel_id, guild_id, game_id)
        last = len(replayed.replay.steps) - 1
        if not 0 <= step <= last:
            raise Refused(ReplayCode.NO_STEP, game=game_id, steps=last)
        log.info(
            "replay shown", extra={"channel": channel_id, "game": game_id, "action": "replay", "step": step}
        )
        return replayed

    async def export(self, channel_id: int, guild_id: int | None, game_id: int) -> Exported:
        """Game `game_id` of this server as a record, once it is known to rebuild exactly."""
        archived, replayed = await self._replayed(channel_id, guild_id, game_id)
        row = archived.row
        record = record_of(
            game_id, archived.table, row.summary, replayed.log, row.created_at, row.finished_at
        )
        log.info("game exported", extra={"channel": channel_id, "game": game_id, "action": "export"})
        return Exported(game_id, record)

    async def finished_games(self, guild_id: int | None, limit: int = 25) -> list[Listed]:
        """This server's finished games, newest first, as their summaries name them (for a command's
        suggestions: no game is read or rebuilt)."""
        if guild_id is None:
            return []
        return [
            Listed(
                game_id,
                str(summary.get("ruleset", "")),
                tuple(str(player.get("name", "")) for player in summary.get("players", [])),
            )
            for game_id, summary in await self.core.tables.summaries(guild_id, limit)
        ]

    async def _replayed(
        self, channel_id: int, guild_id: int | None, game_id: int
    ) -> tuple[Archived, Replayed]:
        """The finished game of this server, rebuilt (or as kept); refused if it is another server's,
        its moves were pruned, or it does not rebuild exactly."""
        tables = self.core.tables
        archived = await tables.archived(game_id)
        here = archived is not None and guild_id is not None and archived.row.guild_id == guild_id
        if archived is None or not here or archived.table.state is None:
            raise Refused(ReplayCode.NO_GAME, game=game_id)
        logged = await tables.logged(game_id)
        if not logged:
            raise Refused(ReplayCode.PRUNED, game=game_id)
        kept = self._games.get(game_id)
        if kept is not None and len(kept.log) == logged:
            self._games.move_to_end(game_id)
            return archived, kept
        records, _ = await tables.log_after(game_id, 0)
        if not any(record.get("kind") in MOVES for record in records):
            raise Refused(ReplayCode.PRUNED, game=game_id)  # only what a prune keeps is left
        try:
            # Hundreds of turns of a long game: rebuilt beside the event loop, which keeps serving clicks.
            replay = await asyncio.to_thread(_rebuilt, archived.table, records)
        except Diverged as diverged:
            where = {"channel": channel_id, "game": game_id, "action": "replay"}
            log.warning("finished game does not rebuild: %s", diverged, extra=where)
            raise Refused(ReplayCode.DIVERGED, game=game_id) from None
        self._games[game_id] = Replayed(game_id, archived.table, replay, records)
        while len(self._games) > KEPT_GAMES:
            self._games.popitem(last=False)
        return archived, self._games[game_id]


def _rebuilt(table: Table, records: list[dict[str, Any]]) -> Replay:
    """The game rebuilt from its log and checked against its stored end; Diverged if they differ."""
    setup = setup_of(table.game, table.seed, records)
    replay = rebuild(setup, after_start(records), [seat.name for seat in table.seats])
    verify(replay, table.game)
    return replay
