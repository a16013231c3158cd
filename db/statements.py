"""The statements of the store's write transactions, each run between BEGIN IMMEDIATE and COMMIT by
`db.connection.Connection.write`, and the queries they share with the store."""

from collections.abc import Iterable
from typing import Any

import aiosqlite

HISTORY_COLUMNS = "game_id, channel_id, guild_id, data, summary, created_at, finished_at"
# One statement appends a save's whole run of events, numbered on from the end of the log inside
# the write transaction.
APPEND_EVENTS = (
    "INSERT INTO events (game_id, seq, at, kind, data)"
    " SELECT ?1, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1) + e.key + 1, ?2,"
    " json_extract(e.value, '$.kind'), e.value FROM json_each(?3) AS e"
)
# Finished games, then logs no live, set-aside or finished game owns (lobbies that were cancelled),
# judged by their newest entry.
PRUNABLE = """
    SELECT game_id FROM history AS h WHERE finished_at < ?1
        AND EXISTS (SELECT 1 FROM events AS e WHERE e.game_id = h.game_id)
    UNION
    SELECT game_id FROM events GROUP BY game_id HAVING MAX(at) < ?1
        AND game_id NOT IN (SELECT game_id FROM games)
        AND game_id NOT IN (SELECT game_id FROM quarantine)
        AND game_id NOT IN (SELECT game_id FROM history)
"""

EventParams = tuple[int, int, str]
"""The parameters of APPEND_EVENTS: the game, the time, the events as one JSON array."""


async def insert_game(db: aiosqlite.Connection, params: tuple[Any, ...]) -> int:
    async with db.execute(
        "INSERT INTO games (channel_id, guild_id, version, data, deadline, created_at, updated_at)"
        " VALUES (?, ?, 1, ?, ?, ?, ?)",
        params,
    ) as cursor:
        game_id = cursor.lastrowid
    assert game_id is not None, "an INSERT always has a row id"
    return game_id


async def changed(db: aiosqlite.Connection, sql: str, params: Iterable[Any]) -> int:
    """How many rows one statement changed."""
    async with db.execute(sql, params) as cursor:
        return cursor.rowcount


async def update_game(db: aiosqlite.Connection, update: tuple[Any, ...], events: EventParams | None) -> bool:
    """False, with nothing written, when the row is no longer at the caller's version."""
    sql = (
        "UPDATE games SET version = version + 1, data = ?, deadline = ?, updated_at = ?"
        " WHERE game_id = ? AND version = ?"
    )
    if await changed(db, sql, update) != 1:
        return False
    if events is not None:
        await changed(db, APPEND_EVENTS, events)
    return True


async def delete_game(db: aiosqlite.Connection, key: tuple[int, int]) -> bool:
    return await changed(db, "DELETE FROM games WHERE game_id = ? AND version = ?", key) == 1


async def finish_game(
    db: aiosqlite.Connection, key: tuple[int, int], events: EventParams | None, history: tuple[Any, ...]
) -> bool:
    if not await delete_game(db, key):
        return False
    if events is not None:
        await changed(db, APPEND_EVENTS, events)
    await changed(db, f"INSERT INTO history ({HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", history)
    return True


async def quarantine(db: aiosqlite.Connection, game_id: int, reason: str, now_us: int) -> bool:
    moved = await changed(
        db,
        "INSERT INTO quarantine (game_id, channel_id, guild_id, version, data, deadline, created_at,"
        " updated_at, reason, quarantined_at) SELECT game_id, channel_id, guild_id, version,"
        " CAST(data AS BLOB), deadline, created_at, updated_at, ?, ? FROM games WHERE game_id = ?",
        (reason, now_us, game_id),
    )
    await changed(db, "DELETE FROM games WHERE game_id = ?", (game_id,))
    return moved == 1


async def delete_events(db: aiosqlite.Connection, *, game_ids: list[int]) -> int:
    marks = ",".join("?" * len(game_ids))
    return await changed(db, f"DELETE FROM events WHERE game_id IN ({marks})", game_ids)
