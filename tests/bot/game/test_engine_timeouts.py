"""A player who does not answer in time gets the cautious default, and the table is told
(docs/RULES.md §5.3)."""

import pytest

from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.game.engine import apply, default_action, timeout_actions
from bot.game.events import EventKind
from bot.game.state import PendingKind
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    Pay,
    answer_all_defaults,
    asked,
    deal_index,
    force_dice,
    game,
    give_deals,
    hold_mail,
    kinds,
    land,
    lines,
    of_kind,
    set_loan,
    stack_deal,
    stack_mail,
    transfers,
    waiting_for_roll,
)


def roll_prompt():
    return game(3)


def deal_prompt():
    st = game(3)
    stack_deal(st, "Gotcha Security")
    land(st, ANN, 4)
    return st


def sell_prompt():
    st = game(3)
    give_deals(st, ANN, "Gotcha Security", "Teen Jeans", "Pop's Soda Pop")  # profits $4,000 / $7,000 / $2,500
    land(st, ANN, 9)
    return st


def target_prompt_last_seat():
    st = game(4)
    stack_mail(st, (MailKind.MAD_MONEY, 1000))
    land(st, DAN, 1)
    return st


def target_prompt():
    st = game(4)
    stack_mail(st, (MailKind.NEIGHBOR, 1000))
    land(st, BOB, 1)
    return st


def move_prompt_with_deals():
    st = game(3)
    give_deals(st, ANN, "Teen Jeans")
    stack_mail(st, "Hot Tip")
    land(st, ANN, 1)
    return st


def move_prompt_without_deals():
    st = game(3)
    stack_mail(st, "Hot Tip")
    land(st, ANN, 1)
    return st


def repay_prompt():
    st = game(3)
    set_loan(st, ANN, 2000)
    land(st, ANN, 31)
    return st


def charge_prompt():
    st = game(3)
    hold_mail(st, ANN, (MailKind.MONSTER, 3000))
    land(st, ANN, 31)
    return st


def lottery_prompt():
    st = game(3)
    land(st, ANN, 6)
    return st


def radio_prompt():
    st = game(3)
    land(st, ANN, 8)
    return st


def walk_prompt():
    st = game(3)
    land(st, ANN, 30)
    return st


def roll_off_prompt():
    st = game(3, ruleset="family")
    land(st, ANN, 8)
    return st


DEFAULTS = [
    (roll_prompt, PendingKind.ROLL, ANN, (ActionKind.ROLL, 0)),
    (deal_prompt, PendingKind.DEAL, ANN, (ActionKind.DECLINE, 0)),
    (sell_prompt, PendingKind.SELL, ANN, (ActionKind.SELL, "Teen Jeans")),
    (target_prompt, PendingKind.TARGET, BOB, (ActionKind.TARGET, CAT)),
    (target_prompt_last_seat, PendingKind.TARGET, DAN, (ActionKind.TARGET, ANN)),
    (move_prompt_with_deals, PendingKind.MOVE, ANN, (ActionKind.MOVE, 9)),  # the Buyer
    (move_prompt_without_deals, PendingKind.MOVE, ANN, (ActionKind.MOVE, 4)),  # the Deal
    (repay_prompt, PendingKind.REPAY, ANN, (ActionKind.REPAY, 0)),
    (charge_prompt, PendingKind.CHARGE, ANN, (ActionKind.PAY_ALL, 0)),
    (lottery_prompt, PendingKind.LOTTERY, BOB, (ActionKind.SIT_OUT, 0)),
    (radio_prompt, PendingKind.RADIO, ANN, (ActionKind.ROLL, 0)),
    (walk_prompt, PendingKind.WALK, CAT, (ActionKind.ROLL, 0)),
    (roll_off_prompt, PendingKind.ROLL_OFF, BOB, (ActionKind.ROLL, 0)),
]


@pytest.mark.parametrize(
    ("setup", "kind", "seat", "expected"), DEFAULTS, ids=[d[0].__name__ for d in DEFAULTS]
)
def test_the_default_for_each_question_and_the_timed_out_notice(setup, kind, seat, expected):
    st = setup()
    assert st.pending.kind == kind
    action = default_action(st, seat)
    want_kind, want_value = expected
    if isinstance(want_value, str):
        want_value = deal_index(st, want_value)
    assert (action.kind, action.value) == (want_kind, want_value)
    assert action.timed_out and action.seat == seat and action.prompt == st.prompt
    events = apply(st, action)
    assert (events[0].kind, events[0].seat, events[0].reason) == (EventKind.TIMED_OUT, seat, kind)
    assert EventKind.TIMED_OUT not in kinds(events[1:])
    assert lines(st, events[:1]) == [f"{st.players[seat].name} ran out of time: the bot chose for them"]
    assert st.money_balances()


def test_timeout_actions_cover_everyone_still_waited_for():
    st = walk_prompt()
    assert [(x.seat, x.kind) for x in timeout_actions(st)] == [(BOB, ActionKind.ROLL), (CAT, ActionKind.ROLL)]
    force_dice(st, 1)
    apply(st, timeout_actions(st)[0])
    assert [(x.seat, x.kind) for x in timeout_actions(st)] == [(CAT, ActionKind.ROLL)]


def test_timing_out_the_whole_lottery_sits_everyone_out():
    st = lottery_prompt()
    events = []
    for action in timeout_actions(st):
        events += apply(st, action)
    assert len(of_kind(events, EventKind.TIMED_OUT)) == 3
    assert transfers(st, events) == []
    assert waiting_for_roll(st, BOB)


def test_timing_out_a_deal_declines_it():
    st = deal_prompt()
    events = apply(st, default_action(st, ANN))
    assert transfers(st, events) == [] and st.players[ANN].deals == []


def test_timing_out_a_sale_sells_the_most_profitable_deal():
    st = sell_prompt()
    events = apply(st, default_action(st, ANN))
    assert transfers(st, events) == [Pay(BANK, ANN, 14000, "sold Teen Jeans")]


def test_timing_out_a_monster_charge_pays_it_off():
    st = charge_prompt()
    events = apply(st, default_action(st, ANN))
    assert transfers(st, events) == [
        Pay(ANN, BANK, 300, "Monster Charge interest"),
        Pay(ANN, BANK, 3000, "Monster Charge paid in full"),
    ]


def test_timing_out_a_roll_rolls_for_the_player():
    st = game(3)
    force_dice(st, 4)
    events = apply(st, default_action(st, ANN))
    assert [e.value for e in of_kind(events, EventKind.ROLLED)] == [4]
    assert st.players[ANN].day == 4


def test_answer_all_defaults_runs_a_pay_day_to_the_next_turn():
    st = repay_prompt()
    events = answer_all_defaults(st)
    assert transfers(st, events) == []  # no repayment
    assert st.players[ANN].loan == 2000
    assert asked(st) == (PendingKind.ROLL, [BOB])
