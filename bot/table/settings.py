"""A server's own table: its defaults for every new game (`/payday settings`), house rules included.

One typed model, saved per server as JSON by the store (which knows nothing of it). A server that
never chose has the defaults; a stored value that no longer validates (a limit tightened by an
upgrade, an edition or house rule gone) falls back to its default alone, so one bad field never
stops a `/payday start`.
"""

import hashlib
import json
import logging
from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.game.engine import DEFAULT_MONTHS, MAX_MONTHS, MIN_MONTHS
from bot.game.house import BY_KEY, HouseKind, HouseRuleError, HouseValue, house_rules_of, with_house_rules
from bot.game.rulesets import DEFAULT_RULESET, RULESETS, Rules
from bot.table.pace import MAX_TURN, question_seconds

log = logging.getLogger(__name__)

MIN_TURN_SECONDS = 30
MAX_TURN_SECONDS = int(MAX_TURN.total_seconds())
"""Turn times up to a week, for games played by post over days (issue 18.3)."""
TURN_TIMES = (60, 120, 300, 900, 3600, 4 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400, MAX_TURN_SECONDS)
"""The turn times a server may choose, from a quick game to one move a week."""
QUESTION_TIMES = (30, 60, 120, 300, 900, 3600, 4 * 3600, 24 * 3600)
"""The times for a question asked of everyone (the Lottery, the Radio Contest, the Walk)."""
END_DAYS = (1, 2, 3, 5, 7, 14, 30)
"""The days after which an idle or paused game ends by itself."""
MAX_END_DAYS = END_DAYS[-1]
RANKED_AFTER = (1, 2, 3, 5, 10, 20)
"""The numbers of rated games a server may ask of a player before its leaderboard ranks them."""

HouseRules = dict[str, HouseValue]
"""One edition's house rules: the `Rules` fields that differ from its preset."""


def house_changed(ruleset: str, house: Mapping[str, HouseValue], key: str, value: HouseValue) -> HouseRules:
    """`house` with `key` set to `value`, checked against the edition's limits (HouseRuleError, and
    nothing changed, for a value outside them) and kept to what differs from the edition's preset."""
    return house_rules_of(ruleset, with_house_rules(ruleset, {**house, key: value}))


def house_written(ruleset: str, house: Mapping[str, HouseValue], key: str) -> str:
    """House rule `key`'s value in `house` (else the edition's own) as a control carries the value
    it showed: a switch as 1 or 0, a number in digits, a choice by its way."""
    value = house.get(key, getattr(RULESETS[ruleset].rules, key))
    return str(int(value)) if isinstance(value, bool) else str(value)


def house_shown(ruleset: str, house: Mapping[str, HouseValue], key: str, shown: str | None) -> bool:
    """Whether house rule `key` still has the value a control showed (`shown`, `house_written`), so
    setting it from there writes over nobody's change; None: a control from before controls carried
    it, taken as shown. A key that is no house rule is left to be refused where it is set."""
    return shown is None or key not in BY_KEY or house_written(ruleset, house, key) == shown


def house_mark(house: Mapping[str, HouseValue]) -> str:
    """A short mark (ten hex digits) of one edition's house rules as an editor shows them, which its
    Reset carries: too many to carry themselves, they are told apart by it."""
    written = json.dumps(dict(house), sort_keys=True)
    return hashlib.blake2s(written.encode(), digest_size=5).hexdigest()


def house_marked(house: Mapping[str, HouseValue], mark: str | None) -> bool:
    """Whether `house` still holds the house rules an editor showed with `mark`, so putting them
    back writes over nobody's change; None: a Reset from before Resets carried it, taken as shown."""
    return mark is None or house_mark(house) == mark


