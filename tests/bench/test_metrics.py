"""bench/metrics.py on a few calls: it prints every figure and its JSON line last."""

import json

from bench import metrics as bench


def test_bench_metrics_tiny_run_reports_each_hook_and_a_scrape(capsys):
    bench.main(["--calls", "50"])

    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert [line.split(":")[0].strip() for line in lines[:-1]] == list(result)
    assert {"store_call_us", "store_call_raw_us", "answer_us", "late_us", "route_us"} <= set(result)
    assert result["store_call_us"] > result["store_call_raw_us"] > 0
    assert result["scrape_ms"] > 0 and 10 < result["scrape_kb"] < 200
