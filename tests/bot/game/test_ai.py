"""The computer player (bot.game.ai): always legal, deterministic, and sensible in each decision."""

import pytest

from bot.game.actions import ActionKind
from bot.game.ai import RESERVE, buyer_chances, choose, resale_chance, reserve
from bot.game.cards import MailKind
from bot.game.engine import apply, legal_actions, new_game
from bot.game.interrupts import lottery_free, lowest_free
from bot.game.rulesets import RULESETS, Rules
from bot.game.state import PendingKind, to_json
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    DAN,
    act,
    asked,
    carry_charge,
    game,
    give_deals,
    hold_mail,
    land,
    set_cash,
    set_loan,
    set_savings,
    stack_deal,
    stack_mail,
)

ALL_KINDS = {
    PendingKind.ROLL,
    PendingKind.DEAL,
    PendingKind.SELL,
    PendingKind.TARGET,
    PendingKind.MOVE,
    PendingKind.REPAY,
    PendingKind.CHARGE,
    PendingKind.LOTTERY,
    PendingKind.RADIO,
    PendingKind.WALK,
    PendingKind.ROLL_OFF,
}
CLASSIC_KINDS = {
    PendingKind.ROLL,
    PendingKind.DEAL,
    PendingKind.SELL,
    PendingKind.ROLL_OFF,
    PendingKind.POKER,
    PendingKind.BANKING,
    PendingKind.SWELLFARE,
    PendingKind.INSURANCE,
}


def choice(state, seat) -> tuple[str, int]:
    action = choose(state, seat)
    assert action.prompt == state.prompt and action.seat == seat and not action.timed_out
    assert action in legal_actions(state, seat)
    return action.kind, action.value


# -- always legal -----------------------------------------------------------------------------------
def test_every_choice_is_a_legal_action_over_many_games_and_every_question():
    seen: set[str] = set()
    for seed in range(80):
        ruleset = "family" if seed % 3 == 0 else "modern"
        players = 2 + seed % (3 if ruleset == "family" else 5)
        st = new_game([f"P{i}" for i in range(players)], ruleset=ruleset, months=1 + seed % 3, seed=seed)
        while not st.over:
            for seat in st.pending.seats:  # everyone asked, not only the first
                assert choose(st, seat) in legal_actions(st, seat), (seed, st.pending)
            seen.add(st.pending.kind)
            seat = st.pending.seats[seed % len(st.pending.seats)]
            apply(st, choose(st, seat))
    assert seen == ALL_KINDS


def test_every_classic_choice_is_a_legal_action_over_many_games_and_every_question():
    seen: set[str] = set()
    for seed in range(60):
        players = 2 + seed % 3
        st = new_game([f"P{i}" for i in range(players)], ruleset="classic", months=1 + seed % 3, seed=seed)
        while not st.over:
            for seat in st.pending.seats:
                assert choose(st, seat) in legal_actions(st, seat), (seed, st.pending)
            seen.add(st.pending.kind)
            seat = st.pending.seats[seed % len(st.pending.seats)]
            apply(st, choose(st, seat))
    assert seen == CLASSIC_KINDS


def test_it_refuses_to_answer_for_a_seat_that_is_not_asked():
    st = game(3)
    with pytest.raises(ValueError):
        choose(st, BOB)


def test_the_same_seed_plays_the_same_game():
    def played(seed: int) -> str:
        st = new_game(["A", "B", "C", "D"], seed=seed)
        while not st.over:
            apply(st, choose(st, st.pending.seats[0]))
        return to_json(st)

    assert played(7) == played(7)
    assert played(7) != played(8)


# -- rolls ------------------------------------------------------------------------------------------
def test_it_rolls_when_asked_to_roll():
    st = game(3)
    assert choice(st, ANN) == (ActionKind.ROLL, 0)
    land(st, ANN, 8, roll=2)  # Radio Contest: Ann rolls first
    assert asked(st) == (PendingKind.RADIO, [ANN])
    assert choice(st, ANN) == (ActionKind.ROLL, 0)


def test_it_rolls_for_the_walk_for_charity():
    st = game(3)
    land(st, ANN, 30, roll=2)
    assert asked(st) == (PendingKind.WALK, [BOB, CAT])
    assert choice(st, BOB) == (ActionKind.ROLL, 0)
    assert choice(st, CAT) == (ActionKind.ROLL, 0)


# -- Deals ------------------------------------------------------------------------------------------
def test_it_buys_a_deal_it_can_pay_for_and_still_sell():
    st = game(3)
    stack_deal(st, "Gotcha Security")  # $2,500, sells for $6,500
    land(st, ANN, 4)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    assert choice(st, ANN) == (ActionKind.BUY, 0)


