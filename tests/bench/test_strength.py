"""bench/strength.py on a few one-month games: every pairing is played and reported, last line JSON."""

import json

from bench import strength as bench
from bot.game.simulate import play, start


def test_bench_strength_tiny_run_reports_every_pairing(capsys):
    bench.main(["--games", "2", "--workers", "1", "--months", "1", "--budget", "100"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for pairing in bench.PAIRINGS:
        rate = result[f"{pairing.name}_win_rate"]
        low, high = result[f"{pairing.name}_win_rate_ci95"]
        assert 0 <= rate <= 1 and low <= rate <= high
        assert set(result[f"{pairing.name}_mean_net_worth"]) == {"tested", "normal"}
    assert result["hard_decisions"] > 0 and result["hard_think_ms_p95"] > 0
    assert result["games"] == 2 and result["months"] == 1


def test_bench_strength_plays_only_the_pairings_named(capsys):
    bench.main(["--games", "3", "--workers", "1", "--months", "1", "--pairing", "easy_vs_normal"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert "easy_vs_normal_win_rate" in result
    assert "hard_vs_normal_win_rate" not in result and "hard_think_ms_p95" not in result


def test_bench_strength_bounds_planning_by_a_seat_that_sees_the_real_future(capsys):
    """The seer weighs Hard's answers on the game's own deck and dice: it is reported as a pairing
    of its own, and its answers are not counted as Hard's thinking."""
    bench.main(["--games", "4", "--workers", "1", "--months", "1", "--pairing", "seer_vs_normal"])
    out = capsys.readouterr().out.strip().splitlines()
    assert any("Hard seeing the deck and dice wins" in line for line in out)
    result = json.loads(out[-1])
    assert 0 <= result["seer_vs_normal_win_rate"] <= 1
    assert "hard_think_ms_p95" not in result


def test_bench_strength_control_pairing_is_the_all_normal_game(capsys):
    """`normal_vs_normal` plays Normal in the tested seat: each game is the all-Normal game of its
    seed, so its win rate is the seat's own luck that the other pairings are read against."""
    games = 8
    bench.main(["--games", str(games), "--workers", "1", "--months", "1", "--pairing", "normal_vs_normal"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    wins = 0.0
    for seed in range(games):
        state = start(seed, bench.PLAYERS, 1)[0]
        play(state)
        tested = seed % bench.PLAYERS
        wins += 1 / len(state.winners) if tested in state.winners else 0.0
    assert result["normal_vs_normal_win_rate"] == round(wins / games, 4)
