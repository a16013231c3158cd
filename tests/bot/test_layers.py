"""The layers depend one way: the application (bot/app) builds the service and render and hands
them to the cogs, so neither reaches back into it; each layer imports only the ones DESIGN draws
below it (render, of the service, only its values), no package imports one that imports it back,
and of the layers below the cogs only render speaks discord.py (the service, the table and the
game speak none). Each satellite feature (bot/features/<name>/) stands on the core alone: the core
imports no feature, no feature another, and a feature's use cases speak no discord.py and write no
word."""

import ast
from pathlib import Path

import pytest

BOT = Path(__file__).resolve().parents[2] / "bot"


def imported(path: Path, *, members: bool = False) -> set[str]:
    """Every module `path` imports, at its top or inside a function; `from a import b` counts as
    a.b too when b is private (`from cogs.payday import _items` reaches a private module as surely
    as its dotted name), or for every b with `members` (b may be a module or a package)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(
                f"{node.module}.{alias.name}" for alias in node.names if members or alias.name.startswith("_")
            )
    return names


def within(names: set[str], package: str) -> list[str]:
    return sorted(name for name in names if name == package or name.startswith(f"{package}."))


@pytest.mark.parametrize("layer", ["cogs", "bot/render", "bot/service", "bot/table", "bot/game"])
def test_no_layer_below_the_application_imports_it(layer):
    for path in sorted((BOT.parent / layer).rglob("*.py")):
        assert within(imported(path), "bot.app") == [], path.relative_to(BOT.parent)


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


TOOLS = BOT.parent / "tools"
"""Developers' tools, which the bot never loads: they may import anything, and nothing imports them."""


@pytest.mark.parametrize("folder", [BOT / "app", TOOLS], ids=["app", "tools"])
def test_the_application_imports_the_cog_only_through_what_its_packages_export(folder):
    """`private` sees `from cogs.payday import _items` too: `imported` names the module it reaches."""
    for path in sorted(folder.rglob("*.py")):
        names = [name for name in within(imported(path), "cogs") if private(name)]
        assert names == [], path.relative_to(BOT.parent)


def test_the_live_messages_own_modules_are_imported_only_inside_its_package():
    live = BOT.parent / "cogs" / "payday" / "live"
    for path in sorted(set(sources()) - set(live.rglob("*.py"))):
        names = [name for name in within(imported(path), "cogs.payday.live") if private(name)]
        assert names == [], path.relative_to(BOT.parent)


def test_nothing_imports_the_tools():
    for path in sorted(set(sources()) - set(TOOLS.rglob("*.py"))):
        assert within(imported(path), "tools") == [], path.relative_to(BOT.parent)


FEATURES = BOT / "features"
CORE = [BOT / "service", BOT / "render", BOT / "table", BOT / "game", BOT.parent / "cogs", DB]


def features() -> list[Path]:
    return sorted(path.parent for path in FEATURES.glob("*/__init__.py"))


def test_the_core_imports_no_feature():
    for folder in CORE:
        for path in sorted(folder.rglob("*.py")):
            assert within(imported(path), "bot.features") == [], path.relative_to(BOT.parent)


@pytest.mark.parametrize("feature", features(), ids=lambda path: path.name)
def test_a_feature_stands_on_the_core_alone(feature):
    """No feature imports another, nor the application, nor a private module of the cogs."""
    own = f"bot.features.{feature.name}"
    for path in sorted(feature.rglob("*.py")):
        names = imported(path)
        others = [name for name in within(names, "bot.features") if not within({name}, own)]
        private_cogs = [name for name in within(names, "cogs") if private(name)]
        assert others + private_cogs + within(names, "bot.app") == [], path.relative_to(BOT.parent)


@pytest.mark.parametrize("feature", features(), ids=lambda path: path.name)
def test_a_features_use_cases_speak_no_discord_and_write_no_word(feature):
    service = feature / "service.py"
    if service.exists():
        names = imported(service)
        assert within(names, "discord") + within(names, "bot.render") + within(names, "cogs") == []


