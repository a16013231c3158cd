"""The statements of the SQLite store's write transactions, each run as one transaction by
`db.sqlite.connection.Connection.write`. Each statement is one trip to the connection's thread, so a
row count comes back with its statement (RETURNING)."""

from collections.abc import Iterable
from typing import Any

import aiosqlite

from db.sql import INSERT_HISTORY

# One statement appends a save's whole run of events, numbered on from the end of the log inside
# the write transaction.
APPEND_EVENTS = (
    "INSERT INTO events (game_id, seq, at, kind, data)"
    " SELECT ?1, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1) + e.key + 1, ?2,"
    " json_extract(e.value, '$.kind'), e.value FROM json_each(?3) AS e"
)
EventParams = tuple[int, int, str]
"""The parameters of APPEND_EVENTS: the game, the time, the events as one JSON array."""


async def insert_game(db: aiosqlite.Connection, params: tuple[Any, ...]) -> tuple[int, int]:
    """A new live row, (its id, its version): the smallest id a closed lobby gave back, one version
    above that lobby's last, else a new id at version 1."""
    [(game_id, version)] = await db.execute_fetchall(
        "INSERT INTO games (game_id, channel_id, guild_id, version, data, deadline, created_at,"
        " updated_at) SELECT f.game_id, ?, ?, COALESCE(f.version + 1, 1), ?, ?, ?, ?"
        " FROM (SELECT NULL) LEFT JOIN (SELECT game_id, version FROM free_ids ORDER BY game_id LIMIT 1)"
        " AS f RETURNING game_id, version",
        params,
    )
    await run(db, "DELETE FROM free_ids WHERE game_id = ?", (game_id,))
    return int(game_id), int(version)


async def changed(db: aiosqlite.Connection, sql: str, params: Iterable[Any]) -> int:
    """How many rows one statement changed: `sql` ends with a RETURNING clause, so the count comes
    back with the statement itself."""
    return len(list(await db.execute_fetchall(sql, params)))


async def run(db: aiosqlite.Connection, sql: str, params: Iterable[Any]) -> None:
    """One statement whose rows changed nobody asks about."""
    await db.execute_fetchall(sql, params)


async def update_game(db: aiosqlite.Connection, update: tuple[Any, ...], events: EventParams | None) -> bool:
    """False, with nothing written, when the row is no longer at the caller's version."""
    sql = (
        "UPDATE games SET version = version + 1, data = ?, deadline = ?, updated_at = ?"
        " WHERE game_id = ? AND version = ? RETURNING 1"
    )
    if await changed(db, sql, update) != 1:
        return False
    if events is not None:
        await run(db, APPEND_EVENTS, events)
    return True


async def delete_game(db: aiosqlite.Connection, key: tuple[int, int]) -> bool:
    return await changed(db, "DELETE FROM games WHERE game_id = ? AND version = ? RETURNING 1", key) == 1


async def drop_lobby(db: aiosqlite.Connection, key: tuple[int, int]) -> bool:
    """A lobby that never started leaves nothing: its row and log go, and its id is given back."""
    if not await delete_game(db, key):
        return False
    await run(db, "DELETE FROM events WHERE game_id = ?", key[:1])
    await run(db, "INSERT INTO free_ids (game_id, version) VALUES (?, ?)", key)
    return True


async def finish_game(
    db: aiosqlite.Connection, key: tuple[int, int], events: EventParams | None, history: tuple[Any, ...]
) -> bool:
    if not await delete_game(db, key):
        return False
    if events is not None:
        await run(db, APPEND_EVENTS, events)
    await run(db, INSERT_HISTORY, history)
    return True


async def quarantine(db: aiosqlite.Connection, key: tuple[int, int], reason: str, now_us: int) -> bool:
    """Move the live row (game id, version) `key` to the quarantine; nothing if it changed since."""
    moved = await changed(
        db,
        "INSERT INTO quarantine (game_id, channel_id, guild_id, version, data, deadline, created_at,"
        " updated_at, reason, quarantined_at) SELECT game_id, channel_id, guild_id, version,"
        " CAST(data AS BLOB), deadline, created_at, updated_at, ?, ? FROM games"
        " WHERE game_id = ? AND version = ? RETURNING 1",
        (reason, now_us, *key),
    )
    await run(db, "DELETE FROM games WHERE game_id = ? AND version = ?", key)
    return moved == 1


async def delete_events(db: aiosqlite.Connection, *, game_ids: list[int]) -> int:
    marks = ",".join("?" * len(game_ids))
    return await changed(db, f"DELETE FROM events WHERE game_id IN ({marks}) RETURNING 1", game_ids)
