"""Languages: a gettext catalog per language, and numbers and money written the way each language does.

The English text is the message id, so English needs no catalog. Other languages keep their
translations in `bot/render/locale/<code>/LC_MESSAGES/payday.po`, and each feature the words only
it uses in its own folder's `bot/features/<name>/locale/<code>/LC_MESSAGES/payday.po`; Babel merges
a language's catalogs and compiles them in memory the first time the language is used: the `.po`
files are the only source, so there is no compiled `.mo` to forget.
Plurals come from the catalog's own plural rule (`ngettext`), never from `if n == 1`.
"""

import functools
import gettext
import io
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent, get_minus_sign_symbol

DOMAIN = "payday"
LOCALE_DIR = Path(__file__).parents[1] / "locale"
FEATURES_DIR = Path(__file__).parents[2] / "features"
"""Where each feature's folder, and its own catalogs, are (found by path: render imports no feature)."""
ENGLISH = "en"
SUPPORTED = (ENGLISH, "it", "pt", "fr")
"""Languages with a complete catalog, in the order `/payday start language:` offers them. A language
whose catalogs are complete is turned on here and nowhere else (README, Languages)."""
NAMES = {
    "en": "English",
    "it": "Italiano",
    "es": "Español",
    "pt": "Português (Brasil)",
    "fr": "Français",
    "de": "Deutsch",
}
"""Each language by its own name, for the language option (the same for every reader: never
translated). Spanish is one neutral catalog for Discord's es-ES and es-419; "pt" is Brazilian
Portuguese (CLDR's "pt" is Brazil's), for Discord's pt-BR."""
NBSP = "\u00a0"
GROUPED_FROM = {"es": 10_000}
"""CLDR's minimum grouping digits, which Babel does not apply: Spanish writes 3500 and 12.500 (RAE's
rule too); every other language groups from 1,000."""


class Lang:
    """One language: translate a message (then fill its `{placeholders}`), format money and numbers."""

    __slots__ = ("_known", "_translations", "code", "missing")

    def __init__(
        self,
        code: str,
        translations: gettext.NullTranslations,
        known: frozenset[tuple[str | None, str]] = frozenset(),
    ) -> None:
        self.code = code
        self._translations = translations
        self._known = known
        """(context, message id) of every translated message: a translation may equal its English."""
        self.missing: set[str] = set()
        """Messages asked for that the catalog lacks (English has no catalog, so it never records)."""

    def _(self, message: str, /, **args: object) -> str:
        if self.code == ENGLISH:  # the message is its own English: no catalog to ask (every click)
            return message.format(**args) if args else message
        return self._fill(None, message, self._translations.gettext(message), args)

    def ngettext(self, singular: str, plural: str, n: int, /, **args: object) -> str:
        """The form for `n` (which the text may show as `{n}`), chosen by the language's plural rule."""
        text = self._translations.ngettext(singular, plural, n)
        return self._fill(None, singular, text, {"n": self.number(n), **args})

    def pgettext(self, context: str, message: str, /, **args: object) -> str:
        """A message whose translation depends on where it is used (a card's name, a space's name)."""
        if self.code == ENGLISH:
            return message.format(**args) if args else message
        return self._fill(context, message, self._translations.pgettext(context, message), args)

    def translates(self, context: str | None, message: str) -> bool:
        """Whether the catalog has this message (English, the message itself, always has)."""
        return self.code == ENGLISH or (context, message) in self._known

    def money(self, amount: int) -> str:
        """ "$3,500" in English; elsewhere the game's dollar where the language puts its currency
        sign: "3.500 $" in Italian (its rulebook writes "325$") and German, "3 500 $" in French,
        "$ 3.500" in Brazilian Portuguese, "3500 $" in Spanish."""
        if self.code == ENGLISH:
            return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
        return _money(amount, self.code)

    def signed(self, amount: int) -> str:
        """A gain or a loss, its sign always shown: "+$1,250", "-$400"."""
        return f"+{self.money(amount)}" if amount > 0 else self.money(amount)

    def percent(self, n: int) -> str:
        """A whole percentage as the language writes it: "10%" in English, "10 %" in French and German."""
        return f"{n}%" if self.code == ENGLISH else format_percent(n / 100, locale=self.code)

    def number(self, n: int) -> str:
        return f"{n:,}" if self.code == ENGLISH else _decimal(n, self.code)

    def _fill(self, context: str | None, message: str, text: str, args: dict[str, Any]) -> str:
        if self.code != ENGLISH and (context, message) not in self._known:
            self.missing.add(message)
        return text.format(**args) if args else text