def test_it_buys_with_a_loan_no_bigger_than_the_profit_and_keeps_a_reserve():
    st = game(3)
    stack_deal(st, "Rocket Ship International")  # $12,000, profit $8,000
    set_cash(st, ANN, 12_000 + RESERVE - 8000)  # needs exactly an $8,000 loan to keep the reserve
    land(st, ANN, 4)
    assert choice(st, ANN) == (ActionKind.BUY, 0)


def test_it_declines_a_deal_whose_loan_would_exceed_the_profit():
    st = game(3)
    stack_deal(st, "Rocket Ship International")
    set_cash(st, ANN, 12_000 + RESERVE - 9000)  # a $9,000 loan for an $8,000 profit
    land(st, ANN, 4)
    assert choice(st, ANN) == (ActionKind.DECLINE, 0)


def test_it_only_buys_while_a_buyer_is_still_ahead():
    st = game(3, months=1)
    player = st.players[ANN]
    player.day = 25  # last month: Buyers on 26 and 29 are still ahead
    assert 0 < resale_chance(st, ANN) < 1
    player.day = 29
    assert resale_chance(st, ANN) == 0  # nothing after the last Buyer of the last month
    st.months = 2
    assert resale_chance(st, ANN) == 1  # another month to come


def test_it_declines_a_deal_it_could_never_sell():
    st = game(3, months=1)
    stack_deal(st, "Gotcha Security")
    land(st, ANN, 25)
    st.players[ANN].day = 30  # as if no Buyer were left this (last) month
    assert choice(st, ANN) == (ActionKind.DECLINE, 0)


def test_the_chance_of_still_finding_a_buyer_counts_every_roll_until_pay_day():
    chance = buyer_chances(RULESETS["modern"].board)
    # From day 25: a 1 or a 4 lands on the Buyers of days 26 and 29; a 2 (day 27) then needs a 1
    # or a 2, a 3 (day 28) a 1; a 5 (day 30) or a 6 (Pay Day) is too late.
    assert chance[25] == pytest.approx(85 / 216)
    assert chance[29] == chance[30] == chance[31] == 0
    assert chance[28] == pytest.approx(1 / 6)


def test_in_the_last_month_it_buys_only_if_the_chance_of_a_buyer_makes_the_deal_pay():
    def offered(deal: str, months: int) -> tuple[str, int]:
        st = game(3, months=months)
        stack_deal(st, deal)
        land(st, ANN, 25)  # Buyers ahead on days 26 and 29: an 85/216 chance to sell
        return choice(st, ANN)

    # Teen Jeans: $7,000 for a Deal worth 85/216 x $14,000 = $5,509 if it is still held at the end.
    assert offered("Teen Jeans", months=1) == (ActionKind.DECLINE, 0)
    assert offered("Teen Jeans", months=2) == (ActionKind.BUY, 0)  # a month to come: it will find a Buyer
    # Gotcha Security: $2,500 for 85/216 x $6,500 = $2,558.
    assert offered("Gotcha Security", months=1) == (ActionKind.BUY, 0)


def test_it_sells_the_most_profitable_deal_at_a_buyer():
    st = game(3)
    give_deals(st, ANN, "Burgers 'N' Buns", "Rocket Ship International", "Teen Jeans")  # +4k, +8k, +7k
    land(st, ANN, 9)
    assert asked(st) == (PendingKind.SELL, [ANN])
    rocket = st.players[ANN].deals[1]
    assert choice(st, ANN) == (ActionKind.SELL, rocket)


# -- Mail -------------------------------------------------------------------------------------------
def test_mad_money_collects_from_the_richest_other_player_by_net_worth():
    st = game(4)
    set_cash(st, BOB, 9000)
    act(st, BOB, ActionKind.LOAN, 5000)  # Bob: $14,000 cash but a $5,000 loan: worth $9,000
    set_cash(st, CAT, 10_000)  # Cat is worth the most
    set_cash(st, DAN, 1000)
    stack_mail(st, (MailKind.MAD_MONEY, 2000))
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.TARGET, [ANN])
    assert choice(st, ANN) == (ActionKind.TARGET, CAT)


def test_pay_a_neighbor_pays_the_poorest_other_player():
    st = game(4)
    set_cash(st, BOB, 9000)
    set_cash(st, CAT, 500)
    set_cash(st, DAN, 2000)
    stack_mail(st, (MailKind.NEIGHBOR, 1000))
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.TARGET, [ANN])
    assert choice(st, ANN) == (ActionKind.TARGET, CAT)


def test_move_ahead_goes_to_the_next_deal_without_deals_to_sell():
    st = game(3)
    stack_mail(st, "Hot Tip")
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.MOVE, [ANN])
    assert choice(st, ANN) == (ActionKind.MOVE, 4)


