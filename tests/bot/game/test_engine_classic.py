"""docs/RULES.md §4: the classic (1975) preset, one rule at a time, on its reconstructed board and decks."""

import json
from collections import Counter
from dataclasses import replace

import pytest

from bot.game import events as ev
from bot.game import rulesets as rs
from bot.game.actions import Action, ActionKind, IllegalAction, InvalidChoice, NotYourTurn
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind, Tag
from bot.game.engine import apply, default_action, new_game
from bot.game.events import EventKind, Reason
from bot.game.rulesets import RULESETS, JackpotSix
from bot.game.state import PendingKind, from_json, to_json
from bot.game.steps import Step
from bot.render.language.ledger import account_name
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    ENGLISH,
    JACKPOT,
    POT,
    Pay,
    act,
    asked,
    deal_index,
    game,
    give_deals,
    hold_mail,
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
    set_loan,
    set_savings,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)

CLASSIC = RULESETS["classic"]
SAVE_ANN, SAVE_BOB = ev.savings_account(ANN), ev.savings_account(BOB)


def classic(n=3, **kw):
    return game(n, ruleset="classic", **kw)


def transfers_only(events):
    return [e for e in events if e.kind == EventKind.TRANSFER]


def held(st, seat):
    return [CLASSIC.mail[card].name for card in st.players[seat].mail]


# -- the preset -------------------------------------------------------------------------------------
def test_money_players_and_months():
    st = classic(3)
    assert [p.cash for p in st.players] == [325] * 3
    r = st.rules
    assert (r.salary, r.loan_step, r.loan_interest_pct, r.loan_cap) == (325, 100, 20, 6900)
    assert (r.savings, r.savings_step, r.savings_interest_pct, r.withdraw_fee) == (True, 100, 10, 50)
    assert not r.salary_in_final_month and r.deals_to_bottom and r.jackpot_six is JackpotSix.MOVEMENT
    assert len(classic(4).players) == 4  # docs/RULES.md §4.1: the 1975 box has four playing pieces
    for n in (1, 5):
        with pytest.raises(IllegalAction):
            new_game([f"P{i}" for i in range(n)], ruleset="classic")


def test_it_is_labelled_a_reconstruction():
    assert CLASSIC.title == "Classic 1975 (reconstructed)"


def test_the_reconstructed_decks():
    assert len(CLASSIC.mail) == 72 and len(CLASSIC.deals) == 16
    kinds = Counter(card.kind for card in CLASSIC.mail)
    assert kinds == {
        MailKind.BILL: 24,
        MailKind.COLLECTION: 12,
        MailKind.POSTCARD: 6,
        MailKind.JUNK: 8,
        MailKind.TICKET: 10,
        MailKind.SWELLFARE: 6,
        MailKind.INSURANCE: 6,
    }
    tags = Counter((card.kind, card.tag) for card in CLASSIC.mail if card.tag)
    assert tags == {
        (MailKind.BILL, Tag.CAR): 8,
        (MailKind.BILL, Tag.HEALTH): 8,
        (MailKind.INSURANCE, Tag.CAR): 3,
        (MailKind.INSURANCE, Tag.HEALTH): 3,
    }
    assert len({card.name for card in CLASSIC.mail}) == 72  # every card has its own name...
    assert all(card.flavor for card in CLASSIC.mail)  # ...and a line of flavour
    money = [card.amount for card in CLASSIC.mail if card.amount]
    assert min(money) >= 5 and max(money) <= 500 and all(m % 5 == 0 for m in money)  # the 1975 scale
    assert all(0 < d.commission < d.cost < d.value for d in CLASSIC.deals)
    assert len({d.name for d in CLASSIC.deals}) == 16


def test_no_deal_is_set_aside_without_a_yard_sale():
    st = classic(3)
    assert st.yard_sale is None and sorted(st.deal_deck) == list(range(16))


def test_the_reconstructed_board_is_the_one_rules_md_lists():
    expected = {
        1: (SpaceKind.MAIL, 1),
        2: (SpaceKind.DEAL, 0),
        3: (SpaceKind.MAIL, 2),
        4: (SpaceKind.BUYER, 0),
        5: (SpaceKind.POKER, 0),
        6: (SpaceKind.LOTTERY_DRAW, 0),
        8: (SpaceKind.MAIL, 1),
        9: (SpaceKind.DEAL, 0),
        10: (SpaceKind.BUYER, 0),
        11: (SpaceKind.MAIL, 3),
        12: (SpaceKind.ELECTION, 0),
        13: (SpaceKind.LOTTERY_DRAW, 0),
        15: (SpaceKind.MAIL, 2),
        16: (SpaceKind.DEAL, 0),
        17: (SpaceKind.BUYER, 0),
        18: (SpaceKind.DAYLIGHT, 0),
        19: (SpaceKind.MAIL, 1),
        20: (SpaceKind.LOTTERY_DRAW, 0),
        22: (SpaceKind.MAIL, 2),
        23: (SpaceKind.BUYER, 0),
        24: (SpaceKind.DEAL, 0),
        25: (SpaceKind.POKER, 0),
        26: (SpaceKind.MAIL, 3),
        27: (SpaceKind.LOTTERY_DRAW, 0),
        29: (SpaceKind.BUYER, 0),
        30: (SpaceKind.MAIL, 1),
        31: (SpaceKind.PAYDAY, 0),
        7: (SpaceKind.SUNDAY, 0),
        14: (SpaceKind.SUNDAY, 0),
        21: (SpaceKind.SUNDAY, 0),
        28: (SpaceKind.SUNDAY, 0),
    }
    assert {day: (sp.kind, sp.count) for day, sp in enumerate(CLASSIC.board) if day} == expected
    assert all(CLASSIC.board[d].name == "Sweet Sunday" for d in (7, 14, 21, 28))


