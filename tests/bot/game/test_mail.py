"""docs/RULES.md §2.7-§2.8 (the Mail deck): what each kind of Mail card does when it is drawn."""

import pytest

from bot.game.actions import Action, ActionKind, InvalidChoice
from bot.game.cards import MailKind
from bot.game.context import Game
from bot.game.engine import default_action
from bot.game.events import EventKind, Reason
from bot.game.mail import move_ahead
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.render.language.cards import mail_label
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    ENGLISH,
    JACKPOT,
    Pay,
    act,
    asked,
    cash,
    game,
    give_deals,
    kinds,
    land,
    lines,
    of_kind,
    options,
    place,
    refused,
    retire,
    set_cash,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)

MAIL = RULESETS["modern"].mail


def test_modern_mail_deck_is_the_rulebook_deck():
    by_kind = {}
    for card in MAIL:
        by_kind.setdefault(card.kind, []).append(card.amount)
    assert sorted(by_kind[MailKind.BILL], reverse=True) == [
        5000, 3000, 2500, 2000, 1500, 1500, 800, 700, 600, 500, 300, 300, 300, 200, 200, 100,
    ]  # fmt: skip
    assert sorted(by_kind[MailKind.MONSTER]) == [1000, 3000, 4000]
    assert sorted(by_kind[MailKind.CHARITY], reverse=True) == [400, 400, 400, 400, 300, 200]
    assert sorted(by_kind[MailKind.MAD_MONEY], reverse=True) == [2000, 2000, 1500, 1000, 400, 300, 200, 100]
    assert sorted(by_kind[MailKind.NEIGHBOR], reverse=True) == [2000, 2000, 1000, 300, 300, 300, 200, 200]
    assert len(by_kind[MailKind.MOVE_AHEAD]) == 7
    assert len(MAIL) == 48
    assert all(card.name and card.flavor for card in MAIL)
    assert len({card.name for card in MAIL}) == 48


# -- held until Pay Day ---------------------------------------------------------------------------
def test_a_bill_is_held_until_pay_day_then_paid_to_the_bank_and_discarded():
    st = game(3)
    (bill,) = stack_mail(st, (MailKind.BILL, 3000))
    events = land(st, ANN, 1)
    assert transfers(st, events) == []
    assert st.players[ANN].mail == [bill]
    events = land(st, ANN, 31)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 3500, Reason.SALARY),
        Pay(ANN, BANK, 3000, f"bill: {MAIL[bill].name}"),
    ]
    assert st.players[ANN].mail == []
    assert st.mail_discard[-1] == bill


def test_a_monster_charge_is_held_and_settled_at_pay_day():
    st = game(3)
    (charge,) = stack_mail(st, (MailKind.MONSTER, 4000))
    events = land(st, ANN, 11)
    assert transfers(st, events) == []
    assert st.players[ANN].mail == [charge]
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN])
    assert st.pending.amount == 4000


# -- paid at once ---------------------------------------------------------------------------------
@pytest.mark.parametrize("amount", [400, 300, 200])
def test_charity_is_paid_at_once_to_the_jackpot(amount):
    st = game(3)
    (card,) = stack_mail(st, (MailKind.CHARITY, amount))
    events = land(st, ANN, 19)
    assert transfers(st, events) == [Pay(ANN, JACKPOT, amount, MAIL[card].name)]
    assert st.jackpot == amount
    assert st.players[ANN].mail == []
    assert st.mail_discard[-1] == card
    assert waiting_for_roll(st, BOB)


def test_mad_money_collects_from_the_player_the_drawer_chooses():
    st = game(3)
    (card,) = stack_mail(st, (MailKind.MAD_MONEY, 1500))
    land(st, ANN, 22)
    assert asked(st) == (PendingKind.TARGET, [ANN])
    assert options(st, ANN) == [(ActionKind.TARGET, BOB), (ActionKind.TARGET, CAT)]
    events = act(st, ANN, ActionKind.TARGET, CAT)
    assert transfers(st, events) == [Pay(CAT, ANN, 1500, MAIL[card].name)]
    assert cash(st) == [5000, 3500, 2000]
    assert st.mail_discard[-1] == card
    assert waiting_for_roll(st, BOB)


