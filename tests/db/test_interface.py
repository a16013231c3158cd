"""The store interface: SQLite implements all of it, and the cogs reach the store only through it."""

import inspect
import re
from pathlib import Path

from db import GameStore, Store

ROOT = Path(__file__).resolve().parents[2]


def protocol_methods() -> list[str]:
    return [name for name, _ in inspect.getmembers(GameStore, inspect.isfunction) if not name.startswith("_")]


def test_the_sqlite_store_implements_every_method_with_the_same_signature():
    assert {"get", "save", "finish", "set_aside", "wakeups", "prune", "close"} <= set(protocol_methods())
    for name in protocol_methods():
        ours, theirs = inspect.signature(getattr(Store, name)), inspect.signature(getattr(GameStore, name))
        assert list(ours.parameters.values()) == list(theirs.parameters.values()), name
        assert inspect.iscoroutinefunction(getattr(Store, name)), name


async def test_an_open_store_is_a_game_store(tmp_path):
    store = await Store.open(tmp_path / "payday.sqlite3")
    try:
        assert isinstance(store, GameStore)
    finally:
        await store.close()


def test_only_tables_touches_the_store_in_the_cogs():
    """Another store then plugs in behind Tables without a change to any cog."""
    for path in sorted((ROOT / "cogs").glob("*.py")):
        if path.name == "tables.py":
            continue
        text = path.read_text().replace("Tables(bot.store", "")  # handing it over is allowed
        assert not re.search(r"\.store\b|\bdb\.store\b|from db\b|import db\b", text), path.name
