"""Every custom_id the bot writes, one codec per kind: built from its target (the values a click
needs, bot/render/components.py), matched by its template, read back into the same target.

The layouts (all under Discord's 100 characters). Every one ever sent still reads, so the buttons
of old messages keep working after a restart and across versions:
  pd:<channel>:<game>:<prompt>:<kind>:<value>   answer the game's question
  pdm:<channel>:<game>:<prompt>:<kind>           the same from a select menu (the option is the value)
  pdl:<channel>:<game>:<change>                  the lobby: join, leave, addbot, start, cancel
  pda:<channel>:<game>                           the lobby's menu of computer players (option: strength)
  pdg:<game>:<book>:<page>                       a page of the ledger (bank or loans)
  pds:<game>:<page>                              a page of the story (`/payday log`)
  pdr:<game>                                     Rematch, on a finished game's standings
  pdh:<channel>:<game>                           My hand, on the live message
  pdo:<channel>:<game>                           the hand panel's standing-orders menu
  pdb:<channel>:<game>:<loan|repay>              Borrow… / Repay…: open the form
  pdx:<channel>:<game>:<loan|repay>              the form itself
  pdp:<channel>:<game>                           Refresh; panels from before it have pdr:<channel>:<game>
  pdt:<channel>:<game>:<request>:<approve|decline>  the host's answer to a request to take over a seat
  pde:<channel>:<game>:<prompt>                  /payday end confirmed, at the question the host saw
  pdk:<channel>:<game>                           /payday end cancelled: keep playing
  pdhist:<user>:<page>                           a page of the server's finished games (user 0: everyone's)
  pdrank:<edition>:<period>:<page>               a page of the server's leaderboard
  pdy:<channel>:<game>                           House rules, on the lobby: the host's editor
  pdym:<s|l>:<owner>:<ref>                       the house-rules editor's menu (s: a server's
                                                 edition, owner the guild; l: a lobby, owner its
                                                 channel, ref its game)
  pdyr:<s|l>:<owner>:<ref>:<mark>                the editor's Reset, with a mark of the house rules
                                                 it showed (Resets from before it have none)
  pdyf:<s|l>:<owner>:<ref>:<rule>:<shown>        the form for one house rule's value, with the value
                                                 it showed (forms from before it have none)
  pdc:<guild>:<edition>:<action>[:<0|1>]         a button of the /payday settings panel; a switch's
                                                 says the position it showed (not from before it)
  pdcf:<guild>:<edition>:<form>:<version>        one of the panel's forms, with the version of the
                                                 settings it showed (forms from before it have none)
  pdw:<game>:<step>:<way>                        a step of a finished game's replay (`way`: which button)
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.game.rulesets import RULESETS
from bot.render.components import (
    APPROVE,
    DECLINE,
    SERVER,
    AddComputer,
    Answer,
    AnswerMenu,
    EditHouse,
    EndGame,
    HistoryTurn,
    HouseForm,
    HouseMenu,
    HouseReset,
    KeepPlaying,
    LeaderboardTurn,
    LedgerTurn,
    LobbyAction,
    OpenForm,
    OpenHand,
    RefreshHand,
    Rematch,
    ReplayTurn,
    SeatVerdict,
    SetOrders,
    SettingsButton,
    SettingsForm,
    StoryTurn,
    SubmitForm,
    Target,
)
from bot.render.components import (
    LOBBY as LOBBY_SCOPE,
)
from bot.render.replay import WAYS
from bot.service.results import Period
from bot.service.values import LobbyChange

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Part:
    """One field of a custom_id: what it may look like, and how it is read. Numbers are the ASCII
    digits the bot writes: `\\d` would match any script's digits, which `int` reads as well."""

    pattern: str
    read: Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class Added(Part):
    """A last field added to a layout after custom_ids without it were sent: those read as `absent`."""

    absent: Any


CHANNEL = Part(r"[0-9]{1,20}", int)
GAME = Part(r"[0-9]{1,12}", int)
NUMBER = Part(r"[0-9]{1,9}", int)
PAGE = Part(r"[0-9]{1,6}", int)
KIND = Part(r"[a-z_]{1,12}", str)
MONEY = Part("loan|repay", str)
BOOK = Part("bank|loans", str)
CHANGE = Part("|".join(LobbyChange), LobbyChange)
VERDICT = Part(f"{APPROVE}|{DECLINE}", str)
USER = Part(r"[0-9]{1,20}", int)
RULESET = Part("|".join(RULESETS), str)
"""An edition this version has, by name (the leaderboard's)."""
PERIOD = Part("|".join(Period), str)
SCOPE = Part(f"{SERVER}|{LOBBY_SCOPE}", str)
REF = Part(r"[a-z]{1,12}|[0-9]{1,12}", str)
"""An edition's name (a server's house rules) or a game id (a lobby's)."""
RULE = Part(r"[a-z_]{1,24}", str)
EDITION = Part(r"[a-z]{1,12}", str)
ACTION = Part(r"[a-z_]{1,20}", str)
WAY = Part("|".join(WAYS), str)
VERSION = Added(r"[0-9]{1,12}", int, absent=0)
"""The version of the settings a form showed. A form sent before forms carried it reads as shown on
a server that never chose (version 0): wherever settings were saved since, it is refused rather
than saved over them."""
POSITION = Added("[01]", int, absent=None)
"""The position a switch of the settings panel showed (1: on). One sent before switches carried it
is switched from the position it has, as before."""
MARK = Added("[0-9a-f]{10}", str, absent=None)
"""The mark of the house rules a Reset showed (`house_mark`). One sent before Resets carried it puts
back whatever the house rules are, as before."""
SHOWN = Added(r"[a-z0-9_]{1,24}", str, absent=None)
"""The value of a house rule a form showed (`house_written`). A form sent before forms carried it
sets the rule as before."""


