"""A finished game rebuilt from its seed and its event log, turn by turn, through the engine.

The engine is deterministic given the seed and the answers, so the log's `action` records replayed
through `engine.start` and `engine.apply` give back every state the game passed through. Only two
records of the table change the engine's state besides the answers: a member taking over a
computer's seat (the seat's name) and a game ended early, whatever ended it (`ENDED_EARLY`;
`engine.end_early`: stakes refunded, the Bank buying back the Deals). Standing orders, computer
players and time limits leave `action` records like any click. Every event the rebuild makes must
equal the one logged in its place, and the caller checks the rebuilt end against the stored one: a
game that does not rebuild exactly is refused (`Diverged`), never shown wrong. Pure: no I/O.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.game import engine
from bot.game.actions import Action, IllegalAction
from bot.game.events import Event, EventKind
from bot.game.rulesets import Rules
from bot.game.state import GameState, PendingKind, from_json, to_json
from bot.service.values import ENDED_EARLY
from bot.table import LogKind

Answering = Callable[[GameState, Action], None]
"""Shown each answer of a game being rebuilt, before it is applied, with the game as it stood then
(the review weighs the questions there); it must leave the game as it is."""

Record = TypeVar("Record", bound=Mapping[str, Any])
"""A record of the event log, as stored (a dict) or as read back."""


class Diverged(Exception):
    """The log does not rebuild the game it belongs to (a record changed, missing, or made by rules
    this version plays differently); the message says where, for the logs and the command line."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game started from: everything `engine.start` was given."""

    names: tuple[str, ...]
    ruleset: str
    months: int
    seed: int
    rules: Rules


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One turn (or, as step 0, the deal before the first): the game as it stood when it ended."""

    number: int
    seat: int | None
    """Whose turn; None for the deal."""
    roll: int
    """The turn's movement roll (0 for the deal)."""
    month: int
    """The month the turn was played in (that player's)."""
    paydays: int
    """Pay Days finished so far, all players together: a step with more than the one before holds one."""
    told_by: int
    """How many records of the log from the game's start on (`after_start`) tell this step and those
    before it: its words need read no further."""
    saved: str
    """The state as JSON: a game has hundreds of turns and a look shows one, so each is parsed only
    when asked for (`state`)."""

    @property
    def state(self) -> GameState:
        return from_json(self.saved)


@dataclass(frozen=True, slots=True)
class Replay:
    """A rebuilt game: its steps in order (the last one's state is the game's end) and its events."""

    steps: tuple[ReplayStep, ...]
    events: tuple[Event, ...]
    final: GameState


def rebuild(
    setup: Setup,
    log: Iterable[Mapping[str, Any]],
    names: Sequence[str] = (),
    answering: Answering | None = None,
) -> Replay:
    """Replay `log` (every record of the game, oldest first, from just after its start) from
    `setup`; Diverged if any logged event differs from the rebuilt one, or an answer is refused.
    `names`: the seats' names at the end, for takeovers logged before their records named the seat's
    new player. `answering` is shown each answer with the game as it stood when it was given."""
    try:
        state, opening = engine.start(
            list(setup.names), ruleset=setup.ruleset, months=setup.months, seed=setup.seed, rules=setup.rules
        )
    except IllegalAction as refusal:
        raise Diverged(f"the game cannot start as recorded ({refusal.code})") from None
    rebuilt = _Rebuilt(state, names, answering)
    rebuilt.made(opening)
    index = -1
    for index, record in enumerate(log):
        rebuilt.read(index, record)
    rebuilt.check_none_missing()
    rebuilt.close_step(index + 1)
    return Replay(tuple(rebuilt.steps), tuple(rebuilt.events), rebuilt.state)


def verify(replay: Replay, stored: GameState) -> None:
    """Diverged unless the rebuilt game ends exactly as the stored one did."""
    if replay.steps[-1].saved != to_json(stored):
        raise Diverged("the rebuilt game does not end as the stored one")


def setup_of(final: GameState, seed: int, log: Sequence[Mapping[str, Any]]) -> Setup:
    """The setup of a stored game: its seats' names as the log's `started` record has them, and the
    edition, months and rules its final state still holds."""
    started = next((r for r in log if r.get("kind") == LogKind.STARTED), None)
    names = started.get("seats") if started is not None else None
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise Diverged("the log has no start record naming the seats")
    return Setup(tuple(names), final.ruleset, final.months, seed, final.rules)