def test_pay_day_order_is_ruleset_data():
    assert RULESETS["modern"].payday == RULESETS["family"].payday == rs.MODERN_PAYDAY
    assert CLASSIC.payday == (
        Step.PAY_SALARY,
        Step.PAY_INTEREST,
        Step.PAY_BILLS,
        Step.PAY_BANKING,
        Step.PAY_TICKETS,
        Step.PAY_MONTH_END,
    )


# -- spaces -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("sunday", [7, 14, 21, 28])
def test_sweet_sunday_does_nothing(sunday):
    st = classic(3)
    events = land(st, ANN, sunday, roll=2)
    assert transfers(st, events) == [] and waiting_for_roll(st, BOB)


def test_a_mail_space_draws_its_count():
    st = classic(3)
    stack_mail(st, "Postcard from Paris", "Chain Letter", "Tax Refund")
    events = land(st, ANN, 11, roll=3)
    assert len(of_kind(events, EventKind.DREW_MAIL)) == 3
    assert held(st, ANN) == []  # the postcard and the junk mail are read and discarded
    assert transfers(st, events) == [Pay(BANK, ANN, 100, "Tax Refund")]


def test_buying_a_deal_makes_everyone_roll_for_its_commission_ties_rolling_again():
    st = classic(3)
    stack_deal(st, "Laundromat")  # $150, sells for $300, commission $15
    land(st, ANN, 2, roll=2)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    events = act(st, ANN, ActionKind.BUY)
    assert transfers(st, events) == [Pay(ANN, BANK, 150, "bought Laundromat")]
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB, CAT])
    assert st.pending.card == deal_index(st, "Laundromat") and st.pending.payer == BANK
    st.script.extend([4, 6, 6, 2, 5])
    act(st, ANN, ActionKind.ROLL)
    act(st, BOB, ActionKind.ROLL)
    act(st, CAT, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [BOB, CAT])  # the tie rolls again, for the same commission
    assert st.pending.card == st.players[ANN].deals[0]
    act(st, BOB, ActionKind.ROLL)
    events = act(st, CAT, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(BANK, CAT, 15, "Commission on Laundromat")]
    assert waiting_for_roll(st, BOB)


def test_a_retired_player_rolls_for_the_commission_too():
    st = classic(3)
    retire(st, CAT)
    stack_deal(st, "Shoeshine Stand")
    land(st, ANN, 2, roll=2)
    act(st, ANN, ActionKind.BUY)
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB, CAT])


def test_a_declined_deal_goes_to_the_bottom_of_the_pile():
    st = classic(3)
    [card] = stack_deal(st, "Bowling Alley")
    land(st, ANN, 9, roll=3)
    events = act(st, ANN, ActionKind.DECLINE)
    assert st.deal_deck[0] == card and card not in st.deal_discard
    assert transfers(st, events) == [] and waiting_for_roll(st, BOB)


def test_a_sold_deal_goes_to_the_bottom_and_only_one_sells_per_buyer():
    st = classic(3)
    laundromat, _ = give_deals(st, ANN, "Laundromat", "Car Wash")
    land(st, ANN, 4, roll=4)
    assert asked(st) == (PendingKind.SELL, [ANN])
    events = act(st, ANN, ActionKind.SELL, laundromat)
    assert transfers(st, events) == [Pay(BANK, ANN, 300, "sold Laundromat")]
    assert st.deal_deck[0] == laundromat and laundromat not in st.deal_discard
    assert len(st.players[ANN].deals) == 1 and waiting_for_roll(st, BOB)


def test_the_lottery_draw_cashes_every_ticket_held():
    st = classic(3)
    tickets = hold_mail(st, ANN, "State Lottery Ticket", "Tow Truck", "PTA Raffle Ticket")
    events = land(st, ANN, 6, roll=6)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 200, "Lottery Ticket: State Lottery Ticket"),
        Pay(BANK, ANN, 50, "Lottery Ticket: PTA Raffle Ticket"),
    ]
    assert held(st, ANN) == ["Tow Truck"]
    assert tickets[0] in st.mail_discard and tickets[2] in st.mail_discard


