"""docs/RULES.md is the rules spec the code and tests cite: every section they cite exists."""

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
CITED = re.compile(r"docs/RULES\.md[^\n]*")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")


def sections() -> set[str]:
    headings = re.findall(r"^#{2,3} (\d+)\.(\d+)?", (ROOT / "docs" / "RULES.md").read_text(), re.MULTILINE)
    return {f"{major}.{minor}" if minor else major for major, minor in headings}


def test_every_cited_section_of_the_rules_spec_exists():
    cited: dict[str, set[str]] = {}
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/*.py"), *ROOT.glob("tests/**/*.py")]:
        for line in CITED.findall(path.read_text()):
            for section in SECTION.findall(line):
                cited.setdefault(section, set()).add(str(path.relative_to(ROOT)))
    assert len(cited) > 10  # the spec is cited throughout the engine and its tests
    missing = {section: where for section, where in cited.items() if section not in sections()}
    assert missing == {}


def test_the_readme_points_to_the_rules_spec():
    assert "docs/RULES.md" in (ROOT / "README.md").read_text()
