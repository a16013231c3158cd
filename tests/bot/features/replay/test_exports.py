"""A game's record (docs/RECORD.md): what it holds, and its audit: a record as exported reproduces
all it claims; one with any answer, event, ledger line, standing, rule, ending or seat changed does
not; a file that is not a record, or not of the record's strict shape, is told in one line."""

import copy
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.features.replay.exports import BadRecord, audit, dumps, record_of
from bot.features.replay.service import Replays
from bot.game.events import EventKind
from tests.bot.service.games import begin, logged_game, play
from tests.bot.service.test_service import CHANNEL, GUILD

START = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
async def record(service) -> dict:
    game_id = await begin(service, "classic", months=1)
    assert await play(service, game_id)
    return json.loads(dumps((await Replays(service.core).export(CHANNEL, GUILD, game_id)).record))


async def test_a_record_holds_the_settings_rules_seed_answers_events_ledger_and_standings(record, service):
    archived = await service.tables.archived(record["game"])
    final = archived.table

    assert record["seed"] == final.seed and record["settings"]["months"] == 1
    assert record["rules"]["start_cash"] == 325 and record["house_rules"] == {}
    assert [p["name"] for p in record["players"]] == ["alice", "bob", "Bot Penny", "Bot Nickel"]
    assert record["log"][0] == {
        "kind": "started",
        "seats": ["alice", "bob", "Bot Penny", "Bot Nickel"],
        "computers": [False, False, True, True],
    }
    kinds = {r["kind"] for r in record["log"]}
    assert {"action", EventKind.TRANSFER, EventKind.GAME_OVER} <= kinds
    assert record["ledger"] == [r for r in record["log"] if r["kind"] == EventKind.TRANSFER]
    worths = [final.game.net_worth(seat) for seat in range(4)]
    assert sorted(s["net_worth"] for s in record["standings"]) == sorted(worths)
    assert record["standings"][0]["place"] == 1 and record["winners"] == final.game.winners


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


def ended_early(record: dict) -> None:
    record["ending"] = "ended"


def house_rules_claimed(record: dict) -> None:
    record["house_rules"] = {"salary": 400}


def house_rules_of_the_preset(record: dict) -> None:
    record["house_rules"] = {"salary": record["rules"]["salary"]}


def rules_beside_the_house_rules(record: dict) -> None:
    record["rules"]["loan_step"] = 0


def computer_flipped(record: dict) -> None:
    record["players"][2]["computer"] = False


def person_flipped(record: dict) -> None:
    record["players"][0]["computer"] = True


def dealt_to_a_computer(record: dict) -> None:
    record["log"][0]["computers"][1] = True


def renamed_at_the_end(record: dict) -> None:
    record["players"][1]["at_the_end"] = "mallory"


@pytest.mark.parametrize(
    "tamper",
    [
        bump_payment,
        other_answer,
        drop_answer,
        bump_ledger,
        swap_standings,
        other_seed,
        other_winner,
        ended_early,
        house_rules_claimed,
        house_rules_of_the_preset,
        rules_beside_the_house_rules,
        computer_flipped,
        person_flipped,
        dealt_to_a_computer,
        renamed_at_the_end,
    ],
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
        ('{"format": "payday-record", "version": 1}', "the record is version 1; this bot reads version 2"),
        ('{"format": "payday-record", "version": 2}', "game: Field required"),
        ('{"format": "payday-record", "version": 2, "game": "3"}', "game: Input should be a valid integer"),
    ],
)
def test_a_file_that_is_not_a_record_is_told_in_one_line(text, said):
    with pytest.raises(BadRecord) as bad:
        audit(text)
    assert str(bad.value) == said


def answer(record: dict) -> dict:
    return first(record, "action")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: answer(r).update(seat=99), "log.6.Answered.seat: Input should be less than 6"),
        (lambda r: answer(r).update(seat=5), "a seat is named that none of the 4 players has"),
        (lambda r: answer(r).update(value=True), "log.6.Answered.value: Input should be a valid integer"),
        (lambda r: answer(r).update(tip=1), "log.6.Answered.tip: Extra inputs are not permitted"),
        (lambda r: r["log"].insert(2, {"kind": "gift", "seat": 0}), "log.2: an entry of a kind no game logs"),
        (lambda r: r["log"].insert(2, [1]), "log.2: an entry of a kind no game logs"),
        (
            lambda r: r["settings"].update(edition=["modern"]),
            "settings.edition: Input should be a valid string",
        ),
        (
            lambda r: r["settings"].update(edition="chess"),
            "settings.edition: Input should be one of modern, family, classic",
        ),
        (
            lambda r: r["rules"].update(loan_step=[0]),
            "rules.loan_step.constrained-int: Input should be a valid integer",
        ),
        (lambda r: r.update(log=r["log"][1:]), "the log does not begin with the game's one start"),
        (lambda r: r["players"][0].pop("name"), "players.0.name: Field required"),
        (lambda r: r.update(log={"no": "list"}), "log: Input should be a valid array"),
    ],
)
async def test_a_record_not_of_the_strict_shape_is_told_where_in_one_line(record, change, said):
    changed = copy.deepcopy(record)
    change(changed)

    with pytest.raises(BadRecord) as bad:
        audit(json.dumps(changed))

    assert str(bad.value) == said


def test_a_takeover_logged_before_its_record_named_the_player_reproduces_by_who_played_at_the_end():
    table, log = logged_game(months=1)
    first_turn = next(i for i, r in enumerate(log) if r["kind"] == "action" and i > 5)
    log.insert(first_turn, {"kind": "took_over", "seat": 1, "user": 9, "by": 1, "request": 1})
    table.seats[1].name = table.game.players[1].name = "olga"
    table.seats[1].user_id = 9
    record = record_of(4, table, {"reason": "retired"}, log, START, START)

    assert [p["at_the_end"] for p in record["players"]] == ["P0", "olga", "P2"]
    assert record["log"][0]["computers"] == [True, True, True]
    assert [p["computer"] for p in record["players"]] == [True, False, True]
    assert audit(dumps(record)).reproduced


@cache
def genuine() -> str:
    """The record of a whole game of computer players, as a file holds it."""
    table, log = logged_game(months=1)
    return dumps(record_of(5, table, {"reason": "retired"}, log, START, START))


def places(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path to every value inside `value`, itself first."""
    yield path
    keys = value.keys() if isinstance(value, dict) else range(len(value)) if isinstance(value, list) else ()
    for key in keys:
        yield from places(value[key], (*path, key))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(-2, 7) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=5,
)
"""Any JSON value, with small numbers (seats, days, places) often."""


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_record_changed_at_random_is_refused_or_audited_in_one_line_never_raised(data):
    record = json.loads(genuine())
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        section = data.draw(st.sampled_from(sorted(record)), label="section")  # the log is most of it
        *inside, key = (section, *data.draw(st.sampled_from(list(places(record[section]))), label="where"))
        holder = record
        for step in inside:
            holder = holder[step]
        if isinstance(holder, dict) and data.draw(st.booleans(), label="drop"):
            del holder[key]
        else:
            holder[key] = data.draw(JSON, label="value")

    try:
        verdict = audit(json.dumps(record))
    except BadRecord as bad:
        said = str(bad)
    else:
        said = verdict.problem or ""
    assert "\n" not in said
