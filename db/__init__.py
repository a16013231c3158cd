"""Storage for live games, the event log, finished games and members' preferences: the `GameStore`
interface and what both stores share. The stores stand on it side by side, SQLite (`db.sqlite`, the
default) and PostgreSQL (`db.postgres`); what takes both is a package above them, `db.opening`
(`open_store` picks one by its location) and `db.copying` (a file's rows to a server), so that
nothing here imports a store."""

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
    "StoreError",
    "Wakeup",
]