def test_the_lottery_draw_without_tickets_does_nothing():
    st = classic(3)
    hold_mail(st, BOB, "State Lottery Ticket")  # only the lander's tickets count
    events = land(st, ANN, 13, roll=1)
    assert transfers(st, events) == []
    assert of_kind(events, EventKind.NOTHING)[0].reason == Reason.NO_TICKET


def test_unused_lottery_tickets_are_void_at_pay_day():
    st = classic(3)
    [ticket] = hold_mail(st, ANN, "County Fair Raffle Ticket")
    land(st, ANN, 31, roll=1)
    events = act(st, ANN, ActionKind.DONE)
    [void] = of_kind(events, EventKind.VOIDED)
    assert void.value == ticket and st.players[ANN].mail == []
    # docs/RULES.md §4.5: a void ticket goes to the bottom of the Mail pile, not to the discards
    assert st.mail_deck[0] == ticket and ticket not in st.mail_discard
    assert "unused Lottery Ticket $100: County Fair Raffle Ticket is void" in lines(st, [void])[0]


def poker(st, lander=ANN, day=5):
    land(st, lander, day, roll=5)
    assert asked(st) == (PendingKind.POKER, [lander, *[x for x in range(len(st.players)) if x != lander]])


def test_poker_with_nobody_in_does_nothing():
    st = classic(3)
    poker(st)
    for seat in (ANN, BOB, CAT):
        events = act(st, seat, ActionKind.SIT_OUT)
    assert of_kind(events, EventKind.NOTHING)[0].reason == Reason.NO_POKER
    assert st.pot == 0 and waiting_for_roll(st, BOB)


def test_poker_with_one_taker_gives_the_money_back():
    st = classic(3)
    poker(st)
    act(st, ANN, ActionKind.SIT_OUT)
    events = act(st, BOB, ActionKind.PUT_IN)
    assert transfers(st, events) == [Pay(BOB, POT, 100, "Poker Game")]
    events = act(st, CAT, ActionKind.SIT_OUT)
    assert transfers(st, events) == [Pay(POT, BOB, 100, "Poker Game: nobody to play, stake returned")]
    assert st.players[BOB].cash == 325 and st.pot == 0


def test_poker_takers_roll_and_the_highest_takes_the_pot_ties_rolling_off():
    st = classic(3)
    retire(st, CAT)  # retired players may play too
    poker(st)
    for seat in (CAT, ANN, BOB):
        act(st, seat, ActionKind.PUT_IN)
    assert st.pot == 300
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB, CAT]) and st.pending.payer == POT
    st.script.extend([6, 6, 1, 2, 5])
    for seat in (ANN, BOB, CAT):
        act(st, seat, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB])
    act(st, ANN, ActionKind.ROLL)
    events = act(st, BOB, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(POT, BOB, 300, "Poker Game")]
    assert st.pot == 0 and st.players[BOB].cash == 525


def test_poker_stakes_are_covered_by_savings_then_a_loan():
    st = classic(3)
    set_cash(st, BOB, 30)
    set_savings(st, BOB, 50)
    poker(st)
    act(st, ANN, ActionKind.SIT_OUT)
    events = act(st, BOB, ActionKind.PUT_IN)
    assert transfers(st, events) == [
        Pay(SAVE_BOB, BOB, 50, Reason.SAVINGS_COVER),
        Pay(BANK, BOB, 100, Reason.AUTO_LOAN),
        Pay(BOB, POT, 100, "Poker Game"),
    ]


def test_town_election_every_player_pays_into_the_pot_from_savings_then_a_loan():
    st = classic(3)
    set_cash(st, BOB, 0)
    set_savings(st, BOB, 300)
    set_cash(st, CAT, 20)
    events = land(st, ANN, 12, roll=2)
    assert transfers(st, events) == [
        Pay(ANN, JACKPOT, 50, "Town Election"),
        Pay(SAVE_BOB, BOB, 100, Reason.SAVINGS_COVER),  # no fee for the automatic cover
        Pay(BOB, JACKPOT, 50, "Town Election"),
        Pay(BANK, CAT, 100, Reason.AUTO_LOAN),
        Pay(CAT, JACKPOT, 50, "Town Election"),
    ]
    assert (st.players[BOB].savings, st.players[BOB].cash, st.players[CAT].loan) == (200, 50, 100)
    assert st.jackpot == 150
    events = land(st, BOB, 10, roll=6)  # the next movement roll of a 6 wins the Pot
    assert transfers(st, events)[0] == Pay(JACKPOT, BOB, 150, "rolled a 6")


