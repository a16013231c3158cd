"""Retirement, the end of the game and the winner, ending early, decks running out (docs/RULES.md
§2.10, §2.12, §2.13, §5.7)."""

from bot.game.actions import Action, ActionKind, GameOver
from bot.game.cards import MailKind
from bot.game.engine import end_early
from bot.game.events import EventKind, Reason
from bot.game.invariants import violations
from bot.game.state import PendingKind
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    POT,
    Pay,
    act,
    asked,
    carry_charge,
    cash,
    deal_index,
    force_dice,
    game,
    give_deals,
    hold_mail,
    kinds,
    land,
    lines,
    mail_cards,
    of_kind,
    refused,
    retire,
    said,
    set_cash,
    set_loan,
    set_reserve,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)


def retired_with(st, seat, cash, loan=0):
    retire(st, seat)
    set_cash(st, seat, cash)
    set_loan(st, seat, loan)


# -- retirement -----------------------------------------------------------------------------------
def test_after_the_last_pay_day_a_player_retires_and_unsold_deals_are_discarded():
    st = game(3, months=1)
    held = give_deals(st, ANN, "Teen Jeans", "Gotcha Security")
    events = land(st, ANN, 31)
    assert transfers(st, events) == [Pay(BANK, ANN, 3500, Reason.SALARY)]  # Deals are worth nothing
    assert [e.amount for e in of_kind(events, EventKind.RETIRED)] == [7000]
    assert EventKind.NEW_MONTH not in kinds(events)
    assert st.players[ANN].retired and st.players[ANN].deals == []
    assert set(held) <= set(st.deal_discard)
    assert "Ann retired with a net worth of $7,000" in lines(st, events)
    assert waiting_for_roll(st, BOB)


def test_before_the_last_month_pay_day_sends_the_token_back_to_start():
    st = game(3, months=2)
    events = land(st, ANN, 31)
    assert [e.value for e in of_kind(events, EventKind.NEW_MONTH)] == [2]
    assert not st.players[ANN].retired and st.players[ANN].day == 0
    events = land(st, ANN, 31)
    assert EventKind.RETIRED in kinds(events) and st.players[ANN].retired


def test_retired_players_are_skipped_in_turn_order():
    st = game(3)
    retire(st, BOB)
    land(st, ANN, 9)
    assert waiting_for_roll(st, CAT)
    land(st, CAT, 9)
    assert waiting_for_roll(st, ANN)


def test_the_last_player_still_playing_rolls_again_and_again():
    st = game(3)
    retire(st, BOB, CAT)
    land(st, ANN, 9)
    assert waiting_for_roll(st, ANN)


# -- the end of the game --------------------------------------------------------------------------
def test_the_game_ends_when_everyone_has_retired_and_then_refuses_every_action():
    st = game(2, months=1)
    retired_with(st, BOB, 3000)
    events = land(st, ANN, 31)
    assert kinds(events)[-1] == EventKind.GAME_OVER
    assert st.over and st.pending is None
    for action in (
        Action(ANN, ActionKind.ROLL),
        Action(BOB, ActionKind.LOAN, 1000),
        Action(ANN, ActionKind.REPAY, 1000),
    ):
        error = refused(st, action, GameOver)
        assert said(st, error) == "This game is over."


def test_the_highest_net_worth_wins():
    st = game(2, months=1)
    retired_with(st, BOB, 9000, loan=2000)  # $7,000
    set_cash(st, ANN, 1000)  # $4,500 after salary
    events = land(st, ANN, 31)
    assert st.winners == [BOB]
    assert lines(st, events)[-1] == "Game over: Bob wins with a net worth of $7,000"


def test_equal_net_worth_shares_the_win():
    st = game(3, months=1)
    retired_with(st, BOB, 8000, loan=1000)  # $7,000
    retired_with(st, CAT, 6000)
    events = land(st, ANN, 31)  # $3,500 + $3,500 salary = $7,000
    assert st.winners == [ANN, BOB]
    assert lines(st, events)[-1] == "Game over: Ann and Bob share the win with a net worth of $7,000"


