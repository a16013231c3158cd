"""A game's record (docs/RECORD.md): what it holds, its ledger as CSV, and its audit: a record as
exported reproduces its standings; one with any answer, event, ledger line or standing changed does
not; a file that is not a record is told in one line."""

import copy
import csv
import io
import json
from datetime import UTC, datetime

import pytest

from bot.game.events import EventKind
from bot.service.records import BadRecord, audit, dumps, ledger_csv, record_of
from tests.bot.service.games import begin, logged_game, play
from tests.bot.service.test_service import CHANNEL, GUILD

START = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
async def record(service) -> dict:
    game_id = await begin(service, "classic", months=1)
    assert await play(service, game_id)
    return json.loads(dumps((await service.export(CHANNEL, GUILD, game_id)).record))


async def test_a_record_holds_the_settings_rules_seed_answers_events_ledger_and_standings(record, service):
    archived = await service.tables.archived(record["game"])
    final = archived.table

    assert record["seed"] == final.seed and record["settings"]["months"] == 1
    assert record["rules"]["start_cash"] == 325 and record["house_rules"] == {}
    assert [p["name"] for p in record["players"]] == ["alice", "bob", "Bot Penny", "Bot Nickel"]
    kinds = {r["kind"] for r in record["log"]}
    assert {"action", EventKind.TRANSFER, EventKind.GAME_OVER} <= kinds
    assert record["ledger"] == [r for r in record["log"] if r["kind"] == EventKind.TRANSFER]
    worths = [final.game.net_worth(seat) for seat in range(4)]
    assert sorted(s["net_worth"] for s in record["standings"]) == sorted(worths)
    assert record["standings"][0]["place"] == 1 and record["winners"] == final.game.winners


async def test_the_ledger_csv_has_a_line_per_transfer_with_the_accounts_named(record):
    rows = list(csv.DictReader(io.StringIO(ledger_csv(record))))

    assert len(rows) == len(record["ledger"])
    assert rows[0] == {
        "line": "1",
        "month": "1",
        "day": "0",
        "from": "Bank",
        "to": "alice",
        "amount": "325",
        "reason": "start cash",
        "ref": "-1",
    }


def first(record: dict, kind: str) -> dict:
    return next(r for r in record["log"] if r["kind"] == kind)


def bump_payment(record: dict) -> None:
    first(record, EventKind.TRANSFER)["amount"] += 1


def other_answer(record: dict) -> None:
    answer = next(r for r in record["log"] if r["kind"] == "action" and r["action"] == "roll")
    answer["action"] = "buy"


def drop_answer(record: dict) -> None:
    record["log"].remove(first(record, "action"))


def bump_ledger(record: dict) -> None:
    record["ledger"][-1]["amount"] += 1


def swap_standings(record: dict) -> None:
    record["standings"][0]["net_worth"] += 1


def other_seed(record: dict) -> None:
    record["seed"] += 1


def other_winner(record: dict) -> None:
    record["winners"] = [3] if record["winners"] != [3] else [0]


@pytest.mark.parametrize(
    "tamper", [bump_payment, other_answer, drop_answer, bump_ledger, swap_standings, other_seed, other_winner]
)
async def test_a_record_changed_anywhere_does_not_reproduce(record, tamper):
    assert audit(json.dumps(record)).reproduced
    changed = copy.deepcopy(record)
    tamper(changed)

    verdict = audit(json.dumps(changed))

    assert not verdict.reproduced and verdict.game_id == record["game"]
    assert verdict.problem and "\n" not in verdict.problem


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json", "the file is not JSON"),
        ("[1, 2]", 'the file is not a Pay Day record (no "format": "payday-record")'),
        ('{"format": "payday-record", "version": 2}', "the record is version 2; this bot reads version 1"),
        ('{"format": "payday-record", "version": 1}', "the record has no game number"),
        ('{"format": "payday-record", "version": 1, "game": 3}', "the record has no settings or no players"),
    ],
)
def test_a_file_that_is_not_a_record_is_told_in_one_line(text, said):
    with pytest.raises(BadRecord) as bad:
        audit(text)
    assert str(bad.value) == said


async def test_a_record_with_rules_of_another_shape_or_no_log_is_not_a_record(record):
    for key, value, said in (
        ("rules", {"start_cash": "lots"}, "the record's rules are not rules of this bot"),
        ("log", {"no": "list"}, "the record's log is not a list of records"),
        ("players", [{"seat": 0}], "a player of the record has no name"),
    ):
        with pytest.raises(BadRecord) as bad:
            audit(json.dumps({**record, key: value}))
        assert str(bad.value) == said


def test_a_takeover_logged_before_its_record_named_the_player_reproduces_by_who_played_at_the_end():
    table, log = logged_game(months=1)
    first_turn = next(i for i, r in enumerate(log) if r["kind"] == "action" and i > 5)
    log.insert(first_turn, {"kind": "took_over", "seat": 1, "user": 9, "by": 1, "request": 1})
    table.seats[1].name = table.game.players[1].name = "olga"
    record = record_of(4, table, {"reason": "retired"}, log, START, START)

    assert [p["at_the_end"] for p in record["players"]] == ["P0", "olga", "P2"]
    assert audit(dumps(record)).reproduced
