"""bench/story.py on one short game: it writes the story in both languages and prints its JSON last."""

import json

from bench import story as bench


def test_bench_story_tiny_run_reports_each_language(capsys):
    bench.main(["--games", "1", "--players", "3", "--months", "1", "--repeat", "2"])
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert [line.split()[0] for line in lines[:-1]] == ["en", "it"]
    assert result["rows_max"] > 50 and result["pages_max"] >= 1
    for code in ("en", "it"):
        assert 0 < result[f"story_ms_p50_{code}"] <= result[f"story_ms_p99_{code}"]
