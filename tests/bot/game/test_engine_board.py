"""docs/RULES.md §1, §2.2: every space of the modern calendar, one rule at a time, with scripted dice."""

import pytest

from bot.game import calendar as b
from bot.game import engine
from bot.game.actions import ActionKind
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.events import EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind, to_json
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    JACKPOT,
    Pay,
    act,
    asked,
    cash,
    force_dice,
    game,
    give_deals,
    kinds,
    land,
    lines,
    of_kind,
    options,
    place,
    retire,
    rolls,
    set_cash,
    set_reserve,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)

MODERN = RULESETS["modern"]

# docs/RULES.md §2.2, the modern table: day -> (space kind, mail count or amount).
SPEC_BOARD = {
    **dict.fromkeys((1, 11, 19, 22), (SpaceKind.MAIL, 1)),
    **dict.fromkeys((5, 24), (SpaceKind.MAIL, 2)),
    **dict.fromkeys((3, 16), (SpaceKind.MAIL, 3)),
    2: (SpaceKind.SWEEPSTAKES, 5000),
    **dict.fromkeys((4, 12, 15, 25), (SpaceKind.DEAL, 0)),
    **dict.fromkeys((6, 13, 20, 27), (SpaceKind.LOTTERY, 0)),
    7: (SpaceKind.FEE, 500),
    14: (SpaceKind.FEE, 400),
    18: (SpaceKind.FEE, 600),
    28: (SpaceKind.FEE, 500),
    8: (SpaceKind.RADIO, 1000),
    **dict.fromkeys((9, 17, 23, 26, 29), (SpaceKind.BUYER, 0)),
    10: (SpaceKind.BIRTHDAY, 100),
    21: (SpaceKind.YARD_SALE, 100),
    30: (SpaceKind.WALK, 100),
    31: (SpaceKind.PAYDAY, 0),
}


@pytest.mark.parametrize("day", range(1, 32))
def test_modern_calendar_matches_the_rulebook(day):
    space = MODERN.board[day]
    kind, number = SPEC_BOARD[day]
    assert space.kind == kind
    if kind == SpaceKind.MAIL:
        assert space.count == number
    elif kind == SpaceKind.RADIO:  # a house rule may change the prize, so the rules hold it
        assert MODERN.rules.radio_prize == number
    elif number:
        assert space.amount == number


def test_month_starts_on_a_sunday_start_space():
    assert MODERN.board[0].kind == SpaceKind.START
    assert [d for d in range(1, 32) if b.weekday(d) == 0] == [7, 14, 21, 28]  # Sundays
    assert b.weekday(1) == 1 and b.weekday(31) == 3  # a Monday; Pay Day, a Wednesday


def test_a_new_game_deals_start_cash_and_asks_seat_0_to_roll():
    st = game(4)
    assert cash(st) == [3500] * 4
    assert [p.day for p in st.players] == [0] * 4
    assert asked(st) == (PendingKind.ROLL, [ANN])
    assert st.jackpot == 0 and st.months == 3


def test_the_banker_pays_the_start_cash_through_the_ledger():
    st, events = engine.start(["Ann", "Bob", "Cat"], ruleset="classic", months=2, seed=5)
    assert transfers(st, events) == [Pay(BANK, seat, 325, Reason.START_CASH) for seat in (ANN, BOB, CAT)]
    assert lines(st, events) == [
        f"{name} collected $325 from the Bank (start cash)" for name in ("Ann", "Bob", "Cat")
    ]
    assert [(e.month, e.day) for e in events] == [(1, 0)] * 3
    assert (st.bank_paid, st.bank_received) == (3 * 325, 0) and st.money_balances()
    assert to_json(st) == to_json(engine.new_game(["Ann", "Bob", "Cat"], ruleset="classic", months=2, seed=5))
    st.players[ANN].cash += 1  # a dollar that no ledger line paid out
    assert not st.money_balances()


# -- Mail spaces ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("day", "count"), [(1, 1), (11, 1), (19, 1), (22, 1), (5, 2), (24, 2), (3, 3), (16, 3)]
)
def test_mail_space_draws_its_number_of_cards(day, count):
    st = game(3)
    bills = stack_mail(st, "New Roof", "Braces", "Transmission Rebuild")[:count]
    events = land(st, ANN, day)
    assert [e.value for e in of_kind(events, EventKind.DREW_MAIL)] == bills
    assert st.players[ANN].mail == bills  # bills are held, nothing paid yet
    assert transfers(st, events) == []
    assert waiting_for_roll(st, BOB)


