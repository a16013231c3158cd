"""The one table of refusal words: the core's (bot/render/refusals.py) and each feature's (its own
words module) join it with `REFUSALS.register` at the import of the module that writes them. It
imports nothing of the features, so any of them can register."""

from collections.abc import Callable, Sequence
from typing import Any

from bot.render.language.i18n import Lang
from bot.render.phrasebook import Phrasebook

Names = Sequence[str]
Writer = Callable[[dict[str, Any], Names, Lang], str]
"""A refusal's sentence from its parameters, the players by seat and the language."""

REFUSALS: Phrasebook[Writer] = Phrasebook("refusal")
"""Every refusal's words, by its code."""
