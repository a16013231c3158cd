"""docs/RULES.md §2.3-§2.5: the Jackpot, the Lottery and the Radio Contest."""

import pytest

from bot.game.actions import Action, ActionKind, InvalidChoice
from bot.game.engine import apply, timeout_actions
from bot.game.events import EventKind, Reason
from bot.game.state import PendingKind, from_json, to_json
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    JACKPOT,
    POT,
    Pay,
    act,
    asked,
    force_dice,
    game,
    kinds,
    land,
    lines,
    of_kind,
    options,
    place,
    refused,
    retire,
    rolls,
    said,
    set_cash,
    set_jackpot,
    transfers,
    waiting_for_roll,
)

JACKPOT_WIN = "rolled a 6"


# -- Jackpot --------------------------------------------------------------------------------------
def test_a_movement_roll_of_6_collects_the_whole_jackpot():
    st = game(3)
    set_jackpot(st, 1700)
    events = land(st, ANN, 9, roll=6)  # a Buyer, and Ann holds no Deal: nothing else happens
    assert transfers(st, events) == [Pay(JACKPOT, ANN, 1700, JACKPOT_WIN)]
    assert "Ann collected $1,700 from the Jackpot (rolled a 6)" in lines(st, events)
    assert st.jackpot == 0
    assert st.players[ANN].cash == 3500 + 1700


def test_a_6_that_overshoots_to_pay_day_still_collects_the_jackpot():
    st = game(3)
    set_jackpot(st, 500)
    place(st, ANN, 27)
    force_dice(st, 6)
    events = act(st, ANN, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(JACKPOT, ANN, 500, JACKPOT_WIN), Pay(BANK, ANN, 3500, Reason.SALARY)]


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_other_movement_rolls_leave_the_jackpot_alone(roll):
    st = game(3)
    set_jackpot(st, 1700)
    events = land(st, ANN, 9, roll=roll)
    assert transfers(st, events) == []
    assert st.jackpot == 1700


def test_a_6_into_an_empty_jackpot_writes_no_ledger_line():
    st = game(3)
    assert transfers(st, land(st, ANN, 9, roll=6)) == []


def test_a_6_in_the_radio_contest_does_not_collect_the_jackpot():
    st = game(3)
    set_jackpot(st, 1700)
    land(st, ANN, 8)
    events = []
    for seat in (ANN, BOB, CAT):
        force_dice(st, 6)
        events += act(st, seat, ActionKind.ROLL)
    assert transfers(st, events) == []
    assert st.jackpot == 1700


def test_a_6_in_the_walk_for_charity_does_not_collect_the_jackpot():
    st = game(3)
    set_jackpot(st, 1700)
    land(st, ANN, 30)
    events = []
    for seat in (BOB, CAT):
        force_dice(st, 6)
        events += act(st, seat, ActionKind.ROLL)
    assert transfers(st, events) == [
        Pay(BOB, JACKPOT, 600, "Walk for Charity"),
        Pay(CAT, JACKPOT, 600, "Walk for Charity"),
    ]
    assert st.jackpot == 1700 + 1200


def test_a_6_in_the_lottery_draw_does_not_collect_the_jackpot():
    st = game(3)
    set_jackpot(st, 1700)
    land(st, ANN, 6)
    act(st, ANN, ActionKind.SIT_OUT)
    act(st, BOB, ActionKind.ANTE, 6)
    force_dice(st, 6)
    events = act(st, CAT, ActionKind.SIT_OUT)
    assert transfers(st, events, JACKPOT_WIN) == []
    assert transfers(st, events, "Lottery win") == [Pay(POT, BOB, 1100, "Lottery win")]
    assert st.jackpot == 1700


# -- Lottery --------------------------------------------------------------------------------------
def test_lottery_offers_every_free_number_or_sitting_out():
    st = game(3)
    land(st, ANN, 13)
    assert st.pending.amount == 100
    everything = [*((ActionKind.ANTE, n) for n in range(1, 7)), (ActionKind.SIT_OUT, 0)]
    assert options(st, ANN) == options(st, CAT) == everything
    act(st, ANN, ActionKind.ANTE, 2)  # the lander picks first: granted at once
    without_2 = [(ActionKind.ANTE, n) for n in (1, 3, 4, 5, 6)] + [(ActionKind.SIT_OUT, 0)]
    assert options(st, BOB) == options(st, CAT) == without_2


