"""bench/memory.py on a tiny load: it charges the run's memory to owners and prints its JSON line last."""

import json

from bench import memory


def test_bench_memory_charges_the_live_games_to_the_bot_and_the_harness(capsys, tmp_path):
    argv = ["--games", "4", "--players", "3", "--actions", "6", "--no-picture", "--sites", "3"]
    code = memory.main([*argv, "--db", str(tmp_path / "bench.sqlite3")])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    assert code == 0 and result["live_games"] == 4
    owners = result["kb_per_game"]
    # Every live game keeps its saved row and an armed deadline; the harness its buttons.
    assert owners["bot: rows (Tables._rows: last saved row per channel)"] > 0
    assert owners["bot: timers (deadline tasks)"] > 0
    assert owners["harness: fake: buttons per message"] > 0
    assert len(result["sites"]) == 3
    assert {arena["arena"] for arena in result["arenas"]} >= {0}
