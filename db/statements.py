"""The statements of the store's write transactions, each run as one transaction by
`db.connection.Connection.write`, and the queries they share with the store. Each statement is
one trip to the connection's thread, so a row count comes back with its statement (RETURNING)."""

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
PRUNE_BATCH = 5
"""Games whose logs one prune transaction removes (about 5 ms each, for a whole game's 875 rows): each
transaction stays short, so the bot's writes never wait long behind it, a prune interrupted part way
keeps what it did, and a PostgreSQL standby replays no single huge delete."""
# Finished games, then logs no live, set-aside or finished game owns (lobbies cancelled before a
# closed lobby's log went with it), judged by their newest entry.
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


SET_PREFERENCES = (
    "INSERT INTO preferences (user_id, calls, updated_at) VALUES (?1, ?2, ?3)"
    " ON CONFLICT (user_id) DO UPDATE SET calls = ?2, updated_at = ?3"
)
# A server's first settings (it never chose: ?4 is 0) and its later ones, over the row still at
# version ?4; each leaves the row at ?4 + 1 and returns it, or returns nothing when another writer
# saved since (and writes nothing).
INSERT_SERVER_SETTINGS = (
    "INSERT INTO server_settings (guild_id, data, updated_at, version) VALUES (?1, ?2, ?3, ?4 + 1)"
    " ON CONFLICT (guild_id) DO NOTHING RETURNING version"
)
UPDATE_SERVER_SETTINGS = (
    "UPDATE server_settings SET data = ?2, updated_at = ?3, version = ?4 + 1"
    " WHERE guild_id = ?1 AND version = ?4 RETURNING version"
)


def set_server_settings(version: int) -> str:
    """The statement that saves a server's settings over those at `version` (?1 the server, ?2 the
    settings, ?3 the time, ?4 `version`)."""
    return INSERT_SERVER_SETTINGS if version == 0 else UPDATE_SERVER_SETTINGS


INSERT_HISTORY = f"INSERT INTO history ({HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"


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
