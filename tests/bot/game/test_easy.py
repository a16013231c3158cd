"""The Easy computer player (bot.game.easy): a beginner who buys what it can afford, pays every
Monster Charge off and picks at random, reproducibly from its seed."""

from bot.game import ai
from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.game.easy import choose
from bot.game.rulesets import Rules
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    DAN,
    asked,
    game,
    hold_mail,
    land,
    set_cash,
    set_loan,
    stack_deal,
    stack_mail,
)


def answer(state, seat, seed=0) -> tuple[str, int]:
    action = choose(state, seat, seed)
    return action.kind, action.value


def test_it_buys_a_deal_it_can_afford_even_one_it_can_no_longer_sell():
    st = game(3, months=1)
    stack_deal(st, "Gotcha Security")  # $2,500
    land(st, ANN, 25)
    st.players[ANN].day = 30  # past the last Buyer of the last month
    assert ai.choose(st, ANN).kind == ActionKind.DECLINE  # Normal knows better
    assert answer(st, ANN) == (ActionKind.BUY, 0)


def test_it_declines_a_deal_its_money_does_not_cover():
    st = game(3)
    stack_deal(st, "Rocket Ship International")  # $12,000
    land(st, ANN, 4)
    set_cash(st, ANN, 11_999)
    assert answer(st, ANN) == (ActionKind.DECLINE, 0)


def test_it_pays_a_monster_charge_off_even_when_carrying_is_cheaper():
    st = game(3, rules=Rules(charge_interest_pct=5))
    hold_mail(st, ANN, (MailKind.MONSTER, 4000))
    land(st, ANN, 31)
    assert asked(st) == ("charge", [ANN])
    assert ai.choose(st, ANN).kind == ActionKind.CARRY
    assert answer(st, ANN) == (ActionKind.PAY_ALL, 0)


def test_it_picks_mad_money_targets_at_random_but_the_same_for_the_same_seed():
    st = game(4)
    stack_mail(st, (MailKind.MAD_MONEY, 2000))
    land(st, ANN, 1)
    assert asked(st) == ("target", [ANN])
    targets = {seed: answer(st, ANN, seed) for seed in range(30)}
    assert {value for _, value in targets.values()} == {BOB, CAT, DAN}
    assert all(answer(st, ANN, seed) == targets[seed] for seed in range(30))


def test_it_repays_all_its_cash_allows_at_pay_day():
    st = game(3)
    set_loan(st, ANN, 5000)
    set_cash(st, ANN, 1000)  # 4,500 after salary and the $500 interest
    land(st, ANN, 31)
    assert asked(st) == ("repay", [ANN])
    assert answer(st, ANN) == (ActionKind.REPAY, 4000)