def house_turned(ruleset: str, house: Mapping[str, HouseValue], key: str) -> HouseRules:
    """`house` with the switch `key` in its other position, or the choice `key` at its next way
    (after the last, the first), from its value in `house`, else the edition's own; HouseRuleError
    for a key that is neither."""
    rule = BY_KEY.get(key)
    if rule is None or rule.kind not in (HouseKind.SWITCH, HouseKind.CHOICE):
        raise HouseRuleError(key)
    value = house.get(key, getattr(RULESETS[ruleset].rules, key))
    if rule.options is None:
        return house_changed(ruleset, house, key, not value)
    ways = [option.value for option in rule.options]
    return house_changed(ruleset, house, key, ways[(ways.index(str(value)) + 1) % len(ways)])


class ServerSettings(BaseModel):
    """Everything a server sets for its new games; `/payday start`'s options still override it for
    one game."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    ruleset: str = DEFAULT_RULESET
    months: int = Field(DEFAULT_MONTHS, ge=MIN_MONTHS, le=MAX_MONTHS)
    turn_seconds: int | None = Field(None, ge=MIN_TURN_SECONDS, le=MAX_TURN_SECONDS)
    """None: the bot's own default (its operator's `TURN_SECONDS`)."""
    interrupt_seconds: int | None = Field(None, ge=MIN_TURN_SECONDS, le=MAX_TURN_SECONDS)
    """The time for a question asked of everyone; None: the bot's own default."""
    language: str | None = Field(None, pattern=r"^[a-z]{2,3}$")
    """None: the server's preferred language if the bot speaks it, else English."""
    board_pictures: bool = True
    """The drawn board on the live message (the operator's `BOARD_PICTURES` still turns all off)."""
    calls: bool = True
    """Players are called by name when the game waits for them, unless they chose for themselves."""
    thread_per_game: bool = False
    hints: bool = False
    """Players may ask the planner for a hint in this server's games (a lobby's host may still turn
    them off for one game); a game where anyone took one is not rated."""
    idle_end_days: int = Field(7, ge=1, le=MAX_END_DAYS)
    """A game nobody answers for this long after a question timed out ends by itself with the
    standings."""
    pause_end_days: int = Field(7, ge=1, le=MAX_END_DAYS)
    """A paused game ends by itself after this long."""
    min_ranked_games: int = Field(3, ge=1, le=RANKED_AFTER[-1])
    """The leaderboard ranks only players with this many rated games (the others are told how many
    they have)."""
    house: dict[str, HouseRules] = Field(default_factory=dict)
    """House rules per edition (by its name), each checked against that edition's limits."""

    @field_validator("ruleset")
    @classmethod
    def _known_ruleset(cls, value: str) -> str:
        if value not in RULESETS:
            raise ValueError(f"no edition {value!r}")
        return value

    @field_validator("house")
    @classmethod
    def _house_within_limits(cls, value: dict[str, HouseRules]) -> dict[str, HouseRules]:
        checked = {}
        for ruleset, changes in value.items():
            if ruleset not in RULESETS:
                raise ValueError(f"no edition {ruleset!r}")
            try:
                rules = with_house_rules(ruleset, changes)
            except HouseRuleError as error:
                raise ValueError(str(error)) from None
            if house := house_rules_of(ruleset, rules):
                checked[ruleset] = house
        return checked

    def house_rules(self, ruleset: str) -> HouseRules:
        """The server's house rules for `ruleset` (empty: the edition's own rules)."""
        return dict(self.house.get(ruleset, {}))

    def rules(self, ruleset: str) -> Rules:
        """The `Rules` a new game of `ruleset` plays by on this server."""
        return with_house_rules(ruleset, self.house_rules(ruleset))

    def times(self, chosen: int | None, turn_seconds: int, interrupt_seconds: int) -> tuple[int, int]:
        """(turn, question for everyone) seconds of a new game on this server: `chosen` for its turn
        (a host's `/payday start` option), else the server's, else the bot's `turn_seconds`; a
        question for everyone has the server's time (never longer than the turn), else the bot's
        `interrupt_seconds` at the game's pace."""
        turn = chosen or self.turn_seconds or turn_seconds
        if self.interrupt_seconds:
            return turn, min(self.interrupt_seconds, turn)
        return turn, question_seconds(turn, interrupt_seconds)

    def changed(self, **values: object) -> Self:
        """These settings with `values` changed, all checked (ValidationError, and nothing changed,
        if any is not allowed)."""
        return self.model_validate({**self.model_dump(), **values})

    def with_house(self, ruleset: str, house: Mapping[str, HouseValue]) -> Self:
        """These settings with `ruleset`'s house rules replaced by `house` (empty: the edition's own)."""
        return self.changed(house={**self.house, ruleset: dict(house)})

    def rebased(self, base: "ServerSettings", onto: "ServerSettings") -> Self | None:
        """These settings, made from `base` by one change, as that change made to `onto` instead:
        the settings another change, saved meanwhile from the same `base`, left. Each setting and
        each house rule is one value: the two changes both hold when they set different ones (or
        the same one alike), so `onto` with this change's values; None when they set one to
        different values, or this change is not allowed on `onto`."""
        mine, theirs = _changes(base, self), _changes(base, onto)
        if any(theirs.get(setting, value) != value for setting, value in mine.items()):
            return None
        both = {**_values(onto), **mine}
        fields = {setting: value for setting, value in both.items() if isinstance(setting, str)}
        house: dict[str, dict[str, object]] = {}
        for setting, value in both.items():
            if isinstance(setting, tuple) and value is not None:
                ruleset, key = setting
                house.setdefault(ruleset, {})[key] = value
        try:
            return self.model_validate({**fields, "house": house})
        except ValidationError:
            return None

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def read(cls, text: str | None) -> Self:
        """The settings stored as `text` (None: the server never chose). A field that no longer
        validates falls back to its default, and a house rule to the edition's own, each alone and
        logged: nothing stored can stop a game from starting."""
        if text is None:
            return cls()
        try:
            stored = json.loads(text)
        except ValueError:
            stored = None
        if not isinstance(stored, dict):
            log.warning("server settings unreadable, defaults used", extra={"stored": text[:200]})
            return cls()
        kept: dict[str, Any] = {}
        for name, value in stored.items():
            if name not in cls.model_fields:
                continue
            if name == "house":
                value = _readable_house(value)
            try:
                cls.model_validate({name: value})
            except ValidationError:
                log.warning("server setting out of limits, default used", extra={"setting": name})
                continue
            kept[name] = value
        return cls.model_validate(kept)


