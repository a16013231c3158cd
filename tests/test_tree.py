"""The tests mirror the source tree: a module's tests are found from its path, and no test, benchmark
or tool edits the interpreter's import path to find its imports."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def test_every_test_package_mirrors_a_source_package():
    """tests/bot/game/ holds the tests of bot/game/; tests/bench/ those of bench/."""
    packages = {path.parent for path in TESTS.rglob("__init__.py")} - {TESTS}
    for package in packages:
        source = ROOT / package.relative_to(TESTS)
        assert (source / "__init__.py").exists(), f"{package.relative_to(ROOT)} mirrors no source package"


def test_every_test_folder_is_a_package():
    folders = {path.parent for path in TESTS.rglob("test_*.py")}
    assert all((folder / "__init__.py").exists() for folder in folders)


def _reads_the_import_path(path: Path) -> bool:
    return any(
        isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
        for node in ast.walk(ast.parse(path.read_text()))
    )


def test_no_test_edits_the_import_path():
    edits = [
        path.relative_to(ROOT)
        for folder in ("tests", "bench", "tools")
        for path in (ROOT / folder).rglob("*.py")
        if _reads_the_import_path(path)
    ]
    assert edits == []


MOST_LINES = 450
"""A module longer than this holds more than one idea: split it along its seams."""
PROSE = {Path("bot/render/rules_text.py")}
"""The rules as prose, one long text by nature."""


def test_no_module_is_over_the_line_limit():
    long = [
        f"{path.relative_to(ROOT)}: {lines} lines"
        for folder in ("bot", "cogs", "db")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.relative_to(ROOT) not in PROSE
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    ]
    assert long == []


SAME_MEANING = {"SchemaTooNewError"}
"""Classes of one meaning defined by each store, each in its own package."""


def test_no_two_classes_share_a_name():
    """One meaning per name: go-to-definition lands on the one class a name means."""
    where: dict[str, list[str]] = {}
    for folder in ("bot", "cogs", "db"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef) and node.name not in SAME_MEANING:
                    where.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
