"""Storage for live games, the event log, finished games and members' preferences: the `GameStore`
interface, SQLite (the default) and PostgreSQL (`open_store` picks by the location)."""

from db.interface import (
    DamagedRow,
    EventRow,
    GameExists,
    GameResult,
    GameRow,
    GameStore,
    HistoryRow,
    Placing,
    Preferences,
    Pruned,
    RatedPlayer,
    Rater,
    RecordedGame,
    Shards,
    Skill,
    StaleVersion,
    StatLine,
    StoreError,
    Wakeup,
)
from db.opening import open_store
from db.postgres import PostgresStore
from db.sqlite import Store, backup, check_file

__all__ = [
    "DamagedRow",
    "EventRow",
    "GameExists",
    "GameResult",
    "GameRow",
    "GameStore",
    "HistoryRow",
    "Placing",
    "PostgresStore",
    "Preferences",
    "Pruned",
    "RatedPlayer",
    "Rater",
    "RecordedGame",
    "Shards",
    "Skill",
    "StaleVersion",
    "StatLine",
    "Store",
    "StoreError",
    "Wakeup",
    "backup",
    "check_file",
    "open_store",
]
