"""Pausing and resuming in words: the answers to `/payday pause` and `/payday resume`, and the
refusal of resuming a game that runs. Times are Discord timestamps, so each reader sees them in
their own time zone."""

from datetime import datetime
from enum import StrEnum
from typing import Any

import discord

from bot.features.pause.service import PauseCode, PauseNote
from bot.render.language.i18n import Lang
from bot.render.notes import NOTES, NoteWriter
from bot.render.refusal_table import REFUSALS, Writer
from bot.table import Table


def paused_note(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """The answer to whoever paused the game."""
    ends: datetime = params["ends"]
    return L._(
        "Paused: every clock of the game is stopped. /payday resume starts them again; otherwise the "
        "game ends by itself {when}.",
        when=discord.utils.format_dt(ends, "R"),
    )


def resumed_note(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """The answer to whoever resumed the game."""
    until: datetime | None = params["until"]
    if until is None:
        return L._("Resumed: the clocks run again.")
    return L._(
        "Resumed: the clocks run again, and time runs out {when}.", when=discord.utils.format_dt(until, "R")
    )


_NOTES: dict[StrEnum, NoteWriter] = {PauseNote.PAUSED: paused_note, PauseNote.RESUMED: resumed_note}
NOTES.register(_NOTES)
_REFUSALS: dict[StrEnum, Writer] = {
    PauseCode.NOT_PAUSED: lambda p, n, L: L._("The game is not paused: its clocks are running."),
}
REFUSALS.register(_REFUSALS)