def test_when_everyone_is_in_debt_the_least_debt_wins():
    st = game(3, months=1)
    retired_with(st, BOB, 0, loan=5000)  # -$5,000
    retired_with(st, CAT, 1000, loan=9000)  # -$8,000
    set_cash(st, ANN, 0)
    set_loan(st, ANN, 12000)
    land(st, ANN, 31)  # $3,500 salary - $1,200 interest = $2,300
    events = act(st, ANN, ActionKind.REPAY, 0)  # -$9,700
    assert st.winners == [BOB]
    assert lines(st, events)[-1] == "Game over: Bob wins with a net worth of -$5,000"


# docs/RULES.md §2.9, §2.13: no carrying at the last Pay Day; players end paid-up on all bills.
def test_the_last_pay_day_pays_every_monster_charge_off_without_asking():
    st = game(2, months=1)
    retired_with(st, BOB, 3000)
    set_cash(st, ANN, 0)
    held = hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    carried = carry_charge(st, ANN, (MailKind.MONSTER, 1000))
    events = land(st, ANN, 31)  # $3,500 salary against $1,100 + $4,400: a $2,000 loan
    assert st.over  # the whole Pay Day ran without a question
    assert transfers(st, events)[1:] == [
        Pay(ANN, BANK, 100, "Monster Charge interest"),
        Pay(ANN, BANK, 1000, "Monster Charge paid in full"),
        Pay(BANK, ANN, 2000, Reason.AUTO_LOAN),
        Pay(ANN, BANK, 400, "Monster Charge interest"),
        Pay(ANN, BANK, 4000, "Monster Charge paid in full"),
    ]
    assert st.players[ANN].carried == [] and {carried, *held} <= set(st.mail_discard)
    assert (st.players[ANN].cash, st.players[ANN].loan) == (0, 2000)
    assert [e.amount for e in of_kind(events, EventKind.RETIRED)] == [-2000]  # net worth = cash - loan
    assert st.winners == [BOB]


def test_a_game_ended_early_subtracts_carried_monster_charges():
    st = game(2, months=2)
    carry_charge(st, ANN, (MailKind.MONSTER, 3000))
    set_cash(st, BOB, 1000)
    events = end_early(st)
    assert st.net_worth(ANN) == 3500 - 3000
    assert [e.amount for e in of_kind(events, EventKind.GAME_OVER)] == [1000] and st.winners == [BOB]
    assert violations(st) == []


def test_a_game_ended_early_buys_back_every_held_deal_at_its_cost():
    """Ann has just bought Pete's Pizza Palace with a loan: ending now must not drop her to last, so
    the Bank pays her its $8,000 cost through the ledger and the Deal goes to the discards."""
    st = game(3)
    [pizza] = stack_deal(st, "Pete's Pizza Palace")
    land(st, ANN, 4)
    act(st, ANN, ActionKind.BUY)
    assert (st.players[ANN].cash, st.players[ANN].loan) == (500, 5000)
    [gotcha] = give_deals(st, BOB, "Gotcha Security")

    events = end_early(st)

    returned = "{deal} bought back at cost: the game ended early"
    assert transfers(st, events) == [
        Pay(BANK, ANN, 8000, returned.format(deal="Pete's Pizza Palace")),
        Pay(BANK, BOB, 2500, returned.format(deal="Gotcha Security")),
    ]
    assert [st.net_worth(seat) for seat in (ANN, BOB, CAT)] == [3500, 6000, 3500]  # Ann as before she bought
    assert st.winners == [BOB]
    assert st.players[ANN].deals == [] == st.players[BOB].deals
    assert {pizza, gotcha} <= set(st.deal_discard)
    assert violations(st) == []


def test_a_game_that_reached_its_end_still_counts_unsold_deals_as_nothing():
    st = game(2, months=1)
    retire(st, BOB)
    give_deals(st, ANN, "Rocket Ship International")
    events = land(st, ANN, 31)
    assert st.over and all(e.reason != Reason.DEAL_RETURNED for e in events)
    assert [e.amount for e in of_kind(events, EventKind.GAME_OVER)] == [7000]  # cash + salary only
    assert of_kind(events, EventKind.DISCARDED)


