"""bench/capacity.py end to end on a tiny ramp: its bot processes play in real time, and the last
line says how many games were served within the budget."""

import json

from bench import capacity


def test_bench_capacity_tiny_ramp_in_two_processes_reports_each_step(capsys, tmp_path):
    argv = ["--steps", "2,4", "--step-seconds", "3", "--warmup", "1", "--processes", "2", "--no-picture"]
    quick = ["--humans", "1", "--answer-after", "0.1,0.3"]  # players far quicker than real ones
    code = capacity.main([*argv, *quick, "--db", str(tmp_path / "capacity.sqlite3")])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert code == 0 and result["processes"] == 2
    assert [step["games"] for step in result["steps"]][:1] == [2]
    first = result["steps"][0]
    assert first["clicks_per_s"] + first["computer_moves_per_s"] > 0  # the tables did play
    assert first["http_429"] == 0 and first["errors"] == 0
    assert result["capacity_games"] in (0, 2, 4)
    assert result["capacity_reached"] == (result["capacity_games"] != 4)


def test_a_step_fails_on_a_slow_click_or_too_many_bot_token_requests():
    served = {"p99_ms": 40.0, "global_limited_per_s": 10.0, "errors": 0}

    assert capacity.passes(served)
    assert not capacity.passes({**served, "p99_ms": 120.0})
    assert not capacity.passes({**served, "global_limited_per_s": 45.0})
    assert not capacity.passes(served, processes=4)  # 10 a second is more than a quarter of 40
