"""The order of a Pay Day, Monster Charges, borrowing and repaying (docs/RULES.md §2.6, §2.9,
§2.11)."""

import pytest

from bot.game import bank
from bot.game import events as ev
from bot.game.actions import Action, ActionKind, InvalidChoice
from bot.game.cards import MailKind
from bot.game.events import EventKind, Reason
from bot.game.invariants import violations
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    Pay,
    act,
    asked,
    cash,
    game,
    hold_mail,
    land,
    lines,
    of_kind,
    options,
    refused,
    said,
    set_cash,
    set_loan,
    stack_deal,
    transfers,
    waiting_for_roll,
)

MAIL = RULESETS["modern"].mail


# -- the order of a Pay Day -----------------------------------------------------------------------
def test_pay_day_runs_salary_then_interest_then_asks_about_repaying_then_pays_bills():
    st = game(3)
    set_cash(st, ANN, 1000)
    set_loan(st, ANN, 3000)
    (bill,) = hold_mail(st, ANN, (MailKind.BILL, 500))
    events = land(st, ANN, 31)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(ANN, BANK, 300, Reason.INTEREST),  # 10% of the $3,000 loan
    ]
    assert asked(st) == (PendingKind.REPAY, [ANN])
    assert st.players[ANN].mail == [bill]  # bills wait until the repayment is decided
    # $4,200 in cash and a $3,000 loan: repay nothing or any $1,000 step up to the loan
    assert options(st, ANN) == [(ActionKind.REPAY, v) for v in (0, 1000, 2000, 3000)]
    events = act(st, ANN, ActionKind.REPAY, 2000)
    assert transfers(st, events) == [
        Pay(ANN, BANK, 2000, Reason.REPAYMENT),
        Pay(ANN, BANK, 500, f"bill: {MAIL[bill].name}"),
    ]
    assert st.players[ANN].loan == 1000
    assert cash(st)[ANN] == 1000 + 3500 - 300 - 2000 - 500
    assert st.players[ANN].mail == [] and bill in st.mail_discard
    assert [e.value for e in of_kind(events, EventKind.NEW_MONTH)] == [2]
    assert st.players[ANN].day == 0
    assert waiting_for_roll(st, BOB)


def test_repay_options_stop_at_the_cash_in_hand():
    st = game(3)
    set_cash(st, ANN, 0)
    set_loan(st, ANN, 5000)
    land(st, ANN, 31)  # $3,500 salary - $500 interest = $3,000 in cash
    assert options(st, ANN) == [(ActionKind.REPAY, v) for v in (0, 1000, 2000, 3000)]


def test_repay_options_stop_at_the_loan():
    st = game(3)
    set_cash(st, ANN, 10000)
    set_loan(st, ANN, 1000)
    land(st, ANN, 31)
    assert options(st, ANN) == [(ActionKind.REPAY, 0), (ActionKind.REPAY, 1000)]


@pytest.mark.parametrize("amount", [500, 1500, 2000, -1000])
def test_a_repayment_that_is_not_offered_is_refused(amount):
    st = game(3)
    set_loan(st, ANN, 1000)
    land(st, ANN, 31)
    error = refused(st, Action(ANN, ActionKind.REPAY, amount, st.prompt), InvalidChoice)
    assert "steps of $1,000" in said(st, error)


def test_no_repay_question_without_a_loan():
    st = game(3)
    events = land(st, ANN, 31)
    assert transfers(st, events) == [Pay(BANK, ANN, 3500, Reason.SALARY)]
    assert waiting_for_roll(st, BOB)


def test_no_repay_question_when_the_cash_cannot_cover_1000():
    st = game(3)
    set_cash(st, ANN, 0)
    set_loan(st, ANN, 40000)
    events = land(st, ANN, 31)
    # $3,500 salary cannot cover the $4,000 interest: a $1,000 loan covers the gap, leaving $500
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(BANK, ANN, 1000, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 4000, Reason.INTEREST),
    ]
    assert st.players[ANN].loan == 41000 and cash(st)[ANN] == 500
    assert waiting_for_roll(st, BOB)


