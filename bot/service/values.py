"""What goes in and out of the service: plain values, no discord.py type, no words.

A use case takes a `Person` (and a `Move`, `LobbyOptions` ...) and returns an `Update`: what was
saved, what the live message should show, how to answer the person who asked, and what to post in
the channel. Sentences are codes with arguments (`Note`, `Refused`), written in a language by
`bot/render/`, so one update can be shown in the game's language and answered in the player's.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, NamedTuple

from bot.game.events import Event
from bot.service.tables import Loaded
from bot.service.tallies import Tally
from bot.table import Table


@dataclass(frozen=True, slots=True)
class Person:
    """Who asked: a Discord user as the service needs them."""

    user_id: int
    name: str
    """The name a board shows (already made safe by `bot.table.clean_name`)."""
    locale: str = "en-US"
    """Their own Discord language: private answers are written in it."""
    manages_channel: bool = False
    """May close or end a game they do not host (Manage Channels)."""
    manages_server: bool = False
    """May change the server's settings (Manage Server)."""


@dataclass(frozen=True, slots=True)
class Move:
    """An answer to the game: a button or menu (with the question's number, the game and the message
    it was on) or a slash command (none of those)."""

    kind: str
    value: int = 0
    prompt: int | None = None
    game_id: int | None = None
    message_id: int | None = None

    @property
    def slash(self) -> bool:
        return self.prompt is None


@dataclass(frozen=True, slots=True)
class LobbyOptions:
    """What the host chose for one game; None: the server's setting (`/payday settings`), else the
    bot's default."""

    months: int | None = None
    turn_seconds: int | None = None
    ruleset: str | None = None
    language: str | None = None
    """The game's language: its live message and public posts."""
    server_language: str = "en"
    """The server's preferred language if the bot speaks it: the game's when nobody chose one."""


class LobbyChange(StrEnum):
    """The lobby's buttons: their custom_ids carry these values, the event log notes them, and
    `Lobbies.buttons` maps each to its use case."""

    JOIN = "join"
    LEAVE = "leave"
    ADD_COMPUTER = "addbot"
    START = "start"
    CANCEL = "cancel"


class NoteCode(StrEnum):
    """A sentence for the lobby's footer or for the person who asked (`bot/render/notes.py`)."""

    JOINED = "joined"
    """name"""
    LEFT_LOBBY = "left_lobby"
    """name"""
    COMPUTER_JOINED = "computer_joined"
    """name, strength: the computer player seated and how well it plays (a `Strength`)."""
    CANCELLED = "cancelled"
    """name: who closed the lobby."""
    EVERYONE_LEFT = "everyone_left"
    LOBBY_EXPIRED = "lobby_expired"
    """minutes"""
    LOBBY_CLOSED = "lobby_closed"
    GAME_STARTED = "game_started"
    YOU_LEFT = "you_left"
    YOU_LEFT_LAST = "you_left_last"
    YOU_ENDED = "you_ended"
    REMOVED = "removed"
    """name, by: who was removed from the lobby, and by whom."""
    YOU_REMOVED = "you_removed"
    """name: the player the host or moderator removed from a running game."""
    YOU_REMOVED_LAST = "you_removed_last"
    """name: removed, and nobody else was left to play."""
    DONE = "done"
    """events: what a slash command (or the loan and repayment form) did; seat: whose it was."""
    CALLS_ON = "calls_on"
    """here: the member is seated at this channel's table, which switched too (else only their
    lasting preference, for their next games)."""
    CALLS_OFF = "calls_off"
    """here: as for CALLS_ON."""
    HOUSE_RULES_CHANGED = "house_rules_changed"
    """name: the host who changed the lobby's house rules."""


class Note(NamedTuple):
    """A short sentence for the person who asked, or the lobby's footer: a core `NoteCode` or a
    feature's own code, written by bot/render/notes.py's `NOTES`."""

    code: StrEnum
    params: dict[str, Any] = {}  # noqa: RUF012 -- never mutated: a NamedTuple default


class Ending(StrEnum):
    """Why a game ended; stored in its history summary."""

    RETIRED = "retired"
    """Everyone retired: the game ran its course."""
    ABANDONED = "abandoned"
    """Every human left."""
    ENDED = "ended"
    """Stopped early by the host or a moderator."""
    GONE = "gone"
    """Its channel or thread was deleted, or the bot lost access to it (bot/service/playing.py)."""
    IDLE = "idle"
    """Nobody played for the table's `idle_end_days`: it ended by itself."""
    PAUSE_EXPIRED = "pause_expired"
    """Paused for the table's `pause_end_days`: it ended by itself."""


ENDED_EARLY = frozenset(Ending) - {Ending.RETIRED}
"""Every ending that stops a game before it ran its course: its log holds an early-end record of
that kind (`moves.ended_early`), which the rebuild replays through `engine.end_early`."""


class Show(Enum):
    """What the person who asked sees of the game."""

    NOTHING = 0
    BOARD = 1
    """The click's message becomes the newest board (a click elsewhere is acknowledged; with a
    `said`, a click not on the live message and a slash command get the words instead)."""
    POST = 2
    """A new public copy of the live message (a new lobby, `/payday status`)."""
    LOOK = 3
    """A private copy of the board (an onlooker's `/payday status`)."""
    STANDINGS = 4
    """The last finished game's standings, posted anew (`/payday status` after a game); they are
    the update's `follow`."""


@dataclass(frozen=True, slots=True)
class Answer:
    """How the person who asked is answered."""

    show: Show = Show.NOTHING
    said: Note | None = None
    """Private words."""


@dataclass(frozen=True, slots=True)
class LiveView:
    """What the channel's live message should show after a change."""

    loaded: Loaded
    note: Note | None = None
    """The lobby's footer; None keeps the one shown."""
    closed: bool = False
    """The lobby closed or the game ended: no buttons."""
    shown: bool = False
    """Discord already shows exactly this (a new message was just posted with it)."""


