"""bench/load.py end to end on a tiny load: it runs, prints its JSON line last, every click is answered."""

import gc
import json

from bench import load as bench

KEYS = {"live_games", "actions_per_s", "p50_ms", "p99_ms", "api_requests_per_action", "rss_kb_per_game"}


def test_bench_load_tiny_run_answers_every_interaction(capsys, tmp_path):
    # Three short games played to the end, so the game-over path runs too; no timing is checked.
    argv = ["--games", "3", "--players", "3", "--months", "1", "--actions", "10000", "--concurrency", "2"]
    code = bench.main([*argv, "--db", str(tmp_path / "bench.sqlite3")])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert result.keys() >= KEYS
    assert result["live_games"] == 3
    assert result["games_finished"] == 3
    assert result["actions"] > 0
    for failure in ("errors", "unanswered", "refused", "bad_edits", "store_mismatches"):
        assert result[failure] == 0, (failure, result)
    assert result["api_requests_per_action"] >= 1  # every click is answered at least once
    # The old board goes through the last click on it, which Discord's global limit does not count.
    assert result["global_limited_per_action"] == 0 and result["http_429"] == 0
    assert result["interaction_requests_per_action"] == result["api_requests_per_action"]
    assert code == 0


def test_bench_load_open_loop_reports_latency_from_arrival(capsys, tmp_path):
    argv = ["--games", "20", "--players", "3", "--rate", "200", "--duration", "1.5", "--warmup", "0.5"]
    code = bench.main([*argv, "--db", str(tmp_path / "bench.sqlite3")])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert result.keys() >= {"rate", "p50_ms", "p99_ms", "p999_ms", "achieved_rate", "handler_p99_ms"}
    assert result["rate"] == 200 and result["measured_clicks"] > 0 and result["achieved_rate"] > 0
    assert result["p999_ms"] >= result["p99_ms"] >= result["p50_ms"] > 0
    for failure in ("errors", "unanswered", "refused", "bad_edits", "store_mismatches"):
        assert result[failure] == 0, (failure, result)
    assert code == 0


def test_bench_load_times_the_collections_made_during_play(capsys, tmp_path):
    argv = ["--games", "30", "--players", "3", "--actions", "15", "--no-picture"]
    bench.main([*argv, "--db", str(tmp_path / "bench.sqlite3")])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert len(result["gc_collections"]) == 3 and result["gc_collections"][0] > 0  # hundreds of clicks
    assert result["gc_pause_ms_max"] == max(result["gc_pause_ms_max_by_gen"]) >= result["gc_pause_ms_p99"] > 0
    assert result["gc_pause_ms_total"] >= result["gc_pause_ms_max"]
    assert not [cb for cb in gc.callbacks if isinstance(cb, bench.CollectorMeter)]  # removed after play