def test_move_ahead_goes_to_the_next_buyer_when_holding_a_deal():
    st = game(3)
    give_deals(st, ANN, "Teen Jeans")
    stack_mail(st, "Hot Tip")
    land(st, ANN, 1)
    assert choice(st, ANN) == (ActionKind.MOVE, 9)


# -- Pay Day ----------------------------------------------------------------------------------------
def pay_day_with_loan(loan: int, cash: int, *bills: int):
    """Ann reaches Pay Day owing `loan`, with `cash` before salary and interest, holding these bills."""
    st = game(3)
    act(st, ANN, ActionKind.LOAN, loan)
    set_cash(st, ANN, cash)
    hold_mail(st, ANN, *[(MailKind.BILL, amount) for amount in bills])
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
    return st


def test_it_repays_the_whole_loan_when_cash_covers_bills_and_reserve():
    st = pay_day_with_loan(5000, 10_000, 2000)  # after salary and interest: 13,000 cash
    assert choice(st, ANN) == (ActionKind.REPAY, 5000)


def test_it_repays_only_what_leaves_enough_for_its_bills_and_a_reserve():
    st = pay_day_with_loan(5000, 10_000, 5000, 3000)  # 13,000 - 8,000 bills - reserve
    assert choice(st, ANN) == (ActionKind.REPAY, 13_000 - 8000 - RESERVE)


def test_it_keeps_cash_for_monster_charges_and_carried_balances_when_repaying():
    st = game(3)
    act(st, ANN, ActionKind.LOAN, 5000)
    set_cash(st, ANN, 10_000)
    hold_mail(st, ANN, (MailKind.BILL, 2000), (MailKind.MONSTER, 4000))
    carry_charge(st, ANN, (MailKind.MONSTER, 3000))  # carried from an earlier Pay Day
    land(st, ANN, 31)  # 13,000 after salary and interest
    assert asked(st) == (PendingKind.REPAY, [ANN])
    # still due: the $2,000 bill, and both charges paid off with their 10% ($4,400 + $3,300)
    assert choice(st, ANN) == (ActionKind.REPAY, 2000)  # 13,000 - 9,700 - the reserve, in $1,000 steps


def test_it_repays_nothing_when_the_bills_take_everything():
    st = pay_day_with_loan(5000, 2000, 5000)  # 5,000 cash, 5,000 of bills
    assert choice(st, ANN) == (ActionKind.REPAY, 0)


def monster_charge_at_pay_day(cash: int):
    st = game(3)
    set_cash(st, ANN, cash)
    hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)  # no loan, so no repayment question
    assert asked(st) == (PendingKind.CHARGE, [ANN])
    return st


def test_it_pays_a_monster_charge_in_full_when_cash_covers_it():
    st = monster_charge_at_pay_day(500)  # 4,000 after salary
    assert choice(st, ANN) == (ActionKind.PAY_ALL, 0)


def test_it_pays_a_monster_charge_in_full_even_when_that_takes_a_loan():
    """Carrying costs 10% of the whole balance every Pay Day; paying in full borrows only the
    shortfall at the same 10%, so it never costs more."""
    st = monster_charge_at_pay_day(400)  # 3,900 after salary: a $1,000 loan covers the $100 short
    assert choice(st, ANN) == (ActionKind.PAY_ALL, 0)


def test_it_carries_a_monster_charge_only_when_carrying_is_cheaper_and_a_month_remains():
    st = game(3, rules=Rules(charge_interest_pct=5))  # a house rule: charges cheaper than loans
    hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN])
    assert choice(st, ANN) == (ActionKind.CARRY, 0)
    st.players[ANN].months_done = 2  # the final Pay Day: carrying is closed
    assert choice(st, ANN) == (ActionKind.PAY_ALL, 0)


# -- Lottery ----------------------------------------------------------------------------------------
def test_it_antes_on_the_lowest_free_number_when_it_has_the_cash():
    st = game(3)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])
    assert choice(st, ANN) == (ActionKind.ANTE, 1)
    apply(st, choose(st, ANN))
    assert choice(st, BOB) == (ActionKind.ANTE, 2)


def test_its_lottery_number_is_the_lowest_the_question_offers_whatever_was_wished_or_taken():
    st = game(3)
    land(st, ANN, 6)  # Ann, Bob, Cat pick in that order
    cases = [
        ({}, {}),
        ({1: ANN, 2: BOB}, {}),
        ({1: ANN}, {BOB: 2}),  # Cat may not ask for Bob's wish; Ann may
        ({1: ANN}, {CAT: 2}),  # Bob picks before Cat: 2 is still his to ask for
        (dict.fromkeys(range(1, 6), ANN), {BOB: 6}),  # nothing left for Cat
    ]
    for picks, wants in cases:
        st.pending.picks, st.pending.wants = dict(picks), dict(wants)
        for seat in (ANN, BOB, CAT):
            free = lottery_free(st, seat)
            assert lowest_free(st, seat) == (free[0] if free else None), (picks, wants, seat)
    assert lowest_free(st, CAT) is None


