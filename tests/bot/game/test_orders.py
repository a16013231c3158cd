"""Standing orders (issue 9.5): they answer the questions that decide nothing, as the player said,
and never a real decision (docs/RULES.md; bot/game/orders.py)."""

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game.actions import Action, ActionKind
from bot.game.engine import apply, legal_actions
from bot.game.orders import NONE, LotteryOrder, Orders, auto_answer, favourite
from bot.game.state import GameState, PendingKind
from tests.bot.game.scripted import ANN, BOB, CAT, act, force_dice, game, land, set_cash, stack_deal

ALL_ON = Orders(roll=True, table_rolls=True, lottery=LotteryOrder.ALWAYS, number=4)
EVERY_ORDERS = [
    Orders(roll, table, lottery, number)
    for roll, table, lottery, number in itertools.product(
        (False, True), (False, True), tuple(LotteryOrder), (0, 1, 6)
    )
]
REAL_DECISIONS = frozenset(
    {
        PendingKind.DEAL,
        PendingKind.SELL,
        PendingKind.TARGET,
        PendingKind.MOVE,
        PendingKind.REPAY,
        PendingKind.CHARGE,
        PendingKind.BANKING,
        PendingKind.SWELLFARE,
        PendingKind.INSURANCE,
        PendingKind.POKER,
    }
)
ROLLS = frozenset({PendingKind.ROLL, PendingKind.RADIO, PendingKind.WALK, PendingKind.ROLL_OFF})


def test_the_roll_order_rolls_on_the_players_turn_and_nowhere_else():
    state = game(3)
    assert auto_answer(state, ANN, Orders(roll=True)) == Action(ANN, ActionKind.ROLL, 0, state.prompt)
    assert auto_answer(state, ANN, Orders(table_rolls=True)) is None
    assert auto_answer(state, BOB, Orders(roll=True)) is None, "Bob is not asked anything"
    assert auto_answer(state, ANN, NONE) is None and auto_answer(state, ANN, None) is None


def test_the_table_rolls_order_rolls_in_the_radio_contest_and_the_walk():
    state = game(3)
    land(state, ANN, 8)  # Radio Contest: Ann rolls first
    assert state.pending.kind == PendingKind.RADIO
    assert auto_answer(state, ANN, Orders(roll=True)) is None
    assert auto_answer(state, ANN, Orders(table_rolls=True)) == Action(ANN, ActionKind.ROLL, 0, state.prompt)
    state = game(3)
    land(state, ANN, 30)  # Walk for Charity: everyone else rolls
    assert state.pending.kind == PendingKind.WALK
    assert auto_answer(state, BOB, Orders(table_rolls=True)).kind == ActionKind.ROLL
    assert auto_answer(state, ANN, Orders(table_rolls=True)) is None, "the lander is not asked"


def test_the_table_rolls_order_rolls_in_the_family_radio_roll_off():
    state = game(3, ruleset="family")
    land(state, ANN, 8)
    assert state.pending.kind == PendingKind.ROLL_OFF
    assert auto_answer(state, CAT, Orders(table_rolls=True)).kind == ActionKind.ROLL


def test_always_ante_takes_the_favourite_number_or_the_nearest_free_one():
    state = game(3)
    land(state, ANN, 6)
    assert state.pending.kind == PendingKind.LOTTERY
    order = Orders(lottery=LotteryOrder.ALWAYS, number=4)
    assert auto_answer(state, ANN, order) == Action(ANN, ActionKind.ANTE, 4, state.prompt)
    act(state, ANN, ActionKind.ANTE, 4)
    # Bob wants 4 too: Ann has it, so 3 and 5 are as near; the lower one is taken.
    assert auto_answer(state, BOB, order) == Action(BOB, ActionKind.ANTE, 3, state.prompt)
    assert auto_answer(state, CAT, Orders(lottery=LotteryOrder.ALWAYS, number=6)).value == 6


def test_a_player_who_chose_no_number_is_given_one_by_seat():
    assert [favourite(Orders(), seat) for seat in range(6)] == [1, 2, 3, 4, 5, 6]
    assert favourite(Orders(number=5), 0) == 5


def test_always_ante_asks_when_the_ante_would_need_a_loan():
    state = game(3)
    land(state, ANN, 6)
    set_cash(state, BOB, 99)
    assert auto_answer(state, BOB, Orders(lottery=LotteryOrder.ALWAYS)) is None


def test_never_sits_out_and_ask_asks():
    state = game(3)
    land(state, ANN, 6)
    assert auto_answer(state, BOB, Orders(lottery=LotteryOrder.NEVER)) == Action(
        BOB, ActionKind.SIT_OUT, 0, state.prompt
    )
    assert auto_answer(state, BOB, Orders(roll=True, table_rolls=True)) is None


def test_every_order_on_still_asks_to_buy_a_deal():
    state = game(3)
    stack_deal(state, "Teen Jeans")
    land(state, ANN, 4)
    assert state.pending.kind == PendingKind.DEAL
    assert auto_answer(state, ANN, ALL_ON) is None


def test_an_order_answers_through_the_engine_like_a_click():
    state = game(3)
    force_dice(state, 2)
    events = apply(state, auto_answer(state, ANN, ALL_ON))
    assert state.players[ANN].day == 2 and state.turn == BOB
    assert not [e for e in events if e.kind == "timed_out"], "an order is the player's own answer"


def check_orders_at(state: GameState) -> None:
    """Every asked seat, under every combination of orders: the answer is legal, and it is given
    only where the orders allow (rolls that are the only choice, the Lottery as ordered)."""
    pending = state.pending
    for seat in pending.seats:
        legal = legal_actions(state, seat)
        assert auto_answer(state, seat, NONE) is None
        for orders in EVERY_ORDERS:
            answer = auto_answer(state, seat, orders)
            if pending.kind in REAL_DECISIONS:
                assert answer is None, f"{orders} answered a real decision: {pending}"
            if answer is None:
                continue
            assert answer in legal, f"{answer} is not a legal answer to {pending}"
            if pending.kind in ROLLS:
                assert legal == [answer] and answer.kind == ActionKind.ROLL
                assert orders.roll if pending.kind == PendingKind.ROLL else orders.table_rolls
            else:
                assert pending.kind == PendingKind.LOTTERY and orders.lottery != LotteryOrder.ASK
                if answer.kind == ActionKind.ANTE:
                    assert orders.lottery == LotteryOrder.ALWAYS
                    assert state.players[seat].cash >= pending.amount, "an order never borrows"
                else:
                    assert orders.lottery == LotteryOrder.NEVER and answer.kind == ActionKind.SIT_OUT


tables = st.tuples(st.sampled_from(["modern", "family", "classic"]), st.integers(2, 6), st.integers(1, 2))


@settings(max_examples=30, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32))
def test_orders_never_answer_a_real_decision_in_any_edition(table, seed):
    ruleset, players, months = table
    players = min(players, 4) if ruleset != "modern" else players
    state = game(players, ruleset=ruleset, months=months, seed=seed)
    rnd = random.Random(seed)
    seen = set()
    while not state.over:
        check_orders_at(state)
        seen.add(state.pending.kind)
        seat = rnd.choice(state.pending.seats)
        # Play the orders' own answers too, so the states they lead to are checked as well.
        orders = rnd.choice(EVERY_ORDERS)
        apply(state, auto_answer(state, seat, orders) or rnd.choice(legal_actions(state, seat)))
    assert PendingKind.ROLL in seen
