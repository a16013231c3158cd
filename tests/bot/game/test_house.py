"""docs/RULES.md §7: every house rule, played with scripted dice, every dollar through the ledger;
and the rules' limits, the house rules a game reports, and saved games before and after them."""

import json

import pytest

from bot.game import engine
from bot.game.actions import Action, ActionKind, InvalidChoice
from bot.game.cards import MailKind
from bot.game.events import Reason
from bot.game.house import (
    BY_KEY,
    HOUSE_RULES,
    HouseRuleError,
    applies,
    house_rules_of,
    limits,
    with_house_rules,
)
from bot.game.invariants import books_mismatches, violations
from bot.game.rulesets import RULESETS, JackpotSix, Rules
from bot.game.state import GameState, from_json, to_json
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    JACKPOT,
    NAMES,
    POT,
    Pay,
    act,
    cash,
    force_dice,
    game,
    hold_mail,
    land,
    lines,
    refused,
    said,
    set_jackpot,
    set_loan,
    transfers,
)

JACKPOT_WIN = "rolled a 6"


def house(ruleset: str = "modern", **changes: int | bool | str) -> GameState:
    """A three-player game of `ruleset` with these house rules, waiting for Ann's movement roll."""
    return game(3, ruleset=ruleset, rules=with_house_rules(ruleset, changes))


def sound(state: GameState) -> None:
    assert violations(state) == []


# -- money at the start -----------------------------------------------------------------------------
def test_start_cash_is_paid_by_the_bank_through_the_ledger():
    rules = with_house_rules("modern", {"start_cash": 5000})
    state, opening = engine.start(list(NAMES[:3]), rules=rules)
    assert transfers(state, opening) == [Pay(BANK, seat, 5000, "start cash") for seat in (ANN, BOB, CAT)]
    assert books_mismatches(state, opening) == []
    sound(state)


def test_the_bank_seeds_the_jackpot_at_the_start():
    rules = with_house_rules("modern", {"jackpot_seed": 2000})
    state, opening = engine.start(list(NAMES[:3]), rules=rules)
    assert transfers(state, opening)[-1] == Pay(BANK, JACKPOT, 2000, "the Bank's seed money")
    assert state.jackpot == 2000 and books_mismatches(state, opening) == []
    events = land(state, ANN, 9, roll=6)  # and a movement 6 takes it, as any Jackpot
    assert transfers(state, events) == [Pay(JACKPOT, ANN, 2000, JACKPOT_WIN)]
    sound(state)


def test_a_seeded_classic_pot_waits_for_a_town_election():
    st = house("classic", jackpot_seed=100)
    assert st.jackpot == 100
    assert transfers(st, land(st, ANN, 10, roll=6)) == []  # a Buyer; no election held yet
    assert st.jackpot == 100
    sound(st)


# -- Pay Day ---------------------------------------------------------------------------------------
def test_the_salary_is_the_house_rules():
    st = house(salary=5000)
    events = land(st, ANN, 31)
    assert transfers(st, events) == [Pay(BANK, ANN, 5000, Reason.SALARY)]
    assert cash(st)[ANN] == 3500 + 5000
    sound(st)


def test_loan_interest_is_the_house_rules_percentage():
    st = house(loan_interest_pct=25)
    set_loan(st, ANN, 2000)
    events = land(st, ANN, 31)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(ANN, BANK, 500, Reason.INTEREST),
    ]
    sound(st)


def test_monster_charge_interest_is_the_house_rules_percentage():
    st = house(charge_interest_pct=5)
    hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)
    events = act(st, ANN, ActionKind.PAY_ALL)
    assert transfers(st, events) == [
        Pay(ANN, BANK, 200, Reason.CHARGE_INTEREST),
        Pay(ANN, BANK, 4000, Reason.CHARGE_PAID),
    ]
    sound(st)


