"""Lists of words joined the way the reader's language joins them: "alice, bob and carol", "4, 5 or 6".

Babel's `format_list` knows each language's patterns (CLDR), so no catalog has to word a list.
English lists follow the British pattern, without the serial comma, as the rest of the bot's
English writes them ("alice, bob and carol").
"""

from collections.abc import Sequence

from babel.lists import format_list

from bot.render.language.i18n import ENGLISH, NBSP, Lang

_LOCALES = {ENGLISH: "en_GB"}
"""Babel's locale for a language whose own pattern the bot does not follow."""


def and_list(items: Sequence[str], L: Lang) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat"."""
    return format_list(list(items), style="standard", locale=_LOCALES.get(L.code, L.code))


def or_list(items: Sequence[str], L: Lang) -> str:
    """ "5", "5 or 6", "4, 5 or 6"."""
    return format_list(list(items), style="or", locale=_LOCALES.get(L.code, L.code))


def in_turn(names: Sequence[str]) -> str:
    """Players who act one after another, first to last, the same in every language: "alice → bob →
    carol" (an "and" list would not say who goes first). Each arrow keeps to the name before it, so
    a narrow screen breaks the line after an arrow, never before one."""
    return f"{NBSP}→ ".join(names)