def test_mail_cards_are_all_drawn_first_then_resolved_in_draw_order():
    st = game(3)
    charity, neighbor, bill = stack_mail(
        st, (MailKind.CHARITY, 400), (MailKind.NEIGHBOR, 2000), (MailKind.BILL, 5000)
    )
    events = land(st, ANN, 3)  # Mail ×3
    drawn = [i for i, e in enumerate(events) if e.kind == EventKind.DREW_MAIL]
    paid = [i for i, e in enumerate(events) if e.kind == EventKind.TRANSFER]
    assert len(drawn) == 3 and max(drawn) < min(paid)
    name = MODERN.mail[charity].name
    assert transfers(st, events) == [Pay(ANN, JACKPOT, 400, name)]
    # the second card asks a question; the third (the Bill) waits until it is answered
    assert asked(st) == (PendingKind.TARGET, [ANN])
    assert st.players[ANN].mail == []
    events = act(st, ANN, ActionKind.TARGET, CAT)
    assert transfers(st, events) == [Pay(ANN, CAT, 2000, MODERN.mail[neighbor].name)]
    assert st.players[ANN].mail == [bill]
    assert waiting_for_roll(st, BOB)


# -- Sweepstakes ----------------------------------------------------------------------------------
def test_sweepstakes_pays_5000_from_the_bank():
    st = game(3)
    events = land(st, ANN, 2, roll=2)
    assert transfers(st, events) == [Pay(BANK, ANN, 5000, "Sweepstakes")]
    assert rolls(events) == [(ANN, 2)]  # no extra roll in the modern preset
    assert cash(st) == [8500, 3500, 3500]
    assert waiting_for_roll(st, BOB)


# -- Deal spaces ----------------------------------------------------------------------------------
@pytest.mark.parametrize("day", [4, 12, 15, 25])
def test_deal_space_offers_the_top_deal_to_buy_or_decline(day):
    st = game(3)
    (card,) = stack_deal(st, "Gotcha Security")
    events = land(st, ANN, day)
    assert [e.value for e in of_kind(events, EventKind.DREW_DEAL)] == [card]
    assert asked(st) == (PendingKind.DEAL, [ANN])
    assert options(st, ANN) == [(ActionKind.BUY, 0), (ActionKind.DECLINE, 0)]


def test_buying_a_deal_pays_its_cost_to_the_bank():
    st = game(3)
    (card,) = stack_deal(st, "Gotcha Security")  # cost $2,500
    land(st, ANN, 4)
    events = act(st, ANN, ActionKind.BUY)
    assert transfers(st, events) == [Pay(ANN, BANK, 2500, "bought Gotcha Security")]
    assert st.players[ANN].deals == [card]
    assert cash(st)[ANN] == 1000
    assert waiting_for_roll(st, BOB)


def test_declining_a_deal_discards_it_and_costs_nothing():
    st = game(3)
    (card,) = stack_deal(st, "Gotcha Security")
    land(st, ANN, 12)
    events = act(st, ANN, ActionKind.DECLINE)
    assert transfers(st, events) == []
    assert st.players[ANN].deals == []
    assert st.deal_discard[-1] == card
    assert waiting_for_roll(st, BOB)


def test_buying_a_deal_without_the_cash_takes_the_smallest_covering_loan():
    st = game(3)
    (card,) = stack_deal(st, "Rocket Ship International")  # cost $12,000, Ann has $3,500
    land(st, ANN, 15)
    events = act(st, ANN, ActionKind.BUY)
    # short by $8,500: the smallest whole-$1,000 loan covering it is $9,000
    assert transfers(st, events) == [
        Pay(BANK, ANN, 9000, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 12000, "bought Rocket Ship International"),
    ]
    assert st.players[ANN].loan == 9000
    assert cash(st)[ANN] == 500
    assert st.players[ANN].deals == [card]
    assert "Ann took a loan of $9,000 to cover a payment (loan now $9,000)" in lines(st, events)


# -- Lottery spaces -------------------------------------------------------------------------------
@pytest.mark.parametrize("day", [6, 13, 20, 27])
def test_lottery_space_asks_every_player_from_the_lander(day):
    st = game(4)
    land(st, CAT, day)
    assert asked(st) == (PendingKind.LOTTERY, [CAT, DAN, ANN, BOB])