def test_it_sits_out_the_lottery_rather_than_borrow_for_the_ante():
    st = game(3)
    set_cash(st, BOB, 99)
    land(st, ANN, 6)
    assert choice(st, BOB) == (ActionKind.SIT_OUT, 0)


def test_it_sits_out_when_the_ante_is_dear_relative_to_the_pot():
    st = new_game(["Ann", "Bob", "Cat"], rules=Rules(lottery_ante=1000, lottery_bank=1000), seed=0)
    land(st, ANN, 6)
    assert choice(st, ANN) == (ActionKind.ANTE, 1)  # $1,000 for an even share of $2,000: cheap enough
    apply(st, choose(st, ANN))
    assert choice(st, BOB) == (ActionKind.SIT_OUT, 0)  # $1,000 for half of $3,000: too dear


# -- classic ----------------------------------------------------------------------------------------
def classic_pay_day(cash: int, loan: int = 0, savings: int = 0):
    """Ann reaches a classic Pay Day (month 1 of 3) with this cash before salary and interest."""
    st = game(3, ruleset="classic")
    set_cash(st, ANN, cash)
    set_loan(st, ANN, loan)
    set_savings(st, ANN, savings)
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.BANKING, [ANN])
    return st


def test_the_reserve_keeps_the_share_of_start_cash():
    assert reserve(game(3)) == RESERVE == 1000
    assert reserve(game(3, ruleset="family")) == 1000
    assert reserve(game(3, ruleset="classic")) == 92


def test_it_repays_its_loan_first_then_banks_the_surplus_in_savings():
    st = classic_pay_day(500, loan=300)  # 825 - 60 interest = 765 cash
    assert choice(st, ANN) == (ActionKind.REPAY, 300)
    apply(st, choose(st, ANN))
    assert choice(st, ANN) == (ActionKind.DEPOSIT, 300)  # 465 cash: keep the 92 reserve, bank whole hundreds
    apply(st, choose(st, ANN))
    assert choice(st, ANN) == (ActionKind.DONE, 0)


def test_it_repays_only_what_leaves_its_reserve():
    st = classic_pay_day(0, loan=1000)  # 325 - 200 interest = 125 cash
    assert choice(st, ANN) == (ActionKind.DONE, 0)  # repaying $100 would leave less than the reserve


def test_it_draws_savings_to_bring_its_cash_up_to_the_reserve():
    st = game(3, ruleset="classic")
    st.players[ANN].months_done = 2  # the last month: no salary
    set_cash(st, ANN, 20)
    set_savings(st, ANN, 300)
    land(st, ANN, 31)
    assert choice(st, ANN) == (ActionKind.WITHDRAW, 100)


def test_it_buys_insurance_it_can_pay_for_in_cash():
    st = game(3, ruleset="classic")
    stack_mail(st, "Carr Insurance Co. Deluxe Policy")  # $100
    land(st, ANN, 1)
    assert choice(st, ANN) == (ActionKind.BUY, 0)
    set_cash(st, ANN, 99)
    assert choice(st, ANN) == (ActionKind.DECLINE, 0)


def test_it_bets_the_most_on_swellfare_whenever_it_is_offered():
    """A 5 or 6 pays ten times the bet, anything else loses it: +8/3 of the bet on average."""
    st = game(3, ruleset="classic")
    set_cash(st, ANN, 150)
    hold_mail(st, ANN, "Hospital Stay")  # owes 200, holds 150: may bet...
    set_savings(st, ANN, 100)  # ...even with savings to cover the bill
    stack_mail(st, "Swellfare Office")
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.SWELLFARE, [ANN])
    assert choice(st, ANN) == (ActionKind.BET, 100)


def test_it_puts_into_the_poker_game_when_the_stake_is_cheap():
    st = game(3, ruleset="classic")
    set_cash(st, BOB, 150)  # 100 stake + 92 reserve is more than it has
    land(st, ANN, 5, roll=5)
    assert asked(st) == (PendingKind.POKER, [ANN, BOB, CAT])
    assert choice(st, ANN) == (ActionKind.PUT_IN, 0)
    assert choice(st, BOB) == (ActionKind.SIT_OUT, 0)


def test_it_counts_savings_when_deciding_to_buy_a_deal():
    st = game(3, ruleset="classic")
    stack_deal(st, "Mobile Home Park")  # $500, profit $400
    set_cash(st, ANN, 0)
    set_savings(st, ANN, 600)
    land(st, ANN, 2, roll=2)
    assert choice(st, ANN) == (ActionKind.BUY, 0)
