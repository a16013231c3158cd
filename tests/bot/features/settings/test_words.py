"""The settings panel's words and forms: every menu shows the value chosen now, a form's answer
reads back into settings, and a value no menu offers (a forged form) is no answer at all."""

from bot.features.settings.words import (
    BOT_DEFAULT,
    ENDING_FORM,
    GAME_FORM,
    BotDefaults,
    form_values,
    settings_form,
)
from bot.render.language.i18n import lang
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
