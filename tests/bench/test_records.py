"""bench/records.py on a small server: it fills the store, times every read and the finish, and
prints its JSON line last."""

import json

from bench import records as bench


def test_bench_records_tiny_run_times_every_read_and_the_finish(capsys):
    bench.main(["--games", "80", "--members", "12", "--samples", "10"])

    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["games"] == 80
    for read in ("history", "stats", "leaderboard"):
        assert 0 < result[f"{read}_p50_ms"] <= result[f"{read}_p99_ms"]
    assert result["finish_p99_ms"] > 0 and result["finish_bare_p99_ms"] > 0
    assert "finish_added_p99_ms" in result and result["file_mb"] > 0
