"""How well a computer player plays, in words: the strength by a seat's name (lobby, board,
standings, the drawn board), the lobby's menu of strengths, and what each one does."""

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.game.strengths import Strength
from bot.render.language.i18n import Lang

if TYPE_CHECKING:
    from bot.table import Seat

COMPUTER_MARK = "🤖"
"""Put by the name of a seat only the computer plays (the board's Latest lines, its Players field)."""

_NAMES: dict[Strength, Callable[[Lang], str]] = {
    Strength.EASY: lambda L: L.pgettext("strength", "Easy"),
    Strength.NORMAL: lambda L: L.pgettext("strength", "Normal"),
    Strength.HARD: lambda L: L.pgettext("strength", "Hard"),
}
_DOES: dict[Strength, Callable[[Lang], str]] = {
    Strength.EASY: lambda L: L._(
        "Plays like a beginner: buys whatever it can afford, picks targets at random."
    ),
    Strength.NORMAL: lambda L: L._("Follows sound rules of thumb about money and the calendar."),
    Strength.HARD: lambda L: L._(
        "Plays out many possible futures before each real choice, never peeking at the deck."
    ),
}
"""One line each: the lobby menu's option descriptions (Discord allows 100 characters)."""


def strength_name(strength: Strength, L: Lang) -> str:
    return _NAMES[strength](L)


def strength_does(strength: Strength, L: Lang) -> str:
    """What a computer player of `strength` does, in one line."""
    return _DOES[strength](L)


def computer_tag(seat: "Seat", L: Lang) -> str:
    """What follows a computer player's name on the board and in the standings ("🤖 Hard"); empty for
    a person's seat, and for a seat a computer took over (it says so in words of its own)."""
    if not seat.computer or seat.replaced is not None:
        return ""
    return f"{COMPUTER_MARK} {strength_name(seat.strength, L)}"
