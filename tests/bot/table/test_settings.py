"""A server's settings: every value within its limits, house rules within their edition's, and a
stored value that no longer holds falls back to its default alone."""

import json

import pytest
from pydantic import ValidationError

from bot.game.house import HouseRuleError
from bot.game.rulesets import RULESETS
from bot.table.settings import (
    MAX_TURN_SECONDS,
    TURN_TIMES,
    ServerSettings,
    house_changed,
    house_mark,
    house_marked,
    house_shown,
    house_written,
)


def test_a_server_that_never_chose_has_the_defaults():
    settings = ServerSettings.read(None)
    assert settings == ServerSettings()
    assert (settings.ruleset, settings.months, settings.turn_seconds) == ("modern", 3, None)
    assert (settings.thread_per_game, settings.idle_end_days, settings.pause_end_days) == (False, 7, 7)
    assert settings.rules("classic") == RULESETS["classic"].rules


@pytest.mark.parametrize(
    "change",
    [
        {"months": 0},
        {"months": 13},
        {"turn_seconds": MAX_TURN_SECONDS + 1},
        {"turn_seconds": 5},
        {"interrupt_seconds": -60},
        {"ruleset": "monopoly"},
        {"language": "English please"},
        {"idle_end_days": 0},
        {"house": {"modern": {"salary": 10**9}}},
        {"house": {"modern": {"repay_anytime": 1}}},
        {"house": {"modern": {"free_parking": 500}}},
        {"house": {"chess": {"salary": 100}}},
    ],
)
def test_a_value_out_of_its_limits_is_refused_and_changes_nothing(change):
    settings = ServerSettings(months=4)
    with pytest.raises(ValidationError):
        settings.changed(**change)
    assert settings == ServerSettings(months=4)


def test_turn_times_reach_a_week():
    assert TURN_TIMES[-1] == MAX_TURN_SECONDS == 7 * 24 * 3600
    assert ServerSettings().changed(turn_seconds=MAX_TURN_SECONDS).turn_seconds == MAX_TURN_SECONDS


def test_house_rules_are_per_edition_and_scaled_to_its_money():
    settings = ServerSettings().with_house("classic", {"salary": 500}).with_house("modern", {"salary": 5000})
    assert settings.rules("classic").salary == 500
    assert settings.rules("modern").salary == 5000
    assert settings.rules("family").salary == RULESETS["family"].rules.salary
    with pytest.raises(ValidationError):  # classic's money is a tenth of modern's: so are its limits
        settings.with_house("classic", {"salary": 5000})


def test_a_house_rule_set_back_to_the_editions_own_is_no_house_rule():
    house = house_changed("modern", {"salary": 5000}, "salary", RULESETS["modern"].rules.salary)
    assert house == {}
    assert ServerSettings().with_house("modern", {"salary": 3500}).house == {}
    with pytest.raises(HouseRuleError):
        house_changed("modern", {}, "loan_interest_pct", 51)


def test_stored_values_that_no_longer_hold_fall_back_each_alone():
    stored = {
        "months": 99,
        "ruleset": "family",
        "turn_seconds": 86400,
        "language": 5,
        "board_pictures": False,
        "house": {"family": {"salary": 4000, "lottery_ante": 10**9}, "gone": {"salary": 1}},
        "an_old_setting": True,
    }
    settings = ServerSettings.read(json.dumps(stored))
    assert settings.months == 3 and settings.language is None  # defaults
    assert (settings.ruleset, settings.turn_seconds, settings.board_pictures) == ("family", 86400, False)
    assert settings.house == {"family": {"salary": 4000}}


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"months": "many"}'])
def test_an_unreadable_row_is_the_defaults(text):
    assert ServerSettings.read(text) == ServerSettings()


def test_settings_round_trip_through_their_text():
    settings = ServerSettings(ruleset="classic", months=6, calls=False).with_house(
        "classic", {"repay_anytime": True}
    )
    assert ServerSettings.read(settings.to_json()) == settings


BASE = ServerSettings(months=4, house={"modern": {"salary": 4000}})


@pytest.mark.parametrize(
    ("mine", "theirs", "both"),
    [
        ({"months": 5}, {"calls": False}, {"months": 5, "calls": False}),
        ({"months": 5}, {"months": 5, "calls": False}, {"months": 5, "calls": False}),  # alike
        ({"turn_seconds": 3600}, {"turn_seconds": None}, {"turn_seconds": 3600}),  # theirs: no change
        (
            {"house": {"modern": {"salary": 4000, "lottery_ante": 250}}},
            {"house": {"modern": {"salary": 4000, "start_cash": 4000}}},
            {"house": {"modern": {"salary": 4000, "lottery_ante": 250, "start_cash": 4000}}},
        ),
        (
            {"house": {"modern": {}}},
            {"house": {"modern": {"salary": 4000}, "family": {"salary": 5000}}},
            {"house": {"family": {"salary": 5000}}},
        ),
    ],
)
def test_two_changes_of_different_settings_from_the_same_settings_both_hold(mine, theirs, both):
    assert BASE.changed(**mine).rebased(BASE, BASE.changed(**theirs)) == BASE.changed(**both)


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ({"months": 5}, {"months": 6}),
        ({"turn_seconds": 3600}, {"turn_seconds": 60}),
        ({"house": {"modern": {"salary": 5000}}}, {"house": {"modern": {"salary": 4500}}}),
        ({"house": {"modern": {"salary": 5000}}}, {"house": {}}),  # theirs: the edition's own salary
    ],
)
def test_two_changes_setting_one_setting_to_different_values_conflict(mine, theirs):
    assert BASE.changed(**mine).rebased(BASE, BASE.changed(**theirs)) is None


def test_a_house_rule_is_written_as_a_control_carries_the_value_it_showed():
    house = {"repay_anytime": True, "salary": 5000}
    assert house_written("modern", house, "repay_anytime") == "1"
    assert house_written("modern", house, "salary") == "5000"
    assert house_written("modern", house, "jackpot_six") == "movement"  # the edition's own
    assert house_shown("modern", house, "salary", "5000") and not house_shown(
        "modern", house, "salary", "3500"
    )
    assert house_shown("modern", house, "salary", None)  # a control from before: as shown
    assert house_shown("modern", house, "no_such_rule", "1")  # refused where it is set


def test_a_mark_of_house_rules_tells_them_apart_and_none_is_taken_as_shown():
    mark = house_mark({"salary": 5000, "repay_anytime": True})
    assert mark == house_mark({"repay_anytime": True, "salary": 5000}) and len(mark) == 10
    assert mark != house_mark({"salary": 5000}) and house_mark({}) != house_mark({"salary": 3500})
    assert house_marked({"salary": 5000, "repay_anytime": True}, mark)
    assert not house_marked({"salary": 4000, "repay_anytime": True}, mark)
    assert house_marked({"salary": 4000}, None)