# -- Pay-to-the-Jackpot spaces --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("day", "name", "amount"),
    [
        (7, "Ski Weekend", 500),
        (14, "Charity Concert", 400),
        (18, "Food for the Month", 600),
        (28, "Shopping Spree", 500),
    ],
)
def test_fee_space_pays_into_the_jackpot(day, name, amount):
    st = game(3)
    events = land(st, ANN, day)
    assert MODERN.board[day].name == name
    assert transfers(st, events) == [Pay(ANN, JACKPOT, amount, name)]
    assert f"Ann paid ${amount} to the Jackpot ({name})" in lines(st, events)
    assert st.jackpot == amount
    assert cash(st)[ANN] == 3500 - amount
    assert waiting_for_roll(st, BOB)


def test_fee_space_without_the_cash_borrows_first():
    st = game(3)
    set_cash(st, ANN, 200)
    events = land(st, ANN, 18)  # Food for the Month, $600
    assert transfers(st, events) == [
        Pay(BANK, ANN, 1000, Reason.AUTO_LOAN),
        Pay(ANN, JACKPOT, 600, "Food for the Month"),
    ]
    assert st.players[ANN].loan == 1000 and cash(st)[ANN] == 600


# -- Radio Contest --------------------------------------------------------------------------------
def test_radio_contest_starts_with_the_lander():
    st = game(3)
    land(st, BOB, 8)
    assert asked(st) == (PendingKind.RADIO, [BOB])
    assert options(st, BOB) == [(ActionKind.ROLL, 0)]


# -- Found a Buyer --------------------------------------------------------------------------------
@pytest.mark.parametrize("day", [9, 17, 23, 26, 29])
def test_buyer_with_no_deal_does_nothing(day):
    st = game(3)
    events = land(st, ANN, day)
    assert transfers(st, events) == []
    assert EventKind.NOTHING in kinds(events)
    assert waiting_for_roll(st, BOB)


@pytest.mark.parametrize("day", [9, 17, 23, 26, 29])
def test_buyer_sells_one_deal_to_the_bank_for_its_value(day):
    st = game(3)
    (jeans,) = give_deals(st, ANN, "Teen Jeans")  # cost $7,000, value $14,000
    land(st, ANN, day)
    assert asked(st) == (PendingKind.SELL, [ANN])
    assert options(st, ANN) == [(ActionKind.SELL, jeans), (ActionKind.KEEP, 0)]
    events = act(st, ANN, ActionKind.SELL, jeans)
    assert transfers(st, events) == [Pay(BANK, ANN, 14000, "sold Teen Jeans")]
    assert st.players[ANN].deals == []
    assert jeans in st.deal_discard
    assert waiting_for_roll(st, BOB)


def test_buyer_with_several_deals_allows_one_sale_only():
    st = game(3)
    held = give_deals(st, ANN, "Teen Jeans", "Gotcha Security", "Louie's Limos")
    land(st, ANN, 17)
    assert options(st, ANN) == [*((ActionKind.SELL, d) for d in held), (ActionKind.KEEP, 0)]
    events = act(st, ANN, ActionKind.SELL, held[1])
    assert transfers(st, events) == [Pay(BANK, ANN, 6500, "sold Gotcha Security")]
    assert st.players[ANN].deals == [held[0], held[2]]
    assert waiting_for_roll(st, BOB)  # no second sale offered


def test_buyer_may_keep_every_deal():
    st = game(3)
    held = give_deals(st, ANN, "Teen Jeans")
    land(st, ANN, 23)
    events = act(st, ANN, ActionKind.KEEP)
    assert transfers(st, events) == []
    assert kinds(events).count(EventKind.KEPT) == 1
    assert st.players[ANN].deals == held
    assert waiting_for_roll(st, BOB)


# -- Happy Birthday -------------------------------------------------------------------------------
def test_happy_birthday_every_other_player_gives_100_retired_and_broke_ones_too():
    st = game(4)
    retire(st, DAN)
    set_cash(st, CAT, 50)
    events = land(st, ANN, 10)
    assert transfers(st, events) == [
        Pay(BOB, ANN, 100, "Happy Birthday"),
        Pay(BANK, CAT, 1000, Reason.AUTO_LOAN),
        Pay(CAT, ANN, 100, "Happy Birthday"),
        Pay(DAN, ANN, 100, "Happy Birthday"),
    ]
    assert cash(st) == [3800, 3400, 950, 3400]
    assert st.players[CAT].loan == 1000
    assert waiting_for_roll(st, BOB)


