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
    Ending,
    HandView,
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
    Reminder,
    RulesView,
    ServiceCode,
    Show,
    Standings,
    Update,
    Warning,
    WarningCode,
)

__all__ = [
    "Answer",
    "Ending",
    "HandView",
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
    "Reminder",
    "RulesView",
    "Screen",
    "Service",
    "ServiceCode",
    "Settings",
    "Show",
    "Standings",
    "Tables",
    "Update",
    "Warning",
    "WarningCode",
]
