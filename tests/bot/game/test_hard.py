"""The Hard computer player (bot.game.hard): it plans by sampled futures, never by the real deck,
the same way from the same seed, and it sees what the rule-based player misses."""

from bot.game import ai, hard
from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.game.engine import apply, new_game
from bot.game.hard import HELD_DEALS, MIN_FUTURES, candidates, choose, futures_for, own_or_normal, pick
from bot.game.state import PendingKind, to_json
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    asked,
    game,
    give_deals,
    hidden_twin,
    land,
    set_cash,
    stack_deal,
    stack_mail,
)

SMALL = 100
"""The fewest futures, for tests that ask many questions."""


def rocket_ship_on_a_loan():
    """Ann is offered a $12,000 Deal (profit $8,000) that needs a $9,000 loan, on day 4 of the last
    month: a Buyer is still ahead more than four times in five."""
    st = game(3)
    for player in st.players:
        player.months_done = 2
    stack_deal(st, "Rocket Ship International")
    set_cash(st, ANN, 12_000 + 1000 - 9000)
    land(st, ANN, 4)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    return st


def test_it_buys_a_deal_worth_its_loan_that_the_normal_player_declines():
    st = rocket_ship_on_a_loan()
    assert ai.choose(st, ANN).kind == ActionKind.DECLINE  # the loan is more than the profit
    for seed in range(3):
        assert choose(st, ANN, seed).kind == ActionKind.BUY


def rocket_ship_in_the_first_month():
    """Ann, with the start cash, is offered a $12,000 Deal (profit $8,000) on day 4 of the first
    month: buying it takes a $9,000 loan, and two more months give it many Buyers."""
    st = game(3)
    stack_deal(st, "Rocket Ship International")
    land(st, ANN, 4)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    return st


def test_with_a_month_to_spare_its_first_thought_is_to_buy_a_deal_on_a_loan():
    st = rocket_ship_in_the_first_month()
    assert ai.choose(st, ANN).kind == ActionKind.DECLINE  # the loan is more than the profit
    assert candidates(st, ANN)[0] == (ActionKind.BUY, 0)
    assert own_or_normal(ANN, st, ANN).kind == ActionKind.BUY  # and so it plays in its futures


def test_holding_enough_deals_or_in_its_last_month_it_starts_from_the_normal_answer():
    held = rocket_ship_in_the_first_month()
    give_deals(held, ANN, *["Teen Jeans", "Burgers 'N' Buns", "Gotcha Security"][:HELD_DEALS])
    last_month = rocket_ship_on_a_loan()
    for st in (held, last_month):
        assert candidates(st, ANN)[0] == (ActionKind.DECLINE, 0)
        assert own_or_normal(ANN, st, ANN) == ai.choose(st, ANN)


def test_in_its_futures_the_other_seats_play_as_the_normal_players_it_meets():
    st = rocket_ship_in_the_first_month()
    assert own_or_normal(BOB, st, ANN) == ai.choose(st, ANN)


def test_the_same_seed_gives_the_same_answer_and_leaves_the_game_as_it_was():
    st = rocket_ship_on_a_loan()
    before = to_json(st)
    first = choose(st, ANN, seed=7, budget=SMALL)
    assert to_json(st) == before
    assert choose(st, ANN, seed=7, budget=SMALL) == first
    assert first.prompt == st.prompt and first.seat == ANN


def test_two_games_differing_only_in_hidden_information_get_the_same_answer():
    st = rocket_ship_on_a_loan()
    twin = hidden_twin(st, 3)
    assert twin.deal_deck != st.deal_deck and twin.rng != st.rng
    for seed in range(3):
        assert choose(twin, ANN, seed, budget=SMALL) == choose(st, ANN, seed, budget=SMALL)


def test_its_answers_never_depend_on_the_real_deck_order_over_many_games():
    """Hard plays seat 0 of short games of every edition; at each question it weighs, the same
    question with the piles reordered and other dice to come gets the same answer."""
    weighed = 0
    for seed in range(6):
        ruleset = ("modern", "family", "classic")[seed % 3]
        st = new_game(["A", "B", "C"], ruleset=ruleset, months=1, seed=seed)
        while not st.over:
            seat = st.asked.seats[0]
            if seat != 0:
                apply(st, ai.choose(st, seat))
                continue
            action = choose(st, seat, seed, budget=SMALL)
            if len(candidates(st, seat)) > 1:
                weighed += 1
                assert choose(hidden_twin(st, seed), seat, seed, budget=SMALL) == action, (seed, st.pending)
            apply(st, action)
    assert weighed >= 20


def test_it_antes_without_simulating_when_its_cash_covers_the_ticket():
    st = game(3)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])
    assert candidates(st, ANN) == [(ActionKind.ANTE, 1)]
    set_cash(st, ANN, 50)  # the ante would take a loan: worth weighing
    assert candidates(st, ANN) == [(ActionKind.SIT_OUT, 0), (ActionKind.ANTE, 1)]  # Normal's first


def test_a_roll_is_answered_without_simulating():
    st = game(3)
    assert candidates(st, ANN) == [(ActionKind.ROLL, 0)]


def test_it_weighs_every_target_of_a_mad_money_card_the_normal_players_first():
    st = game(4)
    stack_mail(st, (MailKind.MAD_MONEY, 2000))
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.TARGET, [ANN])
    usual = ai.choose(st, ANN)
    answers = candidates(st, ANN)
    assert answers[0] == (usual.kind, usual.value)
    assert sorted(value for _, value in answers) == [1, 2, 3]


def test_it_leaves_the_normal_answer_only_for_a_gain_bigger_than_the_noise():
    normal = [(0.0, 0), (1.0, 0), (0.0, 0), (1.0, 0)]
    noisy = [(1.0, 0), (0.0, 0), (1.0, 0), (1.0, 0)]  # one more win, but the futures disagree
    clear = [(0.0, 1000), (1.0, 1000), (0.0, 1000), (1.0, 1000)]  # $1,000 more ahead every time
    assert pick([normal, noisy], spread=35_000) == 0
    assert pick([normal, noisy, clear], spread=35_000) == 2


def test_it_plays_more_futures_as_the_game_nears_its_end():
    st = game(4)
    early = futures_for(st, hard.BUDGET, 2)
    for player in st.players:
        player.months_done, player.day = 2, 25
    assert futures_for(st, hard.BUDGET, 2) > early >= MIN_FUTURES


def test_an_answer_weighed_beside_its_own_is_judged_on_its_futures_without_changing_its_pick():
    st = rocket_ship_on_a_loan()
    answers = candidates(st, ANN)
    futures = futures_for(st, SMALL, len(answers))

    alone = hard.weigh(st, ANN, answers, 5, futures)
    beside = hard.weigh(st, ANN, [*answers, (ActionKind.DECLINE, 0)], 5, futures)

    assert beside[: len(answers)] == alone and len(beside[-1]) == futures
    assert answers[hard.preferred(st, alone)] == (choose(st, ANN, 5, SMALL).kind, 0)
    assert all(sum(end.shares) == 1 and end.shares[ANN] == end.outcome[0] for end in beside[-1])
