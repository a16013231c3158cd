"""The layers depend one way: the application (bot/app) builds the service and render and hands
them to the cogs, so neither reaches back into it, and of the layers below the cogs only render
speaks discord.py (the service, the table and the game speak none)."""

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"


def imported(path: Path) -> set[str]:
    """Every module `path` imports, at its top or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
    return names


def within(names: set[str], package: str) -> list[str]:
    return sorted(name for name in names if name == package or name.startswith(f"{package}."))


@pytest.mark.parametrize("layer", ["render", "service", "table", "game"])
def test_no_layer_below_the_application_imports_it(layer):
    for path in sorted((BOT / layer).rglob("*.py")):
        assert within(imported(path), "bot.app") == [], path.relative_to(BOT)


@pytest.mark.parametrize("layer", ["service", "table", "game"])
def test_no_layer_below_the_cogs_but_render_speaks_discord(layer):
    for path in sorted((BOT / layer).rglob("*.py")):
        assert within(imported(path), "discord") == [], path.relative_to(BOT)


DB = BOT.parent / "db"
SHARED = {"db.interface", "db.reads", "db.records", "db.rows", "db.sql"}
"""The store's shared layer: the protocol, and the reads, rows and SQL both stores run alike."""


def store_modules(path: Path) -> set[str]:
    """The modules of db that `path` imports; `from db import x` counts as db.x, since whatever the
    package itself exports brings both stores with it."""
    names = within(imported(path), "db")
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "db":
            names.extend(f"db.{alias.name}" for alias in node.names)
    return set(names) - {"db"}


def test_the_store_imports_nothing_above_it():
    for path in sorted(DB.rglob("*.py")):
        names = imported(path)
        assert within(names, "bot") + within(names, "cogs") + within(names, "discord") == [], path


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_each_store_stands_on_the_shared_layer_alone(store):
    """Neither store imports the other: each uses its own package and what both share."""
    paths = sorted((DB / store).rglob("*.py"))
    assert paths, f"db/{store}/ holds no store"
    for path in paths:
        others = {name for name in store_modules(path) - SHARED if not within({name}, f"db.{store}")}
        assert others == set(), path.relative_to(DB.parent)


def test_the_shared_layer_imports_no_store():
    for name in sorted(SHARED):
        path = DB.parent / f"{name.replace('.', '/')}.py"
        assert store_modules(path) <= SHARED, name


def private(name: str) -> bool:
    """Whether a module name reaches into a package's own modules (`cogs.payday.live._reply`)."""
    return any(part.startswith("_") for part in name.split("."))


def test_the_application_imports_the_cog_only_through_what_its_packages_export():
    for path in sorted((BOT / "app").rglob("*.py")):
        assert [name for name in within(imported(path), "cogs") if private(name)] == [], path.relative_to(BOT)


def test_the_live_messages_own_modules_are_imported_only_inside_its_package():
    cogs = BOT.parent / "cogs"
    live = cogs / "payday" / "live"
    for path in sorted(set(cogs.rglob("*.py")) - set(live.rglob("*.py"))):
        assert [name for name in within(imported(path), "cogs.payday.live") if private(name)] == [], path
