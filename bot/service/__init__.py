"""The application layer between Discord and the rules: use cases in, `Update`s out.

`Service` (games.py) takes plain values (`Person`, `Move`, `LobbyOptions`, channel and game ids) and
returns `Update`s and read models (values.py) with no discord.py type and no words in them; it owns
the channel locks, load → engine → save (through `Tables`, tables.py, on any `db.GameStore`), the
timers and the lobby's rules. A refusal is always `Refused`.
"""

from bot.service.games import Screen, Service, Settings
from bot.service.tables import Loaded, Tables
from bot.service.values import (
    Answer,
    Call,
    Ending,
    HandView,
    Kicked,
    LedgerPage,
    LiveView,
    LobbyChange,
    LobbyOptions,
    Move,
    Note,
    NoteCode,
    Notice,
    PayDays,
    Person,
    Refused,
    RulesView,
    ServiceCode,
    Show,
    Standings,
    StoryRows,
    Update,
    Warning,
    WarningCode,
)

__all__ = [
    "Answer",
    "Call",
    "Ending",
    "HandView",
    "Kicked",
    "LedgerPage",
    "LiveView",
    "Loaded",
    "LobbyChange",
    "LobbyOptions",
    "Move",
    "Note",
    "NoteCode",
    "Notice",
    "PayDays",
    "Person",
    "Refused",
    "RulesView",
    "Screen",
    "Service",
    "ServiceCode",
    "Settings",
    "Show",
    "Standings",
    "StoryRows",
    "Tables",
    "Update",
    "Warning",
    "WarningCode",
]
