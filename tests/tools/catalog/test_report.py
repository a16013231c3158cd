"""The catalog check holds a new language to what it holds Italian to: every message translated, no
English left in unless the glossary says why, every placeholder kept, and a plural rule that sorts
counts as the language does (CLDR)."""

import pytest

from tools.catalog import CORE, Found, Places, check_language, templates
from tools.catalog.files import PLURAL_FORMS

NEW = ("es", "pt", "fr", "de")
"""The languages of issue 32, turned on once their catalogs are complete."""
WANTED = [
    Found((None, "{player} rolled a {face}"), "bot/render/x.py"),
    Found((None, "Bill"), "bot/render/x.py"),
    Found((None, "Jackpot"), "bot/render/x.py"),
    Found((None, ("{n} card", "{n} cards")), "bot/render/x.py"),
    Found((None, "Never translated"), "bot/render/x.py"),
]
GOOD = {
    "es": ("{player} saca un {face}", "Factura", "{n} carta", "{n} cartas", "Nunca"),
    "pt": ("{player} tira um {face}", "Conta", "{n} carta", "{n} cartas", "Nunca"),
    "fr": ("{player} fait un {face}", "Facture", "{n} carte", "{n} cartes", "Jamais"),
    "de": ("{player} würfelt eine {face}", "Rechnung", "{n} Karte", "{n} Karten", "Nie"),
}


def catalog(code: str, rolled: str, bill: str, one: str, many: str, never: str | None) -> str:
    text = (
        f'msgid ""\nmsgstr ""\n"Language: {code}\\n"\n"Plural-Forms: {PLURAL_FORMS[code]}\\n"\n\n'
        f'msgid "{{player}} rolled a {{face}}"\nmsgstr "{rolled}"\n\n'
        f'msgid "Bill"\nmsgstr "{bill}"\n\n'
        '#, same-as-english\nmsgid "Jackpot"\nmsgstr "Jackpot"\n\n'
        f'msgid "{{n}} card"\nmsgid_plural "{{n}} cards"\nmsgstr[0] "{one}"\nmsgstr[1] "{many}"\n'
    )
    return text + (f'\nmsgid "Never translated"\nmsgstr "{never}"\n' if never else "")


@pytest.fixture
def places(tmp_path):
    return Places(core=tmp_path / "locale", features=tmp_path / "features", docs=tmp_path / "docs")


def checked(places: Places, code: str, po: str, glossary: str | None = "| Jackpot | Jackpot |") -> list[str]:
    path = places.path(CORE, code)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(po, encoding="utf-8")
    if glossary is not None:
        places.docs.mkdir(exist_ok=True)
        places.glossary(code).write_text(glossary, encoding="utf-8")
    return [line for report in check_language(code, templates(WANTED), places) for line in report.problems()]


@pytest.mark.parametrize("code", NEW)
def test_a_complete_catalog_of_a_new_language_passes(code, places):
    assert checked(places, code, catalog(code, *GOOD[code])) == []


@pytest.mark.parametrize("code", NEW)
def test_a_new_language_fails_on_a_missing_message(code, places):
    rolled, bill, one, many, _ = GOOD[code]
    assert checked(places, code, catalog(code, rolled, bill, one, many, None)) == [
        f"{code}: missing: 'Never translated'"
    ]


@pytest.mark.parametrize("code", NEW)
def test_a_new_language_fails_on_a_message_left_in_english(code, places):
    rolled, _, one, many, never = GOOD[code]
    assert checked(places, code, catalog(code, rolled, "Bill", one, many, never)) == [
        f"{code}: English left in: 'Bill'"
    ]


@pytest.mark.parametrize("code", NEW)
def test_a_new_language_fails_on_a_mangled_placeholder(code, places):
    rolled, bill, one, many, never = GOOD[code]
    mangled = catalog(code, rolled.replace("{face}", "{cara}"), bill, one, many.replace("{n}", "{m}"), never)
    problems = checked(places, code, mangled)
    assert [line.split(": ")[1] for line in problems] == ["placeholders", "placeholders"], problems


@pytest.mark.parametrize("code", NEW)
def test_a_word_kept_in_english_must_be_the_glossarys(code, places):
    """ "Jackpot" may stay English only where the language's glossary names it; a language with no
    glossary is told to write one."""
    good = catalog(code, *GOOD[code])
    assert checked(places, code, good, glossary="| Deal | ... |") == [
        f"{code}: kept in English, not in the glossary: 'Jackpot'"
    ]
    places.glossary(code).unlink()
    assert checked(places, code, good, glossary=None) == [
        f"{code}: no glossary: write docs/GLOSSARY-{code}.md",
        f"{code}: kept in English, not in the glossary: 'Jackpot'",
    ]


@pytest.mark.parametrize(
    ("code", "wrong"),
    [
        ("pt", "nplurals=2; plural=(n != 1);"),  # Brazilian "0 carta": zero takes the singular
        ("fr", "nplurals=2; plural=(n != 1);"),  # "0 carte"
        ("de", "nplurals=2; plural=(n > 1);"),  # "0 Karten"
        ("es", "nplurals=1; plural=0;"),
    ],
)
def test_a_plural_rule_unlike_the_languages_fails(code, wrong, places):
    po = catalog(code, *GOOD[code]).replace(PLURAL_FORMS[code], wrong)
    [problem] = checked(places, code, po)
    assert problem.startswith(f"{code}: plural rule: '{wrong}' sorts counts unlike {code}'s")