Setting = str | tuple[str, str]
"""One value of a server's settings: a setting by its name, or a house rule by (edition, rule)."""


def _values(settings: ServerSettings) -> dict[Setting, object]:
    """Every value of `settings`, each house rule apart (a rule the edition's own has none)."""
    values: dict[Setting, object] = dict(settings.model_dump(exclude={"house"}).items())
    for ruleset, house in settings.house.items():
        values.update({(ruleset, key): value for key, value in house.items()})
    return values


def _changes(before: ServerSettings, after: ServerSettings) -> dict[Setting, object]:
    """The values `after` sets that `before` does not (None: a house rule back to the edition's)."""
    old, new = _values(before), _values(after)
    return {
        setting: new.get(setting)
        for setting in old.keys() | new.keys()
        if old.get(setting) != new.get(setting)
    }


def _readable_house(stored: object) -> dict[str, HouseRules]:
    """The stored house rules that still hold, one by one (a rule gone or out of its limits now is
    left out, so the edition's own rule applies)."""
    if not isinstance(stored, dict):
        return {}
    readable: dict[str, HouseRules] = {}
    for ruleset, changes in stored.items():
        if ruleset not in RULESETS or not isinstance(changes, dict):
            continue
        for key, value in changes.items():
            try:
                with_house_rules(ruleset, {key: value})
            except HouseRuleError:
                log.warning("house rule out of limits, edition's used", extra={"rule": key})
                continue
            readable.setdefault(ruleset, {})[key] = value
    return readable
