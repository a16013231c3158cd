"""What the coach hands on: a finished game's review, per seat, and a hint for a question asked now.

These are the stored forms (a review is computed once, saved as JSON, and read the same every time
and in either language), so they hold numbers and the engine's own names (an `ActionKind`, a
`PendingKind`, card indexes), never a word: the words are the feature's `words.py`.

Chances are shares of a win (0.25 is one win in four; a tie shares it), as the planner
(`bot.game.hard`) measures them: by playing sampled futures of what the player could know then.
Every figure carries its standard error, so the words can say "about" and a mistake is called only
beyond the noise.
"""

from pydantic import BaseModel, ConfigDict

FORMAT = 1
"""The stored review's format: a review of another format is made again, not misread."""


class Stored(BaseModel):
    """A stored form: frozen, and refusing a field it does not know (a review is not guessed at)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Decision(Stored):
    """An answer to a question, as the engine takes it (`Action.kind`, `Action.value`)."""

    kind: str
    value: int = 0


class Moment(Stored):
    """One question a seat answered, weighed: what was asked, what it answered, what the planner
    would have answered, and how far apart the two are in chance to win."""

    prompt: int
    """The question's number in the game (`GameState.prompt`): the replay's step that shows it."""
    month: int
    """The seat's month then, from 1."""
    day: int
    """The seat's day then (0 before the first move of a month)."""
    asked: str
    """The question's `PendingKind`."""
    card: int = -1
    """The question's card (`Pending.card`), -1 for none."""
    amount: int = 0
    """The question's amount (`Pending.amount`)."""
    answered: Decision
    planner: Decision
    """What the planner answers (Hard's own answer, with Hard's own seed: a game Hard played shows
    its answers here, never as mistakes)."""
    gain: float
    """The planner's answer's chance to win minus the given answer's (0 when they are the same)."""
    error: float
    """The standard error of `gain` (the same futures played under both answers)."""
    mistake: bool
    """`gain` is beyond the noise (`analysis` says by how much), and the answers differ."""
    timed_out: bool = False
    """The time limit answered for the seat."""
    advantage: float = 0.0
    """The given answer's chance to win minus the usual answer's (`analysis`'s baseline: 0 when it
    is the usual one): what this answer put into its seat's `choices`, for better or worse."""
    advantage_error: float = 0.0


class SeatReview(Stored):
    """One seat's game: how its own answers and its luck moved its chance to win."""

    seat: int
    result: float
    """Its share of the win at the end: 1, a share of a tie, or 0."""
    start: float
    """Its chance at the deal, before any draw: one in the number of players."""
    choices: float
    """What its own answers added to its chance to win, against the usual answer to each."""
    choices_error: float
    luck: float
    """What the dice, the cards and the Lottery moved its chance to win, against an average draw."""
    luck_error: float
    others: float
    """What the other seats' answers moved its chance to win: result = start + choices + luck + others."""
    weighed: int
    """Its questions weighed (those with more than one sensible answer)."""
    moments: tuple[Moment, ...]
    """Its few answers that moved its chance the most, for better or worse, largest first."""


class GameReview(Stored):
    """A finished game's review: every seat's."""

    format: int = FORMAT
    game_id: int
    seats: tuple[SeatReview, ...]


class Weighed(Stored):
    """One answer to the question asked now, with its chance to win."""

    answer: Decision
    chance: float
    error: float


class Hint(Stored):
    """What the planner would answer to the question a seat is asked now, and what each sensible
    answer's chance to win is (the planner's first)."""

    prompt: int
    seat: int
    answers: tuple[Weighed, ...]
