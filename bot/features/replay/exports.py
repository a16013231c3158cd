"""A finished game as a record anyone can keep and audit: one JSON document in a documented,
versioned format (docs/RECORD.md).

`record_of` writes the record of a game from history; `audit` reads one back (from a file, so
anything may be in it): the strict schema first (record_format.py), then the game replayed through
the engine (rebuild.py) and every claim the record makes (its rules and house rules, who
played each seat, how the game ended, its ledger and standings) checked against the replay. Pure:
no I/O.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from bot.features.replay.record_format import FORMAT, VERSION, Record, Started
from bot.game.events import EventKind
from bot.game.house import HouseRuleError, house_rules_of, with_house_rules
from bot.game.rulesets import Rules
from bot.game.state import GameState
from bot.service.rebuild import Diverged, Replay, Setup, after_start, rebuild
from bot.service.values import ENDED_EARLY, Ending
from bot.table import LogKind, Table

RULES = TypeAdapter(Rules)
TO_COMPUTER = frozenset({LogKind.LEFT, LogKind.KICKED})
"""The records after which the computer plays a seat; `took_over` gives one back to a member."""


class BadRecord(Exception):
    """A file that is not a record this version reads; the message is one line saying why."""


@dataclass(frozen=True, slots=True)
class Audit:
    """A record replayed: whether it reproduces what it claims (`problem` says why not)."""

    game_id: int
    problem: str | None

    @property
    def reproduced(self) -> bool:
        return self.problem is None


def record_of(
    game_id: int,
    table: Table,
    summary: Mapping[str, Any],
    log: Sequence[Mapping[str, Any]],
    started_at: datetime,
    finished_at: datetime,
) -> dict[str, Any]:
    """The record of a finished game: `table` its final table, `log` its whole event log."""
    state = table.game
    moves = after_start(log)
    dealt = _dealt(log, table)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_id,
        "started_at": started_at.isoformat(),
        "finished_at": finished_at.isoformat(),
        "settings": {
            "edition": state.ruleset,
            "months": state.months,
            "language": table.language,
            "turn_seconds": table.turn_seconds,
            "interrupt_seconds": table.interrupt_seconds,
        },
        "rules": RULES.dump_python(state.rules, mode="json"),
        "house_rules": house_rules_of(state.ruleset, state.rules),
        "seed": table.seed,
        "players": [
            {"seat": i, "name": name, "at_the_end": seat.name, "computer": seat.computer}
            for i, (name, seat) in enumerate(zip(dealt, table.seats, strict=True))
        ],
        "log": [
            {"kind": LogKind.STARTED, "seats": dealt, "computers": _computers_dealt(table, moves)},
            *moves,
        ],
        "ledger": [dict(r) for r in moves if r.get("kind") == EventKind.TRANSFER],
        "ending": summary.get("reason", ""),
        "standings": standings(state),
        "winners": list(state.winners),
    }


def standings(state: GameState) -> list[dict[str, Any]]:
    """Each seat's net worth and place (equal worths share a place), best first."""
    worths = [state.net_worth(seat) for seat in range(len(state.players))]
    order = sorted(range(len(worths)), key=lambda seat: -worths[seat])
    return [
        {"place": 1 + sum(w > worths[seat] for w in worths), "seat": seat, "net_worth": worths[seat]}
        for seat in order
    ]


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def audit(text: str | bytes) -> Audit:
    """Replay a record's answers from its seed: does it reproduce its events, and every claim it
    makes? BadRecord if it is not a record this version reads."""
    record = _parsed(text)
    return Audit(record.game, _problem(record))


def _parsed(text: str | bytes) -> Record:
    try:
        header = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError
        raise BadRecord("the file is not JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise BadRecord(f'the file is not a Pay Day record (no "format": "{FORMAT}")')
    if header.get("version") != VERSION:
        raise BadRecord(f"the record is version {header.get('version')!r}; this bot reads version {VERSION}")
    try:
        return Record.model_validate_json(text)
    except ValidationError as invalid:
        raise BadRecord(_first_error(invalid)) from None


def _first_error(invalid: ValidationError) -> str:
    """The schema's first objection, where it is and what it says, as one line."""
    error = invalid.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in error["loc"])
    said = " ".join(str(error["msg"]).split())
    return f"{where}: {said}" if where else said


