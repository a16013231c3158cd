"""A table of words by code that every part of the bot joins on its own: the refusals
(bot/render/refusal_table.py) and the answers to the person who asked (bot/render/notes.py). The
core's words and each feature's (its own words module) register at the import of the module that
writes them, so no central list names a feature.

A plain dict merge lets a later entry silently replace an earlier one, and a code is a `StrEnum`
whose members compare equal to their values, so two enums sharing a value would share one
sentence: `Phrasebook.register` refuses both.
"""

from collections.abc import Mapping
from enum import StrEnum
from typing import Generic, TypeVar

W = TypeVar("W")
"""What writes one code's words (a function of the code's parameters and the language)."""


class DuplicateWords(ValueError):
    """A code given words twice, or two enums of one phrasebook sharing a value."""


class Phrasebook(Generic[W]):
    """One writer per code, joined by `register`; `kind` names the book in its errors."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._writers: dict[str, W] = {}
        self._codes: dict[str, StrEnum] = {}
        """Each registered code by its value, to name the code a duplicate collides with."""

    def register(self, writers: Mapping[StrEnum, W]) -> None:
        """Add one writer per code; a code whose value has words already (its own, or another
        enum's member of the same value) raises before anything is added. An enum defined again by
        its module imported anew (discord.py imports an extension's modules anew when it unloads and
        loads it) takes its own place."""
        for code in writers:
            known = self._codes.get(code.value)
            if known is not None and (known is code or _named(known) != _named(code)):
                raise DuplicateWords(
                    f"{self.kind} code {code.value!r} of {type(code).__name__} already has words, "
                    f"as {type(known).__name__}.{known.name}"
                )
        self._writers.update({code.value: words for code, words in writers.items()})
        self._codes.update({code.value: code for code in writers})

    def writer(self, code: str) -> W:
        """The writer of `code`'s words; a KeyError names a code nobody registered."""
        return self._writers[code]

    def enums(self) -> set[type[StrEnum]]:
        """The enums whose codes the book writes."""
        return {type(code) for code in self._codes.values()}

    def unwritten(self) -> list[StrEnum]:
        """The members, of every enum with a code in the book, that have no words (none once every
        module registering words was imported)."""
        return [code for enum in self.enums() for code in enum if code.value not in self._codes]


def _named(code: StrEnum) -> str:
    kind = type(code)
    return f"{kind.__module__}.{kind.__qualname__}.{code.name}"