def test_repaying_at_any_time_is_a_house_rule_of_the_modern_edition():
    plain = game(3)
    set_loan(plain, ANN, 2000)
    error = refused(plain, Action(ANN, ActionKind.REPAY, 1000), InvalidChoice)
    assert "Pay Day" in said(plain, error)
    st = house(repay_anytime=True)
    set_loan(st, ANN, 2000)
    events = engine.apply(st, Action(ANN, ActionKind.REPAY, 1000))
    assert transfers(st, events) == [Pay(ANN, BANK, 1000, Reason.REPAYMENT)]
    assert st.players[ANN].loan == 1000
    sound(st)


def test_the_family_edition_can_house_rule_repaying_back_to_pay_day_only():
    st = house("family", repay_anytime=False)
    set_loan(st, ANN, 2000)
    refused(st, Action(ANN, ActionKind.REPAY, 1000), InvalidChoice)


# -- the Lottery and the Radio Contest -----------------------------------------------------------
def test_the_lottery_ante_and_the_banks_stake_are_the_house_rules():
    st = house(lottery_ante=250, lottery_bank=3000)
    land(st, ANN, 6)
    assert st.pending.amount == 250
    act(st, ANN, ActionKind.SIT_OUT)
    act(st, BOB, ActionKind.ANTE, 4)
    force_dice(st, 4)
    events = act(st, CAT, ActionKind.SIT_OUT)
    assert transfers(st, events) == [
        Pay(BANK, POT, 3000, "the Bank's Lottery stake"),
        Pay(POT, BOB, 3250, "Lottery win"),
    ]
    sound(st)


def test_the_radio_contest_pays_the_house_rules_prize():
    st = house(radio_prize=2500)
    land(st, ANN, 8)
    force_dice(st, 3)
    events = act(st, ANN, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(BANK, ANN, 2500, "Radio Contest")]
    sound(st)


def test_the_family_radio_contest_pays_the_house_rules_prize_to_the_highest_roll():
    st = house("family", radio_prize=2500)
    land(st, ANN, 8)
    force_dice(st, 5, 3, 1)
    events = [e for seat in (ANN, BOB, CAT) for e in act(st, seat, ActionKind.ROLL)]
    assert transfers(st, events) == [Pay(BANK, ANN, 2500, "Radio Contest")]
    sound(st)


# -- which 6 takes the Jackpot --------------------------------------------------------------------
def test_with_any_6_a_radio_contest_6_takes_the_jackpot_before_the_prize():
    st = house(jackpot_six="any")
    set_jackpot(st, 1700)
    land(st, ANN, 8)
    force_dice(st, 6)
    events = act(st, ANN, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(JACKPOT, ANN, 1700, JACKPOT_WIN)]
    assert "Ann collected $1,700 from the Jackpot (rolled a 6)" in lines(st, events)
    sound(st)


def test_with_any_6_a_walk_for_charity_6_takes_the_jackpot_then_pays_into_it():
    st = house(jackpot_six="any")
    set_jackpot(st, 1700)
    land(st, ANN, 30)
    force_dice(st, 6)
    events = act(st, BOB, ActionKind.ROLL)
    assert transfers(st, events) == [
        Pay(JACKPOT, BOB, 1700, JACKPOT_WIN),
        Pay(BOB, JACKPOT, 600, "Walk for Charity"),
    ]
    assert st.jackpot == 600
    sound(st)


def test_with_any_6_the_lottery_draw_still_does_not_take_the_jackpot():
    st = house(jackpot_six="any")
    set_jackpot(st, 1700)
    land(st, ANN, 6)
    act(st, ANN, ActionKind.SIT_OUT)
    act(st, BOB, ActionKind.ANTE, 6)
    force_dice(st, 6)
    events = act(st, CAT, ActionKind.SIT_OUT)
    assert transfers(st, events, JACKPOT_WIN) == [] and st.jackpot == 1700
    sound(st)


def test_with_any_6_a_movement_6_still_takes_it():
    st = house(jackpot_six="any")
    set_jackpot(st, 900)
    assert transfers(st, land(st, ANN, 9, roll=6)) == [Pay(JACKPOT, ANN, 900, JACKPOT_WIN)]


