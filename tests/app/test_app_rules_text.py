"""Rules and help text: every topic present, every page inside Discord's embed limits."""

from typing import get_args

import pytest

from bot.game import board
from bot.game.rulesets import RULESETS
from bot.render import rules_text
from bot.render.rules_text import GENERATED, RULES, Topic, duration, page


def test_every_topic_has_a_page_written_or_generated():
    assert sorted([*RULES, *GENERATED]) == sorted(get_args(Topic))


@pytest.mark.parametrize("edition", RULESETS)
@pytest.mark.parametrize("topic", get_args(Topic))
def test_pages_fit_in_an_embed(topic, edition):
    title, text = page(topic, edition, turn=duration(86_399), interrupt=duration(86_399))

    assert 0 < len(title) <= 256 and 0 < len(text) <= 4096
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize("edition", RULESETS)
def test_the_board_page_lists_every_day_of_the_edition_once(edition):
    _, text = page("board", edition, "", "")
    listed = sorted(
        int(d)
        for line in text.splitlines()
        if " — day" in line
        for d in line.split(" — day")[1].lstrip("s ").split(":")[0].split(", ")
    )
    assert listed == list(range(1, board.PAYDAY_DAY + 1))


def test_the_family_board_page_says_what_its_own_spaces_do():
    _, text = page("board", "family", "", "")
    assert "**Sweepstakes** — day 2: collect $1,000 × a roll" in text
    assert "**Family Casino Night** — days 14, 28:" in text
    assert "the highest roll wins $1,000" in text


def test_a_written_page_read_for_another_edition_points_to_the_differences():
    assert "topic:editions" in page("loans", "classic", "", "")[1]
    assert "topic:editions" not in page("loans", "modern", "", "")[1]


def test_help_fits_in_an_embed_and_names_every_command():
    lines = "\n".join(f"`{usage}` — {what}" for usage, what in rules_text.COMMANDS)

    assert len(rules_text.HELP_TEXT) + len(lines) + 1 <= 4096
    names = {usage.split()[1] for usage, _ in rules_text.COMMANDS}
    assert names == {
        "start",
        "join",
        "leave",
        "status",
        "hand",
        "ledger",
        "loan",
        "repay",
        "deposit",
        "withdraw",
        "end",
        "rules",
        "help",
    }


@pytest.mark.parametrize(
    ("seconds", "said"), [(300, "5 minutes"), (60, "1 minute"), (90, "90 seconds"), (1, "1 second")]
)
def test_duration(seconds, said):
    assert duration(seconds) == said
