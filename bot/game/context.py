"""`Game`: the state plus the events of the action being applied, and the primitives every rule uses."""

from collections.abc import Callable
from dataclasses import dataclass

from bot.game import actions as act
from bot.game import events as ev
from bot.game.events import new_event
from bot.game.rng import next_u64
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, Pending, Task


class Game:
    """A GameState while actions are applied to it: made per `engine.apply` call, or once for a
    whole game by a driver that calls `engine.run` (which starts `events` afresh per action)."""

    __slots__ = ("events", "rules", "ruleset", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.ruleset = RULESETS[state.ruleset]
        self.rules = state.rules
        self.events: list[ev.Event] = []

    # -- chance -------------------------------------------------------------------------------
    def roll(self, seat: int, reason: str = "", ref: int = -1) -> int:
        """One die roll: the scripted face if a test or replay forced one, else the RNG."""
        st = self.state
        if st.script:
            face = st.script.pop(0)
        else:  # a uniform face from the generator: every turn rolls
            st.rng, x = next_u64(st.rng)
            face = x % 6 + 1
        # `emit`, written out: every turn rolls, and the keywords cost more than the append.
        self.events.append(new_event(ev.Event, (ev.ROLLED, seat, 0, face, 0, 0, reason, 0, 0, ref)))
        return face

    def shuffle(self, cards: list[int]) -> None:
        """Fisher-Yates from the top. The generator's state stays in a local until the end: a new
        game shuffles 72 cards, and the attribute round trips were a third of the cost."""
        rng = self.state.rng
        for i in range(len(cards) - 1, 0, -1):
            rng, x = next_u64(rng)
            j = x % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        self.state.rng = rng

    def draw_mail(self, seat: int) -> int | None:
        st = self.state
        card = self._draw(st.mail_deck, st.mail_discard, ev.MAIL_PILE)
        if card is not None:
            self.emit(ev.DREW_MAIL, seat, value=card)
        return card

    def draw_deal(self, seat: int, *, announce: bool = True) -> int | None:
        st = self.state
        card = self._draw(st.deal_deck, st.deal_discard, ev.DEAL_PILE)
        if card is not None and announce:
            self.emit(ev.DREW_DEAL, seat, value=card)
        return card

    def _draw(self, deck: list[int], discard: list[int], pile: ev.Reason) -> int | None:
        """Top card, reshuffling the discards when the pile is empty; None if every card is held."""
        if not deck:
            if not discard:
                return None
            deck.extend(discard)
            discard.clear()
            self.shuffle(deck)
            self.emit(ev.RESHUFFLED, reason=pile)
        return deck.pop()

    # -- flow ---------------------------------------------------------------------------------
    def ask(self, question: Pending) -> None:
        """Stop the rules and wait for the players `question` asks; a new prompt number makes older
        buttons stale."""
        self.state.prompt += 1
        self.state.pending = question

    def then(self, tasks: list[Task]) -> None:
        """Run these tasks next, in the order given, before anything already scheduled."""
        self.state.agenda.extend(tasks[::-1])

    def emit(
        self, kind: str, seat: int = -1, amount: int = 0, value: int = 0, reason: str = "", ref: int = -1
    ) -> None:
        # No keyword-only marker: CPython 3.11 never specialises a call to a function that has
        # keyword-only parameters, and the rules emit almost once per action.
        self.events.append(new_event(ev.Event, (kind, seat, amount, value, 0, 0, reason, 0, 0, ref)))


Options = list[tuple[str, int]]


@dataclass(frozen=True, slots=True)
class Question:
    """How one kind of pending question is offered, answered and defaulted."""

    options: Callable[[GameState, int], Options]
    """Every legal (action kind, value) for this seat."""
    answer: Callable[[Game, int, str, int], None]
    """Apply a validated answer, given as the seat, the action kind and the value: `run` has them
    as values (an `Action`'s fields are slow attributes, and the simulator makes no `Action`)."""
    default: Callable[[GameState, int], tuple[str, int]]
    """The cautious choice for a player who ran out of time (docs/RULES.md §5.3)."""
    allows: Callable[[GameState, int, str, int], bool] | None = None
    """Whether (kind, value) is among `options` for this seat, checked directly so validating an
    answer does not build the whole list. None: `check` looks the pair up in `options`."""


def roll_only(state: GameState, seat: int) -> Options:
    return [(act.ROLL, 0)]


def roll_default(state: GameState, seat: int) -> tuple[str, int]:
    return (act.ROLL, 0)


def roll_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == act.ROLL and value == 0


def answered(g: Game, seat: int) -> bool:
    """Take `seat` off a many-player question; True when nobody is left to answer."""
    pending = g.state.pending
    pending.seats.remove(seat)
    pending.done.append(seat)
    if pending.seats:
        return False
    g.state.pending = None
    return True
