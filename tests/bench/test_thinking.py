"""bench/thinking.py end to end on a tiny load: the three modes run interleaved and the figures come
out as its last JSON line; bench/load.py's Hard players think and are counted."""

import json

from bench import load, thinking


def test_bench_thinking_compares_the_clicks_with_and_without_hard_players(capsys):
    argv = ["--rounds", "1", "--games", "6", "--duration", "2.5", "--rate", "20", "--think-ms", "20"]
    thinking.main(argv)
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert [len(result[f"{mode}_p99_ms"]) for mode in thinking.MODES] == [1, 1, 1]
    assert result["process_thoughts"] > 0 and result["thread_thoughts"] > 0
    assert result["process_p99_ratio"] > 0 and result["thread_p99_ratio"] > 0
    assert result["baseline_failed_clicks"] == 0


def test_every_round_turns_the_order_round():
    args = thinking.parse_args(["--rounds", "3"])
    assert thinking.rounds_of(args) == [
        list(thinking.MODES),
        list(reversed(thinking.MODES)),
        list(thinking.MODES),
    ]


def test_bench_load_s_hard_players_think_in_the_bot_s_worker_processes(capsys, tmp_path):
    argv = [
        "--games",
        "4",
        "--players",
        "3",
        "--no-picture",
        "--rate",
        "20",
        "--duration",
        "2",
        "--warmup",
        "0.5",
    ]
    argv += ["--hard-thinkers", "1"]
    code = load.main([*argv, "--think-ms", "10", "--db", str(tmp_path / "bench.sqlite3")])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert result["think_in"] == "process" and result["hard_thinkers"] == 1
    assert result["hard_thoughts"] > 0 and result["thought_ms_p50"] > 0
    assert result["errors"] == 0 and code == 0
