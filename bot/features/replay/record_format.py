"""The record's format (docs/RECORD.md) as a strict schema: what `python -m bot replay` accepts
before it replays anything.

A record comes from a file, so anything may be in it. Every key, type and bound is checked here
(no key the bot does not write, no number given as text or as a bool, no entry of a kind no game
logs), so the replay and the checks of its claims (exports.py) only ever meet values of the shapes
the bot writes. Pure: no I/O.
"""

from datetime import datetime
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator
from pydantic_core import PydanticCustomError

from bot.game.actions import ActionKind
from bot.game.engine import MAX_MONTHS, MAX_NAME, MIN_MONTHS
from bot.game.events import EventKind
from bot.game.orders import LotteryOrder
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.service.values import ENDED_EARLY, Ending
from bot.table import LogKind

FORMAT = "payday-record"
VERSION = 2

MAX_SEATS = max(ruleset.rules.max_players for ruleset in RULESETS.values())
Whole = Annotated[int, Field(ge=-(2**63), lt=2**63)]
"""Any number the engine writes: money, a balance, a card, an account (below 0: the Bank, a fund,
savings)."""
Count = Annotated[int, Field(ge=0, lt=2**63)]
SeatNumber = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
UserId = Annotated[int, Field(ge=0, lt=2**64)]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
Text = Annotated[str, Field(max_length=200)]
HouseValue = Annotated[int, Field(ge=-(2**63), lt=2**63)] | bool | Text


def _edition(name: str) -> str:
    if name not in RULESETS:
        raise PydanticCustomError(
            "edition", "Input should be one of {editions}", {"editions": ", ".join(RULESETS)}
        )
    return name


Edition = Annotated[str, AfterValidator(_edition)]


class Strict(BaseModel):
    """Exactly the keys given, each of exactly its type (JSON's own: no number as text)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RecordedSettings(Strict):
    """The settings a record says its game was played with."""

    edition: Edition
    months: Annotated[int, Field(ge=MIN_MONTHS, le=MAX_MONTHS)]
    language: Annotated[str, Field(min_length=2, max_length=16)]
    turn_seconds: Annotated[int, Field(gt=0, lt=2**31)]
    interrupt_seconds: Annotated[int, Field(gt=0, lt=2**31)]


class RecordedPlayer(Strict):
    seat: SeatNumber
    name: Name
    at_the_end: Name
    computer: bool


class Standing(Strict):
    place: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    seat: SeatNumber
    net_worth: Whole


# -- the log's entries ------------------------------------------------------------------------------
class Started(Strict):
    """The first entry: the seats as the game was dealt, and which of them the computer played."""

    kind: Literal[LogKind.STARTED]
    seats: Annotated[list[Name], Field(min_length=1, max_length=MAX_SEATS)]
    computers: Annotated[list[bool], Field(min_length=1, max_length=MAX_SEATS)]


class Answered(Strict):
    kind: Literal[LogKind.ACTION]
    seat: SeatNumber
    action: ActionKind
    value: Whole
    prompt: Count
    question: PendingKind | None
    timed_out: bool
    ordered: Literal[True] | None = None
    """Written only for an answer the player's standing orders gave."""


class EngineEvent(Strict):
    """An event of the engine (bot/game/events.py), as `Event.to_dict` writes it."""

    kind: EventKind
    seat: Annotated[int, Field(ge=-1, lt=MAX_SEATS)]
    amount: Whole
    value: Whole
    src: Whole
    dst: Whole
    reason: Text
    month: Count
    day: Count
    ref: Whole
    text: Text | None = None
    """The free text logs written before the reason codes carried."""


class SeatLeft(Strict):
    kind: Literal[LogKind.LEFT, LogKind.KICKED]
    seat: SeatNumber
    user: UserId
    by: UserId | None = None


class TookOver(Strict):
    kind: Literal[LogKind.TOOK_OVER]
    seat: SeatNumber
    user: UserId
    name: Name | None = None
    """Missing in takeovers logged before the record named the seat's new player."""
    by: UserId
    request: Count


class SeatAsked(Strict):
    kind: Literal[LogKind.SEAT_ASKED, LogKind.SEAT_DECLINED]
    seat: SeatNumber
    user: UserId
    request: Count


class OrdersSet(Strict):
    kind: Literal[LogKind.ORDERS]
    seat: SeatNumber
    roll: bool
    table_rolls: bool
    lottery: LotteryOrder
    number: Annotated[int, Field(ge=0, le=6)]


class Back(Strict):
    kind: Literal[LogKind.BACK]
    seat: SeatNumber


