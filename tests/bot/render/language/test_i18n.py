"""Languages: the catalog's translations and plurals, and money written the way each language writes it."""

import gettext

import discord
import pytest

from bot.render.language import i18n
from bot.render.language.i18n import (
    ENGLISH,
    FEATURES_DIR,
    NAMES,
    SUPPORTED,
    Lang,
    _compile,
    feature_po_paths,
    lang,
    language_of,
    po_path,
)

NNBSP = "\u202f"


def test_english_is_the_message_itself():
    en = lang("en-US")
    assert en.code == ENGLISH
    assert en._("{who} rolled a {face}", who="Ann", face=6) == "Ann rolled a 6"
    assert en.ngettext("{n} month", "{n} months", 1) == "1 month"
    assert en.ngettext("{n} month", "{n} months", 12) == "12 months"
    assert not en.missing


def test_italian_translates_and_chooses_plurals_by_its_own_rule():
    it = lang("it")
    assert it._("Pay Day") == "Giorno di paga"
    assert it.ngettext("{n} card", "{n} cards", 1) == "1 carta"
    assert it.ngettext("{n} card", "{n} cards", 0) == "0 carte"  # Italian: zero takes the plural
    assert it.ngettext("{n} card", "{n} cards", 1500) == "1.500 carte"
    assert it.pgettext("deal", "Rocket Ship International") != "Rocket Ship International"


def test_a_translation_may_rightly_equal_its_english_and_is_not_missing():
    it = lang("it")
    it.missing.clear()
    assert it._("{kind}: {name}", kind="Bolletta", name="Tetto nuovo") == "Bolletta: Tetto nuovo"
    assert not it.missing and it.translates(None, "{kind}: {name}")
    assert not it.translates(None, "A sentence nobody translated: {x}")


def test_money_follows_each_language():
    assert lang("en-GB").money(3500) == "$3,500"
    assert lang("en-GB").money(-500) == "-$500"
    assert lang("it").money(3500) == "3.500\u00a0$"
    assert lang("it").money(-12000) == "-12.000\u00a0$"
    assert lang("it").number(1_000_000) == "1.000.000"


@pytest.mark.parametrize(
    ("code", "amounts"),
    [
        ("it", ["3.500\u00a0$", "-500\u00a0$", "1.234.567\u00a0$"]),
        ("de", ["3.500\u00a0$", "-500\u00a0$", "1.234.567\u00a0$"]),
        ("fr", [f"3{NNBSP}500\u00a0$", "-500\u00a0$", f"1{NNBSP}234{NNBSP}567\u00a0$"]),
        ("pt", ["$\u00a03.500", "-$\u00a0500", "$\u00a01.234.567"]),
        ("es", ["3500\u00a0$", "-500\u00a0$", "1.234.567\u00a0$"]),
    ],
)
def test_money_puts_the_dollar_where_each_language_puts_its_currency_sign(code, amounts):
    """CLDR's currency pattern of each language through Babel, with the game's "$"."""
    L = Lang(code, gettext.NullTranslations())  # money needs no catalog: any language, supported yet or not
    assert [L.money(n) for n in (3500, -500, 1_234_567)] == amounts


def test_spanish_groups_thousands_from_five_digits_as_cldr_and_the_rae_say():
    es = Lang("es", gettext.NullTranslations())
    assert [es.number(n) for n in (999, 3500, 9999, 10_000, -3500, -12_500)] == [
        "999",
        "3500",
        "9999",
        "10.000",
        "-3500",
        "-12.500",
    ]
    assert es.ngettext("{n} card", "{n} cards", 4000) == "4000 cards"


def test_unsupported_locales_fall_back_to_english():
    for code in ("ja", "zh-TW", "sv-SE", "", None):
        assert lang(code).code == ENGLISH
    assert lang("it-IT").code == "it" and "it" in SUPPORTED


def test_each_discord_locale_picks_its_language_once_the_language_is_supported(monkeypatch):
    """Both Spanish locales read the one Spanish catalog, pt-BR the Brazilian one ("pt"); every other
    Discord locale English (or Italian, itself)."""
    monkeypatch.setattr(i18n, "SUPPORTED", tuple(NAMES))
    mine = {"es-ES": "es", "es-419": "es", "pt-BR": "pt", "fr": "fr", "de": "de", "it": "it"}
    assert {locale.value: language_of(locale) for locale in discord.Locale} == {
        locale.value: mine.get(locale.value, ENGLISH) for locale in discord.Locale
    }
    monkeypatch.setattr(i18n, "SUPPORTED", (ENGLISH, "it"))
    assert {language_of(locale) for locale in discord.Locale} == {ENGLISH, "it"}


def test_every_supported_language_has_its_own_name():
    assert set(SUPPORTED) <= NAMES.keys()
    assert NAMES["pt"] == "Português (Brasil)" and NAMES["de"] == "Deutsch"


def test_a_message_the_catalog_lacks_is_recorded_and_shown_in_english():
    it = lang("it")
    text = it._("A sentence nobody translated: {x}", x=1)
    assert text == "A sentence nobody translated: 1"
    assert "A sentence nobody translated: {x}" in it.missing


def test_a_features_words_come_from_its_own_catalog_beside_its_code():
    it = lang("it")
    assert FEATURES_DIR / "pause" / "locale" / "it" / "LC_MESSAGES" / "payday.po" in feature_po_paths("it")
    assert it._("Resumed: the clocks run again.") == "Ripresa: i tempi scorrono di nuovo."
    assert it.translates(None, "Resumed: the clocks run again.")
    stop = "Stop every clock of the game here until /payday resume (host or Manage Channels)."
    assert it.pgettext("command", stop).startswith("Ferma tutti i tempi")
    assert lang("it-IT") is it  # the core's catalog and every feature's, merged once per language


def test_a_languages_catalogs_merge_into_one_translation(tmp_path):
    feature = tmp_path / "snooze" / "locale" / "it" / "LC_MESSAGES" / "payday.po"
    feature.parent.mkdir(parents=True)
    feature.write_text(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Snoozed for {time}."\nmsgstr "In letargo per {time}."\n\n'
        'msgid "{n} nap"\nmsgid_plural "{n} naps"\nmsgstr[0] "{n} pisolino"\nmsgstr[1] "{n} pisolini"\n\n'
        '#, fuzzy\nmsgid "Snoozed."\nmsgstr "In letargo."\n',
        encoding="utf-8",
    )
    it = Lang("it", *_compile("it", [po_path("it"), *feature_po_paths("it", tmp_path)]))
    assert it._("Snoozed for {time}.", time="1h") == "In letargo per 1h."
    assert it.ngettext("{n} nap", "{n} naps", 2) == "2 pisolini"
    assert it._("Pay Day") == "Giorno di paga"  # the core's words too
    assert not it.missing
    assert it._("Snoozed.") == "Snoozed." and it.missing == {"Snoozed."}  # a guess is no translation
