"""The table's records in the event log are written and read by their `LogKind`, never by a string
typed again, and every reader knows every kind the game logs."""

import ast
import json
from pathlib import Path

from bot.features.replay.record_format import ENTRY_KINDS
from bot.service.values import ENDED_EARLY
from bot.table import LogKind, TableKind

ROOT = Path(__file__).resolve().parents[3]


def _is_kind(node: ast.expr) -> bool:
    """`record["kind"]`, `record.get("kind")` or a name `kind`."""
    if isinstance(node, ast.Name):
        return node.id == "kind"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == "kind"
    )


def _typed_kinds(path: Path) -> list[str]:
    """Where `path` writes a record's kind as a literal string, or compares one with a literal."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} writes {value.value!r}"
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value == "kind" and isinstance(value, ast.Constant)
            ]
        elif isinstance(node, ast.Compare) and _is_kind(node.left):
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} reads {other.value!r}"
                for other in node.comparators
                if isinstance(other, ast.Constant) and isinstance(other.value, str)
            ]
    return found


def test_no_record_kind_is_typed_as_a_string():
    typed = [
        line
        for folder in ("bot", "cogs")
        for path in (ROOT / folder).rglob("*.py")
        for line in _typed_kinds(path)
    ]
    assert typed == []


def test_the_exported_record_reads_every_kind_a_game_logs_after_its_start():
    assert set(ENTRY_KINDS) == set(LogKind) - {LogKind.LOBBY}


def test_every_early_ending_and_every_seat_change_logged_is_a_kind_of_the_log():
    assert set(ENDED_EARLY) <= set(LogKind)
    assert {TableKind.LEFT, TableKind.KICKED, TableKind.TOOK_OVER, TableKind.BACK} <= set(LogKind)


def dump(value: object) -> str:
    """As the stores write a record: compact JSON (db/rows.py)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def test_a_record_written_by_its_kind_is_saved_as_the_same_bytes_as_before():
    assert dump({"kind": LogKind.TOOK_OVER, "seat": 1}) == '{"kind":"took_over","seat":1}'
    assert [dump(kind) for kind in LogKind] == [f'"{kind.value}"' for kind in LogKind]