@functools.lru_cache(maxsize=4096)
def _decimal(n: int, code: str) -> str:
    """`n` written the language's way. Kept: every click writes its board's dozens of amounts, few
    of them new, and asking Babel for each is most of what an Italian board costs more than an
    English one."""
    return format_decimal(n, locale=code, group_separator=abs(n) >= GROUPED_FROM.get(code, 0))


@functools.lru_cache(maxsize=4096)
def _money(n: int, code: str) -> str:
    """`n` dollars as the language writes an amount of money (CLDR's currency pattern, through
    Babel): the sign before or after the number, with the space the language puts between them;
    the game's "$" stands for the currency, never "US$"."""
    pattern = Locale.parse(code).currency_formats["standard"]
    prefix, suffix = (affix[0].replace("¤", "$") for affix in (pattern.prefix, pattern.suffix))
    minus = get_minus_sign_symbol(code) if n < 0 else ""
    return f"{minus}{prefix}{_decimal(abs(n), code)}{suffix}"


def language_of(locale: object) -> str:
    """The supported language for a Discord locale ("it", "en-US", "es-419", "pt-BR", ..., or a
    `discord.Locale`): its language part (es-ES and es-419 are both Spanish, pt-BR is "pt"), or
    English for anything unsupported."""
    base = str(getattr(locale, "value", locale) or ENGLISH).split("-")[0].lower()
    return base if base in SUPPORTED else ENGLISH


def lang(locale: object) -> Lang:
    """The language for a Discord locale (`language_of`). One `Lang` per language."""
    return _language(language_of(locale))


@functools.cache
def _language(code: str) -> Lang:
    """The language's one `Lang`, its catalog compiled the first time it is asked for."""
    if code == ENGLISH:
        return Lang(ENGLISH, gettext.NullTranslations())
    return Lang(code, *_compile(code))


def po_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where a language's catalog lives in a `locale` folder, the core's unless told (tools/catalog
    keeps every catalog in step with the code)."""
    return locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def feature_po_paths(code: str, features: Path = FEATURES_DIR) -> list[Path]:
    """Every feature's catalog of a language, in the order of their features' names."""
    return sorted(features.glob(f"*/locale/{code}/LC_MESSAGES/{DOMAIN}.po"))


def _compile(
    code: str, paths: list[Path] | None = None
) -> tuple[gettext.GNUTranslations, frozenset[tuple[str | None, str]]]:
    """The language's translations (the core's catalog and every feature's, merged), and the
    (context, message id) of each message they translate."""
    paths = paths if paths is not None else [po_path(code), *feature_po_paths(code)]
    with paths[0].open("rb") as source:
        catalog = read_po(source, locale=code, domain=DOMAIN)
    for path in paths[1:]:
        with path.open("rb") as source:
            for message in list(read_po(source, locale=code, domain=DOMAIN))[1:]:
                if catalog.get(message.id, message.context) is None:  # the tool gives each one home
                    catalog[message.id] = message
    for message in list(catalog)[1:]:
        # Only whole translations count: Babel would write a plural whose forms are empty.
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            catalog.delete(message.id, message.context)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    known = frozenset((m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in list(catalog)[1:])
    return gettext.GNUTranslations(compiled), known
