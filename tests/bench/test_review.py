"""bench/review.py on one short game: it reviews the game, times hints, re-measures the moments it
reports, flags the scripted blunder, and prints its JSON last."""

import json

from bench import review as bench
from bot.game.actions import ActionKind
from bot.game.state import PendingKind, from_json


def test_the_scripted_blunder_declines_a_deal_the_usual_rule_buys_early_in_the_month():
    game, prompt = bench.blundered()

    record = next(r for r in game.log if r["kind"] == "action" and r["prompt"] == prompt)
    assert (record["seat"], record["action"], record["question"]) == (0, ActionKind.DECLINE, PendingKind.DEAL)
    assert from_json(game.asked[prompt, 0]).players[0].day == 4


def test_tiny_run_reports_times_calibration_and_the_blunder(capsys):
    bench.main(["--games", "1", "--players", "2", "--months", "1", "--hints", "2", "--budget", "6000"])

    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert lines[0].startswith("game 0: reviewed in")
    assert 0 < result["review_s_p50"] <= result["review_s_p95"]
    assert 0 < result["hint_ms_p50"] <= result["hint_ms_p95"] and result["hints"] == 2
    assert result["questions_weighed_mean"] > 0 and result["answers_mean"] > result["questions_weighed_mean"]
    assert result["planner_mistakes"] == 0 and result["blunder_flagged"] is True
    assert result["calibration_share"] is None or 0 <= result["calibration_share"] <= 1
