"""Refused actions: each raises the right IllegalAction and leaves the saved game byte-identical."""

import pytest

from bot.game.actions import (
    Action,
    ActionKind,
    AlreadyAnswered,
    InvalidChoice,
    NotInGame,
    NotYourTurn,
    StalePrompt,
)
from bot.game.cards import MailKind
from bot.game.engine import legal_actions, timeout_actions
from bot.game.state import PendingKind
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    act,
    asked,
    force_dice,
    game,
    give_deals,
    hold_mail,
    land,
    refused,
    retire,
    said,
    stack_mail,
)


def test_a_player_acting_out_of_turn_is_told_who_the_game_waits_for():
    st = game(3)
    error = refused(st, Action(BOB, ActionKind.ROLL, 0, st.prompt), NotYourTurn)
    assert said(st, error) == "It's not your move: the game is waiting for Ann."


def test_the_lander_cannot_answer_a_question_put_to_the_others():
    st = game(3)
    land(st, ANN, 30)  # Walk for Charity
    error = refused(st, Action(ANN, ActionKind.ROLL, 0, st.prompt), NotYourTurn)
    assert said(st, error) == "It's not your move: the game is waiting for Bob and Cat."


@pytest.mark.parametrize("seat", [3, -1, 99])
def test_a_seat_outside_the_game_is_refused(seat):
    st = game(3)
    refused(st, Action(seat, ActionKind.ROLL, 0, st.prompt), NotInGame)
    refused(st, Action(seat, ActionKind.LOAN, 1000), NotInGame)


def test_a_button_from_an_earlier_prompt_is_stale():
    st = game(3)
    old = st.prompt
    land(st, ANN, 9)
    assert st.pending.seats == [BOB]
    error = refused(st, Action(BOB, ActionKind.ROLL, 0, old), StalePrompt)
    assert said(st, error) == "That question has passed."


def test_a_second_answer_to_a_many_player_question_is_already_answered():
    st = game(3)
    land(st, ANN, 30)
    force_dice(st, 2)
    act(st, BOB, ActionKind.ROLL)
    assert asked(st) == (PendingKind.WALK, [CAT])
    error = refused(st, Action(BOB, ActionKind.ROLL, 0, st.prompt), AlreadyAnswered)
    assert said(st, error) == "You already answered this one."
    refused(st, Action(BOB, ActionKind.ROLL), AlreadyAnswered)  # a slash command (no prompt number) too


def test_a_second_lottery_pick_is_already_answered():
    st = game(3)
    land(st, ANN, 6)
    act(st, BOB, ActionKind.ANTE, 2)
    refused(st, Action(BOB, ActionKind.ANTE, 5, st.prompt), AlreadyAnswered)
    refused(st, Action(BOB, ActionKind.SIT_OUT, 0, st.prompt), AlreadyAnswered)


def at_roll(st):
    return ANN


def at_deal(st):
    land(st, ANN, 4)
    return ANN


def at_sell(st):
    give_deals(st, ANN, "Teen Jeans")
    land(st, ANN, 9)
    return ANN


def at_target(st):
    stack_mail(st, (MailKind.MAD_MONEY, 400))
    land(st, ANN, 1)
    return ANN


def at_move(st):
    stack_mail(st, "Hot Tip")
    land(st, ANN, 1)
    return ANN


def at_charge(st):
    hold_mail(st, ANN, (MailKind.MONSTER, 1000))
    land(st, ANN, 31)
    return ANN


@pytest.mark.parametrize(
    ("setup", "kind", "value"),
    [
        (at_roll, ActionKind.BUY, 0),
        (at_roll, ActionKind.ROLL, 3),
        (at_roll, "fly", 0),
        (at_deal, ActionKind.SELL, 0),
        (at_deal, ActionKind.ROLL, 0),
        (at_sell, ActionKind.SELL, 0),  # a Deal Ann does not hold (Teen Jeans is not card 0)
        (at_sell, ActionKind.BUY, 0),
        (at_target, ActionKind.TARGET, ANN),  # herself
        (at_target, ActionKind.TARGET, 5),
        (at_move, ActionKind.MOVE, 5),
        (at_move, ActionKind.MOVE, 31),
        (at_charge, ActionKind.ANTE, 1),
    ],
)
def test_an_option_that_is_not_offered_is_refused(setup, kind, value):
    st = game(3)
    seat = setup(st)
    refused(st, Action(seat, kind, value, st.prompt), InvalidChoice)


def test_selling_a_deal_you_do_not_hold_says_so():
    st = game(3)
    at_sell(st)
    error = refused(st, Action(ANN, ActionKind.SELL, 0, st.prompt), InvalidChoice)
    assert said(st, error) == "You don't hold that Deal."


def test_an_option_not_offered_says_so_in_general_terms():
    st = game(3)
    error = refused(st, Action(ANN, ActionKind.BUY, 0, st.prompt), InvalidChoice)
    assert said(st, error) == "That isn't one of the choices right now."


def test_only_the_players_asked_have_legal_actions_each_stamped_with_the_prompt():
    st = game(3)
    assert legal_actions(st, BOB) == []
    assert legal_actions(st, ANN) == [Action(ANN, ActionKind.ROLL, 0, st.prompt)]
    land(st, ANN, 30)
    assert legal_actions(st, ANN) == []
    assert [x.seat for x in timeout_actions(st)] == [BOB, CAT]


def test_a_finished_game_offers_nothing():
    st = game(2, months=1)
    retire(st, BOB)
    land(st, ANN, 31)
    assert st.over
    assert legal_actions(st, ANN) == legal_actions(st, BOB) == timeout_actions(st) == []
