"""bench/clicks.py on a few games: played through the cog, it counts the humans' clicks with and
without standing orders and prints its JSON line last."""

import json

from bench import clicks as bench


def test_bench_clicks_tiny_run_counts_fewer_clicks_with_orders(capsys):
    bench.main(["--games", "3", "--seed", "7"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["games"] == 3
    assert result["clicks_per_human_month"] > 10, "rolls, Lottery answers and decisions"
    assert 0 < result["clicks_per_human_month_orders"] < result["clicks_per_human_month"]
    assert result["setup_clicks_per_human_game"] == 2
    assert set(result["by_question_orders"]) <= {"decision", "lottery"}, "orders roll every die"
    assert result["by_question"]["movement roll"] > 5
