"""`python -m bot migrate-to-postgres`: an SQLite file's games, logs, history, results, settings and
reviews, copied into an empty PostgreSQL database in one transaction, and counted on both sides.

Both stores keep the same tables and the same values (times in microseconds, documents as text), so
rows go across unchanged but for SQLite's 0/1 flags, which PostgreSQL keeps as BOOLEAN. Stop the bot
first: the copy reads the file in one snapshot, and anything the bot writes after it is not copied.

Text is read as bytes, so one damaged row (text that is not UTF-8, from a bad disk or an old tool)
does not stop the copy: a live game's row goes to quarantine with its bytes, as the bot would set it
aside; any other row of a game (a log line, a finished game's history) is left out, and the summary
names the game and how many of its rows stayed behind.

A package of its own, above both stores (the command line uses it), so that db's own modules import
neither.
"""

import asyncio
import os
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from db.interface import StoreError
from db.postgres import schema, server
from db.postgres.store import OPERATION_BUDGET
from db.sqlite import files
from db.sqlite.store import Store

TABLES = (
    "games",
    "free_ids",
    "events",
    "history",
    "quarantine",
    "results",
    "placings",
    "ratings",
    "preferences",
    "server_settings",
    "reviews",
)
"""Every table of the bot's data, in the order copied."""
CHUNK = 5_000
"""Rows read from the file and sent to the server at a time: a big event log never sits in memory whole."""
DAMAGED = "text that is not UTF-8, found when copied from SQLite"
"""The quarantine reason of a live game whose document is not text."""


class CopyMismatch(Exception):
    """A table's rows on the server do not count what the file holds; nothing was kept."""


@dataclass(frozen=True, slots=True)
class Copied:
    """How many rows each table brought, in TABLES' order, into which database (host:port/name), and
    the highest game id ever handed out (the next new game takes the one after)."""

    rows: tuple[tuple[str, int], ...]
    into: str
    last_game_id: int
    left_out: tuple[tuple[int, int], ...] = ()
    """(game id, rows) of the games whose rows were left out, their text not UTF-8, by game id."""
    set_aside: tuple[int, ...] = ()
    """Live games moved to quarantine, their documents not UTF-8."""


async def copy_to_postgres(
    sqlite_path: str | os.PathLike[str], url: str, *, schema_name: str | None = None
) -> Copied:
    """Copy the SQLite database at `sqlite_path` into the empty PostgreSQL database at `url` (its
    `schema_name`, for tests); StoreError with one sentence if either cannot be used or the server's
    already holds games, CopyMismatch if the counts disagree. Either way nothing is left half-copied.
    """
    where = server.Url.parse(url)
    path = Path(sqlite_path)
    if not await asyncio.to_thread(path.is_file):
        raise StoreError(f"There is no database at {path}: give the path of the bot's SQLite file.")
    store = await Store.open(path)  # checks the file and brings its schema up to date
    await store.close()
    settings = {} if schema_name is None else {"search_path": schema_name}
    try:
        db = await asyncpg.connect(url, timeout=OPERATION_BUDGET, server_settings=settings)
    except (*server.CONNECTION_TROUBLE, asyncpg.PostgresError, ValueError) as e:
        raise server.open_error(e, where) from None
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    try:
        source.execute("BEGIN")  # one snapshot of every table
        if schema_name is not None:
            await db.execute(f"CREATE SCHEMA IF NOT EXISTS {server.quoted(schema_name)}")
        await schema.upgrade(db)
        async with db.transaction():
            return await _copy(source, db, path, where)
    except (*server.CONNECTION_TROUBLE, asyncpg.PostgresError) as e:
        raise server.trouble(e, where, "copy into") from e
    except schema.SchemaTooNewError as e:
        raise StoreError(
            f"The PostgreSQL database at {where.where} was written by a newer payday-bot (schema {e.found}):"
            " copy into an empty database."
        ) from None
    finally:
        source.close()
        await db.close()


