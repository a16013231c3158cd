"""bench/engine.py on a few games: it plays whole games and prints its JSON line last."""

import json

from bench import engine as bench


def test_bench_engine_tiny_run_reports_speed_and_state_size(capsys, monkeypatch):
    monkeypatch.setattr(bench, "pin_to_one_core", lambda: None)  # the rest of the suite keeps both cores
    bench.main(["--games", "20"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["games_per_s"] > 0
    assert result["us_per_action"] > 0
    assert 1_000 < result["state_bytes_6p"] <= 16 * 1024
