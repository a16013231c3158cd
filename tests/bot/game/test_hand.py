"""The hand's facts (issue 9.4): the bills due, the Monster Charges' two costs, the Buyer days a
Deal has left, and a Pay Day forecast that is what the Pay Day then does (bot/game/hand.py)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.game.engine import apply, legal_actions
from bot.game.hand import hand
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind
from tests.bot.game.scripted import (
    ANN,
    BOB,
    act,
    carry_charge,
    force_dice,
    game,
    give_deals,
    hold_mail,
    land,
    options,
    place,
    retire,
    set_cash,
    set_loan,
    set_savings,
    stack_mail,
)


def test_bills_due_are_listed_dearest_first_with_their_total():
    state = game(3)
    hold_mail(state, ANN, (MailKind.BILL, 300), (MailKind.BILL, 5000), (MailKind.BILL, 600))
    h = hand(state, ANN)
    assert [state_mail(state, card) for card in h.bills] == [5000, 600, 300]
    assert h.bills_total == 5900


def state_mail(state: GameState, card: int) -> int:
    return RULESETS[state.ruleset].mail[card].amount


def test_the_forecast_is_salary_less_interest_bills_and_charge_interest():
    state = game(3, months=3)
    set_cash(state, ANN, 2000)
    set_loan(state, ANN, 4000)
    hold_mail(state, ANN, (MailKind.BILL, 5000), (MailKind.BILL, 300), (MailKind.MONSTER, 4000))
    carry_charge(state, ANN, (MailKind.MONSTER, 1000))
    f = hand(state, ANN).forecast
    assert (f.salary, f.loan_interest, f.bills, f.charges) == (3500, 400, 5300, 500)
    assert f.net == 3500 - 400 - 5300 - 500
    h = hand(state, ANN)
    assert h.cash_after == 2000 + f.net == -700
    assert h.shortfall == 700


def test_both_costs_of_each_monster_charge():
    state = game(3, months=3)
    hold_mail(state, ANN, (MailKind.MONSTER, 4000))
    carry_charge(state, ANN, (MailKind.MONSTER, 3000))
    charges = {ch.balance: (ch.interest, ch.pay_off, ch.carried) for ch in hand(state, ANN).charges}
    assert charges == {4000: (400, 4400, False), 3000: (300, 3300, True)}


def test_at_the_last_pay_day_the_charges_are_counted_paid_off():
    state = game(3, months=1)
    hold_mail(state, ANN, (MailKind.MONSTER, 4000))
    h = hand(state, ANN)
    assert h.last_pay_day and h.forecast.charges == 4400


def at_the_repay_question() -> GameState:
    """Ann at her Pay Day's repayment question, with a $3,000 loan and $5,900 of bills to follow."""
    state = game(3, months=3)
    set_loan(state, ANN, 3000)
    set_cash(state, ANN, 9000)
    hold_mail(state, ANN, (MailKind.BILL, 5000), (MailKind.BILL, 600), (MailKind.BILL, 300))
    land(state, ANN, 31, roll=3)
    assert state.pending.kind == PendingKind.REPAY
    return state


def test_at_the_repay_question_the_forecast_is_what_is_left_of_the_pay_day():
    """ "Repay some of your loan?" is when the bills still to come matter (issue 9, the $5,900)."""
    state = at_the_repay_question()
    f = hand(state, ANN).forecast
    assert f.under_way
    assert (f.salary, f.loan_interest, f.bills) == (0, 0, 5900), "salary and interest are already paid"
    assert hand(state, ANN).repay_now == 3000


def test_buyer_days_left_this_month_and_in_the_game():
    state = game(3, months=3)
    place(state, ANN, 10)
    h = hand(state, ANN)
    assert h.buyers_this_month == 4  # days 17, 23, 26 and 29
    assert h.buyers_later == 2 * 5
    assert 0 < h.buyer_chance < 1
    place(state, ANN, 29)
    assert hand(state, ANN).buyers_this_month == 0


def test_in_the_last_month_past_the_last_buyer_no_buyer_day_is_left():
    state = game(3, months=1)
    give_deals(state, ANN, "Teen Jeans")
    place(state, ANN, 30)
    h = hand(state, ANN)
    assert (h.buyers_this_month, h.buyers_later, h.buyer_chance) == (0, 0, 0.0)


