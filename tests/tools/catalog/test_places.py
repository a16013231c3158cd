"""A new language's catalogs are made by one command: `python -m tools.catalog update <code>`."""

import pytest

from tools.catalog import CORE, Found, Places, check_language, load, templates, update_language

FOUND = [
    Found((None, "{n} nap"), "bot/render/x.py"),
    Found((None, ("{n} card", "{n} cards")), "bot/render/x.py"),
    Found((None, "Snoozed."), "bot/features/snooze/words.py"),
]


@pytest.mark.parametrize(
    ("code", "rule", "name"),
    [("fr", "(n > 1)", "French"), ("pt", "(n > 1)", "Portuguese"), ("de", "(n != 1)", "German")],
)
def test_the_first_update_of_a_language_makes_its_catalogs_with_its_plural_rule(code, rule, name, tmp_path):
    places = Places(core=tmp_path / "locale", features=tmp_path / "features", docs=tmp_path / "docs")
    wanted = templates(FOUND)

    update_language(code, wanted, places=places)

    core, feature = load(places.path(CORE, code)), load(places.path("snooze", code))
    assert core.plural_expr == rule and core.num_plurals == 2 and feature.plural_expr == rule
    assert core.header_comment.startswith(f"# {name} messages of payday-bot.")
    assert core.get("{n} card").string == ("", "")
    reports = check_language(code, wanted, places)
    assert [(r.code, len(r.untranslated)) for r in reports] == [(code, 2), (f"{code} [snooze]", 1)]
    assert reports[0].plural_rule == ""
