"""The table of one channel: its saved document (seats, the engine's state, timers, the live message),
who may join, leave, start and stop (`lobby`), and who is called by name (`attention`). Pure rules of
the table, no Discord and no I/O: the service changes tables, render shows them."""

from bot.table.document import (
    AWAY_AFTER,
    COMPUTER_DELAY,
    COMPUTER_NAMES,
    MESSAGE_MAX_AGE,
    RECENT_EVENTS,
    Table,
    TableKind,
)
from bot.table.event_log import LogKind
from bot.table.seats import Seat, SeatRequest, Stint, clean_name

__all__ = [
    "AWAY_AFTER",
    "COMPUTER_DELAY",
    "COMPUTER_NAMES",
    "MESSAGE_MAX_AGE",
    "RECENT_EVENTS",
    "LogKind",
    "Seat",
    "SeatRequest",
    "Stint",
    "Table",
    "TableKind",
    "clean_name",
]