@pytest.mark.parametrize("feature", features(), ids=lambda path: path.name)
def test_a_features_package_holds_only_its_setup(feature):
    """As python-discord's extensions: `__init__.py` defines `setup` and nothing else."""
    tree = ast.parse((feature / "__init__.py").read_text())
    defined = [
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    assert defined == ["setup"]


ROOTS = ["bot", "cogs", "db", "tools"]
"""The packages the bot and its tools are made of."""


def sources() -> list[Path]:
    return sorted(path for root in ROOTS for path in (BOT.parent / root).rglob("*.py"))


def package_of(module: str) -> str | None:
    """The package (a folder with `__init__.py`) a module name lands in; None outside the project."""
    path = BOT.parent.joinpath(*module.split("."))
    if (path / "__init__.py").exists():
        return module
    if path.with_suffix(".py").exists():
        return module.rpartition(".")[0]
    return None


def package_imports() -> dict[str, dict[str, list[str]]]:
    """For each package, the other packages its own modules import (at the top, inside a function
    or only for the type checker), each with the modules that do. `from bot.render import story`
    reaches the package `bot.render.story`."""
    graph: dict[str, dict[str, list[str]]] = {}
    for path in sources():
        module = ".".join(path.relative_to(BOT.parent).with_suffix("").parts)
        own = package_of(module)
        assert own is not None, path
        for name in imported(path, members=True):
            other = package_of(name) if name.split(".")[0] in ROOTS else None
            if other is not None and other != own:
                graph.setdefault(own, {}).setdefault(other, []).append(module)
    return graph


def circles(graph: dict[str, dict[str, list[str]]]) -> list[tuple[str, ...]]:
    """Every circle of packages, each once, from its first package by name: ("a", "b") is a → b → a."""
    found = []

    def walk(path: tuple[str, ...]) -> None:
        for after in sorted(graph.get(path[-1], {})):
            if after == path[0]:
                found.append(path)
            elif after > path[0] and after not in path:
                walk((*path, after))

    for start in sorted(graph):
        walk((start,))
    return found


def test_no_circle_of_packages():
    """No package imports one that imports it back, directly or through others; each circle is named
    with the modules that make each step."""
    graph = package_imports()
    named = [
        " → ".join((*circle, circle[0]))
        + "".join(
            f"\n    {step} → {after}: {', '.join(sorted(set(graph[step][after])))}"
            for step, after in zip(circle, (*circle[1:], circle[0]), strict=True)
        )
        for circle in circles(graph)
    ]
    assert named == [], "\n".join(named)


SERVICE_VALUES = ["bot.service.values", "bot.service.reads", "bot.service.tallies"]
"""The service's values, the only part of it render reads: what a use case returns (values.py), what
a look reads (reads.py) and a player's game in numbers (tallies.py); never a use case, a lock or the
store."""
LAYERS = {
    "bot/game": ["bot.game"],
    "bot/table": ["bot.table", "bot.game"],
    "bot/service": ["bot.service", "bot.table", "bot.game", "db.interface"],
    "bot/render": ["bot.render", "bot.table", "bot.game", *SERVICE_VALUES],
    "cogs": ["cogs", "bot.service", "bot.render", "bot.table", "bot.game"],
}
"""What each layer may import of the project, as DESIGN's "The layers" says: `app → cogs → service →
table → game`, `render → table, game` (and the service's values), `service → db` through the
protocol only; the cogs are handed the service and render."""


@pytest.mark.parametrize("layer", LAYERS)
def test_dependencies_point_one_way(layer):
    allowed = LAYERS[layer]
    for path in sorted((BOT.parent / layer).rglob("*.py")):
        names = imported(path)
        project = {name for name in names if name.split(".")[0] in ROOTS}
        others = sorted(name for name in project if not any(within({name}, package) for package in allowed))
        assert others == [], path.relative_to(BOT.parent)