def test_pay_a_neighbor_pays_the_player_the_drawer_chooses():
    st = game(4)
    (card,) = stack_mail(st, (MailKind.NEIGHBOR, 1000))
    land(st, CAT, 1)
    assert options(st, CAT) == [(ActionKind.TARGET, DAN), (ActionKind.TARGET, ANN), (ActionKind.TARGET, BOB)]
    events = act(st, CAT, ActionKind.TARGET, ANN)
    assert transfers(st, events) == [Pay(CAT, ANN, 1000, MAIL[card].name)]
    assert cash(st) == [4500, 3500, 2500, 3500]
    assert waiting_for_roll(st, DAN)


@pytest.mark.parametrize(
    ("kind", "payer", "payee"), [(MailKind.MAD_MONEY, BOB, ANN), (MailKind.NEIGHBOR, ANN, BOB)]
)
def test_with_two_players_the_other_player_is_chosen_without_asking(kind, payer, payee):
    st = game(2)
    (card,) = stack_mail(st, (kind, 2000))
    events = land(st, ANN, 1)
    assert transfers(st, events) == [Pay(payer, payee, 2000, MAIL[card].name)]
    assert waiting_for_roll(st, BOB)


def test_mad_money_target_without_the_cash_must_borrow():
    st = game(3)
    set_cash(st, CAT, 300)
    (card,) = stack_mail(st, (MailKind.MAD_MONEY, 2000))
    land(st, ANN, 1)
    events = act(st, ANN, ActionKind.TARGET, CAT)
    assert transfers(st, events) == [
        Pay(BANK, CAT, 2000, Reason.AUTO_LOAN),
        Pay(CAT, ANN, 2000, MAIL[card].name),
    ]
    assert st.players[CAT].loan == 2000 and cash(st)[CAT] == 300


def test_pay_a_neighbor_without_the_cash_borrows_to_pay():
    st = game(3)
    set_cash(st, ANN, 500)
    (card,) = stack_mail(st, (MailKind.NEIGHBOR, 2000))
    land(st, ANN, 1)
    events = act(st, ANN, ActionKind.TARGET, BOB)
    assert transfers(st, events) == [
        Pay(BANK, ANN, 2000, Reason.AUTO_LOAN),
        Pay(ANN, BOB, 2000, MAIL[card].name),
    ]
    assert st.players[ANN].loan == 2000 and cash(st)[ANN] == 500


# docs/RULES.md §2.8: Mad Money and Pay a Neighbor involve only the players still playing the month.
def test_a_retired_player_is_neither_offered_nor_accepted_as_the_other_player():
    st = game(4)
    retire(st, CAT)
    (card,) = stack_mail(st, (MailKind.MAD_MONEY, 1500))
    land(st, ANN, 22)
    assert options(st, ANN) == [(ActionKind.TARGET, BOB), (ActionKind.TARGET, DAN)]
    refused(st, Action(ANN, ActionKind.TARGET, CAT, st.prompt), InvalidChoice)
    assert default_action(st, ANN).value == BOB
    events = act(st, ANN, ActionKind.TARGET, DAN)
    assert transfers(st, events) == [Pay(DAN, ANN, 1500, MAIL[card].name)]


@pytest.mark.parametrize(
    ("kind", "payer", "payee"), [(MailKind.MAD_MONEY, CAT, ANN), (MailKind.NEIGHBOR, ANN, CAT)]
)
def test_with_one_other_player_still_playing_they_are_chosen_without_asking(kind, payer, payee):
    st = game(3)
    retire(st, BOB)
    (card,) = stack_mail(st, (kind, 2000))
    events = land(st, ANN, 1)
    assert transfers(st, events) == [Pay(payer, payee, 2000, MAIL[card].name)]
    assert waiting_for_roll(st, CAT)


