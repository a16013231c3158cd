"""A hint in words: the planner's answer named as its button names it, "about" its chance, and how
much more than the next best it is worth, or that the two are within the noise; in both languages."""

from bot.features.review.hint_words import hint_text
from bot.features.review.model import Decision, Hint, Weighed
from bot.game.state import PendingKind
from bot.render.language.i18n import lang
from bot.render.prompts.answers import choices
from bot.table import Table, lobby
from tests.bot.game.scripted import land


def at_the_lottery() -> Table:
    """ann, bob and cat at a table whose game asks all three for the Lottery."""
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=7)
    for user, name in ((1, "ann"), (2, "bob"), (3, "cat")):
        lobby.join(table, user, name)
    lobby.start(table, 1)
    land(table.game, 0, 6)
    assert table.game.pending.kind == PendingKind.LOTTERY
    return table


def weighed(kind: str, value: int, chance: float, error: float = 0.02) -> Weighed:
    return Weighed(answer=Decision(kind=kind, value=value), chance=chance, error=error)


def test_a_clear_gain_is_told_in_points_and_the_other_answers_are_listed():
    table = at_the_lottery()
    hint = Hint(
        prompt=table.game.prompt,
        seat=0,
        answers=(weighed("ante", 3, 0.412), weighed("sit_out", 0, 0.35), weighed("ante", 5, 0.40)),
    )
    sit_out = next(c.label for c in choices(table.game, lang("en")) if c.kind == "sit_out")

    assert hint_text(hint, table, lang("en")).splitlines() == [
        "💡 A Hard computer player would answer “3”: about 41% to win.",
        f"About 6 points more than “{sit_out}” (35%).",
        "Also weighed: “5” about 40%.",
        "Only you see this. A game where anyone takes a hint is not rated.",
    ]
    assert hint_text(hint, table, lang("it")).splitlines()[:2] == [
        "💡 Un computer Difficile risponderebbe “3”: circa 41% di vincere.",
        "Circa 6 punti in più di “Non partecipo” (35%).",
    ]


def test_a_difference_within_the_noise_is_no_advice():
    table = at_the_lottery()
    hint = Hint(
        prompt=table.game.prompt,
        seat=0,
        answers=(weighed("ante", 3, 0.36, 0.03), weighed("ante", 4, 0.35, 0.03)),
    )

    assert hint_text(hint, table, lang("en")).splitlines()[1] == "About as good as “4”: either will do."
