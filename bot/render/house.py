"""What a game's house rules say (docs/RULES.md §7): a line each, with the edition's own value beside
the game's, for the lobby, `/payday rules` and the standings; and one line for them all, for the
live message's footer, where a phone has room for little.

Both list exactly `house_rules_of`: the rules where the game differs from its edition, so a game of
the edition's own rules says nothing, and both are written from the values, never typed in.
"""

from collections.abc import Callable
from dataclasses import dataclass

from bot.game.house import HouseValue, house_rules_of
from bot.game.rulesets import RULESETS, JackpotSix, Rules
from bot.render.language.cards import heading_name
from bot.render.language.i18n import Lang


def _money(L: Lang, value: HouseValue) -> str:
    return L.money(int(value))


def _percent(L: Lang, value: HouseValue) -> str:
    return L.percent(int(value))


def _six(L: Lang, value: HouseValue) -> str:
    if value == JackpotSix.ANY:
        return L._("any 6 rolled")
    if value == JackpotSix.NONE:
        return L._("no roll")
    return L._("a movement 6")


def _repay(L: Lang, value: HouseValue) -> str:
    return L._("at any time") if value else L._("only at Pay Day")


@dataclass(frozen=True, slots=True)
class _Said:
    """How one house rule is said."""

    words: Callable[[Lang, HouseValue], str]
    """A value in words: "$5,000", "25%", "any 6 rolled"."""
    line: Callable[[Lang, str, str, str], str]
    """Its line, from the game's value and the edition's (in words) and the Jackpot's name."""
    short: Callable[[Lang, HouseValue, str, str], str]
    """Its few words in the footer, from the value, the value in words and the Jackpot's name."""


_SAID: dict[str, _Said] = {
    "start_cash": _Said(
        _money,
        lambda L, value, own, jackpot: L._("Start cash {value} (rules: {own})", value=value, own=own),
        lambda L, raw, value, jackpot: L._("start {value}", value=value),
    ),
    "salary": _Said(
        _money,
        lambda L, value, own, jackpot: L._("Salary {value} (rules: {own})", value=value, own=own),
        lambda L, raw, value, jackpot: L._("salary {value}", value=value),
    ),
    "loan_interest_pct": _Said(
        _percent,
        lambda L, value, own, jackpot: L._("Loan interest {value} (rules: {own})", value=value, own=own),
        lambda L, raw, value, jackpot: L._("loans {value}", value=value),
    ),
    "charge_interest_pct": _Said(
        _percent,
        lambda L, value, own, jackpot: L._(
            "Monster Charge interest {value} (rules: {own})", value=value, own=own
        ),
        lambda L, raw, value, jackpot: L._("Monster Charges {value}", value=value),
    ),
    "lottery_bank": _Said(
        _money,
        lambda L, value, own, jackpot: L._(
            "The Bank's Lottery stake {value} (rules: {own})", value=value, own=own
        ),
        lambda L, raw, value, jackpot: L._("Lottery stake {value}", value=value),
    ),
    "lottery_ante": _Said(
        _money,
        lambda L, value, own, jackpot: L._("Lottery ante {value} (rules: {own})", value=value, own=own),
        lambda L, raw, value, jackpot: L._("ante {value}", value=value),
    ),
    "jackpot_seed": _Said(
        _money,
        lambda L, value, own, jackpot: L._(
            "{jackpot} seeded with {value} at the start (rules: {own})", jackpot=jackpot, value=value, own=own
        ),
        lambda L, raw, value, jackpot: L._("{jackpot} seed {value}", jackpot=jackpot, value=value),
    ),
    "jackpot_six": _Said(
        _six,
        lambda L, value, own, jackpot: L._(
            "{jackpot} won by {value} (rules: {own})", jackpot=jackpot, value=value, own=own
        ),
        lambda L, raw, value, jackpot: (
            L._("{jackpot} never won", jackpot=jackpot)
            if raw == JackpotSix.NONE
            else L._("{jackpot} on {value}", jackpot=jackpot, value=value)
        ),
    ),
    "radio_prize": _Said(
        _money,
        lambda L, value, own, jackpot: L._(
            "Radio Contest prize {value} (rules: {own})", value=value, own=own
        ),
        lambda L, raw, value, jackpot: L._("Radio Contest {value}", value=value),
    ),
    "repay_anytime": _Said(
        _repay,
        lambda L, value, own, jackpot: L._("Loans repaid {value} (rules: {own})", value=value, own=own),
        lambda L, raw, value, jackpot: L._("repay any time") if raw else L._("repay at Pay Day only"),
    ),
}


_NAMES: dict[str, Callable[[Lang], str]] = {
    "start_cash": lambda L: L.pgettext("house rule", "Start cash"),
    "salary": lambda L: L.pgettext("house rule", "Salary"),
    "loan_interest_pct": lambda L: L.pgettext("house rule", "Loan interest"),
    "charge_interest_pct": lambda L: L.pgettext("house rule", "Monster Charge interest"),
    "lottery_bank": lambda L: L.pgettext("house rule", "Lottery: the Bank's stake"),
    "lottery_ante": lambda L: L.pgettext("house rule", "Lottery ante"),
    "jackpot_seed": lambda L: L.pgettext("house rule", "Jackpot seeded at the start"),
    "jackpot_six": lambda L: L.pgettext("house rule", "Jackpot won by"),
    "radio_prize": lambda L: L.pgettext("house rule", "Radio Contest prize"),
    "repay_anytime": lambda L: L.pgettext("house rule", "Loans repaid"),
}


def rule_name(key: str, L: Lang) -> str:
    """A house rule's name, for the editors' menus and refusals (its key if the bot no longer has it)."""
    name = _NAMES.get(key)
    return key if name is None else name(L)


def rule_value(key: str, value: HouseValue, L: Lang) -> str:
    """A house rule's value as the table reads it: "$3,500", "10%", "any 6 rolled", "at any time"."""
    return _SAID[key].words(L, value)


def house_rules_lines(L: Lang, ruleset: str, rules: Rules) -> list[str]:
    """One short line per house rule the game plays by: "Salary $5,000 (rules: $3,500)"; none for a
    game of its edition's own rules."""
    preset, jackpot = RULESETS[ruleset].rules, _jackpot(ruleset, L)
    lines = []
    for key, value in house_rules_of(ruleset, rules).items():
        said = _SAID[key]
        lines.append(said.line(L, said.words(L, value), said.words(L, getattr(preset, key)), jackpot))
    return lines


def house_rules_summary(L: Lang, ruleset: str, rules: Rules) -> str:
    """The house rules in one line: "House rules: salary $5,000 · Jackpot on any 6 rolled"; empty
    for a game of its edition's own rules."""
    changed, jackpot = house_rules_of(ruleset, rules), _jackpot(ruleset, L)
    if not changed:
        return ""
    parts = []
    for key, value in changed.items():
        said = _SAID[key]
        parts.append(said.short(L, value, said.words(L, value), jackpot))
    return L._("House rules: {rules}", rules=" · ".join(parts))


def house_rules_heading(L: Lang) -> str:
    """The heading of the house rules' lines (the lobby's and the standings' field, a rules page's part)."""
    return L._("House rules")


def _jackpot(ruleset: str, L: Lang) -> str:
    """The Jackpot's name as a heading: "Jackpot" (classic: "Pot")."""
    return L.pgettext("heading", heading_name(RULESETS[ruleset].jackpot_name))
