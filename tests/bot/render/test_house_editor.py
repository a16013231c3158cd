"""The house-rules editor's words: a menu option carries the value it showed, and a number's form
shows its value as the reader's language writes it and reads it back."""

import pytest

from bot.game.house import HOUSE_RULES, HouseKind, limits
from bot.render.house_editor import chosen_house_rule, house_form_words, house_number, house_option
from bot.render.language.i18n import lang


def test_a_house_rules_option_names_the_rule_and_the_value_shown_and_one_from_before_none():
    assert chosen_house_rule(house_option("jackpot_six", "movement")) == ("jackpot_six", "movement")
    assert chosen_house_rule("jackpot_six") == ("jackpot_six", None)


@pytest.mark.parametrize(("code", "written"), [("en", "12,500"), ("it", "12.500")])
def test_a_house_rules_form_shows_its_value_as_the_readers_language_writes_it(code, written):
    assert house_form_words("modern", "start_cash", 12_500, lang(code)).now == written


@pytest.mark.parametrize("code", ["en", "it"])
@pytest.mark.parametrize(
    "rule", [rule for rule in HOUSE_RULES if rule.kind in (HouseKind.MONEY, HouseKind.PERCENT)]
)
def test_a_house_rules_form_left_as_it_is_reads_back_as_its_value(rule, code):
    """Submitting the form unchanged sets the value it showed, its highest too."""
    L = lang(code)
    for value in limits("modern", rule):
        assert house_number(house_form_words("modern", rule.key, value, L).now, rule, L) == value