# -- decks running out ----------------------------------------------------------------------------
def test_an_empty_mail_pile_is_reshuffled_from_the_discards():
    st = game(3)
    bills = mail_cards(st, MailKind.BILL)
    st.mail_deck, st.mail_discard = [], list(bills)
    events = land(st, ANN, 1)
    assert kinds(events).index(EventKind.RESHUFFLED) < kinds(events).index(EventKind.DREW_MAIL)
    assert [e.reason for e in of_kind(events, EventKind.RESHUFFLED)] == [Reason.MAIL_PILE]
    assert st.mail_discard == []
    assert len(st.mail_deck) == len(bills) - 1
    assert sorted(st.mail_deck + st.players[ANN].mail) == sorted(bills)


def test_an_empty_deal_pile_is_reshuffled_from_the_discards():
    st = game(3)
    discards = [deal_index(st, name) for name in ("Teen Jeans", "Laughing Gas", "Fish 'N' Cheeps Pet Store")]
    st.deal_deck, st.deal_discard = [], list(discards)
    events = land(st, ANN, 4)
    assert [e.reason for e in of_kind(events, EventKind.RESHUFFLED)] == [Reason.DEAL_PILE]
    assert asked(st) == (PendingKind.DEAL, [ANN]) and st.pending.card in discards
    assert sorted([*st.deal_deck, st.pending.card]) == sorted(discards)


def test_the_yard_sale_reserve_is_replaced_from_the_reshuffled_discards():
    st = game(3)
    reserve = set_reserve(st, "Louie's Limos")
    (jeans,) = [deal_index(st, "Teen Jeans")]
    st.deal_deck, st.deal_discard = [], [jeans]
    land(st, ANN, 21)
    assert st.players[ANN].deals == [reserve]
    assert st.yard_sale == jeans


def test_a_mail_draw_with_every_card_held_draws_nothing():
    st = game(3)
    st.mail_deck, st.mail_discard = [], []
    events = land(st, ANN, 3)  # Mail ×3
    assert of_kind(events, EventKind.DREW_MAIL) == [] and of_kind(events, EventKind.RESHUFFLED) == []
    assert transfers(st, events) == []
    assert waiting_for_roll(st, BOB)


def test_a_mail_draw_takes_what_is_left_when_fewer_cards_remain():
    st = game(3)
    st.mail_deck, st.mail_discard = [mail_cards(st, MailKind.BILL)[0]], []
    events = land(st, ANN, 16)  # Mail ×3, one card in the whole game left
    assert len(of_kind(events, EventKind.DREW_MAIL)) == 1
    assert waiting_for_roll(st, BOB)


def test_a_deal_draw_with_every_deal_held_does_nothing():
    st = game(3)
    st.deal_deck, st.deal_discard = [], []
    events = land(st, ANN, 25)
    assert EventKind.NOTHING in kinds(events) and of_kind(events, EventKind.DREW_DEAL) == []
    assert waiting_for_roll(st, BOB)


def test_a_yard_sale_with_no_deal_anywhere_costs_nothing():
    st = game(3)
    st.deal_deck, st.deal_discard, st.yard_sale = [], [], None
    events = land(st, ANN, 21, roll=4)
    assert transfers(st, events) == [] and EventKind.NOTHING in kinds(events)
    assert st.players[ANN].deals == []
    assert waiting_for_roll(st, BOB)


# -- ending early -----------------------------------------------------------------------------------
def test_ending_early_scores_the_table_as_it_stands_and_loses_no_card():
    """A host stopping the game mid-question: the Deal on offer and Mail still to resolve go to the
    discards, and the winner is whoever is worth most right now."""
    st = game(3)
    stack_mail(st, (MailKind.MAD_MONEY, 2000), (MailKind.NEIGHBOR, 300), (MailKind.BILL, 5000))
    land(st, ANN, 3)  # Mail ×3: Mad Money asks whom to collect from; two cards still wait
    assert asked(st) == (PendingKind.TARGET, [ANN])
    set_cash(st, BOB, 9000)

    events = end_early(st)

    assert st.over and st.pending is None and st.agenda == []
    assert st.winners == [BOB] and of_kind(events, EventKind.GAME_OVER)
    assert violations(st) == []
    refused(st, Action(ANN, ActionKind.ROLL), GameOver)


