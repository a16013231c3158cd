"""House rules: the fields of `Rules` a server or a lobby's host may change, each with its limits.

A game's house rules are the fields where its `Rules` differ from its edition's preset, so a saved
game carries them in its own `Rules` and old games (which have none) load unchanged. Limits scale
with the edition's money (classic starts with $325, modern with $3,500), so one list serves all three.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum

from bot.game.rulesets import RULESETS, Rules, game_rules

HouseValue = int | bool
"""Money and percentages are whole numbers; switches are bools."""


class HouseKind(StrEnum):
    MONEY = "money"
    """Dollars, from `low` to `high` times the edition's start cash divided by `SCALE`."""
    PERCENT = "percent"
    SWITCH = "switch"


SCALE = 3500
"""Money limits are written at the modern scale and scaled to an edition's start cash."""


@dataclass(frozen=True, slots=True)
class HouseRule:
    key: str
    """The `Rules` field it changes."""
    kind: HouseKind
    low: int = 0
    high: int = 1


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("start_cash", HouseKind.MONEY, 0, 20_000),
    HouseRule("salary", HouseKind.MONEY, 0, 20_000),
    HouseRule("loan_interest_pct", HouseKind.PERCENT, 0, 50),
    HouseRule("charge_interest_pct", HouseKind.PERCENT, 0, 50),
    HouseRule("lottery_bank", HouseKind.MONEY, 0, 10_000),
    HouseRule("lottery_ante", HouseKind.MONEY, 0, 1_000),
    HouseRule("repay_anytime", HouseKind.SWITCH),
    HouseRule("jackpot_on_six", HouseKind.SWITCH),
)
BY_KEY = {rule.key: rule for rule in HOUSE_RULES}


class HouseRuleError(ValueError):
    """A house rule that does not exist, or a value outside its limits; nothing was changed."""

    def __init__(self, key: str, low: int = 0, high: int = 0) -> None:
        super().__init__(f"house rule {key!r} must be from {low} to {high}")
        self.key, self.low, self.high = key, low, high


def limits(ruleset: str, rule: HouseRule) -> tuple[int, int]:
    """The lowest and highest value `rule` may take in `ruleset`."""
    if rule.kind is HouseKind.MONEY:
        start = RULESETS[ruleset].rules.start_cash
        return rule.low * start // SCALE, rule.high * start // SCALE
    return rule.low, rule.high


def with_house_rules(ruleset: str, changes: Mapping[str, HouseValue]) -> Rules:
    """The edition's preset with `changes` applied; HouseRuleError for an unknown key or a value
    out of its limits (a bool for a switch, a whole number for the others)."""
    rules = game_rules(RULESETS[ruleset].rules)
    for key, value in changes.items():
        rule = BY_KEY.get(key)
        if rule is None:
            raise HouseRuleError(key)
        low, high = limits(ruleset, rule)
        if rule.kind is HouseKind.SWITCH:
            if not isinstance(value, bool):
                raise HouseRuleError(key, 0, 1)
        elif isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise HouseRuleError(key, low, high)
        setattr(rules, key, value)
    return rules


def house_rules_of(ruleset: str, rules: Rules) -> dict[str, HouseValue]:
    """The house rules a game plays by: its fields that differ from its edition's preset, in
    `HOUSE_RULES` order (an empty dict: the edition's own rules)."""
    preset = RULESETS[ruleset].rules
    return {
        rule.key: getattr(rules, rule.key)
        for rule in HOUSE_RULES
        if getattr(rules, rule.key) != getattr(preset, rule.key)
    }


assert {rule.key for rule in HOUSE_RULES} <= {f.name for f in fields(Rules)}