# docs/RULES.md §4.7: the Pot is won by the next movement 6 after a Town Election.
def test_before_any_election_a_six_leaves_lost_swellfare_bets_in_the_pot():
    st, _, _ = swellfare(50, bills=("Hospital Stay",))
    st.script.append(1)
    act(st, ANN, ActionKind.BET, 40)  # lost: $40 into the Pot
    assert st.jackpot == 40
    events = land(st, BOB, 10, roll=6)
    assert [t for t in transfers(st, events) if t.src == JACKPOT] == [] and st.jackpot == 40
    land(st, CAT, 12, roll=2)  # Town Election: $150 more, and the Pot is open
    assert st.jackpot == 190 and st.election_held
    events = land(st, ANN, 7, roll=6)  # the next 6 takes everything, Swellfare money included
    assert transfers(st, events)[0] == Pay(JACKPOT, ANN, 190, "rolled a 6")
    assert st.jackpot == 0 and not st.election_held
    st.jackpot, st.bank_paid = 25, st.bank_paid + 25  # a bet lost after the win waits again
    events = land(st, BOB, 14, roll=6)
    assert [t for t in transfers(st, events) if t.src == JACKPOT] == [] and st.jackpot == 25


def test_the_six_that_lands_on_the_election_does_not_win_its_pot():
    st = classic(3)
    events = land(st, ANN, 12, roll=6)
    assert [t for t in transfers(st, events) if t.src == JACKPOT] == [] and st.jackpot == 150


def test_daylight_savings_moves_everyone_still_playing_back_one_day():
    st = classic(4)
    place(st, BOB, 0)  # on START: collects $325 instead
    place(st, CAT, 19)  # back onto Daylight Savings: nothing more
    place(st, DAN, 12)  # back onto Mail x3
    stack_mail(st, "Hospital Stay", "Brake Job", "Gas Bill")
    events = land(st, ANN, 18, roll=1)
    moves = [(e.seat, e.value) for e in of_kind(events, EventKind.MOVED)]
    assert moves == [(ANN, 18), (ANN, 17), (CAT, 18), (DAN, 11)]
    assert transfers(st, events) == [Pay(BANK, BOB, 325, "Daylight Savings on START")]
    assert [p.day for p in st.players] == [17, 0, 18, 11]
    assert held(st, DAN) == ["Hospital Stay", "Brake Job", "Gas Bill"]
    assert of_kind(events, EventKind.NOTHING)[-1].reason == Reason.DAYLIGHT_ONCE
    assert waiting_for_roll(st, BOB)


def test_daylight_savings_leaves_a_retired_player_where_they_are():
    st = classic(3)
    retire(st, CAT)
    place(st, BOB, 5)
    events = land(st, ANN, 18, roll=1)
    assert [e.seat for e in of_kind(events, EventKind.MOVED)] == [ANN, ANN, BOB]
    assert st.players[CAT].day == 31


def test_daylight_savings_asks_whatever_the_day_moved_back_to_asks():
    st = classic(3)
    place(st, BOB, 10)  # back onto a Deal
    place(st, CAT, 26)  # back onto the Poker Game
    stack_deal(st, "Hamburger Stand")
    land(st, ANN, 18, roll=1)
    assert asked(st) == (PendingKind.DEAL, [BOB])
    act(st, BOB, ActionKind.DECLINE)
    assert asked(st) == (PendingKind.POKER, [CAT, ANN, BOB])


def test_daylight_savings_on_start_pays_the_tables_salary():
    st = classic(3, rules=replace(CLASSIC.rules, salary=400))  # a house rule: a bigger salary
    place(st, BOB, 0)
    events = land(st, ANN, 18, roll=1)
    assert Pay(BANK, BOB, 400, "Daylight Savings on START") in transfers(st, events)


def test_the_jackpot_is_called_the_pot():
    st = classic(3)
    events = land(st, ANN, 12, roll=2)  # Town Election: everyone pays into the Pot
    assert lines(st, transfers_only(events))[0] == "Ann paid $50 to the Pot (Town Election)"
    assert account_name(JACKPOT, ["Ann"], CLASSIC, ENGLISH) == "the Pot"
    assert RULESETS["modern"].jackpot_name == "the Jackpot"


# -- Mail -------------------------------------------------------------------------------------------
def test_bills_wait_for_pay_day():
    st = classic(3)
    stack_mail(st, "Color TV Repair")
    events = land(st, ANN, 1)
    assert transfers(st, events) == [] and held(st, ANN) == ["Color TV Repair"]
    events = land(st, ANN, 31, roll=1)
    assert Pay(ANN, BANK, 150, "bill: Color TV Repair") in transfers(st, events)


def test_a_collection_pays_at_once():
    st = classic(3)
    [card] = stack_mail(st, "Inheritance from Great-Uncle Ned")
    events = land(st, ANN, 1)
    assert transfers(st, events) == [Pay(BANK, ANN, 150, "Inheritance from Great-Uncle Ned")]
    assert card in st.mail_discard and st.players[ANN].mail == []


