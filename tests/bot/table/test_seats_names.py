"""Display names are untrusted: they reach a shared board, so what they may do there is limited."""

import pytest

from bot.table import clean_name


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("alice", "alice"),
        ("  al   ice \n", "al ice"),
        ("\u202egnp.exe", "gnp.exe"),  # right-to-left override: would reverse the rest of the line
        (
            "bob\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200e\u200f\u061c",
            "bob",
        ),  # other bidi controls
        ("z\u200bo\u200ce\u200d\ufeff\u2060", "zoe"),  # zero-width characters
        ("x" * 40, "x" * 32),
        ("نور", "نور"),  # right-to-left letters themselves are a name like any other
        ("Ünal 🎲", "Ünal 🎲"),
    ],
)
def test_names_lose_bidi_controls_and_invisible_characters(name, shown):
    assert clean_name(name) == shown


@pytest.mark.parametrize(
    "blank",
    [
        "",
        "   ",
        "\u200b\u200b",
        "\u3164",
        "\u2800\u2800",
        "\u115f\u1160",
        "\u202e\u200f",
        "\u0301\u0301",
        "\x00",
    ],
)
def test_a_blank_looking_name_falls_back_to_the_username_or_player(blank):
    assert clean_name(blank, fallback="dave_42") == "dave_42"
    assert clean_name(blank) == "Player"
    assert clean_name(blank, fallback="\u3164") == "Player"
