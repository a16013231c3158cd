"""Rules and help text: every topic present, every page inside Discord's embed limits."""

from typing import get_args

import pytest

from bot.render import rules_text
from bot.render.rules_text import RULES, Topic, duration


def test_every_topic_has_a_page():
    assert tuple(RULES) == get_args(Topic)


@pytest.mark.parametrize("topic", get_args(Topic))
def test_pages_fit_in_an_embed(topic):
    title, text = RULES[topic]
    page = text.format(turn=duration(86_399), interrupt=duration(86_399))

    assert 0 < len(title) <= 256 and 0 < len(page) <= 4096
    assert "{" not in page and "}" not in page


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