def test_lottery_with_no_ante_does_nothing_and_the_bank_pays_nothing():
    st = game(3)
    paid = st.bank_paid  # the start cash
    land(st, ANN, 20)
    events = []
    for seat in (BOB, ANN, CAT):
        events += act(st, seat, ActionKind.SIT_OUT)
    assert transfers(st, events) == []
    assert rolls(events) == []
    assert EventKind.NOTHING in kinds(events)
    assert st.pot == 0 and st.bank_paid == paid
    assert waiting_for_roll(st, BOB)


def test_lottery_with_one_ante_the_lander_rolls_until_that_number_comes_up():
    st = game(3)
    land(st, ANN, 27)
    act(st, ANN, ActionKind.SIT_OUT)
    events = act(st, BOB, ActionKind.ANTE, 4)
    assert transfers(st, events) == [Pay(BOB, POT, 100, "Lottery ante")]
    assert "Bob anted $100 on number 4" in lines(st, events)
    force_dice(st, 2, 5, 1, 4)
    events = act(st, CAT, ActionKind.SIT_OUT)
    assert rolls(events) == [(ANN, 2), (ANN, 5), (ANN, 1), (ANN, 4)]  # the lander rolls
    assert transfers(st, events) == [
        Pay(BANK, POT, 1000, "the Bank's Lottery stake"),
        Pay(POT, BOB, 1100, "Lottery win"),
    ]
    assert st.pot == 0
    assert [p.cash for p in st.players] == [3500, 3500 - 100 + 1100, 3500]
    assert waiting_for_roll(st, BOB)


def test_lottery_with_several_antes_the_owner_of_the_first_taken_number_rolled_takes_the_pot():
    st = game(4)
    land(st, BOB, 6)
    act(st, BOB, ActionKind.ANTE, 1)
    act(st, CAT, ActionKind.ANTE, 2)
    act(st, DAN, ActionKind.ANTE, 3)
    force_dice(st, 6, 4, 3)
    events = act(st, ANN, ActionKind.SIT_OUT)
    assert rolls(events) == [(BOB, 6), (BOB, 4), (BOB, 3)]
    assert transfers(st, events) == [
        Pay(BANK, POT, 1000, "the Bank's Lottery stake"),
        Pay(POT, DAN, 300 + 1000, "Lottery win"),
    ]
    assert [p.cash for p in st.players] == [3500, 3400, 3400, 3400 + 1300]


# docs/RULES.md §2.4: numbers are picked in turn from the lander, whoever answers first.
def test_a_quicker_later_player_never_takes_the_landers_number():
    st = game(3)
    land(st, ANN, 6)
    events = act(st, CAT, ActionKind.ANTE, 4)  # Cat answers first, but picks after Ann and Bob
    assert transfers(st, events) == [] and of_kind(events, EventKind.ANTED) == []
    assert st.pending.wants == {CAT: 4} and asked(st) == (PendingKind.LOTTERY, [ANN, BOB])
    assert (ActionKind.ANTE, 4) in options(st, ANN)  # still Ann's to take
    events = act(st, ANN, ActionKind.ANTE, 4)
    assert transfers(st, events) == [Pay(ANN, POT, 100, "Lottery ante")]
    assert st.pending.picks == {4: ANN}
    assert "Number 4 went to a player before Cat in turn order: Cat picks again" in lines(st, events)
    assert asked(st) == (PendingKind.LOTTERY, [BOB, CAT])  # Cat is asked again
    assert (ActionKind.ANTE, 4) not in options(st, CAT)  # shown as taken
    error = refused(st, Action(CAT, ActionKind.ANTE, 4, st.prompt), InvalidChoice)
    assert said(st, error) == "Number 4 goes to Ann, who picks before you in turn: pick another number."
    act(st, CAT, ActionKind.ANTE, 5)
    force_dice(st, 5)
    events = act(st, BOB, ActionKind.SIT_OUT)  # Bob answers: Cat's wish is granted, then the draw
    assert transfers(st, events) == [
        Pay(CAT, POT, 100, "Lottery ante"),
        Pay(BANK, POT, 1000, "the Bank's Lottery stake"),
        Pay(POT, CAT, 1200, "Lottery win"),
    ]


