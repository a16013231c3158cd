"""Taking over a computer's seat in words: the request the host answers (a public message in the
game's language, pinging the host, with Approve and Decline), what it says once answered (joining
the notes, bot/render/notes.py), and the refusals (joining the one table of refusal words,
bot/render/refusal_table.py).

The request and its answers are public messages: names are escaped where they are put in, so the
sentences keep their own emphasis. The refusals are private, escaped whole by the reply like every
refusal.
"""

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.features.takeover.controls import APPROVE, DECLINE, SeatVerdict
from bot.features.takeover.service import TakeoverCode, TakeoverNote
from bot.render.calls import mention
from bot.render.components import Button, Message, Rows
from bot.render.embeds import safe
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list
from bot.render.notes import NOTES, NoteWriter
from bot.render.refusal_table import REFUSALS, Writer
from bot.table import Table

SEAT_EMOJI = "🪑"


def request_message(table: Table, channel_id: int, game_id: int, number: int, L: Lang) -> Message:
    """Request `number` as posted for the host: who asks for which seat, until when (`asked`), the
    host pinged, and the host's two buttons."""
    rows: Rows = (
        (
            Button(
                L._("Approve"), SeatVerdict(channel_id, game_id, number, APPROVE), discord.ButtonStyle.success
            ),
            Button(
                L.pgettext("request", "Decline"),
                SeatVerdict(channel_id, game_id, number, DECLINE),
                discord.ButtonStyle.danger,
            ),
        ),
    )
    text = asked({"request": number}, L, table)
    return Message(f"{SEAT_EMOJI} {mention(table.host_id)} {text}", rows=rows, mentions=(table.host_id,))


def asked(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """The request `params["request"]` of `table`: who asks for which seat, and until when."""
    assert table is not None, "a request is written from the table it waits in"
    request = next(r for r in table.requests if r.number == params["request"])
    return L._(
        "**{player}** asks to take over the seat of **{seat}** (the computer plays it now), with its "
        "money, loans, cards and place. The host approves or declines; the request expires {when}.",
        player=safe(request.name),
        seat=safe(table.seats[request.seat].name),
        when=discord.utils.format_dt(request.expires, "R"),
    )


def taken(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """The request's message once the host approved it."""
    return "✅ " + L._(
        "{host} approved: **{player}** plays the seat of **{seat}** from now on, with its money, loans, "
        "cards and place.",
        host=safe(params["host"]),
        player=safe(params["name"]),
        seat=safe(params["seat"]),
    )


def declined(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    """The request's message once the host declined it."""
    return "❌ " + L._(
        "{host} declined: the computer keeps playing the seat of **{seat}**, not {player}.",
        host=safe(params["host"]),
        player=safe(params["name"]),
        seat=safe(params["seat"]),
    )


def _computer_plays(free: Sequence[str], L: Lang) -> str:
    if not free:
        return L._("No seat in this game is played by the computer now.")
    return L._("The computer plays: {seats}.", seats=and_list(list(free), L))


def _expires(params: dict[str, Any]) -> str:
    return discord.utils.format_dt(params["until"], "R")


_REFUSALS: dict[StrEnum, Writer] = {
    TakeoverCode.SEATED: lambda p, n, L: L._(
        "You already play in this game (as {name}): only a member without a seat can take one over.",
        name=p["name"],
    ),
    TakeoverCode.NO_SUCH_SEAT: lambda p, n, L: " ".join(
        (L._("No seat here is called “{name}”.", name=p["name"]), _computer_plays(p["free"], L))
    ),
    TakeoverCode.NOT_COMPUTER: lambda p, n, L: " ".join(
        (
            L._("A person plays the seat of {name}, not the computer.", name=p["name"]),
            _computer_plays(p["free"], L),
        )
    ),
    TakeoverCode.ASKED_ALREADY: lambda p, n, L: L._(
        "You already asked for the seat of {name}: the request expires {when}.",
        name=p["name"],
        when=_expires(p),
    ),
    TakeoverCode.HOST_ANSWERS: lambda p, n, L: L._(
        "Only the host, {host}, can answer this request.", host=p["host"]
    ),
    TakeoverCode.GONE: lambda p, n, L: L._("This request is closed: it was answered, or it expired."),
    TakeoverCode.EXPIRED: lambda p, n, L: L._(
        "This request has expired: {name} can ask again with /payday takeover.", name=p["name"]
    ),
    TakeoverCode.SAT_ELSEWHERE: lambda p, n, L: L._(
        "{name} already plays the seat of {seat}: one seat each.", name=p["name"], seat=p["seat"]
    ),
    TakeoverCode.TAKEN: lambda p, n, L: L._(
        "That seat is no longer the computer's: {name} plays it now.", name=p["name"]
    ),
    TakeoverCode.MID_TURN: lambda p, n, L: L._(
        "{name} is in the middle of a turn or a question: approve again once it is done (the request "
        "stays open).",
        name=p["name"],
    ),
}
"""One writer per refusal of a request or of the host's answer (names are escaped by the reply)."""
REFUSALS.register(_REFUSALS)
_NOTES: dict[StrEnum, NoteWriter] = {
    TakeoverNote.SEAT_ASKED: asked,
    TakeoverNote.SEAT_TAKEN: taken,
    TakeoverNote.SEAT_DECLINED: declined,
}
"""The request's words, and its message once the host answered."""
NOTES.register(_NOTES)
