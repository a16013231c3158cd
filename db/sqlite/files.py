"""The database file itself: preparing it at open, checking it, backing it up, checkpointing its log,
and the one-sentence errors an admin can act on.

Everything here is synchronous and uses a short-lived sqlite3 connection of its own, so callers run
it in a worker thread (`asyncio.to_thread`) or outside the event loop (the command line), never on
the event loop's thread.
"""

import os
import sqlite3
from pathlib import Path

from db.interface import StoreError
from db.sqlite import migrations

REASONS = {
    sqlite3.SQLITE_PERM: "permission denied",
    sqlite3.SQLITE_READONLY: "the file is read-only",
    sqlite3.SQLITE_BUSY: "another program is holding a lock on it",
    sqlite3.SQLITE_LOCKED: "another program is holding a lock on it",
    sqlite3.SQLITE_IOERR: "disk I/O error",
    sqlite3.SQLITE_CORRUPT: "the file is corrupt",
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_CANTOPEN: "the file cannot be opened",
    sqlite3.SQLITE_NOTADB: "not a SQLite database",
}
"""Failures caused by the machine rather than by our code: each becomes a StoreError an admin can fix."""
DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)

LIVE_TABLES = ("games", "quarantine", "sqlite_sequence")
"""What the bot reads at start and rewrites on every click, checked before it writes anything."""
FIRST_WITH_LIVE_TABLES = 3
"""The schema version (migration) that created every table in LIVE_TABLES."""


class Damaged(Exception):
    """PRAGMA quick_check found the file damaged; the argument is its first finding."""


def code(error: sqlite3.Error) -> int | None:
    """SQLite's primary result code; None for errors raised by Python's module itself (a text column
    that is not UTF-8, a closed cursor), which carry none."""
    extended: int | None = getattr(error, "sqlite_errorcode", None)
    return None if extended is None else extended & 0xFF


def reason(error: BaseException, path: Path) -> str:
    """What went wrong with the file at `path`, in a few words."""
    if isinstance(error, sqlite3.Error):
        primary = code(error)
        if path.is_dir():
            return "it is a directory"
        if primary in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY) and not os.access(
            path.parent, os.W_OK
        ):
            return "permission denied"
        return REASONS.get(primary, str(error)) if primary is not None else str(error)
    if isinstance(error, FileExistsError | NotADirectoryError):
        blocker = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), path.parent)
        return f"{blocker} is a file, not a directory"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)


def open_error(path: Path, why: str) -> StoreError:
    return StoreError(f"Cannot open the database at {path} ({why}): set DATABASE_PATH to a writable file.")


def damaged_error(path: Path, finding: str) -> StoreError:
    return StoreError(
        f"The database at {path} is damaged ({finding}): stop the bot, then restore your latest backup"
        f" over it (README, 'Backup and restore') or salvage it with `sqlite3 {path} .recover | sqlite3"
        " recovered.sqlite3` and set DATABASE_PATH to recovered.sqlite3."
    )


def prepare(path: Path) -> None:
    """Switch the file to WAL, check the live games' tables, and bring the schema up to date.

    Runs once at open, before the store's connection exists, so every way a bad DATABASE_PATH can
    fail surfaces here. The check runs before any upgrade, so a damaged file is never written to.
    It covers the schema and LIVE_TABLES only: a whole-file check reads the event log too, seconds
    for a big file (`check_file` does it, beside the running bot).
    """
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL").fetchall()
        [(version,)] = db.execute("PRAGMA user_version").fetchall()
        if version >= FIRST_WITH_LIVE_TABLES:
            for table in LIVE_TABLES:
                quick_check(db, table)
        else:  # a new file, or one from before these tables existed: checked whole, this once
            quick_check(db)
        migrations.upgrade(db)
    finally:
        db.close()


def quick_check(db: sqlite3.Connection, table: str | None = None) -> None:
    """Raise Damaged with SQLite's first finding, on one line, unless the file (or one table and its
    indexes) checks out."""
    [(verdict,), *_] = db.execute(f"PRAGMA quick_check({table or 1})").fetchall()
    if verdict != "ok":
        lines = [line for line in verdict.splitlines() if line.strip() and not line.startswith("***")]
        raise Damaged(" ".join((lines or [verdict])[0].split()))


def check_file(path: str | os.PathLike[str]) -> None:
    """SQLite's quick_check of the whole file, on a connection of its own (safe beside the bot); a
    damaged file raises StoreError with the one-line explanation."""
    path = Path(path)
    try:
        db = sqlite3.connect(path)
        try:
            quick_check(db)
        finally:
            db.close()
    except Damaged as e:
        raise damaged_error(path, f"quick_check: {e.args[0]}") from None
    except sqlite3.Error as e:
        if code(e) in DAMAGED:
            raise damaged_error(path, reason(e, path)) from e
        raise StoreError(f"Could not check the database at {path} ({reason(e, path)}).") from e


def checkpoint(path: Path) -> None:
    """Copy the write-ahead log back into the database file. PASSIVE never blocks the bot's writes;
    what it can't copy now is copied next time."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        db.close()


def backup(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> int:
    """Copy the database at `source` into a new file `dest` with SQLite's online backup API; returns
    the bytes written.

    Safe while the bot runs: the copy is one consistent snapshot taken in a read transaction, which in
    WAL mode never blocks the bot's writes. The copy is checked with quick_check before it counts.
    """
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise StoreError(f"There is no database at {source}: set DATABASE_PATH to the bot's database file.")
    if dest.exists():
        raise StoreError(f"{dest} already exists: choose a new file name for the backup.")
    try:
        src = sqlite3.connect(source)
        try:
            dst = sqlite3.connect(dest)
            try:
                src.backup(dst)
                quick_check(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except Damaged as e:
        dest.unlink(missing_ok=True)
        raise damaged_error(source, f"quick_check: {e.args[0]}") from None
    except sqlite3.Error as e:
        dest.unlink(missing_ok=True)
        if code(e) in DAMAGED:
            raise damaged_error(source, reason(e, source)) from e
        raise StoreError(f"Could not back up {source} to {dest} ({reason(e, dest)}).") from e
    return dest.stat().st_size
