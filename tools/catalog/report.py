"""What a catalog lacks or gets wrong against the messages it should hold."""

import re
from dataclasses import dataclass, field

from babel.messages.catalog import Catalog, Message

from tools.catalog.files import SAME, forms_of, key_of
from tools.catalog.messages import COMMAND, CORE, Key, templates

DISCORD_LIMIT = 100
"""Discord refuses a command whose localised description or choice name is longer."""
PLACEHOLDER = re.compile(r"\{(\w*)\}")
WORD = re.compile(r"[^\W\d_]{2,}")


def _english(message: Message, form: int) -> str:
    """The English text a translated form stands for: a plural's form 0 the singular, others the plural."""
    msgid = message.id
    if isinstance(msgid, str):
        return msgid
    return msgid[0] if form == 0 else msgid[1]


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


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
    placeholders: list[tuple[Key, str]] = field(default_factory=list)
    too_long: list[tuple[Key, str]] = field(default_factory=list)
    translated: int = 0
    wanted: int = 0
    """How many messages the catalog should hold."""
    stray: bool = False
    """A feature's catalog of no feature with messages of its own (its folder gone): run `update`."""

    def problems(self) -> list[str]:
        lines = ["a catalog no feature's messages need: run `update`"] if self.stray else []
        lines += [f"missing: {_show(k)}" for k in self.missing]
        lines += [f"untranslated: {_show(k)}" for k in self.untranslated]
        lines += [f"fuzzy: {_show(k)}" for k in self.fuzzy]
        lines += [f"unused: {_show(k)}" for k in self.unused]
        lines += [f"English left in: {_show(k)}" for k in self.english]
        lines += [f"placeholders: {_show(k)}: {why}" for k, why in self.placeholders]
        lines += [f"too long for Discord: {_show(k)}: {why}" for k, why in self.too_long]
        return [f"{self.code}: {line}" for line in lines]


def check(catalog: Catalog, wanted: Catalog | None = None, name: str | None = None) -> Report:
    """Everything a catalog (the core's unless `wanted` says otherwise) lacks or gets wrong against
    the messages the code uses."""
    wanted = wanted if wanted is not None else templates()[CORE]
    report = Report(name or str(catalog.locale), wanted=len(wanted))
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
        for i, text in enumerate(forms):
            english = _english(message, i)
            if text == english and WORD.search(PLACEHOLDER.sub("", text)) and SAME not in message.flags:
                report.english.append(key)
            if _names(text) != _names(english):
                report.placeholders.append(
                    (key, f"form {i} has {sorted(_names(text))}, the English {sorted(_names(english))}")
                )
            if message.context == COMMAND and len(text) > DISCORD_LIMIT:
                report.too_long.append((key, f"{len(text)} characters"))
    return report
