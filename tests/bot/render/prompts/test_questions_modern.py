"""The modern edition's questions in words: a Monster Charge at a month's Pay Day, and at the last
(docs/RULES.md §2.9), where only a game saved mid-question still asks."""

from pathlib import Path

from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind, from_json
from bot.render.prompts.answers import choices
from bot.render.prompts.questions import question
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    ENGLISH,
    act,
    asked,
    game,
    hold_mail,
    land,
    set_cash,
    set_loan,
    stack_deal,
)

NAMES = ["Ann", "Bob", "Cat"]
FIXTURES = Path(__file__).parents[2] / "game" / "fixtures"


def test_a_monster_charge_offers_paying_it_off_with_interest_or_carrying_it():
    st = game(2, months=2)
    hold_mail(st, ANN, (MailKind.MONSTER, 3000))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN])
    assert question(st, NAMES, ENGLISH) == (
        "**Ann**, Monster Charge of $3,000: pay it off ($3,300 with the interest), "
        "or pay $300 interest and carry the balance to next month?"
    )
    assert [(x.label, x.kind) for x in choices(st, ENGLISH)] == [
        ("Pay it off: $3,300", ActionKind.PAY_ALL),
        ("Pay $300 and carry", ActionKind.CARRY),
    ]
    act(st, ANN, ActionKind.CARRY)
    st.players[ANN].day = 0
    land(st, ANN, 31)  # the last Pay Day: paid off without a question
    assert asked(st) == (PendingKind.ROLL, [BOB]) and st.players[ANN].carried == []


def test_a_game_saved_at_a_last_pay_days_charge_question_offers_only_paying_off():
    st = from_json((FIXTURES / "saved-charge-question.json").read_text())
    assert asked(st) == (PendingKind.CHARGE, [BOB])
    assert (
        question(st, NAMES, ENGLISH) == "**Bob**, last Pay Day: pay off your $3,000 Monster Charge ($3,300)."
    )
    assert [(x.label, x.kind) for x in choices(st, ENGLISH)] == [("Pay it off: $3,300", ActionKind.PAY_ALL)]


# -- decisions show their facts (issue 9.6) ------------------------------------------------------------
def test_the_deal_question_says_which_buyer_days_are_left_this_month_and_how_many_months_follow():
    st = game(3, months=3)
    stack_deal(st, "Teen Jeans")
    land(st, ANN, 4)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    text = question(st, NAMES, ENGLISH)
    assert text == (
        "**Ann**, buy **Teen Jeans** for $7,000 (sells for $14,000)? "
        "5 Buyer days left this month: 9, 17, 23, 26, 29. 2 more months after this one. "
        "Buying it takes a loan of $4,000."  # $3,500 in hand
    )


def test_the_deal_question_in_the_last_month_warns_an_unsold_deal_is_lost_and_names_the_loan():
    st = game(3, months=1)
    set_cash(st, ANN, 500)
    stack_deal(st, "Rocket Ship International")
    land(st, ANN, 25, roll=2)
    rocket = RULESETS["modern"].deals[st.pending.card]
    loan = -(-(rocket.cost - 500) // 1000) * 1000
    assert question(st, NAMES, ENGLISH) == (
        f"**Ann**, buy **Rocket Ship International** for ${rocket.cost:,} (sells for ${rocket.value:,})? "
        "2 Buyer days left this month: 26, 29. "
        "This is your last month: a Deal still held at your last Pay Day is lost. "
        f"Buying it takes a loan of ${loan:,}."
    )
    assert [ch.label for ch in choices(st, ENGLISH)] == [f"Buy, borrow ${loan:,}", "Decline"]


def test_after_the_last_buyer_day_the_deal_question_says_none_is_left():
    st = game(3, months=2)
    stack_deal(st, "Teen Jeans")
    land(st, ANN, 4)
    st.players[ANN].day = 30  # as if Move Ahead had taken her past the last Buyer
    text = question(st, NAMES, ENGLISH)
    assert "No Buyer day is left this month. 1 more month after this one." in text


def test_the_repay_question_lists_the_bills_due_now_their_total_and_the_monster_charges():
    st = game(3, months=2)
    set_loan(st, ANN, 5000)
    hold_mail(st, ANN, "New Roof", "Dentist", (MailKind.MONSTER, 3000))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
    text = question(st, NAMES, ENGLISH)
    assert text == (
        "**Ann**, Pay Day: you owe $5,000; repay some of it? You hold $6,500. "
        "Bills due now: New Roof $5,000, Dentist $500 ($5,500 in all). "
        "Then a Monster Charge of $3,000 (interest $300)."
    )


def test_the_repay_question_says_when_no_bill_is_due():
    st = game(3)
    set_loan(st, ANN, 2000)
    land(st, ANN, 31)
    assert question(st, NAMES, ENGLISH).endswith("You hold $6,800. No bills are due.")


def test_the_radio_contest_question_names_who_rolls_after_the_roller_in_turn():
    st = game(3)
    land(st, BOB, 8, then=[1, 2])  # nobody rolls the 3
    contest = "**Radio Contest:** **{}**, roll — a 3 wins $1,000."
    assert question(st, NAMES, ENGLISH) == contest.format("Bob") + " Next: Cat\u00a0→ Ann."
    act(st, BOB, ActionKind.ROLL)
    assert question(st, NAMES, ENGLISH) == contest.format("Cat") + " Next: Ann."
    act(st, CAT, ActionKind.ROLL)
    assert question(st, NAMES, ENGLISH) == contest.format("Ann")