def test_with_no_jackpot_a_movement_6_leaves_it_growing():
    st = house(jackpot_six="none")
    set_jackpot(st, 1700)
    events = land(st, ANN, 7, roll=6)  # Ski Weekend: pay $500 into the Jackpot
    assert transfers(st, events) == [Pay(ANN, JACKPOT, 500, "Ski Weekend")]
    assert st.jackpot == 2200
    sound(st)


# -- the rules' limits and what a game reports -------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"salary": 20_001}, "salary"),
        ({"salary": -1}, "salary"),
        ({"loan_interest_pct": 51}, "loan_interest_pct"),
        ({"repay_anytime": 1}, "repay_anytime"),
        ({"jackpot_six": "sometimes"}, "jackpot_six"),
        ({"jackpot_six": True}, "jackpot_six"),
        ({"radio_prize": "1000"}, "radio_prize"),
        ({"salary": True}, "salary"),
        ({"free_parking": 1}, "free_parking"),
    ],
)
def test_a_value_out_of_its_limits_or_an_unknown_rule_is_refused(changes, key):
    with pytest.raises(HouseRuleError) as info:
        with_house_rules("modern", changes)
    assert info.value.key == key


def test_money_limits_scale_with_the_editions_start_cash():
    assert limits("modern", BY_KEY["salary"]) == (0, 20_000)
    assert limits("classic", BY_KEY["salary"]) == (0, 20_000 * 325 // 3500)
    with pytest.raises(HouseRuleError):
        with_house_rules("classic", {"salary": 3500})


def test_every_house_rule_is_a_field_of_rules_and_the_presets_are_within_its_limits():
    for ruleset, preset in RULESETS.items():
        own = {rule.key: getattr(preset.rules, rule.key) for rule in HOUSE_RULES if applies(ruleset, rule)}
        assert with_house_rules(ruleset, own) == preset.rules
        assert house_rules_of(ruleset, preset.rules) == {}


def test_a_game_reports_the_house_rules_it_plays_by_in_their_order_and_as_given():
    changes = {"repay_anytime": True, "salary": 5000, "jackpot_six": "any"}
    rules = with_house_rules("modern", changes)
    assert list(house_rules_of("modern", rules).items()) == [
        ("salary", 5000),
        ("jackpot_six", "any"),
        ("repay_anytime", True),
    ]
    assert json.loads(json.dumps(house_rules_of("modern", rules))) == house_rules_of("modern", rules)


def test_a_rule_about_what_an_edition_lacks_is_no_house_rule_of_it():
    assert not applies("classic", BY_KEY["radio_prize"]) and not applies("classic", BY_KEY["lottery_ante"])
    assert not applies("classic", BY_KEY["charge_interest_pct"]) and applies("modern", BY_KEY["radio_prize"])
    rules = with_house_rules("classic", {"radio_prize": 5000, "lottery_ante": "forged", "salary": 400})
    assert house_rules_of("classic", rules) == {"salary": 400}
    assert rules.radio_prize == RULESETS["classic"].rules.radio_prize


# -- saved games -------------------------------------------------------------------------------------
def test_a_game_without_house_rules_saves_exactly_as_before_them():
    saved = json.loads(to_json(game(3)))["rules"]
    assert saved["jackpot_on_six"] is True
    assert "jackpot_six" not in saved and "jackpot_seed" not in saved and "radio_prize" not in saved


@pytest.mark.parametrize("six", list(JackpotSix))
def test_house_rules_survive_a_save_and_load(six):
    st = house(jackpot_six=six.value, jackpot_seed=500, radio_prize=3000)
    assert from_json(to_json(st)).rules == st.rules


def test_a_game_saved_without_a_jackpot_reads_as_no_jackpot():
    saved = json.loads(to_json(game(3)))
    saved["rules"]["jackpot_on_six"] = False
    assert from_json(json.dumps(saved)).rules.jackpot_six is JackpotSix.NONE
    assert Rules().jackpot_six is JackpotSix.MOVEMENT