@pytest.mark.parametrize("kind", [MailKind.MAD_MONEY, MailKind.NEIGHBOR])
def test_with_every_other_player_retired_the_card_does_nothing_and_says_why(kind):
    st = game(3)
    retire(st, BOB, CAT)
    (card,) = stack_mail(st, (kind, 2000))
    events = land(st, ANN, 1)
    assert transfers(st, events) == [] and cash(st) == [3500, 3500, 3500]
    assert st.mail_discard[-1] == card
    label = mail_label(MAIL[card], ENGLISH)
    assert f"Ann's {label} does nothing: every other player has retired" in lines(st, events)
    assert waiting_for_roll(st, ANN)


# -- Move Ahead -----------------------------------------------------------------------------------
# From each Mail space of the modern board, the next Deal and the next Found a Buyer (docs/RULES.md §2.7).
NEXT_DEAL_AND_BUYER = {1: [4, 9], 3: [4, 9], 5: [9, 12], 11: [12, 17], 16: [17, 25], 19: [23, 25]}
NEXT_DEAL_AND_BUYER |= {22: [23, 25], 24: [25, 26]}


@pytest.mark.parametrize(("day", "choices"), NEXT_DEAL_AND_BUYER.items())
def test_move_ahead_offers_the_next_deal_and_the_next_buyer(day, choices):
    st = game(3)
    stack_mail(st, "Hot Tip")
    land(st, ANN, day)
    assert asked(st) == (PendingKind.MOVE, [ANN])
    assert options(st, ANN) == [(ActionKind.MOVE, d) for d in choices]


def test_move_ahead_to_the_deal_draws_a_deal():
    st = game(3)
    stack_mail(st, "Hot Tip")
    (deal,) = stack_deal(st, "Gotcha Security")
    land(st, ANN, 1)
    events = act(st, ANN, ActionKind.MOVE, 4)
    assert [e.value for e in of_kind(events, EventKind.MOVED)] == [4]
    assert st.players[ANN].day == 4
    assert asked(st) == (PendingKind.DEAL, [ANN]) and st.pending.card == deal


def test_move_ahead_to_the_buyer_offers_a_sale():
    st = game(3)
    stack_mail(st, "Hot Tip")
    (jeans,) = give_deals(st, ANN, "Teen Jeans")
    land(st, ANN, 1)
    act(st, ANN, ActionKind.MOVE, 9)
    assert st.players[ANN].day == 9
    assert asked(st) == (PendingKind.SELL, [ANN])
    events = act(st, ANN, ActionKind.SELL, jeans)
    assert transfers(st, events) == [Pay(BANK, ANN, 14000, "sold Teen Jeans")]
    assert waiting_for_roll(st, BOB)


def test_move_ahead_with_only_a_buyer_left_moves_there_without_asking():
    st = game(3)
    first, second = stack_mail(st, "Hot Tip", "Garage Sale Flyer")
    land(st, ANN, 24)  # Mail ×2: both cards are Move Ahead
    act(st, ANN, ActionKind.MOVE, 26)  # the first card: the Buyer on 26 (no Deal to sell)
    # the second card, from day 26: the last Deal (25) is behind, so only the Buyer on 29 remains
    assert st.players[ANN].day == 29
    assert waiting_for_roll(st, BOB)
    assert {first, second} <= set(st.mail_discard)


def test_move_ahead_with_neither_space_left_does_nothing():
    # Unreachable by landing on the modern board (the last Mail space is day 24), so the card is
    # resolved directly for a token already past the last Buyer.
    st = game(3)
    (card,) = stack_mail(st, "Hot Tip")
    st.mail_deck.remove(card)
    for day in (29, 30):
        place(st, ANN, day)
        g = Game(st)
        move_ahead(g, ANN, card)
        assert kinds(g.events) == [EventKind.NOTHING]
        assert st.players[ANN].day == day and st.agenda == []
        st.mail_discard.remove(card)