def after_start(log: Sequence[Record]) -> Sequence[Record]:
    """The records from the game's start on (the lobby's come before it and change no game)."""
    first = next((i for i, r in enumerate(log) if r.get("kind") == LogKind.STARTED), len(log))
    return log[first + 1 :]


def opens_turn(event: Event) -> bool:
    """A movement roll: the one event every turn begins with."""
    return event.kind == EventKind.ROLLED and not event.reason


class _Rebuilt:
    """The game being rebuilt: its state, the events made and not yet matched by the log, the steps."""

    def __init__(self, state: GameState, names: Sequence[str], answering: Answering | None) -> None:
        self.state, self.names, self.answering = state, names, answering
        self.events: list[Event] = []
        self.unmatched: list[Event] = []
        self.steps: list[ReplayStep] = []
        self.step_seat: int | None = None
        self.step_roll = 0
        self.step_month = 1

    def made(self, events: list[Event]) -> None:
        self.events += events
        self.unmatched += events
        turn = next((e for e in events if opens_turn(e)), None)
        if turn is not None:
            self.step_roll = turn.value

    def read(self, index: int, record: Mapping[str, Any]) -> None:
        kind = record.get("kind")
        if kind == LogKind.ACTION:
            self.check_none_missing(index)
            self.answer(index, record)
        elif kind in ENDED_EARLY:
            self.check_none_missing(index)
            self.made(engine.end_early(self.state))
        elif kind == LogKind.TOOK_OVER:
            self.took_over(index, record)
        elif "amount" in record:  # an engine event: the next one the rebuild made
            self.match(index, record)

    def answer(self, index: int, record: Mapping[str, Any]) -> None:
        try:
            action = Action(
                seat=_number(record, "seat", index),
                kind=str(record.get("action")),
                value=_number(record, "value", index),
                prompt=_number(record, "prompt", index),
                timed_out=bool(record.get("timed_out", False)),
            )
        except (TypeError, ValueError) as error:
            raise Diverged(f"record {index} is not an answer ({error})") from None
        if not 0 <= action.seat < len(self.state.players):
            raise Diverged(f"record {index}: an answer of seat {action.seat}, which no player has")
        pending = self.state.pending
        if pending is not None and pending.kind == PendingKind.ROLL and not self.state.over:
            self.close_step(index)
            self.step_seat = action.seat
            self.step_month = self.state.players[action.seat].months_done + 1
        if self.answering is not None:
            self.answering(self.state, action)
        try:
            self.made(engine.apply(self.state, action))
        except IllegalAction as refusal:
            raise Diverged(f"record {index}: the engine refuses the answer ({refusal.code})") from None

    def took_over(self, index: int, record: Mapping[str, Any]) -> None:
        seat = _number(record, "seat", index)
        name = record.get("name", self.names[seat] if 0 <= seat < len(self.names) else None)
        if not 0 <= seat < len(self.state.players) or not isinstance(name, str):
            raise Diverged(f"record {index}: a takeover without its seat and name")
        self.state.players[seat].name = name

    def match(self, index: int, record: Mapping[str, Any]) -> None:
        if not self.unmatched:
            raise Diverged(f"record {index}: an event the rebuilt game does not have")
        made = self.unmatched.pop(0)
        if made.to_dict() != {name: record.get(name) for name in made.to_dict()}:
            raise Diverged(f"record {index}: the logged {record.get('kind')} differs from the rebuilt one")

    def check_none_missing(self, index: int | None = None) -> None:
        if self.unmatched:
            where = "the log's end" if index is None else f"record {index}"
            raise Diverged(f"{where}: the rebuilt game has events the log lacks ({self.unmatched[0].kind})")

    def close_step(self, told_by: int) -> None:
        """The turn so far is a step, as the game stood at its end (`told_by`: the records read)."""
        state = self.state
        paydays = sum(p.months_done + p.retired for p in state.players)
        number, month = len(self.steps), self.step_month
        step = ReplayStep(number, self.step_seat, self.step_roll, month, paydays, told_by, to_json(state))
        self.steps.append(step)


def _number(record: Mapping[str, Any], key: str, index: int) -> int:
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Diverged(f"record {index}: {key} is not a whole number")
    return value
