"""bench/stakes.py: every legal answer of Hard's seat weighed over shared futures, advantages
measured against the usual answer, last line JSON."""

import json

from bench import stakes as bench
from bot.game import hard
from bot.game.actions import ActionKind
from bot.game.simulate import play, start
from bot.game.state import PendingKind
from tests.bot.game.scripted import ANN, BOB, CAT, asked, game, land, set_cash, stack_deal


def test_the_lottery_numbers_are_one_answer_and_sitting_out_another():
    st = game(3)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])
    assert sorted(bench.distinct_answers(st, ANN)) == sorted([(ActionKind.SIT_OUT, 0), (ActionKind.ANTE, 1)])


def test_a_roll_has_nothing_to_weigh():
    st = game(3)
    assert bench.weigh(st, ANN, (ActionKind.ROLL, 0), futures=4, seed=0) is None


def test_a_deal_is_weighed_against_the_usual_answer_which_the_best_never_trails():
    st = game(3)
    stack_deal(st, "Rocket Ship International")
    set_cash(st, ANN, 20_000)
    land(st, ANN, 4)
    assert asked(st) == (PendingKind.DEAL, [ANN])
    for given in ((ActionKind.BUY, 0), (ActionKind.DECLINE, 0)):
        weighed = bench.weigh(st, ANN, given, futures=8, seed=1)
        assert weighed is not None and weighed.kind == PendingKind.DEAL
        assert weighed.best >= max(weighed.hard, 0.0)
    # Hard's usual answer here is to buy: giving it gains nothing over itself
    assert bench.weigh(st, ANN, (ActionKind.BUY, 0), futures=8, seed=1).hard == 0.0


def test_tiny_run_reports_advantages_with_intervals(capsys):
    bench.main(["--games", "2", "--futures", "4", "--baseline-games", "8", "--workers", "1", "--months", "1"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for name in (
        "best_advantage_per_game",
        "held_out_advantage_per_game",
        "hard_advantage_per_game",
        "usual_win_rate",
    ):
        low, high = result[f"{name}_ci95"]
        assert low <= result[name] <= high
    assert result["best_advantage_per_game"] >= result["hard_advantage_per_game"]
    by_kind = result["best_advantage_per_game_by_kind"]
    assert abs(result["best_advantage_per_game"] - sum(by_kind.values())) < 1e-3
    assert result["honest_win_rate_bound"] == round(
        result["usual_win_rate"] + result["best_advantage_per_game"], 4
    )
    assert result["questions_per_game"] > 0 and result["baseline_games"] == 8


def test_the_baseline_plays_the_same_seat_of_the_same_game_by_each_rule():
    """Normal in the seat gives the all-Normal game of the seed; the usual rule, which buys Deals
    on a loan, turns some of those games another way."""
    differ = 0
    for seed in range(40):
        usual, normal = bench.baseline_one(seed, months=2, ruleset="modern")
        everyone_normal = start(seed, bench.PLAYERS, 2)[0]
        play(everyone_normal)
        assert normal == hard.win_share(everyone_normal, seed % bench.PLAYERS)
        differ += usual != normal
    assert differ > 0
