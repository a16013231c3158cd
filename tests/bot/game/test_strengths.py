"""Every strength answers every question legally, in every edition, and never changes the game it
is shown; Normal is the computer player of bot.game.ai."""

import pytest

from bot.game import ai
from bot.game.engine import apply, legal_actions, new_game
from bot.game.state import to_json
from bot.game.strengths import DEFAULT_STRENGTH, Strength, choose
from tests.bot.game.test_ai import ALL_KINDS, CLASSIC_KINDS

TINY_BUDGET = 100
"""Hard at its fewest futures, so whole games of it stay quick."""


def played_kinds(strength: Strength, ruleset: str, seeds: range, players: int, months: int) -> set[str]:
    """Play whole games with every seat at `strength`, checking each answer of every asked seat;
    returns the kinds of question met."""
    seen: set[str] = set()
    for seed in seeds:
        st = new_game([f"P{i}" for i in range(players)], ruleset=ruleset, months=months, seed=seed)
        while not st.over:
            for seat in st.asked.seats:
                before = to_json(st)
                action = choose(st, seat, strength, seed, budget=TINY_BUDGET)
                assert action in legal_actions(st, seat), (strength, ruleset, seed, st.pending)
                assert to_json(st) == before
            seen.add(st.asked.kind)
            seat = st.asked.seats[seed % len(st.asked.seats)]
            apply(st, choose(st, seat, strength, seed, budget=TINY_BUDGET))
    return seen


def test_easy_answers_legally_over_many_modern_and_family_games():
    modern = played_kinds(Strength.EASY, "modern", range(30), players=4, months=2)
    family = played_kinds(Strength.EASY, "family", range(30), players=3, months=2)
    assert modern | family == ALL_KINDS


def test_easy_answers_legally_over_many_classic_games():
    assert played_kinds(Strength.EASY, "classic", range(40), players=3, months=3) == CLASSIC_KINDS


@pytest.mark.parametrize(
    ("ruleset", "kinds"),
    [
        ("modern", {"deal", "sell", "target", "move", "repay", "lottery"}),
        ("family", {"deal", "sell", "target", "lottery", "roll_off"}),
        ("classic", {"deal", "sell", "banking", "poker", "insurance"}),
    ],
)
def test_hard_answers_legally_in_every_edition(ruleset, kinds):
    """One-month games of three, so that Hard playing every seat stays quick."""
    assert kinds <= played_kinds(Strength.HARD, ruleset, range(4), players=3, months=1)


def test_normal_is_the_rule_based_player_and_the_default():
    st = new_game(["A", "B", "C"], seed=3)
    while not st.over:
        seat = st.asked.seats[0]
        assert choose(st, seat) == choose(st, seat, Strength.NORMAL, seed=99) == ai.choose(st, seat)
        apply(st, choose(st, seat))
    assert DEFAULT_STRENGTH == Strength.NORMAL
