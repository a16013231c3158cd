"""bench/render.py on a few frames: it runs every edition and prints its JSON line last."""

import json

from bench import render as bench


def test_bench_render_tiny_run_reports_time_and_size(capsys, tmp_path):
    bench.main(["--frames", "5", "--samples", str(tmp_path)])
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert [line.split()[0] for line in lines[3:-1]] == ["modern", "family", "classic"]
    for edition in ("modern", "family", "classic"):
        assert (tmp_path / f"{edition}.png").stat().st_size <= 60 * 1024
        assert (tmp_path / f"{edition}-400.png").exists()
    assert result["frames"] == 15
    assert 0 < result["render_ms_p50"] <= result["render_ms_p99"]
    assert 0 < result["render_cpu_ms_p50"] <= result["render_cpu_ms_p99"]
    assert 0 < result["image_kb"] <= 60