def test_repaying_nothing_changes_nothing():
    st = game(3)
    set_loan(st, ANN, 2000)
    land(st, ANN, 31)
    events = act(st, ANN, ActionKind.REPAY, 0)
    assert transfers(st, events) == []
    assert st.players[ANN].loan == 2000


def test_a_bill_shortfall_becomes_the_smallest_covering_loan():
    st = game(3)
    set_cash(st, ANN, 0)
    hold_mail(st, ANN, "New Roof", "Car Insurance")  # $5,000 + $800
    events = land(st, ANN, 31)
    # $3,500 salary against $5,800 of bills: $2,300 short, so one $3,000 loan
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(BANK, ANN, 3000, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 5000, "bill: New Roof"),
        Pay(ANN, BANK, 800, "bill: Car Insurance"),
    ]
    assert st.players[ANN].loan == 3000 and cash(st)[ANN] == 700
    assert "Ann took a loan of $3,000 to cover a payment (loan now $3,000)" in lines(st, events)


@pytest.mark.parametrize(
    ("cash_before", "loan"),
    [(2500, 0), (2499, 1000), (1500, 1000), (500, 2000), (0, 3000)],
)
def test_a_payment_borrows_the_fewest_whole_1000_steps_that_cover_it(cash_before, loan):
    st = game(3)
    set_cash(st, ANN, cash_before)
    stack_deal(st, "Gotcha Security")  # cost $2,500
    land(st, ANN, 4)
    events = act(st, ANN, ActionKind.BUY)
    assert transfers(st, events, Reason.AUTO_LOAN) == (
        [Pay(BANK, ANN, loan, Reason.AUTO_LOAN)] if loan else []
    )
    assert st.players[ANN].loan == loan
    assert cash(st)[ANN] == cash_before + loan - 2500


def test_a_loan_taken_at_pay_day_is_not_charged_interest_until_the_next_one():
    st = game(3)
    set_cash(st, ANN, 0)
    hold_mail(st, ANN, "New Roof")
    events = land(st, ANN, 31)
    assert transfers(st, events, Reason.INTEREST) == []
    events = land(st, ANN, 31)
    assert transfers(st, events, Reason.INTEREST) == [Pay(ANN, BANK, 200, Reason.INTEREST)]


# -- Monster Charges ------------------------------------------------------------------------------
def test_a_monster_charge_asks_pay_all_or_carry():
    st = game(3)
    hold_mail(st, ANN, (MailKind.MONSTER, 3000))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN])
    assert options(st, ANN) == [(ActionKind.PAY_ALL, 0), (ActionKind.CARRY, 0)]


# docs/RULES.md §2.9: "Pay the interest, or pay the interest plus the total charges."
def test_paying_a_monster_charge_off_costs_the_interest_plus_the_balance():
    st = game(3)
    (card,) = hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)
    events = act(st, ANN, ActionKind.PAY_ALL)
    assert transfers(st, events) == [
        Pay(ANN, BANK, 400, Reason.CHARGE_INTEREST),
        Pay(ANN, BANK, 4000, Reason.CHARGE_PAID),
    ]
    assert cash(st)[ANN] == 3500 + 3500 - 4400
    assert st.players[ANN].carried == [] and st.mail_discard[-1] == card
    assert st.net_worth(ANN) == 3500 + 3500 - 4400
    assert waiting_for_roll(st, BOB)


def test_paying_a_monster_charge_off_without_the_cash_borrows_once_for_all_of_it():
    st = game(3)
    set_cash(st, ANN, 0)
    hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)
    events = act(st, ANN, ActionKind.PAY_ALL)  # $3,500 against $4,400: one $1,000 loan
    assert transfers(st, events) == [
        Pay(BANK, ANN, 1000, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 400, Reason.CHARGE_INTEREST),
        Pay(ANN, BANK, 4000, Reason.CHARGE_PAID),
    ]
    assert cash(st)[ANN] == 100 and st.players[ANN].loan == 1000


