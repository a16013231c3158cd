"""bench/replay.py on one short game: it rebuilds the game, shows steps in both languages and prints
its JSON last."""

import json

from bench import replay as bench


def test_bench_replay_tiny_run_reports_the_rebuild_and_each_language(capsys):
    bench.main(["--games", "1", "--players", "3", "--months", "1", "--repeat", "2"])
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert [line.split()[:2] for line in lines[:-1]] == [["rebuild", "p50"], ["step", "en"], ["step", "it"]]
    assert result["rows_max"] > 50 and result["steps_max"] > 3
    assert 0 < result["rebuild_ms_p50"] <= result["rebuild_ms_p99"]
    for code in ("en", "it"):
        assert 0 < result[f"step_ms_p50_{code}"] <= result[f"step_ms_p99_{code}"]