@dataclass(frozen=True, slots=True)
class Call:
    """Players called by name (bot/table/attention.py): the live message is posted anew at the foot of the
    channel with the call as its text, since only a new message notifies."""

    kind: str
    """The question they are called for (a `PendingKind`)."""
    user_ids: tuple[int, ...]
    """In the order the question asks them."""
    reminder: bool = False
    """Called halfway through the time (they were looking when the question began)."""


# -- notices: messages of their own in the channel, in the game's language ------------------------
@dataclass(frozen=True, slots=True)
class PayDays:
    """Pay Day summaries of the players who finished one (seat, retired), as the table stands."""

    table: Table
    seats: tuple[tuple[int, bool], ...]
    events: tuple[Event, ...] = ()
    """The events that led to them, as far back as the table keeps them: each Pay Day's own, from
    before a question it stopped for, make its breakdown."""


@dataclass(frozen=True, slots=True)
class Standings:
    """The final standings of a game, with the last Pay Day summaries."""

    game_id: int
    table: Table
    ending: Ending
    ended_by: str = ""
    """Who stopped it early (Ending.ENDED)."""
    paydays: PayDays | None = None
    tallies: tuple[Tally, ...] = ()
    """Each player's game in numbers, by seat; none for a game finished before they were kept."""


class AlertCode(StrEnum):
    SAVE_FAILED = "save_failed"
    """A timer's work could not be saved; it is tried again."""
    SET_ASIDE = "set_aside"
    """game_id: a saved game that could not be read was set aside."""


@dataclass(frozen=True, slots=True)
class Alert:
    """The bot's own trouble with a game, told to its channel (not a rule's or a player's doing)."""

    code: AlertCode
    game_id: int = 0


@dataclass(frozen=True, slots=True)
class Kicked:
    """A player removed from a running game by `by` (the host or a moderator); a computer player
    took their seat."""

    name: str
    by: str


Notice = PayDays | Standings | Alert | Kicked


@dataclass(slots=True)
class Update:
    """What one use case did, for the cog to turn into Discord requests.

    `live` and `notices` are handed to the `Screen` under the channel's lock, in the order the
    changes were saved; the answer and `follow` are sent by whoever asked, after the lock.
    """

    channel_id: int
    loaded: Loaded | None = None
    """The table as saved (or as read, when nothing changed)."""
    events: tuple[Event, ...] = ()
    live: LiveView | None = None
    """What the live message shows next; None: unchanged."""
    answer: Answer = field(default_factory=Answer)
    notices: list[Notice] = field(default_factory=list)
    """Posted in the channel (Pay Day summaries ride with the live message)."""
    follow: list[Notice] = field(default_factory=list)
    """Public follow-ups of the answer (the standings after a click ends the game)."""
    call: Call | None = None
    """Players to call by name with the live message shown next (`live` is then set)."""

    @property
    def game_id(self) -> int | None:
        return None if self.loaded is None else self.loaded.row.game_id


# -- refusals --------------------------------------------------------------------------------------
class ServiceCode(StrEnum):
    """Refusals of the service itself (the engine's and the lobby's codes are refused as they are)."""

    NO_GAME = "no_game"
    GAME_OPEN = "game_open"
    LOBBY_CLOSED = "lobby_closed"
    GAME_ENDED = "game_ended"
    NOT_STARTED = "not_started"
    ALREADY_DONE = "already_done"
    OTHER_CHANNEL = "other_channel"
    MISSING_PERMISSIONS = "missing_permissions"
    """permissions: the Discord permissions the bot lacks here (PermissionName values)."""
    ONE_LOTTERY_ORDER = "one_lottery_order"
    """Standing orders: two Lottery orders chosen at once (two numbers, or a number and never)."""
    NO_AMOUNT = "no_amount"
    """step, most: the loan or repayment form's text is no whole amount; the loan step, and the most
    the player may borrow or repay now (less than a step: nothing now)."""
    REMATCH_GONE = "rematch_gone"
    """The finished game asked for is no longer kept for a rematch."""
    TAKEN_OVER = "taken_over"
    """The player left this game or was removed from it: a computer player plays their seat now."""
    MOVED_ON = "moved_on"
    """Ending a game: it moved on since the host was shown what ending it would give."""
    CHANGED_MEANWHILE = "changed_meanwhile"
    """Another process sharing the database saved the game since this one read it (a lost race,
    `Core.changing`): nothing was done, and the person tries again on the game's latest message."""
    BAD_SETTING = "bad_setting"
    """setting: a value (from a forged or stale control) that setting does not take."""
    HOUSE_VALUE = "house_value"
    """rule, least, most: a house rule's value outside its limits in the edition (or no number)."""
    PAUSED = "game_paused"
    """name: who paused the game, which nothing changes until it is resumed."""
    NO_SUCH_STRENGTH = "no_such_strength"
    """The lobby's menu of computer players sent a strength that is none of them (a forged click)."""
    NOT_SAVED = "not_saved"
    """The store's answer to the change was lost, and the game read again shows it was not made:
    nothing was done (`Core.changing`)."""
    UNCONFIRMED = "unconfirmed"
    """The store's answer to the change was lost, and the game could not be read again to know
    whether it was made: the person looks at the game's latest message and tries again."""


class Refused(Exception):
    """The one way the service says no: `code` and `params` say why, `names` are the players by seat
    (for refusals that name one). Nothing was changed, except `back` taking a player off away."""

    def __init__(self, code: str, names: Sequence[str] = (), /, **params: Any) -> None:
        super().__init__(code)
        self.code, self.names, self.params = code, tuple(names), params
