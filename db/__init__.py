"""Storage for live games, the event log, finished games and members' preferences: the `GameStore`
interface and SQLite."""

from db.files import backup, check_file
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
from db.store import Store

__all__ = [
    "DamagedRow",
    "EventRow",
    "GameExists",
    "GameResult",
    "GameRow",
    "GameStore",
    "HistoryRow",
    "Placing",
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
]