def test_a_carried_monster_charge_card_stays_with_its_holder_until_paid_off():
    """docs/RULES.md §2.9: carried, it costs the interest and the card stays in no pile, so it
    cannot be drawn again while owed; paid off at a later Pay Day, it goes to the discards."""
    st = game(3)
    (card,) = hold_mail(st, ANN, (MailKind.MONSTER, 3000))
    land(st, ANN, 31)
    events = act(st, ANN, ActionKind.CARRY)
    assert transfers(st, events) == [Pay(ANN, BANK, 300, Reason.CHARGE_INTEREST)]
    assert "Ann carried a Monster Charge balance of $3,000 to next month" in lines(st, events)
    assert st.players[ANN].carried == [card]
    assert card not in st.mail_deck and card not in st.mail_discard and st.players[ANN].mail == []
    assert st.net_worth(ANN) == 3500 + 3500 - 300 - 3000
    assert waiting_for_roll(st, BOB)
    # the Mail pile runs out and the discards are reshuffled: the carried card is not among them
    st.mail_discard.extend(st.mail_deck)
    st.mail_deck.clear()
    events = land(st, BOB, 1)
    assert card not in st.mail_deck and [e.value for e in of_kind(events, EventKind.DREW_MAIL)] != [card]
    # next month: the carried charge is asked about again, before a new one
    (new,) = hold_mail(st, ANN, (MailKind.MONSTER, 1000))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN]) and (st.pending.card, st.pending.amount) == (card, 3000)
    events = act(st, ANN, ActionKind.PAY_ALL)
    assert transfers(st, events) == [
        Pay(ANN, BANK, 300, Reason.CHARGE_INTEREST),
        Pay(ANN, BANK, 3000, Reason.CHARGE_PAID),
    ]
    assert st.mail_discard[-1] == card
    assert asked(st) == (PendingKind.CHARGE, [ANN]) and (st.pending.card, st.pending.amount) == (new, 1000)
    events = act(st, ANN, ActionKind.CARRY)
    assert transfers(st, events) == [Pay(ANN, BANK, 100, Reason.CHARGE_INTEREST)]
    assert st.players[ANN].carried == [new]
    assert violations(st) == []


def test_bills_are_paid_before_monster_charges_are_asked_about():
    st = game(3)
    _, bill = hold_mail(st, ANN, (MailKind.MONSTER, 1000), (MailKind.BILL, 700))
    events = land(st, ANN, 31)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(ANN, BANK, 700, f"bill: {MAIL[bill].name}"),
    ]
    assert asked(st) == (PendingKind.CHARGE, [ANN])


# -- Loans at any time ----------------------------------------------------------------------------
def test_a_loan_can_be_taken_at_any_time_in_1000_steps():
    st = game(3)
    prompt = st.prompt
    events = act(st, CAT, ActionKind.LOAN, 2000)  # while the game waits for Ann's roll
    assert transfers(st, events) == [Pay(BANK, CAT, 2000, Reason.LOAN)]
    assert st.players[CAT].loan == 2000 and cash(st)[CAT] == 5500
    assert "Cat took a loan of $2,000 (loan now $2,000)" in lines(st, events)
    assert st.prompt == prompt and asked(st) == (PendingKind.ROLL, [ANN])  # nothing else moved on
    events = act(st, CAT, ActionKind.LOAN, 1000)
    assert [e.value for e in events if e.kind == EventKind.TRANSFER] == [3000]  # the new balance