def test_postcards_and_junk_mail_do_nothing_and_are_discarded_as_soon_as_read():
    """docs/RULES.md §4.5 (the Italian text: "vengono immediatamente scartate")."""
    st = classic(3)
    cards = stack_mail(st, "Postcard from Niagara Falls", "Encyclopedia Offer")
    events = land(st, ANN, 3, roll=3)
    assert transfers(st, events) == [] and st.players[ANN].mail == []
    assert st.mail_discard[-2:] == cards


def swellfare(cash: int, loan: int = 0, bills: tuple[str, ...] = ()):
    st = classic(3)
    set_cash(st, ANN, cash)
    set_loan(st, ANN, loan)
    hold_mail(st, ANN, *bills)
    [card] = stack_mail(st, "Swellfare Office")
    return st, card, land(st, ANN, 1)


def test_swellfare_is_discarded_unused_when_cash_covers_what_is_owed():
    st, card, events = swellfare(1200, loan=1000)  # owes 1,000 + 200 interest: not more than cash
    assert waiting_for_roll(st, BOB) and card in st.mail_discard
    assert of_kind(events, EventKind.NOTHING)[0].reason == Reason.SWELLFARE_UNUSED


def test_swellfare_counts_the_loan_its_interest_and_the_bills():
    st, _, _ = swellfare(1199, loan=1000)
    assert asked(st) == (PendingKind.SWELLFARE, [ANN])
    # docs/RULES.md §4.6: any bet up to $100 in $5 steps, the smallest note
    assert options(st, ANN) == [(ActionKind.BET, bet) for bet in range(0, 101, 5)]
    st, _, _ = swellfare(50, bills=("Hospital Stay",))
    assert asked(st) == (PendingKind.SWELLFARE, [ANN])


def test_swellfare_a_five_or_six_pays_ten_times_the_bet():
    st, card, _ = swellfare(50, bills=("Hospital Stay",))
    st.script.append(5)
    events = act(st, ANN, ActionKind.BET, 75)
    assert transfers(st, events) == [Pay(BANK, ANN, 750, "Swellfare win")]
    assert card in st.mail_discard and waiting_for_roll(st, BOB)


def test_swellfare_a_losing_bet_goes_to_the_pot_covered_by_a_loan():
    st, card, _ = swellfare(50, bills=("Hospital Stay",))
    st.script.append(4)
    events = act(st, ANN, ActionKind.BET, 100)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 100, Reason.AUTO_LOAN),
        Pay(ANN, JACKPOT, 100, "Swellfare bet lost"),
    ]
    assert st.jackpot == 100 and card in st.mail_discard


@pytest.mark.parametrize("bet", [5, 35, 95])
def test_swellfare_takes_any_bet_in_5_dollar_steps(bet):
    st, _, _ = swellfare(50, bills=("Hospital Stay",))
    st.script.append(6)
    events = act(st, ANN, ActionKind.BET, bet)
    assert transfers(st, events) == [Pay(BANK, ANN, 10 * bet, "Swellfare win")]


@pytest.mark.parametrize("bet", [3, 37, 105, -5])
def test_swellfare_refuses_a_bet_off_the_5_dollar_steps_or_over_100(bet):
    st, _, _ = swellfare(50, bills=("Hospital Stay",))
    refused(st, Action(ANN, ActionKind.BET, bet, st.prompt), InvalidChoice)


def test_swellfare_betting_nothing_rolls_nothing():
    st, card, _ = swellfare(50, bills=("Hospital Stay",))
    events = act(st, ANN, ActionKind.BET, 0)
    assert rolls(events) == [] and transfers(st, events) == [] and card in st.mail_discard


def test_insurance_cancels_matching_bills_held_now_and_drawn_later():
    st = classic(3)
    hold_mail(st, ANN, "Brake Job", "Hospital Stay", "Telephone Bill", "Tow Truck")
    [policy] = stack_mail(st, "Carr Insurance Co. Standard Policy")
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.INSURANCE, [ANN])
    events = act(st, ANN, ActionKind.BUY)
    assert transfers(st, events) == [Pay(ANN, BANK, 75, "Carr Insurance Co. Standard Policy")]
    assert [CLASSIC.mail[e.value].name for e in of_kind(events, EventKind.CANCELLED)] == [
        "Brake Job",
        "Tow Truck",
    ]
    assert held(st, ANN) == ["Hospital Stay", "Telephone Bill"]
    assert st.players[ANN].insured == [Tag.CAR] and policy in st.mail_discard
    # Later car bills are cancelled as they arrive; health bills are not.
    [fender] = stack_mail(st, "Fender Bender")
    events = land(st, ANN, 8, roll=2)
    assert of_kind(events, EventKind.CANCELLED)[0].value == fender and fender in st.mail_discard
    stack_mail(st, "Broken Arm")
    land(st, ANN, 19, roll=3)
    assert held(st, ANN) == ["Hospital Stay", "Telephone Bill", "Broken Arm"]
    # A second car policy is pointless: discarded without a question.
    stack_mail(st, "Carr Insurance Co. Deluxe Policy")
    events = land(st, ANN, 30, roll=3)
    assert (
        waiting_for_roll(st, BOB) and of_kind(events, EventKind.NOTHING)[0].reason == Reason.ALREADY_INSURED
    )