def test_each_ledger_line_carries_the_payers_own_month_and_day():
    """docs/RULES.md §6.3: a retired player's Birthday gift is dated in their own calendar (their
    last Pay Day), not the lander's; a payment from the Bank is dated by the player it pays."""
    st = game(4)
    st.players[ANN].months_done = 1  # Ann is in her second month
    place(st, BOB, 12)
    st.players[BOB].months_done = 2
    retire(st, DAN)
    events = land(st, ANN, 10)
    dates = {(e.src, e.dst): (e.month, e.day) for e in of_kind(events, EventKind.TRANSFER)}
    assert dates == {(BOB, ANN): (3, 12), (CAT, ANN): (1, 0), (DAN, ANN): (3, 31)}
    events = act(st, BOB, ActionKind.LOAN, 1000)
    assert [(e.month, e.day) for e in events] == [(3, 12)]  # the Bank pays Bob: Bob's calendar


# -- Yard Sale ------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [1, 3, 6])
def test_yard_sale_costs_100_times_the_movement_roll_and_replaces_the_reserve(roll):
    st = game(3)
    reserve = set_reserve(st, "Louie's Limos")
    (next_card,) = stack_deal(st, "Yum Yum Yogurt")
    events = land(st, ANN, 21, roll=roll)
    assert transfers(st, events) == [Pay(ANN, BANK, 100 * roll, "Yard Sale")]
    assert rolls(events) == [(ANN, roll)]  # priced by the movement roll: no second roll
    assert st.players[ANN].deals == [reserve]
    assert st.yard_sale == next_card
    assert next_card not in st.deal_deck
    assert waiting_for_roll(st, BOB)


def test_yard_sale_takes_a_loan_when_short():
    st = game(3)
    reserve = set_reserve(st, "Louie's Limos")
    set_cash(st, ANN, 100)
    events = land(st, ANN, 21, roll=5)
    assert transfers(st, events) == [Pay(BANK, ANN, 1000, Reason.AUTO_LOAN), Pay(ANN, BANK, 500, "Yard Sale")]
    assert st.players[ANN].deals == [reserve]


# -- Walk for Charity -----------------------------------------------------------------------------
def test_walk_for_charity_every_other_player_rolls_and_pays_100_per_pip():
    st = game(4)
    retire(st, CAT)
    land(st, BOB, 30)
    assert asked(st) == (PendingKind.WALK, [CAT, DAN, ANN])  # the lander does not walk; retired players do
    prompt = st.prompt
    paid = []
    for seat, face in [(DAN, 2), (CAT, 5), (ANN, 1)]:
        assert st.prompt == prompt  # one question to all: the prompt number holds until all answer
        force_dice(st, face)
        paid += transfers(st, act(st, seat, ActionKind.ROLL))
    assert st.prompt > prompt
    assert paid == [
        Pay(DAN, JACKPOT, 200, "Walk for Charity"),
        Pay(CAT, JACKPOT, 500, "Walk for Charity"),
        Pay(ANN, JACKPOT, 100, "Walk for Charity"),
    ]
    assert st.jackpot == 800
    assert waiting_for_roll(st, DAN)  # Cat is retired, so Dan plays after Bob


def test_walk_for_charity_borrows_for_a_walker_short_of_cash():
    st = game(2)
    set_cash(st, BOB, 0)
    land(st, ANN, 30)
    st.script.append(4)
    events = act(st, BOB, ActionKind.ROLL)
    assert transfers(st, events) == [
        Pay(BANK, BOB, 1000, Reason.AUTO_LOAN),
        Pay(BOB, JACKPOT, 400, "Walk for Charity"),
    ]


# -- Pay Day --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("start", "roll"), [(25, 6), (27, 5), (28, 6), (30, 4), (30, 1)])
def test_every_token_stops_on_pay_day_even_when_the_roll_overshoots(start, roll):
    st = game(3)
    place(st, ANN, start)
    force_dice(st, roll)
    events = act(st, ANN, ActionKind.ROLL)
    assert [e.value for e in of_kind(events, EventKind.MOVED)] == [31]
    assert transfers(st, events) == [Pay(BANK, ANN, 3500, Reason.SALARY)]
    assert st.players[ANN].day == 0 and st.players[ANN].months_done == 1
    assert waiting_for_roll(st, BOB)