class Codec(Generic[T]):
    """`<prefix>:<part>:<part>...`, one part per field of the target, in the target's order; a
    custom_id with one of the `formerly` prefixes reads the same (buttons already in channels)."""

    def __init__(
        self, prefix: str, target: type[T], *, formerly: tuple[str, ...] = (), **parts: Part
    ) -> None:
        self.prefix, self.target, self.parts = prefix, target, parts
        prefixes = "|".join((prefix, *formerly))
        self.template = "(?:" + prefixes + ")" + "".join(_field(name, p) for name, p in parts.items())
        self._compiled = re.compile(self.template)

    def build(self, target: T) -> str:
        """The custom_id of `target`; an `Added` part it has no value for (None) is left out."""
        written = (getattr(target, name) for name in self.parts)
        return ":".join((self.prefix, *(str(value) for value in written if value is not None)))

    def parse(self, match: re.Match[str]) -> T:
        """The target of a custom_id that matched the template."""
        return self.target(**{name: _read(part, match[name]) for name, part in self.parts.items()})

    def read(self, custom_id: str) -> T | None:
        """The target of `custom_id`, or None if it is not one of this codec's."""
        match = self._compiled.fullmatch(custom_id)
        return None if match is None else self.parse(match)


def _field(name: str, part: Part) -> str:
    field = f":(?P<{name}>{part.pattern})"
    return f"(?:{field})?" if isinstance(part, Added) else field


def _read(part: Part, written: str | None) -> Any:
    if written is None:  # an `Added` part, in a custom_id sent before it
        assert isinstance(part, Added), "a template matches only with every other part"
        return part.absent
    return part.read(written)


ANSWER = Codec("pd", Answer, channel_id=CHANNEL, game_id=GAME, prompt=NUMBER, kind=KIND, value=NUMBER)
ANSWER_MENU = Codec("pdm", AnswerMenu, channel_id=CHANNEL, game_id=GAME, prompt=NUMBER, kind=KIND)
LOBBY = Codec("pdl", LobbyAction, channel_id=CHANNEL, game_id=GAME, change=CHANGE)
COMPUTER = Codec("pda", AddComputer, channel_id=CHANNEL, game_id=GAME)
LEDGER = Codec("pdg", LedgerTurn, game_id=GAME, book=BOOK, page=PAGE)
STORY = Codec("pds", StoryTurn, game_id=GAME, page=PAGE)
REMATCH = Codec("pdr", Rematch, game_id=GAME)
HAND = Codec("pdh", OpenHand, channel_id=CHANNEL, game_id=GAME)
ORDERS = Codec("pdo", SetOrders, channel_id=CHANNEL, game_id=GAME)
MONEY_BUTTON = Codec("pdb", OpenForm, channel_id=CHANNEL, game_id=GAME, kind=MONEY)
FORM = Codec("pdx", SubmitForm, channel_id=CHANNEL, game_id=GAME, kind=MONEY)
REFRESH = Codec("pdp", RefreshHand, formerly=("pdr",), channel_id=CHANNEL, game_id=GAME)
SEAT = Codec("pdt", SeatVerdict, channel_id=CHANNEL, game_id=GAME, number=NUMBER, verdict=VERDICT)
END = Codec("pde", EndGame, channel_id=CHANNEL, game_id=GAME, prompt=NUMBER)
KEEP = Codec("pdk", KeepPlaying, channel_id=CHANNEL, game_id=GAME)
HISTORY = Codec("pdhist", HistoryTurn, user_id=USER, page=PAGE)
LEADERBOARD = Codec("pdrank", LeaderboardTurn, ruleset=RULESET, period=PERIOD, page=PAGE)
EDIT_HOUSE = Codec("pdy", EditHouse, channel_id=CHANNEL, game_id=GAME)
HOUSE_MENU = Codec("pdym", HouseMenu, scope=SCOPE, owner=CHANNEL, ref=REF)
HOUSE_RESET = Codec("pdyr", HouseReset, scope=SCOPE, owner=CHANNEL, ref=REF, shown=MARK)
HOUSE_FORM = Codec("pdyf", HouseForm, scope=SCOPE, owner=CHANNEL, ref=REF, key=RULE, shown=SHOWN)
SETTINGS = Codec("pdc", SettingsButton, guild_id=CHANNEL, ruleset=EDITION, action=ACTION, shown=POSITION)
SETTINGS_FORM = Codec("pdcf", SettingsForm, guild_id=CHANNEL, ruleset=EDITION, form=ACTION, version=VERSION)
REPLAY = Codec("pdw", ReplayTurn, game_id=GAME, step=PAGE, way=WAY)

CODECS: dict[type, Codec[Any]] = {
    codec.target: codec
    for codec in (
        ANSWER,
        ANSWER_MENU,
        LOBBY,
        COMPUTER,
        LEDGER,
        STORY,
        REMATCH,
        HAND,
        ORDERS,
        MONEY_BUTTON,
        FORM,
        REFRESH,
        SEAT,
        END,
        KEEP,
        HISTORY,
        LEADERBOARD,
        EDIT_HOUSE,
        HOUSE_MENU,
        HOUSE_RESET,
        HOUSE_FORM,
        SETTINGS,
        SETTINGS_FORM,
        REPLAY,
    )
}


def custom_id(target: Target) -> str:
    """The custom_id a control of that target carries."""
    return CODECS[type(target)].build(target)