def test_an_earlier_wish_outranks_a_later_one_before_either_is_granted():
    st = game(4)
    land(st, ANN, 13)
    act(st, DAN, ActionKind.ANTE, 3)
    events = act(st, BOB, ActionKind.ANTE, 3)  # Bob picks before Dan: Dan asks again at once
    assert [e.seat for e in of_kind(events, EventKind.NOTHING) if e.reason == Reason.NUMBER_TAKEN] == [DAN]
    assert st.pending.wants == {BOB: 3} and transfers(st, events) == []
    assert asked(st) == (PendingKind.LOTTERY, [ANN, CAT, DAN])
    error = refused(st, Action(CAT, ActionKind.ANTE, 3, st.prompt), InvalidChoice)
    assert said(st, error) == "Number 3 goes to Bob, who picks before you in turn: pick another number."
    act(st, DAN, ActionKind.ANTE, 1)
    act(st, CAT, ActionKind.ANTE, 2)
    force_dice(st, 2)
    events = act(st, ANN, ActionKind.SIT_OUT)  # the lander answers last: every wish is granted in order
    assert transfers(st, events)[:3] == [
        Pay(BOB, POT, 100, "Lottery ante"),
        Pay(CAT, POT, 100, "Lottery ante"),
        Pay(DAN, POT, 100, "Lottery ante"),
    ]
    assert transfers(st, events)[-1] == Pay(POT, CAT, 1300, "Lottery win")


def test_a_lottery_waiting_on_a_timeout_grants_the_wishes_in_order():
    st = game(3)
    land(st, ANN, 20)
    act(st, CAT, ActionKind.ANTE, 6)
    act(st, BOB, ActionKind.ANTE, 6)  # Cat asks again
    assert asked(st) == (PendingKind.LOTTERY, [ANN, CAT])
    events = []
    for action in timeout_actions(st):  # Ann and Cat sit out
        force_dice(st, 6)
        events += apply(st, action)
    assert transfers(st, events)[0] == Pay(BOB, POT, 100, "Lottery ante")
    assert transfers(st, events)[-1] == Pay(POT, BOB, 1100, "Lottery win")
    assert waiting_for_roll(st, BOB)


def test_a_retired_player_may_ante_and_win_the_lottery():
    st = game(3)
    retire(st, CAT)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])
    act(st, ANN, ActionKind.SIT_OUT)
    act(st, BOB, ActionKind.SIT_OUT)
    force_dice(st, 5)
    events = act(st, CAT, ActionKind.ANTE, 5)
    assert transfers(st, events) == [
        Pay(CAT, POT, 100, "Lottery ante"),
        Pay(BANK, POT, 1000, "the Bank's Lottery stake"),
        Pay(POT, CAT, 1100, "Lottery win"),
    ]


def test_a_taken_lottery_number_is_refused_naming_its_holder():
    st = game(3)
    land(st, ANN, 6)
    act(st, BOB, ActionKind.ANTE, 4)
    error = refused(st, Action(CAT, ActionKind.ANTE, 4, st.prompt), InvalidChoice)
    assert said(st, error) == "Number 4 goes to Bob, who picks before you in turn: pick another number."


def _ante_answers(st, seat):
    """What the engine does with `seat`'s ante on each number, on a copy of the game: None where it
    accepts it, else the seat its refusal names."""
    answers = {}
    for number in range(1, 7):
        copy = from_json(to_json(st))
        try:
            apply(copy, Action(seat, ActionKind.ANTE, number, copy.prompt))
            answers[number] = None
        except InvalidChoice as refusal:
            answers[number] = refusal.params["seat"]
    return answers


