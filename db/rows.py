"""What both stores share between the database and the interface's rows: times as integer
microseconds, the event log's JSON, and the reading of a live or finished game's columns (the SQL
both run is db/sql.py).

Both stores keep times as integer microseconds since the Unix epoch (UTC): exact round trips, cheap
to compare and sort, and the same number in either database, so a copy between them converts
nothing.
"""

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from db.interface import DamagedRow, GameRow, HistoryRow, StaleVersion

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)

dump = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
"""Compact, strict JSON (no NaN), so other tools can read the log."""


def to_us(moment: datetime) -> int:
    if moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware UTC datetime")
    return (moment - _EPOCH) // _MICROSECOND


def from_us(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)


def stamp(now: Clock) -> tuple[int, datetime]:
    """The clock's reading as stored (microseconds) and as returned (UTC), which compare equal."""
    us = to_us(now())
    return us, from_us(us)


def optional_us(moment: datetime | None) -> int | None:
    return None if moment is None else to_us(moment)


def optional_from_us(us: int | None) -> datetime | None:
    return None if us is None else from_us(us)


def encoded_events(events: Sequence[dict[str, Any]]) -> list[str]:
    """Each event as its JSON text, validated before any transaction starts, so bad input never
    reaches the database."""
    for event in events:
        if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
            raise ValueError(f"an event must be a dict with a str 'kind', got {event!r}")
    return [dump(event) for event in events]


def game_row(r: Iterable[Any]) -> GameRow:
    """A live row; a document read as bytes (SQLite) is decoded here, so one bad row fails alone."""
    game_id, channel_id, guild_id, version, data, deadline, created_at, updated_at = r
    try:
        text = data.decode() if isinstance(data, bytes) else data
    except UnicodeDecodeError as e:
        raise DamagedRow(
            game_id, version, channel_id, f"the saved game is not valid UTF-8 ({e.reason})"
        ) from None
    return GameRow(
        game_id,
        channel_id,
        guild_id,
        version,
        text,
        optional_from_us(deadline),
        from_us(created_at),
        from_us(updated_at),
    )


def history_values(row: GameRow, data: str, summary: dict[str, Any], finished_us: int) -> tuple[Any, ...]:
    """A finishing game's history row, as `sql.INSERT_HISTORY` takes it."""
    return (
        row.game_id,
        row.channel_id,
        row.guild_id,
        data,
        dump(summary),
        to_us(row.created_at),
        finished_us,
    )


def history_row(row: Sequence[Any]) -> HistoryRow | None:
    """A history row read, or None (logged) if its saved text is damaged."""
    game_id, channel, guild, data, summary, created, ended = row
    try:
        text = data.decode() if isinstance(data, bytes) else data
        return HistoryRow(
            game_id, channel, guild, text, json.loads(summary), from_us(created), from_us(ended)
        )
    except ValueError:  # UnicodeDecodeError and JSONDecodeError
        log.warning("finished game unreadable", extra={"game": game_id, "channel": channel})
        return None


def live_games(rows: Iterable[Sequence[Any]]) -> list[GameRow]:
    """The live rows that can be read; one that cannot is left out and logged rather than hiding
    every other game (the bot sets it aside when its channel next loads it)."""
    games = []
    for r in rows:
        try:
            games.append(game_row(r))
        except DamagedRow as damage:
            log.warning("live game unreadable", extra={"game": damage.game_id, "channel": damage.channel_id})
    return games


def stale(row: GameRow) -> StaleVersion:
    return StaleVersion(f"game {row.game_id} is no longer at version {row.version}")


def stale_settings(guild_id: int, version: int) -> StaleVersion:
    return StaleVersion(f"server {guild_id}'s settings are no longer at version {version}")
