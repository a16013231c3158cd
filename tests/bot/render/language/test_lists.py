"""Lists joined the way each language joins them (issue 17.8): no "a and b and c"."""

import pytest

from bot.render.language.i18n import lang
from bot.render.language.lists import and_list, in_turn, or_list

EN, IT = lang("en"), lang("it")


@pytest.mark.parametrize(
    ("items", "english", "italian"),
    [
        (["alice"], "alice", "alice"),
        (["alice", "bob"], "alice and bob", "alice e bob"),
        (["alice", "bob", "carol"], "alice, bob and carol", "alice, bob e carol"),
        (["a", "b", "c", "d"], "a, b, c and d", "a, b, c e d"),
    ],
)
def test_and_lists_read_as_each_language_writes_them(items, english, italian):
    assert and_list(items, EN) == english
    assert and_list(items, IT) == italian


def test_or_lists_read_as_each_language_writes_them():
    assert or_list(["5"], EN) == "5"
    assert or_list(["5", "6"], EN) == "5 or 6"
    assert or_list(["4", "5", "6"], EN) == "4, 5 or 6"
    assert or_list(["4", "5", "6"], IT) == "4, 5 o 6"


def test_players_in_turn_read_first_to_last_in_every_language():
    assert in_turn(["alice", "bob", "carol"]) == "alice\u00a0→ bob\u00a0→ carol"
    assert in_turn(["bob"]) == "bob"
