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
