"""The store interface: both stores implement all of it, and the cogs reach the store only through it."""

import inspect
import re
from pathlib import Path

import pytest

from db import GameStore
from db.postgres import PostgresStore
from db.sqlite import Store

ROOT = Path(__file__).resolve().parents[2]


def protocol_methods() -> list[str]:
    return [name for name, _ in inspect.getmembers(GameStore, inspect.isfunction) if not name.startswith("_")]


@pytest.mark.parametrize("implementation", [Store, PostgresStore])
def test_each_store_implements_every_method_with_the_same_signature(implementation):
    assert {"get", "save", "finish", "set_aside", "wakeups", "prune", "close"} <= set(protocol_methods())
    for name in protocol_methods():
        ours, theirs = (
            inspect.signature(getattr(implementation, name)),
            inspect.signature(getattr(GameStore, name)),
        )
        assert list(ours.parameters.values()) == list(theirs.parameters.values()), name
        assert inspect.iscoroutinefunction(getattr(implementation, name)), name


async def test_an_open_store_is_a_game_store(store):
    assert isinstance(store, GameStore)


def test_only_tables_touches_the_store_in_the_cogs():
    """Another store then plugs in behind Tables without a change to any cog."""
    for path in sorted((ROOT / "cogs").glob("*.py")):
        if path.name == "tables.py":
            continue
        text = path.read_text().replace("Tables(bot.store", "")  # handing it over is allowed
        assert not re.search(r"\.store\b|\bdb\.store\b|from db\b|import db\b", text), path.name