def test_a_retired_player_has_no_pay_day_and_no_buyers():
    state = game(3, months=1)
    retire(state, BOB)
    h = hand(state, BOB)
    assert h.retired and h.forecast.net == 0 and h.buyers_this_month == h.buyers_later == 0


def test_classic_savings_interest_no_final_salary_and_tickets():
    state = game(3, ruleset="classic", months=1)
    set_savings(state, ANN, 500)
    hold_mail(state, ANN, (MailKind.TICKET, 200))
    place(state, ANN, 10)
    h = hand(state, ANN)
    assert h.forecast.salary == 0, "no salary in the last month (docs/RULES.md §4.1)"
    assert h.forecast.savings_interest == 50
    assert len(h.tickets) == 1 and h.draws_this_month == 3  # days 13, 20 and 27
    assert h.loan_room == 0, "no loan while savings remain"


def test_what_may_be_borrowed_and_repaid_now():
    state = game(3)
    set_loan(state, ANN, 3000)
    h = hand(state, ANN)
    assert h.loan_room == 1_000_000 - 3000
    assert h.repay_now == 0 and h.repay_at_pay_day
    family = game(3, ruleset="family")
    set_loan(family, ANN, 3000)
    set_cash(family, ANN, 2500)
    h = hand(family, ANN)
    assert not h.repay_at_pay_day and h.repay_now == 2000


def play_to_pay_day(state: GameState, seat: int) -> None:
    """Move `seat` from day 28 onto Pay Day and answer its questions without moving money of the
    player's own choice: repay nothing, carry each Monster Charge when allowed, bank nothing."""
    place(state, seat, 28)
    force_dice(state, 3)
    act(state, seat, ActionKind.ROLL)
    while (
        state.pending is not None and seat in state.pending.seats and state.pending.kind != PendingKind.ROLL
    ):
        options = legal_actions(state, seat)
        kinds = {o.kind: o for o in options}
        choice = (
            kinds.get(ActionKind.CARRY)
            or kinds.get(ActionKind.DONE)
            or next(o for o in options if o.value == 0)
        )
        apply(state, choice)


tables = st.tuples(st.sampled_from(["modern", "family", "classic"]), st.integers(2, 4), st.integers(1, 3))


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_the_forecast_is_what_the_pay_day_does(table, seed, steps):
    """From a random point of a random game, send the player whose turn it is to Pay Day: the cash
    it leaves is the forecast's, money borrowed and savings drawn aside."""
    ruleset, players, months = table
    state = game(players, ruleset=ruleset, months=months, seed=seed)
    rnd = random.Random(seed)
    played = 0
    while not state.over and (played < steps or state.pending.kind != PendingKind.ROLL):
        seat = rnd.choice(state.pending.seats)
        apply(state, rnd.choice(legal_actions(state, seat)))
        played += 1
    if state.over:
        return
    seat = state.turn
    p = state.players[seat]
    place(state, seat, 28)
    h = hand(state, seat)
    loan, savings = p.loan, p.savings
    play_to_pay_day(state, seat)
    borrowed = p.loan - loan
    drawn = savings + h.forecast.savings_interest - p.savings
    assert p.cash - borrowed - drawn == h.cash_after
    assert (borrowed > 0) == (h.shortfall > 0)
    assert borrowed >= h.shortfall


def test_bills_drawn_but_not_opened_yet_are_in_the_hand():
    """Mail ×3: a Move Ahead card first leads to a Deal decision; the two bills drawn with it wait
    on the agenda to be opened, and the hand lists them already (and the forecast counts them)."""
    state = game(3)
    roof, braces = stack_mail(state, "Hot Tip", "New Roof", "Braces")[1:]
    land(state, ANN, 3)
    if state.pending.kind != PendingKind.DEAL:  # the Move Ahead's choice of day, if it asks
        act(state, ANN, *options(state, ANN)[0])
    assert state.pending.kind == PendingKind.DEAL and state.players[ANN].mail == []
    h = hand(state, ANN)
    assert h.bills == (roof, braces) and h.bills_total == 8000
    assert h.forecast.bills == 8000
