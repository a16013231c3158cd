"""The one reader of typed numbers: what the bot writes reads back, what a person writes in their own
language reads as they meant it, and everything else is refused with a reason, never raised."""

import gettext

import pytest
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.render.custom_ids import NUMBER
from bot.render.language.i18n import NAMES, Lang
from bot.render.numbers import Unit, Unread, Why, option_number, read_whole

LANGUAGES = tuple(NAMES)
"""Every language the bot has a name for, supported yet or not: how it writes and reads numbers is
Babel's, with no catalog needed."""
amounts = st.integers(min_value=0, max_value=10**12)
locales = st.sampled_from(LANGUAGES)


def lang(code: str) -> Lang:
    """A language's numbers and money, whether or not its catalogs are in yet."""
    return Lang(code, gettext.NullTranslations())


def read(text: str, locale: str, unit: Unit = Unit.DOLLARS) -> int | Why:
    """The number read, or why not."""
    try:
        return read_whole(text, locale, unit)
    except Unread as unread:
        return unread.why


@settings(deadline=None)
@given(amounts, locales)
def test_every_amount_the_bot_writes_reads_back_as_itself(n, locale):
    L = lang(locale)
    with_cents = format_decimal(n, format="#,##0.00", locale=locale)
    for text in (L.money(n), L.number(n), str(n), with_cents, f"{with_cents} $", f"${with_cents}"):
        assert read(text, locale) == n, text
    for text in (f"{L.number(n)}%", f"{n} %", L.number(n)):
        assert read(text, locale, Unit.PERCENT) == n, text


@settings(deadline=None)
@given(st.integers(min_value=1, max_value=10**9), locales)
def test_a_negative_amount_as_the_bot_writes_it_is_refused(n, locale):
    L = lang(locale)
    for text in (L.money(-n), f"-{L.number(n)}", f"$-{n}"):
        assert read(text, locale) == Why.NEGATIVE, text


@settings(deadline=None)
@given(amounts, st.sampled_from([(a, b) for a in LANGUAGES for b in LANGUAGES if a != b]))
@example(1000, ("en", "it"))
@example(1234, ("it", "en"))
@example(1234, ("en", "es"))
@example(1234, ("fr", "de"))
@example(1234, ("pt", "en"))
def test_a_number_written_the_other_languages_way_is_read_as_itself_or_refused(n, languages):
    """ "1,000" in an Italian client is not one dollar, nor "1.000" in an English one: what one
    language writes is never read as another number in the other."""
    written, reader = languages
    with_cents = format_decimal(n, format="#,##0.00", locale=written)
    for text in (lang(written).money(n), lang(written).number(n), with_cents):
        assert read(text, reader) in (n, Why.NOT_A_NUMBER), text


TYPED = st.text(alphabet="0123456789.,  $%-−e+²①١٣\u00a0\u202fx", max_size=14)


@settings(max_examples=500, deadline=None)
@given(TYPED, locales, st.sampled_from(Unit))
@example("1,000.00", "it", Unit.DOLLARS)
@example("1e3", "en", Unit.DOLLARS)
def test_whatever_is_accepted_is_the_number_written_and_nothing_else_raises(text, locale, unit):
    """An independent reading of what was accepted: its ASCII digits before the language's decimal
    sign are the number, any after it are zero cents, and nothing else stands there but the
    language's separators, spaces and one sign of the unit."""
    result = read(text, locale, unit)
    if isinstance(result, Why):
        return
    group, decimal = get_group_symbol(locale), get_decimal_symbol(locale)
    whole, _, cents = text.partition(decimal)
    assert int("".join(c for c in whole if c in "0123456789") or "0") == result  # ",00": none
    assert set(cents) <= {"0", unit.value, " ", "\u00a0", "\u202f"} and len(cents.strip(" \u00a0$%")) <= 2
    assert set(text) <= set("0123456789") | {group, decimal, unit.value, " ", "\u00a0", "\u202f"}
    assert text.count(unit.value) <= 1


