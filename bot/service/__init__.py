"""The application layer between Discord and the rules: use cases in, `Update`s out.

`Service` (service.py) takes plain values (`Person`, `Move`, `LobbyOptions`, channel and game ids)
and returns `Update`s (values.py) and read models (reads.py) with no discord.py type and no words in them. Its
use cases come in groups over one shared core (core.py: the channel locks and the store through
`Tables`, the screen, one clock, the timers), each an attribute of `Service`: the lobby
(`service.lobbies`), playing, looks, take-overs, server settings, replays, results and the
timers' work (`service.waking`). A refusal is always `Refused`.
"""

from bot.service.core import GameSettings, Screen
from bot.service.lobbies import LobbyUseCase
from bot.service.reads import EndAsked, Exported, HandView, Listed, Replayed, RulesView
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
    ReplayCode,
    ServiceCode,
    Show,
    Standings,
    TakeoverCode,
    Update,
)

__all__ = [
    "Alert",
    "AlertCode",
    "Answer",
    "Call",
    "EndAsked",
    "Ending",
    "Exported",
    "GameSettings",
    "HandView",
    "Kicked",
    "Listed",
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
    "ReplayCode",
    "Replayed",
    "RulesView",
    "Screen",
    "Service",
    "ServiceCode",
    "Show",
    "Standings",
    "Tables",
    "TakeoverCode",
    "Update",
]