async def _copy(source: sqlite3.Connection, db: asyncpg.Connection, path: Path, where: server.Url) -> Copied:
    for table in TABLES:
        if await db.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise StoreError(
                f"The PostgreSQL database at {where.where} already holds payday-bot data ({table} has"
                " rows): copy only into an empty database, or point DATABASE_URL at a new one."
            )
    types = await _column_types(db)
    copied = []
    left_out: Counter[int] = Counter()
    set_aside: list[int] = []
    for table in TABLES:
        try:
            damaged = await _copy_table(source, db, table, types[table])
            expected = await asyncio.to_thread(_count, source, table)
        except sqlite3.Error as e:
            raise StoreError(
                f"Could not read {table} from {path} ({files.reason(e, path)}): check the disk and the"
                " file, then copy again."
            ) from None
        if damaged and "game_id" not in types[table]:
            raise StoreError(
                f"Could not copy {table} from {path}: {len(damaged)} of its rows hold text that is not"
                " UTF-8; correct or delete them with the sqlite3 shell, then copy again."
            )
        at = list(types[table]).index("game_id") if damaged else 0
        if table == "games":
            set_aside.extend(row[at] for row in damaged)
            await _set_aside(db, damaged, list(types["games"]))
        else:
            left_out.update(row[at] for row in damaged)
        expected += len(set_aside) if table == "quarantine" else -len(damaged)
        found = await db.fetchval(f"SELECT COUNT(*) FROM {table}")
        if found != expected:
            raise CopyMismatch(f"{table}: the file holds {expected} rows to copy, the server took {found}")
        copied.append((table, int(found)))
    last = await asyncio.to_thread(_last_game_id, source)
    await db.execute(schema.NUMBER_ON_FROM.format(last="$1::bigint"), last)
    return Copied(tuple(copied), where.where, last, tuple(sorted(left_out.items())), tuple(set_aside))


async def _set_aside(db: asyncpg.Connection, games: list[tuple[Any, ...]], columns: list[str]) -> None:
    """Live games' rows, their documents as the bytes the file holds, into quarantine."""
    if games:
        now_us = time.time_ns() // 1_000
        await db.copy_records_to_table(
            "quarantine",
            records=[(*game, DAMAGED, now_us) for game in games],
            columns=[*columns, "reason", "quarantined_at"],
        )


async def _column_types(db: asyncpg.Connection) -> dict[str, dict[str, str]]:
    """Each table's columns on the server, in order, with their types."""
    types: dict[str, dict[str, str]] = {}
    for table, column, kind in await db.fetch(
        "SELECT table_name, column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
    ):
        types.setdefault(table, {})[column] = kind
    return types


async def _copy_table(
    source: sqlite3.Connection, db: asyncpg.Connection, table: str, columns: dict[str, str]
) -> list[tuple[Any, ...]]:
    """One table's rows, CHUNK at a time, by PostgreSQL's COPY; those whose text is not UTF-8 are
    left out and returned, with their text as bytes."""
    selected = ", ".join(f"CAST({c} AS BLOB)" if kind in _AS_BYTES else c for c, kind in columns.items())
    convert = [_CONVERT.get(kind) for kind in columns.values()]
    cursor = await asyncio.to_thread(source.execute, f"SELECT {selected} FROM {table}")
    damaged = []
    while chunk := await asyncio.to_thread(cursor.fetchmany, CHUNK):
        records = []
        for row in chunk:
            try:
                records.append(
                    tuple(
                        value if value is None or to is None else to(value)
                        for value, to in zip(row, convert, strict=True)
                    )
                )
            except UnicodeDecodeError:
                damaged.append(tuple(row))
        await db.copy_records_to_table(table, records=records, columns=list(columns))
    return damaged


def _count(source: sqlite3.Connection, table: str) -> int:
    [(count,)] = source.execute(f"SELECT COUNT(*) FROM {table}").fetchall()
    return int(count)


_AS_BYTES = ("bytea", "text")
"""Columns read from SQLite as bytes: text is decoded here, so a row that is not UTF-8 fails alone."""
_CONVERT: dict[str, Callable[[Any], Any]] = {"boolean": bool, "text": bytes.decode}
"""SQLite's values that PostgreSQL keeps in another type (bytes.decode: strict UTF-8)."""


def _last_game_id(source: sqlite3.Connection) -> int:
    """SQLite's AUTOINCREMENT counter for games (0 if no game was ever opened)."""
    found = source.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'").fetchall()
    return int(found[0][0]) if found else 0
