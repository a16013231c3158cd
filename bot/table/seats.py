"""Who sits at a table: its seats, the stints of the people who played each, a request to take a
computer's seat over, and the names the board shows for them.

Apart from the table document because a seat is the part the rating and the results read (who
played a seat, for how many turns, and whether they left it), and a name is made safe here once,
for every screen that shows it.
"""

import functools
import unicodedata
from datetime import datetime

from pydantic import BaseModel, Field

from bot.game.engine import MAX_NAME
from bot.game.orders import NONE, Orders
from bot.game.strengths import DEFAULT_STRENGTH, Strength


class Stint(BaseModel):
    """A person's time at a seat of a running game, which the rating judges the seat by
    (docs/RULES.md §5.10): how many of the seat's turns they played, and whether they left it."""

    user_id: int
    name: str
    """The seat's name while they played it (a seat taken over takes its new player's)."""
    turns: int = 0
    """The seat's turns (movement rolls) they played."""
    left: int = 0
    """0 while they play on; else the order they left the game in (1 the first leaver)."""
    net_worth: int | None = None
    """The seat's net worth when they left (None: they play on, or left before it was kept), which
    their result shows: what the seat is worth later is its next player's doing."""
    seat_turns: int | None = None
    """The seat's turns when they left (None: they play on, or left before it was kept): a leaver is
    rated only if they played at least half of them, so a member who takes a seat late and leaves
    it gifts nobody a rated game."""

    def rated_as_leaver(self) -> bool:
        """Whether leaving rates them for the seat (docs/RULES.md §5.10): they left, having played
        at least half of the seat's turns until then."""
        return bool(self.left) and (self.seat_turns is None or 2 * self.turns >= self.seat_turns)


class Seat(BaseModel):
    user_id: int | None = None
    """The Discord user in this seat; None for a computer player."""
    name: str
    timeouts: int = 0
    """Questions in a row this player let time run out on."""
    away: bool = False
    """Taken for away: a computer plays for them until they are back."""
    orders: Orders = NONE
    """The player's standing orders (issue 9.5): answers given in advance to the questions that
    decide nothing. Tables saved before them load with none."""
    notices: bool = True
    """Called by name (a mention in a new message) when the game waits for them; the player's own
    switch (bot/table/attention.py says when)."""
    invited: bool = False
    """A rematch lobby keeps this seat for its player of the last game until they press Join."""
    replaced: int | None = None
    """The Discord user who played this seat before a computer player took it over (they left or
    were removed), so a second removal is told apart from someone who never sat here."""
    strength: Strength = DEFAULT_STRENGTH
    """How well the computer plays this seat when it plays it (issue 20): chosen by the host for a
    computer player, Normal for a seat a computer took over. Tables saved before load as Normal."""
    turns: int = 0
    """The seat's turns (movement rolls) so far, whoever played them."""
    stints: list[Stint] = Field(default_factory=list)
    """Who played the seat, in order (a person taking it over starts one at once, the first players
    at their first turn). Tables saved before them count from then on."""

    @property
    def computer(self) -> bool:
        return self.user_id is None

    @property
    def automatic(self) -> bool:
        """Answered without waiting: a computer seat, or a player who is away."""
        return self.user_id is None or self.away


class SeatRequest(BaseModel):
    """A member's request to take over a computer's seat, waiting for the host's answer."""

    number: int
    """The table's count of requests when it was made: its buttons name it, so a click on an answered
    or replaced request is told apart from one on the request of now."""
    user_id: int
    name: str
    """The member's name as the board will show it (made safe)."""
    seat: int
    expires: datetime


HIDDEN = frozenset({"Cc", "Cf", "Cs"})
"""Unicode categories dropped from names: controls, and format characters, among them the bidi
controls (a right-to-left override would reverse the rest of a board line) and zero-width ones."""
BLANK = frozenset({"\u115f", "\u1160", "\u2800", "\u3164", "\uffa0"})
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern)."""
FALLBACK_NAME = "Player"


@functools.lru_cache(maxsize=4096)
def clean_name(name: str, fallback: str = FALLBACK_NAME) -> str:
    """A display name safe on a shared board: no bidi or zero-width characters, one line, trimmed
    to the engine's limit; a name that would look blank becomes `fallback` (cleaned the same way).
    Cached: every click names its player."""
    kept = "".join(c for c in name if unicodedata.category(c) not in HIDDEN)
    kept = " ".join(kept.split())[:MAX_NAME].strip()
    if _visible(kept):
        return kept
    return clean_name(fallback) if fallback != FALLBACK_NAME else FALLBACK_NAME


def _visible(name: str) -> bool:
    """Whether anything in `name` draws a mark: not only spaces, fillers or combining marks."""
    return any(c not in BLANK and unicodedata.category(c)[0] not in "ZM" for c in name)
