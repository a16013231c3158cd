"""docs/RULES.md is the rules spec the code and tests cite: every section they cite exists."""

import re
from pathlib import Path

from bot.game.house import HOUSE_RULES, HouseKind, HouseRule, applies, limits
from bot.game.rulesets import RULESETS, JackpotSix

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


def house_rules_table() -> dict[str, list[str]]:
    """docs/RULES.md §7.1: each house rule's key and its cells for modern, family and classic."""
    rows = re.findall(
        r"^\| [^|]+ \| `(\w+)` \|(.+)\|$", (ROOT / "docs" / "RULES.md").read_text(), re.MULTILINE
    )
    return {key: [cell.strip() for cell in cells.split("|")] for key, cells in rows}


def documented(ruleset: str, rule: HouseRule) -> str:
    """A house rule's cell as the doc writes it: the edition's value, then its limits."""
    if not applies(ruleset, rule):
        return "—"
    low, high = limits(ruleset, rule)
    value = getattr(RULESETS[ruleset].rules, rule.key)
    if rule.options is not None:
        names = [SIXES[option] for option in rule.options]
        return f"{SIXES[value]} ({', '.join(names[:-1])} or {names[-1]})"
    if rule.kind is HouseKind.SWITCH:
        return f"{'yes' if value else 'no'} (yes or no)"
    if rule.kind is HouseKind.PERCENT:
        return f"{value}% ({low}% to {high}%)"
    return f"${value:,} (${low:,} to ${high:,})"


SIXES = {JackpotSix.MOVEMENT: "movement 6", JackpotSix.ANY: "any 6", JackpotSix.NONE: "none"}


def test_the_house_rules_table_lists_every_house_rule_with_its_limits_and_defaults():
    table = house_rules_table()
    assert list(table) == [rule.key for rule in HOUSE_RULES]
    for rule in HOUSE_RULES:
        assert table[rule.key] == [documented(ruleset, rule) for ruleset in ("modern", "family", "classic")]
