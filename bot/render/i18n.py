"""Languages: a gettext catalog per language, and numbers and money written the way each language does.

The English text is the message id, so English needs no catalog. Other languages keep their
translations in `locale/<code>/LC_MESSAGES/payday.po`, which Babel compiles in memory the first time
the language is used: the `.po` file is the only source, so there is no compiled `.mo` to forget.
Plurals come from the catalog's own plural rule (`ngettext`), never from `if n == 1`.
"""

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

DOMAIN = "payday"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
SUPPORTED = (ENGLISH, "it")
"""Languages with a complete catalog, in the order `/payday start language:` offers them."""
NAMES = {"en": "English", "it": "Italiano"}
"""Each language by its own name, for the language option."""
NBSP = "\u00a0"
MONEY_MEMO = 4096
"""Amounts each language keeps written (a game has a few hundred different ones)."""


class Lang:
    """One language: translate a message (then fill its `{placeholders}`), format money and numbers."""

    __slots__ = ("_money", "_translations", "code", "missing")

    def __init__(self, code: str, translations: gettext.NullTranslations) -> None:
        self.code = code
        self._translations = translations
        self.missing: set[str] = set()
        """Messages asked for that the catalog lacks (English has no catalog, so it never records)."""
        self._money: dict[int, str] = {}
        """Amounts already written: Babel takes about 40 µs an amount, and a game's story writes
        thousands, mostly the same few hundred."""

    def _(self, message: str, /, **args: object) -> str:
        return self._fill(message, self._translations.gettext(message), args)

    def ngettext(self, singular: str, plural: str, n: int, /, **args: object) -> str:
        """The form for `n` (which the text may show as `{n}`), chosen by the language's plural rule."""
        text = self._translations.ngettext(singular, plural, n)
        return self._fill(singular, text, {"n": self.number(n), **args}, plural)

    def pgettext(self, context: str, message: str, /, **args: object) -> str:
        """A message whose translation depends on where it is used (a card's name, a space's name)."""
        return self._fill(message, self._translations.pgettext(context, message), args)

    def money(self, amount: int) -> str:
        """ "$3,500" in English; Italian follows its rulebook, which writes "325$": "3.500 $"."""
        if self.code == ENGLISH:
            return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
        text = self._money.get(amount)
        if text is None:
            if len(self._money) >= MONEY_MEMO:
                self._money.clear()
            text = self._money[amount] = f"{format_decimal(amount, locale=self.code)}{NBSP}$"
        return text

    def number(self, n: int) -> str:
        return f"{n:,}" if self.code == ENGLISH else format_decimal(n, locale=self.code)

    def _fill(self, message: str, text: str, args: dict, plural: str | None = None) -> str:
        if self.code != ENGLISH and text in (message, plural):
            self.missing.add(message)
        return text.format(**args) if args else text


@functools.cache
def lang(code: str | None) -> Lang:
    """The language for a Discord locale ("it", "en-US", "en-GB", ...); anything unsupported is English."""
    base = (code or ENGLISH).split("-")[0].lower()
    if base not in SUPPORTED or base == ENGLISH:
        return Lang(ENGLISH, gettext.NullTranslations())
    return Lang(base, _compile(base))


def _compile(code: str) -> gettext.GNUTranslations:
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
