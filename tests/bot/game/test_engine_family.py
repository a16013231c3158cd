"""docs/RULES.md §3: the family preset is the modern game with these differences."""

from collections import Counter

import pytest

from bot.game.actions import Action, ActionKind, IllegalAction, InvalidChoice, NotYourTurn, RefusalCode
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.engine import new_game
from bot.game.events import Reason
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.render.language.cards import mail_label
from bot.render.refusals import refusal_text
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    ENGLISH,
    JACKPOT,
    Pay,
    act,
    asked,
    game,
    hold_mail,
    land,
    lines,
    mail_cards,
    refused,
    retire,
    rolls,
    said,
    set_cash,
    set_jackpot,
    set_loan,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)

FAMILY = RULESETS["family"]
MODERN = RULESETS["modern"]


def family(n=3, **kw):
    return game(n, ruleset="family", **kw)


# -- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "n", "ok"), [
    ("family", 2, True), ("family", 4, True), ("family", 5, False), ("family", 1, False),
    ("modern", 2, True), ("modern", 6, True), ("modern", 7, False), ("modern", 1, False),
])  # fmt: skip
def test_player_counts(ruleset, n, ok):
    names = [f"P{i}" for i in range(n)]
    if ok:
        assert len(new_game(names, ruleset=ruleset).players) == n
    else:
        with pytest.raises(IllegalAction) as info:
            new_game(names, ruleset=ruleset)
        assert info.value.code == RefusalCode.PLAYER_COUNT
        assert "players" in refusal_text(info.value, ENGLISH)


def test_family_decks():
    counts = Counter(card.kind for card in FAMILY.mail)
    assert len(FAMILY.mail) == 46
    assert counts == {
        MailKind.BILL: 16,
        MailKind.MONSTER: 3,
        MailKind.MONEYGRAM: 6,
        MailKind.MAD_MONEY: 8,
        MailKind.NEIGHBOR: 8,
        MailKind.JUNK: 3,
        MailKind.POSTCARD: 2,
    }
    postcards = [
        m for m in FAMILY.mail if m.kind == MailKind.POSTCARD
    ]  # docs/RULES.md §3: 3 Ads, 2 Postcards
    assert [mail_label(m, ENGLISH) for m in postcards] == [
        "Postcard: Postcard from the Beach",
        "Postcard: Postcard from Grandma",
    ]
    modern_charity = sorted(m.amount for m in MODERN.mail if m.kind == MailKind.CHARITY)
    assert sorted(m.amount for m in FAMILY.mail if m.kind == MailKind.MONEYGRAM) == modern_charity
    assert list(FAMILY.deals) == [d for d in MODERN.deals if d.cost < 10000]
    assert len(FAMILY.deals) == 18


def test_family_keeps_all_18_deals_in_the_draw_pile():
    # The family Yard Sale draws the top Deal, so no card is set aside at setup.
    st = family()
    assert st.yard_sale is None
    assert sorted(st.deal_deck) == list(range(18))


@pytest.mark.parametrize("day", range(1, 32))
def test_family_board_differs_from_modern_only_where_the_rules_say(day):
    fam, mod = FAMILY.board[day], MODERN.board[day]
    expected = {
        2: (SpaceKind.SWEEPSTAKES, 1000),
        7: (SpaceKind.FEE, 200),
        14: (SpaceKind.CASINO, 500),
        18: (SpaceKind.FEE, 200),
        28: (SpaceKind.CASINO, 500),
    }.get(day, (mod.kind, mod.amount))
    assert (fam.kind, fam.amount) == expected
    if day not in (2, 7, 14, 18, 28):
        assert fam == mod


# -- spaces ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("face", [1, 4, 6])
def test_sweepstakes_pays_1000_times_a_roll(face):
    st = family()
    set_jackpot(st, 900)
    events = land(st, ANN, 2, roll=2, then=[face])
    assert rolls(events) == [(ANN, 2), (ANN, face)]
    assert transfers(st, events) == [Pay(BANK, ANN, 1000 * face, "Sweepstakes")]  # a 6 here is no Jackpot
    assert waiting_for_roll(st, BOB)


@pytest.mark.parametrize("day", [14, 28])
@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_casino_night_odd_collects_500_even_pays_500_to_the_jackpot(day, face):
    st = family()
    events = land(st, ANN, day, then=[face])
    if face % 2:
        assert transfers(st, events) == [Pay(BANK, ANN, 500, "Family Casino Night")]
    else:
        assert transfers(st, events) == [Pay(ANN, JACKPOT, 500, "Family Casino Night")]
        assert st.jackpot == 500


@pytest.mark.parametrize(("day", "name"), [(7, "Fun Day"), (18, "Buy Groceries")])
def test_fun_day_and_groceries_pay_200_to_the_jackpot(day, name):
    st = family()
    events = land(st, ANN, day)
    assert transfers(st, events) == [Pay(ANN, JACKPOT, 200, name)]


