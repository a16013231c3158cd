"""A finished game as a record anyone can keep and audit: one JSON document in a documented,
versioned format (docs/RECORD.md), and its ledger as CSV.

`record_of` writes the record of a game from history; `audit` reads one back (from a file, so
anything may be in it) and replays it through the engine (bot/service/replay.py), saying whether it
reproduces the standings it claims. Pure: no I/O.
"""

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import TypeAdapter, ValidationError

from bot.game import events as ev
from bot.game.events import Event, EventKind
from bot.game.house import house_rules_of
from bot.game.rulesets import RULESETS, Rules
from bot.game.state import GameState
from bot.service.replay import Diverged, Replay, Setup, after_start, rebuild
from bot.table import Table

FORMAT = "payday-record"
VERSION = 1
RULES = TypeAdapter(Rules)
ACCOUNTS = {ev.BANK: "Bank", ev.JACKPOT: "Jackpot", ev.POT: "Pot"}
"""The ledger's accounts that are not players, as the CSV names them."""
LEDGER_COLUMNS = ("line", "month", "day", "from", "to", "amount", "reason", "ref")


class BadRecord(Exception):
    """A file that is not a record this version reads; the message is one line saying why."""


@dataclass(frozen=True, slots=True)
class Audit:
    """A record replayed: whether it reproduces the standings it claims (`problem` says why not)."""

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
        "players": _players(log, table),
        "log": list(moves),
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


def ledger_csv(record: Mapping[str, Any]) -> str:
    """The record's ledger, one line per transfer, accounts by name."""
    names = [player["name"] for player in record["players"]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(LEDGER_COLUMNS)
    for line, row in enumerate(record["ledger"], start=1):
        e = Event.from_record(row)
        accounts = (_account(e.src, names), _account(e.dst, names))
        writer.writerow((line, e.month, e.day, *accounts, e.amount, e.reason, e.ref))
    return out.getvalue()


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def audit(text: str | bytes) -> Audit:
    """Replay a record's answers from its seed: does it reproduce its events, its ledger and the
    standings it claims? BadRecord if it is not a record this version reads."""
    record = _parsed(text)
    game_id = record.get("game")
    if not isinstance(game_id, int):
        raise BadRecord("the record has no game number")
    setup = _setup(record)
    log = record.get("log")
    if not isinstance(log, list) or not all(isinstance(r, dict) for r in log):
        raise BadRecord("the record's log is not a list of records")
    at_the_end = [player.get("at_the_end") for player in record["players"]]
    try:
        replayed = rebuild(setup, log, [name if isinstance(name, str) else "" for name in at_the_end])
    except Diverged as diverged:
        return Audit(game_id, str(diverged))
    return Audit(game_id, _claims_differ(record, replayed))


def _parsed(text: str | bytes) -> dict[str, Any]:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError
        raise BadRecord("the file is not JSON") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise BadRecord(f'the file is not a Pay Day record (no "format": "{FORMAT}")')
    if record.get("version") != VERSION:
        raise BadRecord(f"the record is version {record.get('version')!r}; this bot reads version {VERSION}")
    return record


def _setup(record: Mapping[str, Any]) -> Setup:
    settings, players = record.get("settings"), record.get("players")
    if not isinstance(settings, dict) or not isinstance(players, list):
        raise BadRecord("the record has no settings or no players")
    edition, months, seed = settings.get("edition"), settings.get("months"), record.get("seed")
    names = [player.get("name") for player in players if isinstance(player, dict)]
    if edition not in RULESETS or not isinstance(months, int) or not isinstance(seed, int):
        raise BadRecord("the record's edition, months or seed is missing")
    if len(names) != len(players) or not all(isinstance(name, str) for name in names):
        raise BadRecord("a player of the record has no name")
    try:
        rules = RULES.validate_python(record.get("rules"))
    except ValidationError:
        raise BadRecord("the record's rules are not rules of this bot") from None
    return Setup(tuple(str(name) for name in names), edition, months, seed, rules)


def _claims_differ(record: Mapping[str, Any], replayed: Replay) -> str | None:
    """What the record claims that its replay does not give, in a few words; None if nothing."""
    final = replayed.final
    if not final.over:
        return "the replayed game does not end"
    ledger = record.get("ledger")
    rebuilt = [e.to_dict() for e in replayed.events if e.kind == EventKind.TRANSFER]
    if (
        not isinstance(ledger, list)
        or len(ledger) != len(rebuilt)
        or any(not _same(row, made) for row, made in zip(ledger, rebuilt, strict=True))
    ):
        return "the ledger differs from the replayed game's"
    if record.get("standings") != standings(final) or record.get("winners") != final.winners:
        return "the standings differ from the replayed game's"
    return None


def _same(row: object, made: Mapping[str, Any]) -> bool:
    return isinstance(row, dict) and {name: row.get(name) for name in made} == made


def _players(log: Sequence[Mapping[str, Any]], table: Table) -> list[dict[str, Any]]:
    """The seats as the game started (the names `engine.start` was given), and who plays each at
    the end."""
    started = next((r for r in log if r.get("kind") == "started"), {})
    first = started.get("seats") or [seat.name for seat in table.seats]
    return [
        {"seat": i, "name": name, "at_the_end": seat.name, "computer": seat.computer}
        for i, (name, seat) in enumerate(zip(first, table.seats, strict=True))
    ]


def _account(account: int, names: Sequence[str]) -> str:
    return ACCOUNTS.get(account) or (names[account] if 0 <= account < len(names) else str(account))
