"""SQLite storage for live games, the event log and finished games."""

from db.store import EventRow, GameExists, GameRow, HistoryRow, StaleVersion, Store, StoreError

__all__ = ["EventRow", "GameExists", "GameRow", "HistoryRow", "StaleVersion", "Store", "StoreError"]
