"""The settings panel's words and forms: every menu shows the value chosen now, a form's answer
reads back into settings, and a value no menu offers (a forged form) is no answer at all."""

import pytest

from bot.game.house import HOUSE_RULES, HouseKind, limits
from bot.render.i18n import lang
from bot.render.settings import (
    BOT_DEFAULT,
    ENDING_FORM,
    GAME_FORM,
    BotDefaults,
    chosen_house_rule,
    form_values,
    house_form_words,
    house_number,
    house_option,
    settings_form,
)
from bot.table.settings import ServerSettings

EN = lang("en")
BOT = BotDefaults(300, 60)


def test_each_menu_marks_the_value_chosen_now():
    settings = ServerSettings(ruleset="classic", months=6, turn_seconds=86400)
    form = settings_form(GAME_FORM, settings, BOT, EN)
    chosen = {field.setting: [o.value for o in field.options if o.default] for field in form.fields}
    assert chosen == {
        "ruleset": ["classic"],
        "months": ["6"],
        "turn_seconds": ["86400"],
        "interrupt_seconds": [BOT_DEFAULT],
        "language": [BOT_DEFAULT],
    }
    assert all(len(field.options) <= 25 and len(field.label) <= 45 for field in form.fields)
    assert form.fields[2].options[0].label == "The bot's default (5 minutes)"


def test_a_forms_answer_reads_back_into_settings():
    chosen = {"ruleset": "family", "months": "12", "turn_seconds": "604800", "interrupt_seconds": BOT_DEFAULT}
    assert form_values(GAME_FORM, chosen) == {
        "ruleset": "family",
        "months": 12,
        "turn_seconds": 604800,
        "interrupt_seconds": None,
    }
    assert form_values(ENDING_FORM, {"idle_end_days": "14"}) == {"idle_end_days": 14}


def test_a_value_no_menu_offers_is_no_answer():
    assert form_values(GAME_FORM, {"months": "13"}) is None
    assert form_values(GAME_FORM, {"turn_seconds": "1"}) is None
    assert form_values(ENDING_FORM, {"pause_end_days": "-1"}) is None
    assert form_values("everything", {"months": "5"}) is None


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