class ByMember(Strict):
    """The game paused, resumed or ended early by a member."""

    kind: Literal[LogKind.PAUSED, LogKind.RESUMED, LogKind.ENDED]
    by: UserId


class Abandoned(Strict):
    kind: Literal[LogKind.ABANDONED]
    removed: UserId | None = None
    by: UserId | None = None


class ClockRestarted(Strict):
    kind: Literal[LogKind.CLOCK_RESTARTED]
    prompt: Count


class Bookkeeping(Strict):
    """Records that carry nothing but their kind: an ending by itself, the bot's own bookkeeping."""

    kind: Literal[
        LogKind.GONE, LogKind.IDLE, LogKind.PAUSE_EXPIRED, LogKind.RESTART_GRACE, LogKind.ORDERS_RESUMED
    ]


ENGINE = "engine event"


def _entry_kind(entry: Any) -> str | None:
    """Which model reads `entry`: an engine event carries an amount (as the rebuild tells them
    apart); a record of the table is read by the model of its kind."""
    if not isinstance(entry, dict):
        return None
    if "amount" in entry:
        return ENGINE
    kind = entry.get("kind")
    return ENTRY_KINDS.get(kind) if isinstance(kind, str) else None


Entry = Annotated[
    Annotated[EngineEvent, Tag(ENGINE)]
    | Annotated[Started, Tag("Started")]
    | Annotated[Answered, Tag("Answered")]
    | Annotated[SeatLeft, Tag("SeatLeft")]
    | Annotated[TookOver, Tag("TookOver")]
    | Annotated[SeatAsked, Tag("SeatAsked")]
    | Annotated[OrdersSet, Tag("OrdersSet")]
    | Annotated[Back, Tag("Back")]
    | Annotated[ByMember, Tag("ByMember")]
    | Annotated[Abandoned, Tag("Abandoned")]
    | Annotated[ClockRestarted, Tag("ClockRestarted")]
    | Annotated[Bookkeeping, Tag("Bookkeeping")],
    Discriminator(
        _entry_kind,
        custom_error_type="entry_kind",
        custom_error_message="an entry of a kind no game logs",
    ),
]
ENTRY_KINDS: dict[str, str] = {
    kind: tag.tag
    for model, tag in (get_args(member) for member in get_args(get_args(Entry)[0]))
    if tag.tag != ENGINE
    for kind in get_args(model.model_fields["kind"].annotation)
}
"""Each kind of the table's records, to the tag of the model that reads it."""
assert ENTRY_KINDS.keys() >= ENDED_EARLY, "every early end is a record the schema reads"


class Record(Strict):
    """A whole record, as `records.record_of` writes it."""

    format: Literal["payday-record"]
    version: Literal[2]
    game: Annotated[int, Field(ge=1, lt=2**63)]
    started_at: datetime
    finished_at: datetime
    settings: RecordedSettings
    rules: dict[Text, HouseValue]
    house_rules: dict[Text, HouseValue]
    seed: Annotated[int, Field(ge=0, lt=2**64)]
    players: Annotated[list[RecordedPlayer], Field(min_length=1, max_length=MAX_SEATS)]
    log: Annotated[list[Entry], Field(min_length=1)]
    ledger: list[EngineEvent]
    ending: Ending
    standings: Annotated[list[Standing], Field(min_length=1, max_length=MAX_SEATS)]
    winners: Annotated[list[SeatNumber], Field(max_length=MAX_SEATS)]

    @model_validator(mode="after")
    def _seats_are_the_players(self) -> "Record":
        """The log begins with the deal, and every seat named anywhere is one of its players."""
        started, count = self.log[0], len(self.players)
        if not isinstance(started, Started) or any(isinstance(entry, Started) for entry in self.log[1:]):
            raise PydanticCustomError("seats", "the log does not begin with the game's one start")
        if len(started.seats) != count or len(started.computers) != count:
            raise PydanticCustomError("seats", "the start does not name every player's seat")
        if [player.seat for player in self.players] != list(range(count)):
            raise PydanticCustomError("seats", "the players are not in seat order")
        named = [entry.seat for entry in self.log if isinstance(entry, SEATED)]
        named += [standing.seat for standing in self.standings] + self.winners
        if any(seat >= count for seat in named):
            raise PydanticCustomError(
                "seats", "a seat is named that none of the {count} players has", {"count": count}
            )
        return self


SEATED = (Answered, SeatLeft, TookOver, SeatAsked, OrdersSet, Back)
"""The log's entries that name a player's seat."""
