"""Hints in words: the planner's answer to the player's question and what it expects of it, in
plain words ("Buy for $5,000: about 58% to win, 6 points more than Decline"), and the refusals.

A chance is an estimate from sampled futures, so it is always "about"; a difference within the
estimate's noise is said to be none ("about as good as"), never a number that would read as advice.
Answers are named as their buttons name them, so the player finds the one meant.
"""

from enum import StrEnum
from math import hypot
from typing import Any

from bot.features.review.hints import HintCode, HintNote
from bot.features.review.model import Decision, Hint, Weighed
from bot.render.language.i18n import Lang
from bot.render.notes import NOTES, NoteWriter
from bot.render.prompts.answers import choices
from bot.render.prompts.layout import Choice
from bot.render.refusal_table import REFUSALS, Writer
from bot.table import Table

SHOWN_OTHERS = 3
"""Other answers listed under the planner's, best first."""


def hint_text(hint: Hint, table: Table | None, L: Lang) -> str:
    """The hint: the planner's answer with its chance to win and how much more than the next best
    answer it expects; then the other answers weighed, each with its chance."""
    offered = [] if table is None or table.state is None else choices(table.state, L, table.computers())
    best, *others = hint.answers
    chance = L._("about {percent} to win", percent=_percent(best.chance, L))
    lines = [
        L._(
            "💡 A Hard computer player would answer “{answer}”: {chance}.",
            answer=_named(best.answer, offered, L),
            chance=chance,
        )
    ]
    if others:
        lines.append(_against(best, others[0], offered, L))
    if len(others) > 1:
        weighed = ", ".join(
            L._(
                "“{answer}” about {percent}",
                answer=_named(o.answer, offered, L),
                percent=_percent(o.chance, L),
            )
            for o in others[1 : 1 + SHOWN_OTHERS]
        )
        lines.append(L._("Also weighed: {answers}.", answers=weighed))
    lines.append(L._("Only you see this. A game where anyone takes a hint is not rated."))
    return "\n".join(lines)


def _against(best: Weighed, other: Weighed, offered: list[Choice], L: Lang) -> str:
    """How much more the planner's answer is worth than the next best, in points of chance to win;
    within the noise of the two estimates, about as much."""
    gain = best.chance - other.chance
    name = _named(other.answer, offered, L)
    if gain <= hypot(best.error, other.error):
        return L._("About as good as “{answer}”: either will do.", answer=name)
    points = max(1, round(gain * 100))
    return L.ngettext(
        "About {n} point more than “{answer}” ({percent}).",
        "About {n} points more than “{answer}” ({percent}).",
        points,
        answer=name,
        percent=_percent(other.chance, L),
    )


def _percent(chance: float, L: Lang) -> str:
    return L.percent(round(min(max(chance, 0.0), 1.0) * 100))


def _named(answer: Decision, offered: list[Choice], L: Lang) -> str:
    """An answer as its button names it; one no button shows (an amount between the ones offered)
    by its amount."""
    for choice in offered:
        if choice.kind == answer.kind and choice.value == answer.value and not choice.form:
            return choice.label
    return L.money(answer.value)


def _hint_note(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    return hint_text(params["hint"], table, L)


def _switched_note(params: dict[str, Any], L: Lang, table: Table | None) -> str:
    if params["allowed"]:
        return L._("{name} allowed hints in this game: it will not be rated if anyone takes one.", **params)
    return L._("{name} turned hints off for this game.", **params)


_NOTES: dict[StrEnum, NoteWriter] = {HintNote.HINT: _hint_note, HintNote.HINTS_SWITCHED: _switched_note}
NOTES.register(_NOTES)
_REFUSALS: dict[StrEnum, Writer] = {
    HintCode.HINTS_OFF: lambda p, n, L: L._("Hints are off in this game."),
    HintCode.NOT_ASKED: lambda p, n, L: L._(
        "Hints are for the player the question asks: this one isn't yours."
    ),
    HintCode.NO_HINT_NOW: lambda p, n, L: L._(
        "No hint could be worked out in time: try again in a moment. Nothing was marked."
    ),
}
REFUSALS.register(_REFUSALS)
