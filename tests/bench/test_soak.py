"""bench/soak.py on a tiny run: SIGKILLed bots lose nothing, and its checks do catch a lost save."""

import asyncio
import json
import sqlite3

from bench import soak


def test_killed_bots_lose_nothing_and_the_checks_see_a_lost_save(capsys, tmp_path):
    db = tmp_path / "soak.sqlite3"

    code = soak.main(["--kills", "3", "--max-run", "0.4", "--channels", "3", "--db", str(db)])

    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0, result
    assert result["kills"] == 3 and result["saves_acknowledged"] > 0 and result["games_started"] > 0
    for failure in ("games_lost", "games_corrupt", "ledger_mismatches", "child_crashes"):
        assert result[failure] == 0, result
    assert result["integrity"] == "ok"

    # The same checks on a file that lost a committed save and one ledger line must say so.
    with sqlite3.connect(db) as raw:
        game_id, version = raw.execute(
            "SELECT game_id, version FROM games ORDER BY game_id LIMIT 1"
        ).fetchone()
        raw.execute(
            "DELETE FROM events WHERE rowid = (SELECT MIN(rowid) FROM events WHERE kind = 'transfer'"
            " AND game_id = ?)",
            (game_id,),
        )
    raw.close()
    damaged = asyncio.run(soak.check(db, {game_id: version + 1}, set()))
    assert damaged["games_lost"] == 1 and damaged["ledger_mismatches"] == 1
