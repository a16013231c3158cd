"""House rules: the fields of `Rules` a server or a lobby's host may change, each with its limits.

A game's house rules are the fields where its `Rules` differ from its edition's preset, so a saved
game carries them in its own `Rules` and old games (which have none) load unchanged. Limits scale
with the edition's money (classic starts with $325, modern with $3,500), so one list serves all three.
A rule about a space or a card an edition does not have (classic has no Radio Contest) changes
nothing there and is not one of its house rules. docs/RULES.md §7 lists them for players.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum

from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.rulesets import RULESETS, JackpotSix, Rules, game_rules

HouseValue = int | bool | str
"""Money and percentages are whole numbers; switches are bools; a choice is its value's name."""


class HouseKind(StrEnum):
    MONEY = "money"
    """Dollars, from `low` to `high` times the edition's start cash divided by `SCALE`."""
    PERCENT = "percent"
    SWITCH = "switch"
    CHOICE = "choice"
    """One of `HouseRule.options`, given by its value (`"any"`)."""


SCALE = 3500
"""Money limits are written at the modern scale and scaled to an edition's start cash."""


@dataclass(frozen=True, slots=True)
class HouseRule:
    key: str
    """The `Rules` field it changes."""
    kind: HouseKind
    low: int = 0
    high: int = 1
    options: type[StrEnum] | None = None
    """CHOICE: the values it may take."""
    needs: str = ""
    """The board space or Mail card kind the rule is about, if the edition must have one."""


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("start_cash", HouseKind.MONEY, 0, 20_000),
    HouseRule("salary", HouseKind.MONEY, 0, 20_000),
    HouseRule("loan_interest_pct", HouseKind.PERCENT, 0, 50),
    HouseRule("charge_interest_pct", HouseKind.PERCENT, 0, 50, needs=MailKind.MONSTER),
    HouseRule("lottery_bank", HouseKind.MONEY, 0, 10_000, needs=SpaceKind.LOTTERY),
    HouseRule("lottery_ante", HouseKind.MONEY, 0, 1_000, needs=SpaceKind.LOTTERY),
    HouseRule("jackpot_seed", HouseKind.MONEY, 0, 10_000),
    HouseRule("jackpot_six", HouseKind.CHOICE, 0, len(JackpotSix) - 1, options=JackpotSix),
    HouseRule("radio_prize", HouseKind.MONEY, 0, 10_000, needs=SpaceKind.RADIO),
    HouseRule("repay_anytime", HouseKind.SWITCH),
)
BY_KEY = {rule.key: rule for rule in HOUSE_RULES}


class HouseRuleError(ValueError):
    """A house rule that does not exist, or a value outside its limits; nothing was changed."""

    def __init__(self, key: str, low: int = 0, high: int = 0) -> None:
        super().__init__(f"house rule {key!r} must be from {low} to {high}")
        self.key, self.low, self.high = key, low, high


def applies(ruleset: str, rule: HouseRule) -> bool:
    """Whether `rule` changes anything in `ruleset` (its board or Mail has what the rule is about)."""
    preset = RULESETS[ruleset]
    kinds = {space.kind for space in preset.board} | {card.kind for card in preset.mail}
    return not rule.needs or rule.needs in kinds


def limits(ruleset: str, rule: HouseRule) -> tuple[int, int]:
    """The lowest and highest value `rule` may take in `ruleset` (a choice: the first and last
    option's place in `options`)."""
    if rule.kind is HouseKind.MONEY:
        start = RULESETS[ruleset].rules.start_cash
        return rule.low * start // SCALE, rule.high * start // SCALE
    return rule.low, rule.high


def with_house_rules(ruleset: str, changes: Mapping[str, HouseValue]) -> Rules:
    """The edition's preset with `changes` applied; HouseRuleError for an unknown key or a value
    out of its limits (a bool for a switch, an option's value for a choice, a whole number for the
    others). A rule about something the edition does not have is let pass and changes nothing, so
    one set of house rules can be offered to every edition."""
    rules = game_rules(RULESETS[ruleset].rules)
    for key, value in changes.items():
        rule = BY_KEY.get(key)
        if rule is None:
            raise HouseRuleError(key)
        if not applies(ruleset, rule):
            continue
        low, high = limits(ruleset, rule)
        if rule.kind is HouseKind.SWITCH:
            if not isinstance(value, bool):
                raise HouseRuleError(key, 0, 1)
        elif rule.options is not None:
            if not isinstance(value, str) or value not in {option.value for option in rule.options}:
                raise HouseRuleError(key, low, high)
            value = rule.options(value)
        elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise HouseRuleError(key, low, high)
        setattr(rules, key, value)
    return rules


def house_rules_of(ruleset: str, rules: Rules) -> dict[str, HouseValue]:
    """The house rules a game plays by: its fields that differ from its edition's preset, in
    `HOUSE_RULES` order, those its edition has nothing for left out (an empty dict: the edition's
    own rules). A choice is given by its value's name, as `with_house_rules` takes it."""
    preset = RULESETS[ruleset].rules
    return {
        rule.key: _plain(getattr(rules, rule.key))
        for rule in HOUSE_RULES
        if getattr(rules, rule.key) != getattr(preset, rule.key) and applies(ruleset, rule)
    }


def _plain(value: HouseValue) -> HouseValue:
    return str(value.value) if isinstance(value, StrEnum) else value


assert {rule.key for rule in HOUSE_RULES} <= {f.name for f in fields(Rules)}
