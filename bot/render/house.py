"""House rules in words: each rule's name, its value, and the lines that say which a game plays by.

(A minimal version for the settings panel and the lobby; issue 18.2's words replace it.)
"""

from collections.abc import Callable

from bot.game.house import BY_KEY, HouseKind, HouseValue, house_rules_of
from bot.game.rulesets import Rules
from bot.render.i18n import Lang

_NAMES: dict[str, Callable[[Lang], str]] = {
    "start_cash": lambda L: L.pgettext("house rule", "Start cash"),
    "salary": lambda L: L.pgettext("house rule", "Salary"),
    "loan_interest_pct": lambda L: L.pgettext("house rule", "Loan interest"),
    "charge_interest_pct": lambda L: L.pgettext("house rule", "Monster Charge interest"),
    "lottery_bank": lambda L: L.pgettext("house rule", "Lottery: the Bank's stake"),
    "lottery_ante": lambda L: L.pgettext("house rule", "Lottery ante"),
    "repay_anytime": lambda L: L.pgettext("house rule", "Repay loans at any time"),
    "jackpot_on_six": lambda L: L.pgettext("house rule", "Jackpot on a movement 6"),
}


def rule_name(key: str, L: Lang) -> str:
    """A house rule's name (its key if the bot no longer has it)."""
    name = _NAMES.get(key)
    return key if name is None else name(L)


def rule_value(key: str, value: HouseValue, L: Lang) -> str:
    """A house rule's value as the table reads it: $3,500, 10%, on or off."""
    kind = BY_KEY[key].kind
    if kind is HouseKind.SWITCH:
        return L._("on") if value else L._("off")
    if kind is HouseKind.PERCENT:
        return L._("{percent}%", percent=int(value))
    return L.money(int(value))


def house_rules_lines(L: Lang, ruleset: str, rules: Rules) -> list[str]:
    """One line per house rule `rules` plays by in `ruleset` ("Salary: $5,000"); none: the
    edition's own rules."""
    return [
        L._("{rule}: {value}", rule=rule_name(key, L), value=rule_value(key, value, L))
        for key, value in house_rules_of(ruleset, rules).items()
    ]