def test_a_loan_can_be_taken_during_a_question_to_someone_else():
    st = game(3)
    land(st, ANN, 30)  # Walk for Charity: Bob and Cat are asked
    events = act(st, ANN, ActionKind.LOAN, 5000)
    assert transfers(st, events) == [Pay(BANK, ANN, 5000, Reason.LOAN)]
    assert asked(st) == (PendingKind.WALK, [BOB, CAT])


@pytest.mark.parametrize("amount", [0, -1000, 1500, 999, 10])
def test_a_loan_that_is_not_a_positive_1000_step_is_refused(amount):
    st = game(3)
    error = refused(st, Action(CAT, ActionKind.LOAN, amount), InvalidChoice)
    assert "steps of $1,000" in said(st, error)


def test_a_loan_past_the_cap_is_refused():
    st = game(3)
    cap = st.rules.loan_cap
    set_loan(st, CAT, cap - 1000)
    act(st, CAT, ActionKind.LOAN, 1000)  # exactly at the cap is fine
    error = refused(st, Action(CAT, ActionKind.LOAN, 1000), InvalidChoice)
    assert f"${cap:,}" in said(st, error)


def test_modern_refuses_a_repayment_outside_pay_day():
    st = game(3)
    set_loan(st, ANN, 2000)
    error = refused(st, Action(ANN, ActionKind.REPAY, 1000), InvalidChoice)
    assert said(st, error) == "Loans can only be repaid at your own Pay Day."


def test_modern_refuses_a_repayment_during_someone_elses_pay_day():
    st = game(3)
    set_loan(st, ANN, 2000)
    set_loan(st, BOB, 2000)
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
    refused(st, Action(BOB, ActionKind.REPAY, 1000), InvalidChoice)


def test_modern_refuses_a_repayment_once_the_repayment_step_of_its_pay_day_has_passed():
    st = game(3)
    set_loan(st, ANN, 2000)
    hold_mail(st, ANN, (MailKind.MONSTER, 1000))
    land(st, ANN, 31)
    act(st, ANN, ActionKind.REPAY, 0)
    assert asked(st) == (PendingKind.CHARGE, [ANN])  # still Ann's Pay Day, past its repayment step
    error = refused(st, Action(ANN, ActionKind.REPAY, 1000), InvalidChoice)
    assert said(st, error) == "The repayment step of this Pay Day has passed."


def test_interest_is_charged_every_pay_day_on_the_balance_then_owed():
    st = game(3)
    set_loan(st, ANN, 7000)
    events = land(st, ANN, 31)
    assert transfers(st, events, Reason.INTEREST) == [Pay(ANN, BANK, 700, Reason.INTEREST)]
    act(st, ANN, ActionKind.REPAY, 3000)
    events = land(st, ANN, 31)
    assert transfers(st, events, Reason.INTEREST) == [Pay(ANN, BANK, 400, Reason.INTEREST)]


def test_the_loan_book_and_the_bank_statement_are_views_of_the_same_ledger():
    """The Loan Record Keeper sees loans, repayments and interest; the Banker every Bank payment;
    money between players or into the Jackpot is in neither."""
    st = game(3)
    set_cash(st, ANN, 200)
    set_loan(st, ANN, 2000)
    events = act(st, ANN, ActionKind.LOAN, 1000)
    events += land(st, ANN, 7)  # Ski Weekend: $500 into the Jackpot, from the $1,200 in hand
    events += land(st, BOB, 31)  # Bob's Pay Day: salary, no loan to charge

    loans = [(e.src, e.dst, e.amount, e.reason, e.value) for e in bank.loan_book(events)]
    assert loans == [(BANK, ANN, 1000, Reason.LOAN, 3000)]  # value: the loan balance after
    statement = [(e.src, e.dst, e.amount, e.reason) for e in bank.bank_statement(events)]
    assert statement == [(BANK, ANN, 1000, Reason.LOAN), (BANK, BOB, 3500, Reason.SALARY)]
    assert (ANN, ev.JACKPOT, 500, "Ski Weekend") in transfers(st, events)
