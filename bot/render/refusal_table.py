"""The one table of refusal words: the core's words (bot/render/refusals.py) and each feature's
(its own words module) join it through `register`, at the import of the module that writes them.

A plain dict merge lets a later entry silently replace an earlier one, and a refusal code is a
`StrEnum` whose members compare equal to their values, so two enums sharing a value would share one
sentence: `register` refuses both. It imports nothing of the features, so any of them can register.
"""

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from typing import Any

from bot.render.i18n import Lang

Names = Sequence[str]
Writer = Callable[[dict[str, Any], Names, Lang], str]
"""A refusal's sentence from its parameters, the players by seat and the language."""

_WRITERS: dict[str, Writer] = {}
_CODES: dict[str, StrEnum] = {}
"""Each registered code by its value, to name the code a duplicate collides with."""


class DuplicateRefusal(ValueError):
    """A refusal code given words twice, or two refusal enums sharing a value."""


def register(writers: Mapping[StrEnum, Writer]) -> None:
    """Add one writer per code to the table; a code whose value has words already (its own, or
    another enum's member of the same value) raises before anything is added."""
    for code in writers:
        if code.value in _CODES:
            known = _CODES[code.value]
            raise DuplicateRefusal(
                f"refusal code {code.value!r} of {type(code).__name__} already has words, "
                f"as {type(known).__name__}.{known.name}"
            )
    _WRITERS.update({code.value: words for code, words in writers.items()})
    _CODES.update({code.value: code for code in writers})


def writer(code: str) -> Writer:
    """The writer of `code`'s sentence; a KeyError names a code nobody registered."""
    return _WRITERS[code]


def enums() -> set[type[StrEnum]]:
    """The enums whose codes the table writes."""
    return {type(code) for code in _CODES.values()}


def unwritten() -> list[StrEnum]:
    """The members, of every enum with a code in the table, that have no words (none once every
    module registering words was imported)."""
    return [code for enum in enums() for code in enum if code.value not in _CODES]