def test_declined_insurance_leaves_the_bills():
    st = classic(3)
    hold_mail(st, ANN, "Two Fillings")
    [policy] = stack_mail(st, "Aches & Pains Insurance Co. Basic Plan")
    land(st, ANN, 1)
    events = act(st, ANN, ActionKind.DECLINE)
    assert transfers(st, events) == [] and held(st, ANN) == ["Two Fillings"]
    assert st.players[ANN].insured == [] and policy in st.mail_discard


# -- savings, loans and Pay Day ----------------------------------------------------------------------
def test_pay_day_runs_salary_interest_bills_banking_tickets_then_start():
    st = classic(3)
    set_savings(st, ANN, 500)
    hold_mail(st, ANN, "Tow Truck", "State Lottery Ticket", "Chain Letter")
    events = land(st, ANN, 31, roll=1)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 325, Reason.SALARY),
        Pay(BANK, SAVE_ANN, 50, Reason.SAVINGS_INTEREST),
        Pay(ANN, BANK, 25, "bill: Tow Truck"),
    ]
    assert asked(st) == (PendingKind.BANKING, [ANN]) and held(st, ANN) == ["State Lottery Ticket"]
    assert "Ann's savings earned $50 interest from the Bank (savings now $550)" in lines(st, events)
    events = act(st, ANN, ActionKind.DONE)
    assert [e.kind for e in events if e.kind in (EventKind.VOIDED, EventKind.NEW_MONTH)] == [
        EventKind.VOIDED,
        EventKind.NEW_MONTH,
    ]
    assert st.players[ANN].day == 0 and st.players[ANN].cash == 625


def test_loan_interest_is_20_percent_and_repayment_is_in_100_steps_then_deposits_open():
    st = classic(3)
    set_loan(st, ANN, 300)
    set_cash(st, ANN, 400)
    events = land(st, ANN, 31, roll=1)
    assert Pay(ANN, BANK, 60, Reason.INTEREST) in transfers(st, events)
    assert options(st, ANN) == [
        (ActionKind.DONE, 0),
        (ActionKind.REPAY, 100),
        (ActionKind.REPAY, 200),
        (ActionKind.REPAY, 300),
    ]
    error = refused(st, Action(ANN, ActionKind.DEPOSIT, 100, st.prompt), InvalidChoice)
    assert said(st, error) == "You owe $300: repay your loan before you save (never both at once)."
    refused(st, Action(ANN, ActionKind.REPAY, 150, st.prompt), InvalidChoice)
    prompt = st.prompt
    act(st, ANN, ActionKind.REPAY, 300)
    assert asked(st) == (PendingKind.BANKING, [ANN]) and st.prompt > prompt  # asked again, with a new prompt
    assert options(st, ANN) == [
        (ActionKind.DONE, 0),
        (ActionKind.DEPOSIT, 100),
        (ActionKind.DEPOSIT, 200),
        (ActionKind.DEPOSIT, 300),
    ]
    events = act(st, ANN, ActionKind.DEPOSIT, 200)
    assert transfers(st, events) == [Pay(ANN, SAVE_ANN, 200, Reason.DEPOSIT)]
    assert "Ann deposited $200 in savings (savings now $200)" in lines(st, events)
    assert options(st, ANN) == [
        (ActionKind.DONE, 0),
        (ActionKind.DEPOSIT, 100),
    ]  # no withdrawal after a deposit
    error = refused(st, Action(ANN, ActionKind.WITHDRAW, 100, st.prompt), InvalidChoice)
    assert "You deposited this Pay Day" in said(st, error)
    act(st, ANN, ActionKind.DONE)
    assert (st.players[ANN].cash, st.players[ANN].savings, st.players[ANN].loan) == (165, 200, 0)
    assert waiting_for_roll(st, BOB)


def test_the_repay_deposit_and_withdraw_commands_answer_the_banking_question():
    st = classic(3)
    set_loan(st, ANN, 200)
    land(st, ANN, 31, roll=1)
    apply(st, Action(ANN, ActionKind.REPAY, 200))  # /payday repay: no prompt, answers the question
    assert st.players[ANN].loan == 0 and asked(st) == (PendingKind.BANKING, [ANN])
    events = apply(st, Action(ANN, ActionKind.DEPOSIT, 300))
    assert transfers(st, events) == [Pay(ANN, SAVE_ANN, 300, Reason.DEPOSIT)]
    error = refused(st, Action(ANN, ActionKind.WITHDRAW, 100), InvalidChoice)  # no fee'd withdrawal either
    assert "You deposited this Pay Day" in said(st, error)


