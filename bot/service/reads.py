"""What the service's looks hand back: read models for a screen, no discord.py type, no words.

Apart from values.py because these are answers to a question (a hand, the rules), not
changes: a use case that saves something returns an `Update`; one that only reads returns one of these.
"""

from dataclasses import dataclass
from datetime import datetime

from bot.game.house import HouseValue
from bot.game.rulesets import Rules
from bot.service.values import Standings
from bot.table import Table


@dataclass(frozen=True, slots=True)
class EndAsked:
    """The host's question before a running game is ended early: the standings it would end with
    now, and the question the game waits on (`prompt`), so a confirmation after the game moved on
    is refused instead of ending a game the host has not seen."""

    channel_id: int
    prompt: int
    preview: Standings
    leaves: bool = False
    """The asker plays in the game: ending it counts as their leaving it, placed last for the
    rating (docs/RULES.md §5.10)."""


@dataclass(frozen=True, slots=True)
class HandView:
    table: Table
    seat: int
    game_id: int
    taken: datetime
    """When the hand was read: a panel says it, so one left open shows its age."""


@dataclass(frozen=True, slots=True)
class RulesView:
    topic: str
    edition: str
    turn_seconds: int
    interrupt_seconds: int
    rules: Rules
    """The rules the page is written with: the game's own (its house rules) when it is the game in
    the channel, else those a new game of the edition plays by on the server (its house rules)."""


@dataclass(frozen=True, slots=True)
class HouseView:
    """The house rules an editor changes: a server's for one edition, or a lobby's (its edition's)."""

    ruleset: str
    house: dict[str, HouseValue]
