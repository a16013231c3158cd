"""bench/capacity.py end to end on a tiny ramp: its bot processes play in real time, the clicks are
answered through the interactions (no request with the bot's token, which Discord's global limit
counts), and the last line says how many games were served within the budget."""

import itertools
import json

from bench import capacity

QUICK = ["--humans", "2", "--computers", "0", "--answer-after", "0.1,0.3", "--no-picture"]
"""Players far quicker than real ones, so a few seconds see clicks, and no computer seat: every
change follows a click, so the bot writes through the clicks alone."""


def run(capsys, tmp_path, *argv: str) -> tuple[int, dict]:
    code = capacity.main([*argv, *QUICK, "--db", str(tmp_path / "capacity.sqlite3")])
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_bench_capacity_tiny_ramp_in_two_processes_reports_each_step(capsys, tmp_path):
    code, result = run(
        capsys, tmp_path, "--steps", "2,4", "--step-seconds", "3", "--warmup", "1", "--processes", "2"
    )

    assert code == 0 and result["processes"] == 2
    first = result["steps"][0]
    assert first["games"] == 2
    assert first["clicks_per_s"] > 0 and first["interaction_requests_per_s"] > 0  # they played
    assert first["global_limited_per_s"] == 0.0  # every write went through a click
    assert first["http_429"] == 0 and first["invalid_requests"] == 0 and first["errors"] == 0
    served = list(itertools.takewhile(lambda step: step["passed"], result["steps"]))  # up to the first failed
    assert result["at_capacity"] == (served[-1] if served else None)
    assert result["capacity_games"] == (served[-1]["games"] if served else 0)


def test_a_budget_no_step_can_meet_gives_a_capacity_of_none(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(capacity, "P99_GOAL_MS", 0.0)  # no click is answered in no time

    code, result = run(capsys, tmp_path, "--steps", "1", "--step-seconds", "1", "--warmup", "0.5")

    assert code == 0
    assert [step["passed"] for step in result["steps"]] == [False]
    assert (result["capacity_games"], result["capacity_reached"], result["at_capacity"]) == (0, True, None)


def test_a_step_fails_on_a_slow_click_or_too_many_bot_token_requests():
    served = {"p99_ms": 40.0, "global_limited_per_s": 10.0, "errors": 0}

    assert capacity.passes(served)
    assert not capacity.passes({**served, "p99_ms": 120.0})
    assert not capacity.passes({**served, "global_limited_per_s": 45.0})
    assert not capacity.passes(served, processes=4)  # 10 a second is more than a quarter of 40