@pytest.mark.parametrize(
    ("text", "locale", "unit", "number"),
    [
        ("1000", "en", Unit.DOLLARS, 1000),
        ("1,000", "en", Unit.DOLLARS, 1000),
        ("$1,000", "en", Unit.DOLLARS, 1000),
        (" $ 1,000 ", "en", Unit.DOLLARS, 1000),
        ("1,000.00", "en", Unit.DOLLARS, 1000),
        ("$1,000.00", "en", Unit.DOLLARS, 1000),
        ("1,000 $", "en", Unit.DOLLARS, 1000),
        ("1000", "it", Unit.DOLLARS, 1000),
        ("1.000", "it", Unit.DOLLARS, 1000),
        ("1.000 $", "it", Unit.DOLLARS, 1000),
        ("1.000\u00a0$", "it", Unit.DOLLARS, 1000),
        ("$1.000", "it", Unit.DOLLARS, 1000),
        ("1.000,00", "it", Unit.DOLLARS, 1000),
        ("1.000,00 $", "it", Unit.DOLLARS, 1000),
        ("0", "en", Unit.DOLLARS, 0),
        ("15", "en", Unit.PERCENT, 15),
        ("15%", "en", Unit.PERCENT, 15),
        ("15 %", "it", Unit.PERCENT, 15),
        ("2.0", "en", Unit.PERCENT, 2),
        ("2,0", "it", Unit.PERCENT, 2),
        ("1.000", "de", Unit.DOLLARS, 1000),
        ("1.000,00", "de", Unit.DOLLARS, 1000),
        ("1.000 $", "de", Unit.DOLLARS, 1000),
        ("1.000,00\u00a0$", "de", Unit.DOLLARS, 1000),
        ("1 000", "fr", Unit.DOLLARS, 1000),
        ("1\u00a0000", "fr", Unit.DOLLARS, 1000),
        ("1\u202f000", "fr", Unit.DOLLARS, 1000),
        ("1 000,00", "fr", Unit.DOLLARS, 1000),
        ("1 234 567 $", "fr", Unit.DOLLARS, 1234567),
        ("1000", "fr", Unit.DOLLARS, 1000),
        ("12 %", "fr", Unit.PERCENT, 12),
        ("3500", "es", Unit.DOLLARS, 3500),
        ("3.500", "es", Unit.DOLLARS, 3500),
        ("3500 $", "es", Unit.DOLLARS, 3500),
        ("12.500,00", "es", Unit.DOLLARS, 12500),
        ("$ 3.500", "pt", Unit.DOLLARS, 3500),
        ("$3.500,00", "pt", Unit.DOLLARS, 3500),
        ("3.500", "pt", Unit.DOLLARS, 3500),
    ],
)
def test_a_number_as_people_write_it_in_their_language(text, locale, unit, number):
    assert read(text, locale, unit) == number


@pytest.mark.parametrize(
    ("text", "locale", "unit", "why"),
    [
        ("1,000.50", "en", Unit.DOLLARS, Why.FRACTION),
        ("1.000,50", "it", Unit.DOLLARS, Why.FRACTION),
        ("2.5", "en", Unit.DOLLARS, Why.FRACTION),
        ("2,5", "it", Unit.DOLLARS, Why.FRACTION),
        ("-500", "en", Unit.DOLLARS, Why.NEGATIVE),
        ("-500", "it", Unit.DOLLARS, Why.NEGATIVE),
        ("-$500", "en", Unit.DOLLARS, Why.NEGATIVE),
        ("\u2212500", "it", Unit.DOLLARS, Why.NEGATIVE),
        ("1e3", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1e3", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("²", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("5①", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("١٢٣", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1000 2000", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1.000 2.000", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1.000", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1,000", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1,000.00", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1.000,00", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("$$1,000", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("Infinity", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("NaN", "it", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("+5", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("15%", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("lots", "en", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("", "en", Unit.DOLLARS, Why.EMPTY),
        (" $ ", "it", Unit.DOLLARS, Why.EMPTY),
        ("2.5", "en", Unit.PERCENT, Why.FRACTION),
        ("2,5", "it", Unit.PERCENT, Why.FRACTION),
        ("2.5%", "en", Unit.PERCENT, Why.FRACTION),
        ("2.5", "it", Unit.PERCENT, Why.NOT_A_NUMBER),
        ("$5", "en", Unit.PERCENT, Why.NOT_A_NUMBER),
        ("%5", "en", Unit.PERCENT, Why.NOT_A_NUMBER),
        ("-5%", "it", Unit.PERCENT, Why.NEGATIVE),
        ("1.000,50", "de", Unit.DOLLARS, Why.FRACTION),
        ("2,5", "fr", Unit.DOLLARS, Why.FRACTION),
        ("2,5", "es", Unit.DOLLARS, Why.FRACTION),
        ("2,5", "pt", Unit.DOLLARS, Why.FRACTION),
        ("-1.000", "de", Unit.DOLLARS, Why.NEGATIVE),
        ("-1 000", "fr", Unit.DOLLARS, Why.NEGATIVE),
        ("-$ 500", "pt", Unit.DOLLARS, Why.NEGATIVE),
        ("1e3", "fr", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1,000", "de", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1,000", "es", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1,000.00", "pt", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1.000", "fr", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1 000", "de", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1000 2000", "fr", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1 00", "fr", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1  000", "fr", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("1.000 2.000", "es", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("$$ 500", "pt", Unit.DOLLARS, Why.NOT_A_NUMBER),
        ("500 € ", "de", Unit.DOLLARS, Why.NOT_A_NUMBER),
    ],
)
def test_what_is_no_whole_number_is_refused_with_its_reason(text, locale, unit, why):
    """Never 25% for "2.5": today's percentage house rules are whole numbers."""
    assert read(text, locale, unit) == why


@pytest.mark.parametrize(
    ("value", "number"),
    [("0", 0), ("4", 4), ("123456789", 123456789), ("1234567890", None), ("²", None), ("٣", None)],
)
def test_an_options_value_is_a_number_only_in_the_digits_the_bot_writes(value, number):
    assert option_number(value) == number
    assert option_number("") is None and option_number("-1") is None


@pytest.mark.parametrize("value", ["0", "7", "123456789", "1234567890", "", "٣", " 7", "7\n", "+7"])
def test_an_options_value_is_read_as_a_custom_ids_number_is(value):
    """One definition of the numbers the bot writes in its controls (`NUMBER`), read the same from a
    custom_id and from an option's value."""
    assert option_number(value) == NUMBER.value(value)