def test_withdrawing_at_pay_day_is_free_to_the_dollar():
    st = classic(3)
    set_cash(st, ANN, 0)
    set_savings(st, ANN, 400)
    land(st, ANN, 31, roll=1)  # salary 325, interest 40: savings 440
    assert (ActionKind.WITHDRAW, 440) in options(st, ANN) and (ActionKind.WITHDRAW, 400) in options(st, ANN)
    events = act(st, ANN, ActionKind.WITHDRAW, 440)
    assert transfers(st, events) == [Pay(SAVE_ANN, ANN, 440, Reason.WITHDRAWAL)]
    assert st.players[ANN].cash == 765 and waiting_for_roll(st, BOB)  # nothing left to ask: no deposit


def test_withdrawing_before_pay_day_costs_50_dollars():
    st = classic(3)
    set_savings(st, BOB, 330)
    events = apply(st, Action(BOB, ActionKind.WITHDRAW, 100))  # /payday withdraw, while Ann is to roll
    assert transfers(st, events) == [
        Pay(SAVE_BOB, BOB, 100, Reason.WITHDRAWAL),
        Pay(BOB, BANK, 50, Reason.WITHDRAW_FEE),
    ]
    assert (st.players[BOB].cash, st.players[BOB].savings) == (375, 230)
    assert waiting_for_roll(st, ANN)  # a standing action: the game still waits for Ann
    for amount, message in (
        (150, "Withdraw in steps of $100, or your whole balance."),
        (300, "Your savings are only $230."),
    ):
        assert said(st, refused(st, Action(BOB, ActionKind.WITHDRAW, amount), InvalidChoice)) == message
    apply(st, Action(BOB, ActionKind.WITHDRAW, 230))  # the whole balance, odd dollars and all
    assert st.players[BOB].savings == 0
    set_savings(st, CAT, 30)
    error = refused(st, Action(CAT, ActionKind.WITHDRAW, 30), InvalidChoice)
    assert said(st, error) == "A withdrawal before Pay Day costs a $50 fee: withdraw more than that."
    assert (
        said(st, refused(st, Action(BOB, ActionKind.WITHDRAW, 100), InvalidChoice))
        == "You have no savings to withdraw."
    )


def test_a_withdraw_button_is_never_taken_for_a_withdrawal_with_a_fee():
    st = classic(3)
    set_savings(st, BOB, 300)
    refused(st, Action(BOB, ActionKind.WITHDRAW, 100, st.prompt), NotYourTurn)


def test_deposits_wait_for_pay_day_and_other_editions_have_no_savings():
    st = classic(3)
    error = refused(st, Action(BOB, ActionKind.DEPOSIT, 100), InvalidChoice)
    assert said(st, error) == "Savings deposits are taken only at your own Pay Day."
    for ruleset in ("modern", "family"):
        other = game(3, ruleset=ruleset)
        for kind in (ActionKind.DEPOSIT, ActionKind.WITHDRAW):
            error = refused(other, Action(BOB, kind, 1000), InvalidChoice)
            assert said(st, error) == "This edition of the rules has no savings accounts."


def test_a_shortfall_comes_from_savings_first_then_a_loan():
    st = classic(3)
    set_cash(st, ANN, 100)
    set_savings(st, ANN, 250)
    stack_deal(st, "Mobile Home Park")  # $500
    land(st, ANN, 2, roll=2)
    events = act(st, ANN, ActionKind.BUY)
    assert transfers(st, events) == [
        Pay(SAVE_ANN, ANN, 250, Reason.SAVINGS_COVER),
        Pay(BANK, ANN, 200, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 500, "bought Mobile Home Park"),
    ]
    p = st.players[ANN]
    assert (p.cash, p.savings, p.loan) == (50, 0, 200)
    assert "Ann withdrew $250 from savings to cover a payment (savings now $0)" in lines(st, events)


def test_savings_cover_a_shortfall_in_100_steps_without_a_loan():
    st = classic(3)
    set_cash(st, ANN, 100)
    set_savings(st, ANN, 900)
    stack_deal(st, "Car Wash")  # $350: $250 short, so $300 comes out of savings
    land(st, ANN, 2, roll=2)
    act(st, ANN, ActionKind.BUY)
    p = st.players[ANN]
    assert (p.cash, p.savings, p.loan) == (50, 600, 0)