def _problem(record: Record) -> str | None:
    """What the record claims that its replay does not give, in a few words; None if nothing."""
    rules = _rules(record)
    if isinstance(rules, str):
        return rules
    started = record.log[0]
    assert isinstance(started, Started)  # the schema's: the log begins with the deal
    settings = record.settings
    setup = Setup(tuple(started.seats), settings.edition, settings.months, record.seed, rules)
    moves = [entry.model_dump(exclude_none=True) for entry in record.log[1:]]
    try:
        replayed = rebuild(setup, moves, [player.at_the_end for player in record.players])
    except Diverged as diverged:
        return str(diverged)
    return _claims_differ(record, started, moves, replayed)


def _rules(record: Record) -> Rules | str:
    """The rules the record's edition and house rules make; what differs, if the record's own
    rules or house rules are not those."""
    edition = record.settings.edition
    try:
        rules = with_house_rules(edition, record.house_rules)
    except HouseRuleError as error:
        return f"the record's house rules are not this bot's ({error})"
    if _json(RULES.dump_python(rules, mode="json")) != _json(record.rules):
        return "the record's rules are not its edition's with its house rules"
    if _json(house_rules_of(edition, rules)) != _json(record.house_rules):
        return "the record's house rules differ from those its rules make"
    return rules


def _claims_differ(
    record: Record, started: Started, moves: Sequence[Mapping[str, Any]], replayed: Replay
) -> str | None:
    final = replayed.final
    if not final.over:
        return "the replayed game does not end"
    if record.ending != _ending(moves):
        return "the ending differs from the replayed game's"
    at_the_end = [player.name for player in final.players]
    computers = _computers_at_the_end(started.computers, moves)
    for seat, player in enumerate(record.players):
        if (player.name, player.at_the_end) != (started.seats[seat], at_the_end[seat]):
            return f"seat {seat}'s names differ from the replayed game's"
        if player.computer != computers[seat]:
            return f"who played seat {seat} at the end differs from the log's"
    rebuilt = [e.to_dict() for e in replayed.events if e.kind == EventKind.TRANSFER]
    if [row.model_dump(exclude={"text"}) for row in record.ledger] != rebuilt:
        return "the ledger differs from the replayed game's"
    claimed = [standing.model_dump() for standing in record.standings]
    if claimed != standings(final) or record.winners != final.winners:
        return "the standings differ from the replayed game's"
    return None


def _ending(moves: Sequence[Mapping[str, Any]]) -> Ending:
    """How the log says the game ended: by the record of its early end, else played out."""
    ended = [record["kind"] for record in moves if record["kind"] in ENDED_EARLY]
    return Ending(ended[-1]) if ended else Ending.RETIRED


def _computers_at_the_end(dealt: Sequence[bool], moves: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Which seats the computer played at the end: those dealt to it, changed by the log's records of
    players leaving or removed, members taking a seat over, and the last person leaving."""
    computers = list(dealt)
    for record in moves:
        kind = record["kind"]
        if kind in TO_COMPUTER or kind == LogKind.TOOK_OVER:
            computers[record["seat"]] = kind in TO_COMPUTER
        elif kind == LogKind.ABANDONED:
            computers = [True] * len(computers)
    return computers


def _computers_dealt(table: Table, moves: Sequence[Mapping[str, Any]]) -> list[bool]:
    """Which seats the computer played when the game was dealt, undone from the end: the first record
    that changed a seat says what it was before; a seat no record changed is as it ends, but for the
    last person's, which a computer took over when they left (it remembers who) with no record of its
    own but the game's end."""
    first: dict[int, str] = {}
    for record in moves:
        if record.get("kind") in TO_COMPUTER or record.get("kind") == LogKind.TOOK_OVER:
            first.setdefault(record["seat"], record["kind"])
    return [
        first[seat] == LogKind.TOOK_OVER if seat in first else held.computer and held.replaced is None
        for seat, held in enumerate(table.seats)
    ]


def _dealt(log: Sequence[Mapping[str, Any]], table: Table) -> list[str]:
    """The seats' names as the game started: the names `engine.start` was given."""
    started = next((r for r in log if r.get("kind") == LogKind.STARTED), {})
    return list(started.get("seats") or [seat.name for seat in table.seats])


def _json(value: object) -> str:
    """`value` as JSON, to compare values by type too (a JSON `true` is not `1`)."""
    return json.dumps(value, sort_keys=True)
