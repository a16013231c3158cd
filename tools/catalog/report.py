"""What a catalog lacks or gets wrong against the messages it should hold."""

import gettext
import re
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog, Message

from tools.catalog.files import SAME, forms_of, key_of
from tools.catalog.messages import COMMAND, CORE, Key, templates

DISCORD_LIMIT = 100
"""Discord refuses a command whose localised description or choice name is longer."""
PLACEHOLDER = re.compile(r"\{(\w*)\}")
WORD = re.compile(r"[^\W\d_]{2,}")
COUNTS = range(1001)
"""The counts a plural rule is checked on: every count the game shows (cards, months, minutes)."""


def _english(message: Message, form: int) -> str:
    """The English text a translated form stands for: a plural's form 0 the singular, others the plural."""
    msgid = message.id
    if isinstance(msgid, str):
        return msgid
    return msgid[0] if form == 0 else msgid[1]


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _words(text: str) -> set[str]:
    return {word.casefold() for word in WORD.findall(PLACEHOLDER.sub("", text))}


def _plural_rule(catalog: Catalog) -> str:
    """What is wrong with the catalog's plural rule (its Plural-Forms header), or "": it must sort
    counts into forms as CLDR's plural categories of the language do ("1 carte", "0 carte", "2
    cartes" in French; "0 cards" in English)."""
    if catalog.locale is None:
        return ""
    form_of = gettext.c2py(catalog.plural_expr)
    pairs = {(catalog.locale.plural_form(n), form_of(n)) for n in COUNTS}
    if len(pairs) == len({category for category, _ in pairs}) == len({form for _, form in pairs}):
        return ""
    return f"{catalog.plural_forms!r} sorts counts unlike {catalog.locale}'s plural categories (CLDR)"


def _show(key: Key) -> str:
    context, message = key
    text = message[0] if isinstance(message, tuple) else message
    text = text if len(text) <= 70 else text[:67] + "..."
    return f"[{context}] {text!r}" if context else repr(text)


@dataclass
class Report:
    """What a catalog lacks or gets wrong, each as a list of messages."""

    code: str
    """The language, and the feature for a feature's catalog ("it [pause]")."""
    missing: list[Key] = field(default_factory=list)
    """In the code, not in the catalog: run `update`."""
    untranslated: list[Key] = field(default_factory=list)
    fuzzy: list[Key] = field(default_factory=list)
    """Guessed by `update` from a similar message: check the translation, then drop the flag."""
    unused: list[Key] = field(default_factory=list)
    """In the catalog, no longer in the code (or now another catalog's): run `update`."""
    english: list[Key] = field(default_factory=list)
    """Translated as the English text itself (flag `same-as-english` where that is right)."""
    unexplained: list[Key] = field(default_factory=list)
    """Flagged `same-as-english` with a word the language's glossary never names (say why there)."""
    plural_rule: str = ""
    """What is wrong with the catalog's plural rule, if anything."""
    placeholders: list[tuple[Key, str]] = field(default_factory=list)
    too_long: list[tuple[Key, str]] = field(default_factory=list)
    translated: int = 0
    wanted: int = 0
    """How many messages the catalog should hold."""
    stray: bool = False
    """A feature's catalog of no feature with messages of its own (its folder gone): run `update`."""
    glossary_missing: str = ""
    """The language's glossary, where it should be but is not (docs/GLOSSARY-<code>.md)."""

    def problems(self) -> list[str]:
        lines = ["a catalog no feature's messages need: run `update`"] if self.stray else []
        lines += [f"no glossary: write {self.glossary_missing}"] if self.glossary_missing else []
        lines += [f"missing: {_show(k)}" for k in self.missing]
        lines += [f"untranslated: {_show(k)}" for k in self.untranslated]
        lines += [f"fuzzy: {_show(k)}" for k in self.fuzzy]
        lines += [f"unused: {_show(k)}" for k in self.unused]
        lines += [f"English left in: {_show(k)}" for k in self.english]
        lines += [f"kept in English, not in the glossary: {_show(k)}" for k in self.unexplained]
        lines += [f"plural rule: {self.plural_rule}"] if self.plural_rule else []
        lines += [f"placeholders: {_show(k)}: {why}" for k, why in self.placeholders]
        lines += [f"too long for Discord: {_show(k)}: {why}" for k, why in self.too_long]
        return [f"{self.code}: {line}" for line in lines]


def check(
    catalog: Catalog, wanted: Catalog | None = None, name: str | None = None, glossary: str | None = None
) -> Report:
    """Everything a catalog (the core's unless `wanted` says otherwise) lacks or gets wrong against
    the messages the code uses; and, given the language's glossary, every translation kept in
    English for a reason the glossary does not give (a word it never names)."""
    wanted = wanted if wanted is not None else templates()[CORE]
    report = Report(name or str(catalog.locale), wanted=len(wanted), plural_rule=_plural_rule(catalog))
    explained = _words(glossary) if glossary is not None else None
    want = {key_of(m) for m in list(wanted)[1:]}
    have = {key_of(m): m for m in list(catalog)[1:]}
    report.missing = [key for key in want if key not in have]
    report.unused = [key for key in have if key not in want]
    for key, message in have.items():
        forms = forms_of(message)
        if not all(forms):
            report.untranslated.append(key)
            continue
        if message.fuzzy:
            report.fuzzy.append(key)
            continue
        report.translated += 1
        same = [text for i, text in enumerate(forms) if text == _english(message, i) and _words(text)]
        if same and SAME not in message.flags:
            report.english.append(key)
        elif explained is not None and any(not _words(text) <= explained for text in same):
            report.unexplained.append(key)
        for i, text in enumerate(forms):
            english = _english(message, i)
            if _names(text) != _names(english):
                report.placeholders.append(
                    (key, f"form {i} has {sorted(_names(text))}, the English {sorted(_names(english))}")
                )
            if message.context == COMMAND and len(text) > DISCORD_LIMIT:
                report.too_long.append((key, f"{len(text)} characters"))
    return report