def test_ending_early_during_the_lottery_gives_every_ante_back():
    st = game(3)
    land(st, ANN, 6)
    act(st, BOB, ActionKind.ANTE, 4)
    act(st, ANN, ActionKind.ANTE, 2)  # Ann, then Bob, get their numbers and pay
    assert asked(st) == (PendingKind.LOTTERY, [CAT]) and st.pot == 200

    events = end_early(st)

    reason = "Lottery ante returned: the game ended early"
    assert transfers(st, events) == [Pay(POT, ANN, 100, reason), Pay(POT, BOB, 100, reason)]
    assert st.pot == 0 and cash(st) == [3500] * 3
    assert "Bob collected $100 from the Lottery pot (Lottery ante returned: the game ended early)" in lines(
        st, events
    )
    assert violations(st) == []


def test_ending_early_while_a_lottery_wish_waits_returns_only_the_antes_paid():
    st = game(3)
    land(st, ANN, 6)
    act(st, CAT, ActionKind.ANTE, 4)  # waits for Ann and Bob: nothing paid yet
    assert st.pot == 0
    events = end_early(st)
    assert transfers(st, events) == [] and cash(st) == [3500] * 3
    assert violations(st) == []


def test_ending_early_during_a_poker_game_gives_every_stake_back():
    st = game(3, ruleset="classic")
    land(st, ANN, 5, roll=5)
    act(st, CAT, ActionKind.PUT_IN)
    act(st, ANN, ActionKind.PUT_IN)  # Bob has not answered yet
    assert asked(st) == (PendingKind.POKER, [BOB]) and st.pot == 200

    events = end_early(st)

    reason = "Poker Game stake returned: the game ended early"
    assert transfers(st, events) == [Pay(POT, CAT, 100, reason), Pay(POT, ANN, 100, reason)]
    assert st.pot == 0 and cash(st) == [325] * 3
    assert violations(st) == []


def test_ending_early_during_a_poker_roll_off_shares_the_pot_among_those_still_in_it():
    """Bob lands; all four put in; Bob, Cat and Ann tie on 6 and roll again; Cat has rolled when the
    host ends the game. The $400 pot is split three ways, the odd dollar to Bob, first in turn order
    from the lander."""
    st = game(4, ruleset="classic")
    land(st, BOB, 5, roll=5)
    for seat in (BOB, CAT, DAN, ANN):
        act(st, seat, ActionKind.PUT_IN)
    force_dice(st, 6, 6, 1, 6, 3)
    for seat in (BOB, CAT, DAN, ANN):
        act(st, seat, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [BOB, CAT, ANN]) and st.pot == 400
    act(st, CAT, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [BOB, ANN])

    events = end_early(st)

    reason = "Poker Game pot shared: the game ended early"
    assert transfers(st, events) == [
        Pay(POT, BOB, 134, reason),
        Pay(POT, CAT, 133, reason),
        Pay(POT, ANN, 133, reason),
    ]
    assert st.pot == 0 and violations(st) == []
    assert st.winners == [BOB]  # scored after the pot is shared: Bob's odd dollar decides it


def test_retiring_says_which_unsold_deals_are_discarded():
    st = game(3, months=1)
    give_deals(st, ANN, "Rocket Ship International", "Teen Jeans")
    events = land(st, ANN, 31)
    said = lines(st, events)
    assert [e.value for e in of_kind(events, EventKind.DISCARDED)] == [
        deal_index(st, "Rocket Ship International"),
        deal_index(st, "Teen Jeans"),
    ]
    assert said[-3:-1] == [
        "Ann's unsold Rocket Ship International is discarded: a Deal is worth nothing at the end",
        "Ann's unsold Teen Jeans is discarded: a Deal is worth nothing at the end",
    ]
    assert said[-1].startswith("Ann retired with a net worth of")