def test_voluntary_loans_come_in_100_steps_up_to_6900():
    st = classic(3)
    error = refused(st, Action(ANN, ActionKind.LOAN, 150), InvalidChoice)
    assert said(st, error) == "Loans come in steps of $100: ask for $100, $200 and so on."
    act(st, ANN, ActionKind.LOAN, 6900)
    error = refused(st, Action(ANN, ActionKind.LOAN, 100), InvalidChoice)
    assert said(st, error) == "That would take your loan past the $6,900 limit."
    # A payment the player can't make is still covered, past the limit.
    set_cash(st, ANN, 0)
    stack_deal(st, "Mobile Home Park")
    land(st, ANN, 2, roll=2)
    act(st, ANN, ActionKind.BUY)
    assert st.players[ANN].loan == 7400


def test_no_loan_while_holding_savings():
    st = classic(3)
    set_savings(st, BOB, 100)
    error = refused(st, Action(BOB, ActionKind.LOAN, 100), InvalidChoice)
    assert said(st, error) == (
        "You have $100 in savings: withdraw it before you borrow (nobody holds savings and a loan at once)."
    )


def test_no_salary_at_the_pay_day_of_the_last_month():
    st = classic(3, months=2)
    events = land(st, ANN, 31, roll=1)
    assert Pay(BANK, ANN, 325, Reason.SALARY) in transfers(st, events)
    act(st, ANN, ActionKind.DONE)
    last = classic(3, months=2)
    last.players[ANN].months_done = 1
    events = land(last, ANN, 31, roll=1)
    assert [t for t in transfers(st, events) if t.reason == Reason.SALARY] == []
    assert of_kind(events, EventKind.NOTHING)[0].reason == Reason.NO_FINAL_SALARY


def test_the_last_pay_day_discards_deals_and_the_score_is_cash_plus_savings_minus_loan():
    st = classic(2, months=1)
    retire(st, ANN)
    set_cash(st, ANN, 100)
    set_savings(st, ANN, 400)  # worth 500
    set_cash(st, BOB, 700)
    set_loan(st, BOB, 200)
    give_deals(st, BOB, "Bowling Alley")
    land(st, BOB, 31, roll=1)  # no salary; 40 interest: 660 cash, 200 loan
    assert asked(st) == (PendingKind.BANKING, [BOB])
    events = apply(st, default_action(st, BOB))  # time runs out: done
    assert st.over and st.players[BOB].deals == []
    assert [st.net_worth(ANN), st.net_worth(BOB)] == [500, 460]
    assert st.winners == [ANN]
    assert of_kind(events, EventKind.GAME_OVER)[0].amount == 500


# -- time limits ------------------------------------------------------------------------------------
def test_timeouts_choose_the_cautious_default_for_every_new_question():
    st = classic(3)
    set_loan(st, ANN, 300)
    land(st, ANN, 31, roll=1)
    assert (default_action(st, ANN).kind, default_action(st, ANN).value) == (ActionKind.DONE, 0)
    apply(st, default_action(st, ANN))
    assert st.players[ANN].loan == 300 and waiting_for_roll(st, BOB)

    set_cash(st, BOB, 0)
    hold_mail(st, BOB, "Hospital Stay")
    stack_mail(st, "Swellfare Hotline")
    land(st, BOB, 1)
    action = default_action(st, BOB)
    assert (action.kind, action.value, action.timed_out) == (ActionKind.BET, 0, True)
    events = apply(st, action)
    assert of_kind(events, EventKind.TIMED_OUT) and rolls(events) == []

    stack_mail(st, "Aches & Pains Insurance Co. Family Plan")
    land(st, CAT, 1)
    assert default_action(st, CAT).kind == ActionKind.DECLINE
    apply(st, default_action(st, CAT))
    assert st.players[CAT].insured == []

    land(st, ANN, 5, roll=5)
    for seat in (ANN, BOB, CAT):
        assert default_action(st, seat).kind == ActionKind.SIT_OUT
        apply(st, default_action(st, seat))
    assert st.pot == 0 and waiting_for_roll(st, BOB)


# -- saved games --------------------------------------------------------------------------------------
def test_a_game_saved_before_savings_existed_still_loads():
    st = game(3)
    data = json.loads(to_json(st))
    for player in data["players"]:
        del player["savings"], player["insured"]
    del data["pending"]["payer"]
    loaded = from_json(json.dumps(data))
    assert loaded == st and loaded.players[ANN].savings == 0 and loaded.pending.payer == BANK


def test_savings_and_deals_in_the_event_lines():
    st = classic(3)
    assert account_name(SAVE_ANN, ["Ann", "Bob"], CLASSIC, ENGLISH) == "Ann's savings"
    assert account_name(POT, ["Ann"], CLASSIC, ENGLISH) == "the poker pot"
    [card] = stack_deal(st, "Pet Rock Factory")
    events = land(st, ANN, 2, roll=2)
    assert lines(st, of_kind(events, EventKind.DREW_DEAL)) == [
        "Ann drew a Deal — Pet Rock Factory (cost $300, sells for $550, commission $30)"
    ]
    assert card == st.pending.card
