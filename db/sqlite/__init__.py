"""The SQLite store, the default that needs nothing installed: one file, one aiosqlite connection."""

from db.sqlite.files import backup, check_file
from db.sqlite.store import Store

__all__ = ["Store", "backup", "check_file"]
