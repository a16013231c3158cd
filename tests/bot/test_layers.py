"""The layers depend one way: the application (bot/app) builds the service and render and hands
them to the cogs, so neither reaches back into it, and the service speaks no discord.py."""

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


def test_the_service_speaks_no_discord():
    for path in sorted((BOT / "service").rglob("*.py")):
        assert within(imported(path), "discord") == [], path.relative_to(BOT)


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
