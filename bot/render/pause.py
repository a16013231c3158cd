"""A paused game in words, as the core shows it: the live message's line while it is paused, and
the refusal of any change meanwhile (joining the one table of refusal words,
bot/render/refusal_table.py). Pausing and resuming are a feature of their own (bot/features/pause/).

Times are Discord timestamps, so each reader sees them in their own time zone; the time a paused
question has left is a span, since no clock runs.
"""

from datetime import timedelta
from enum import StrEnum

import discord
from babel.dates import format_timedelta

from bot.render.language.i18n import Lang
from bot.render.refusal_table import REFUSALS, Writer
from bot.service.values import ServiceCode
from bot.table import Table

PAUSE_MARK = "⏸️"


def span(left: timedelta, L: Lang) -> str:
    """A time left, roughly, the language's way: "23 hours", "45 seconds", "3 days"."""
    return format_timedelta(left, threshold=2, locale=L.code)


def paused_line(table: Table, name: str, L: Lang) -> str:
    """The live message's question while the game is paused (`name`: who paused it, made safe): who
    stopped the clocks, the time the question keeps, and when the game ends by itself."""
    paused, ends = table.paused, table.pause_ends()
    assert paused is not None and ends is not None, "only a paused game says it is paused"
    stopped = L._("{mark} **Paused** by {player}: no clock runs.", mark=PAUSE_MARK, player=name)
    kept = "" if paused.left is None else " " + L._("{left} left to answer.", left=span(paused.left, L))
    end = L._(
        "/payday resume starts the clocks again; otherwise the game ends by itself {when}.",
        when=discord.utils.format_dt(ends, "R"),
    )
    return f"{stopped}{kept}\n{end}"


_REFUSALS: dict[StrEnum, Writer] = {
    ServiceCode.PAUSED: lambda p, n, L: L._(
        "The game is paused (by {player}): nothing moves until /payday resume.", player=p["name"]
    ),
}
"""The refusal of any change of a paused game."""
REFUSALS.register(_REFUSALS)