def test_radio_contest_everyone_rolls_and_the_highest_wins():
    st = family(3)
    retire(st, CAT)
    land(st, BOB, 8)
    assert asked(st) == (PendingKind.ROLL_OFF, [BOB, CAT, ANN])  # retired players take part
    events = []
    for seat, face in [(ANN, 2), (CAT, 5), (BOB, 4)]:
        st.script.append(face)
        events += act(st, seat, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(BANK, CAT, 1000, "Radio Contest")]
    assert waiting_for_roll(st, ANN)


def test_radio_contest_tied_leaders_roll_off():
    st = family(3)
    land(st, ANN, 8)
    first_prompt = st.prompt
    for seat, face in [(ANN, 5), (BOB, 5), (CAT, 3)]:
        st.script.append(face)
        assert transfers(st, act(st, seat, ActionKind.ROLL)) == []
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB])
    assert st.prompt != first_prompt
    refused(st, Action(CAT, ActionKind.ROLL, 0, st.prompt), NotYourTurn)
    st.script += [6, 6]  # tied again
    act(st, ANN, ActionKind.ROLL)
    act(st, BOB, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB])
    st.script += [2, 4]
    act(st, ANN, ActionKind.ROLL)
    events = act(st, BOB, ActionKind.ROLL)
    assert transfers(st, events) == [Pay(BANK, BOB, 1000, "Radio Contest")]
    assert waiting_for_roll(st, BOB)


def test_yard_sale_draws_the_top_deal_and_rolls_for_the_price():
    st = family()
    (card,) = stack_deal(st, "Yum Yum Yogurt")
    events = land(st, ANN, 21, roll=2, then=[5])
    assert rolls(events) == [(ANN, 2), (ANN, 5)]
    assert transfers(st, events) == [Pay(ANN, BANK, 500, "Yard Sale")]
    assert st.players[ANN].deals == [card]
    assert card not in st.deal_deck


# -- mail -----------------------------------------------------------------------------------------
def test_a_moneygram_is_paid_at_once_to_the_jackpot():
    st = family()
    (card,) = stack_mail(st, (MailKind.MONEYGRAM, 300))
    events = land(st, ANN, 1)
    assert transfers(st, events) == [Pay(ANN, JACKPOT, 300, FAMILY.mail[card].name)]


def test_ads_and_postcards_do_nothing_and_are_discarded_at_pay_day():
    st = family()
    junk = mail_cards(st, MailKind.JUNK)[:1] + mail_cards(st, MailKind.POSTCARD)
    assert len(junk) == 3
    stack_mail(st, *junk)
    events = land(st, ANN, 3)  # Mail ×3
    assert transfers(st, events) == []
    assert st.players[ANN].mail == junk
    events = land(st, ANN, 31)
    assert transfers(st, events) == [Pay(BANK, ANN, 3500, Reason.SALARY)]
    assert st.players[ANN].mail == [] and set(junk) <= set(st.mail_discard)


# -- loans ----------------------------------------------------------------------------------------
def test_family_loans_may_be_repaid_at_any_time():
    st = family()
    set_loan(st, ANN, 3000)
    prompt = st.prompt
    events = act(st, ANN, ActionKind.REPAY, 2000)  # while the game waits for Ann's roll
    assert transfers(st, events) == [Pay(ANN, BANK, 2000, Reason.REPAYMENT)]
    assert st.players[ANN].loan == 1000 and st.players[ANN].cash == 1500
    assert st.prompt == prompt and asked(st) == (PendingKind.ROLL, [ANN])
    act(st, BOB, ActionKind.LOAN, 1000)
    events = act(st, BOB, ActionKind.REPAY, 1000)  # and on someone else's turn
    assert transfers(st, events) == [Pay(BOB, BANK, 1000, Reason.REPAYMENT)]
    assert "Bob repaid $1,000 of their loan (loan now $0)" in lines(st, events)


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (0, "Repayments come in steps of $1,000."),
        (-1000, "Repayments come in steps of $1,000."),
        (1500, "Repayments come in steps of $1,000."),
        (4000, "Your loan is only $3,000."),
        (3000, "You only have $2,500 in cash."),
    ],
)
def test_family_repayments_outside_pay_day_are_checked(amount, message):
    st = family()
    set_loan(st, ANN, 3000)
    set_cash(st, ANN, 2500)
    error = refused(st, Action(ANN, ActionKind.REPAY, amount), InvalidChoice)
    assert said(st, error) == message


def test_family_pay_day_still_asks_about_repaying():
    st = family()
    set_loan(st, ANN, 1000)
    hold_mail(st, ANN, (MailKind.BILL, 100))
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
