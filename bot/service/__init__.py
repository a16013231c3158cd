"""The application layer between Discord and the rules: use cases in, `Update`s out.

`Service` (service.py) takes plain values (`Person`, `Move`, `LobbyOptions`, channel and game ids)
and returns `Update`s (values.py) and read models (reads.py) with no discord.py type and no words in them. Its
use cases come in groups over one shared core (core.py: the channel locks and the store through
`Tables`, the screen, one clock, the timers), each an attribute of `Service`: the lobby
(`service.lobbies`), playing, looks and the timers' work (`service.waking`); a finished game's
result is recorded as it ends (results.py). A refusal is always `Refused`.
"""

from bot.service.core import GameSettings, Screen
from bot.service.lobbies import LobbyUseCase
from bot.service.reads import EndAsked, HandView, RulesView
from bot.service.service import Service
from bot.service.tables import Loaded, Tables
from bot.service.values import (
    Alert,
    AlertCode,
    Answer,
    Call,
    Ending,
    Kicked,
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
    ServiceCode,
    Show,
    Standings,
    Update,
)

__all__ = [
    "Alert",
    "AlertCode",
    "Answer",
    "Call",
    "EndAsked",
    "Ending",
    "GameSettings",
    "HandView",
    "Kicked",
    "LiveView",
    "Loaded",
    "LobbyChange",
    "LobbyOptions",
    "LobbyUseCase",
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
    "Show",
    "Standings",
    "Tables",
    "Update",
]