def test_the_lottery_offers_exactly_the_numbers_it_accepts_and_refuses_the_others_naming_their_holder():
    st = game(4)
    land(st, ANN, 6)  # Ann, Bob, Cat, Dan pick in that order
    act(st, DAN, ActionKind.ANTE, 2)  # wishes, held for Dan unless an earlier player takes it
    act(st, CAT, ActionKind.ANTE, 5)
    act(st, ANN, ActionKind.ANTE, 1)  # the lander: granted
    assert st.pending.picks == {1: ANN} and st.pending.wants == {CAT: 5, DAN: 2}
    assert _ante_answers(st, BOB) == {1: ANN, 2: None, 3: None, 4: None, 5: None, 6: None}
    assert options(st, BOB) == [(ActionKind.ANTE, n) for n in (2, 3, 4, 5, 6)] + [(ActionKind.SIT_OUT, 0)]
    act(st, BOB, ActionKind.ANTE, 5)  # Bob picks before Cat: Cat is asked again
    assert asked(st) == (PendingKind.LOTTERY, [CAT])
    assert _ante_answers(st, CAT) == {1: ANN, 2: None, 3: None, 4: None, 5: BOB, 6: None}
    assert options(st, CAT) == [(ActionKind.ANTE, n) for n in (2, 3, 4, 6)] + [(ActionKind.SIT_OUT, 0)]


@pytest.mark.parametrize("number", [0, 7, -1])
def test_a_lottery_number_outside_1_to_6_is_refused(number):
    st = game(3)
    land(st, ANN, 6)
    refused(st, Action(BOB, ActionKind.ANTE, number, st.prompt), InvalidChoice)


def test_an_ante_without_cash_takes_a_loan():
    st = game(2)
    land(st, ANN, 6)
    set_cash(st, BOB, 0)
    act(st, ANN, ActionKind.SIT_OUT)
    events = act(st, BOB, ActionKind.ANTE, 3)
    assert transfers(st, events)[:2] == [
        Pay(BANK, BOB, 1000, Reason.AUTO_LOAN),
        Pay(BOB, POT, 100, "Lottery ante"),
    ]


# -- Radio Contest --------------------------------------------------------------------------------
def test_radio_contest_first_3_wins_1000_and_nobody_else_rolls():
    st = game(3)
    land(st, BOB, 8)
    force_dice(st, 3)
    events = act(st, BOB, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(BANK, BOB, 1000, "Radio Contest")]
    assert rolls(events) == [(BOB, 3)]
    assert waiting_for_roll(st, CAT)


def test_radio_contest_goes_round_in_turn_order_from_the_lander_retired_players_included():
    st = game(4)
    retire(st, CAT)
    land(st, BOB, 8)
    order = []
    for face in (1, 6, 5):
        seat, prompt = st.pending.seats[0], st.prompt
        order.append(seat)
        force_dice(st, face)
        assert transfers(st, act(st, seat, ActionKind.ROLL)) == []
        assert st.prompt > prompt  # each roller gets a fresh question
    seat = st.pending.seats[0]
    order.append(seat)
    force_dice(st, 3)
    events = act(st, seat, ActionKind.ROLL)
    assert order == [BOB, CAT, DAN, ANN]
    assert transfers(st, events) == [Pay(BANK, ANN, 1000, "Radio Contest")]
    assert waiting_for_roll(st, DAN)  # Cat is retired


def test_radio_contest_asks_one_player_at_a_time():
    st = game(3)
    land(st, ANN, 8)
    assert asked(st) == (PendingKind.RADIO, [ANN])
    force_dice(st, 2)
    act(st, ANN, ActionKind.ROLL)
    assert asked(st) == (PendingKind.RADIO, [BOB])


def test_radio_contest_with_no_3_rolled_pays_nobody():
    st = game(3)
    land(st, ANN, 8)
    events = []
    for seat, face in [(ANN, 1), (BOB, 2), (CAT, 6)]:
        force_dice(st, face)
        events += act(st, seat, ActionKind.ROLL)
    assert transfers(st, events) == []
    assert EventKind.NOTHING in kinds(events)
    assert waiting_for_roll(st, BOB)
