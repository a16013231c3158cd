"""`Game`: the state plus the events of the action being applied, and the primitives every rule uses."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.game.actions import ActionKind
from bot.game.events import Event, EventKind, Reason
from bot.game.rng import next_u64
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState, Pending, Task


class Game:
    """A GameState while one action is applied to it: the rules change `state` and append to
    `events`, which `engine.apply` returns. With `record` off no event is kept: a game played
    forward only to see how it ends (Hard's futures) needs none, and building them is about a third
    of its time (docs/BENCHMARKS.md)."""

    def __init__(self, state: GameState, *, record: bool = True) -> None:
        self.state = state
        self.ruleset: Ruleset = RULESETS[state.ruleset]
        self.rules = state.rules
        self.record = record
        self.events: list[Event] = []

    # -- chance -------------------------------------------------------------------------------
    def roll(self, seat: int, reason: str = "", ref: int = -1) -> int:
        """One die roll: the scripted face if a test or replay forced one, else the RNG."""
        state = self.state
        if state.script:
            face = state.script.pop(0)
        else:
            state.rng, x = next_u64(state.rng)
            face = x % 6 + 1
        self.emit(EventKind.ROLLED, seat, value=face, reason=reason, ref=ref)
        return face

    def shuffle(self, cards: list[int]) -> None:
        """Fisher-Yates from the top of the pile (the end of the list), drawing from the game's RNG."""
        for i in range(len(cards) - 1, 0, -1):
            self.state.rng, x = next_u64(self.state.rng)
            j = x % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def draw_mail(self, seat: int) -> int | None:
        state = self.state
        card = self._draw(state.mail_deck, state.mail_discard, Reason.MAIL_PILE)
        if card is not None:
            self.emit(EventKind.DREW_MAIL, seat, value=card)
        return card

    def draw_deal(self, seat: int, *, announce: bool = True) -> int | None:
        state = self.state
        card = self._draw(state.deal_deck, state.deal_discard, Reason.DEAL_PILE)
        if card is not None and announce:
            self.emit(EventKind.DREW_DEAL, seat, value=card)
        return card

    def _draw(self, deck: list[int], discard: list[int], pile: Reason) -> int | None:
        """Top card, reshuffling the discards when the pile is empty; None if every card is held."""
        if not deck:
            if not discard:
                return None
            deck.extend(discard)
            discard.clear()
            self.shuffle(deck)
            self.emit(EventKind.RESHUFFLED, reason=pile)
        return deck.pop()

    # -- flow ---------------------------------------------------------------------------------
    def ask(self, question: Pending) -> None:
        """Stop the rules and wait for the players `question` asks; a new prompt number makes older
        buttons stale."""
        self.state.prompt += 1
        self.state.pending = question

    def then(self, tasks: list[Task]) -> None:
        """Run these tasks next, in the order given, before anything already scheduled."""
        self.state.agenda.extend(reversed(tasks))

    def emit(
        self, kind: str, seat: int = -1, *, amount: int = 0, value: int = 0, reason: str = "", ref: int = -1
    ) -> None:
        """Record an event that moves no money (money moves only through `bank.transfer`)."""
        if self.record:
            self.events.append(Event(kind, seat, amount=amount, value=value, reason=reason, ref=ref))


Answer = tuple[str, int]
"""An answer as (action kind, value): what `Action` carries besides who and when."""
Options = Sequence[Answer]


@dataclass(frozen=True, slots=True)
class Question:
    """How one kind of pending question is offered, validated, answered and defaulted."""

    options: Callable[[GameState, int], Options]
    """Every legal (action kind, value) for this seat."""
    answer: Callable[["Game", int, str, int], None]
    """Apply a validated answer, given as the seat, the action kind and the value."""
    default: Callable[[GameState, int], Answer]
    """The cautious choice for a player who ran out of time (docs/RULES.md §5.3)."""
    allows: Callable[[GameState, int, str, int], bool]
    """Whether (kind, value) is among `options` for this seat, decided from the question itself so
    that a forged value (any integer) is judged without listing every option."""


def roll_only(state: GameState, seat: int) -> Options:
    return [(ActionKind.ROLL, 0)]


def roll_default(state: GameState, seat: int) -> Answer:
    return (ActionKind.ROLL, 0)


def roll_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == ActionKind.ROLL and value == 0


def answered(g: Game, seat: int) -> bool:
    """Take `seat` off a many-player question; True when nobody is left to answer."""
    pending = g.state.asked
    pending.seats.remove(seat)
    pending.done.append(seat)
    if pending.seats:
        return False
    g.state.pending = None
    return True
