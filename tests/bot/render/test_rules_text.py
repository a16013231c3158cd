"""Rules and help text: every topic present, every page inside Discord's embed limits, and every number
on every page taken from the edition's data (docs/RULES.md is the spec the pages follow)."""

import re
from collections import Counter
from dataclasses import fields, replace
from typing import get_args

import pytest

from bot.game import calendar, engine
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.rulesets import RULESETS, Ruleset
from bot.render.language.i18n import lang
from bot.render.rules_text import TITLES, WRITTEN, Topic, duration, page, render

ENGLISH = lang("en")


def test_every_topic_has_a_page():
    assert sorted(TITLES) == sorted(get_args(Topic)) == sorted([*WRITTEN, "editions"])


@pytest.mark.parametrize("edition", RULESETS)
@pytest.mark.parametrize("topic", get_args(Topic))
def test_pages_fit_in_an_embed(topic, edition):
    title, text = page(topic, edition, duration(86_399, ENGLISH), duration(86_399, ENGLISH), ENGLISH)

    assert 0 < len(title) <= 256 and 0 < len(text) <= 4096
    assert "{" not in text and "}" not in text


@pytest.mark.parametrize("edition", RULESETS)
def test_the_board_page_lists_every_day_of_the_edition_once(edition):
    _, text = page("board", edition, "", "", L=ENGLISH)
    listed = sorted(
        int(d)
        for line in text.splitlines()
        if " — day" in line
        for d in line.split(" — day")[1].lstrip("s ").split(":")[0].split(", ")
    )
    assert listed == list(range(1, calendar.PAYDAY_DAY + 1))


def test_the_family_board_page_says_what_its_own_spaces_do():
    _, text = page("board", "family", "", "", L=ENGLISH)
    assert "**Sweepstakes** — day 2: collect $1,000 × a roll" in text
    assert "**Family Casino Night** — days 14, 28:" in text
    assert "the highest roll wins $1,000" in text


def test_each_page_is_written_for_its_own_edition():
    assert "in steps of $100, up to $6,900" in page("loans", "classic", "", "", L=ENGLISH)[1]
    assert "**20%**" in page("loans", "classic", "", "", L=ENGLISH)[1]
    assert "at any time (`/payday repay`" in page("loans", "family", "", "", L=ENGLISH)[1]
    assert "only on your Pay Day" in page("loans", "modern", "", "", L=ENGLISH)[1]
    assert "no Lottery pot" in page("lottery", "classic", "", "", L=ENGLISH)[1]
    assert (
        "Numbers are picked in turn, starting with the player who landed"
        in page("lottery", "modern", "", "", L=ENGLISH)[1]
    )
    assert "cash plus savings minus loan" in page("winning", "classic", "", "", L=ENGLISH)[1]
    for topic in ("overview", "board", "mail", "deals"):
        assert "our reconstruction" in page(topic, "classic", "", "", L=ENGLISH)[1]
        assert "reconstruction" not in page(topic, "modern", "", "", L=ENGLISH)[1]


# -- every number in every page comes from the edition's data (issue 6) ---------------------------
NUMBER = re.compile(r"\d[\d,]*")
TURN, INTERRUPT = 71 * 60, 97
"""Time limits no edition's data uses, so their numbers are told apart."""
SHARED = {*LOTTERY_NUMBERS, engine.MIN_MONTHS, engine.MAX_MONTHS, engine.DEFAULT_MONTHS, calendar.PAYDAY_DAY}
"""Numbers every edition shares: die faces (and numbered steps), months, the calendar's length."""


def numbers(text: str) -> set[int]:
    return {int(found.replace(",", "")) for found in NUMBER.findall(text)}


def data_numbers(rs: Ruleset) -> set[int]:
    """Every number an edition's data holds: its rules, its board, its decks and their sizes."""
    rules = [getattr(rs.rules, f.name) for f in fields(rs.rules)]
    found = {v for v in rules if isinstance(v, int) and not isinstance(v, bool)}
    for day, space in enumerate(rs.board):
        found |= {day, space.amount, space.count}
    found |= {card.amount for card in rs.mail} | set(Counter(card.kind for card in rs.mail).values())
    found |= {n for deal in rs.deals for n in (deal.cost, deal.value, deal.commission)}
    return found | {len(rs.mail), len(rs.deals)} | numbers(rs.title)


def changed(rs: Ruleset) -> Ruleset:
    """The edition with every number moved to values no edition uses (die faces stay die faces),
    and one more card of every kind: text that typed a number in would no longer match."""
    rules = {
        f.name: getattr(rs.rules, f.name) * 10 + 7
        for f in fields(rs.rules)
        if type(getattr(rs.rules, f.name)) is int
    }
    rules.update(radio_number=4, swellfare_win=4)
    spaces = tuple(replace(space, amount=space.amount * 10 + 7 if space.amount else 0) for space in rs.board)
    mail = tuple(replace(card, amount=card.amount * 10 + 3 if card.amount else 0) for card in rs.mail)
    mail += tuple({card.kind: card for card in mail}.values())
    deals = tuple(
        replace(
            d,
            cost=d.cost * 10 + 1,
            value=d.value * 10 + 9,
            commission=d.commission * 10 + 3 * bool(d.commission),
        )
        for d in rs.deals
    )
    return replace(rs, rules=replace(rs.rules, **rules), board=spaces, mail=mail, deals=deals + deals[:1])


def stray_numbers(topic: str, rs: Ruleset, editions: list[Ruleset]) -> set[int]:
    title, text = render(topic, rs, duration(TURN, ENGLISH), duration(INTERRUPT, ENGLISH), ENGLISH, editions)
    allowed = SHARED | numbers(duration(TURN, ENGLISH)) | numbers(duration(INTERRUPT, ENGLISH))
    for edition in editions if topic == "editions" else [rs]:
        allowed |= data_numbers(edition)
    return numbers(title + text) - allowed


@pytest.mark.parametrize("edition", RULESETS)
@pytest.mark.parametrize("topic", get_args(Topic))
def test_every_number_on_a_page_is_one_of_the_editions_own(topic, edition):
    assert stray_numbers(topic, RULESETS[edition], list(RULESETS.values())) == set()


@pytest.mark.parametrize("edition", RULESETS)
@pytest.mark.parametrize("topic", get_args(Topic))
def test_no_page_types_a_number_in_when_every_number_in_the_data_changes(topic, edition):
    editions = [changed(rs) for rs in RULESETS.values()]
    assert stray_numbers(topic, changed(RULESETS[edition]), editions) == set()


def test_the_die_faces_a_page_names_follow_the_data_too():
    modern, classic = changed(RULESETS["modern"]), changed(RULESETS["classic"])
    assert "the first to roll a 4 wins" in render("interrupts", modern, "", "", ENGLISH)[1]
    assert "a 4, 5 or 6 pays" in render("mail", classic, "", "", ENGLISH)[1]


@pytest.mark.parametrize(
    ("seconds", "said"), [(300, "5 minutes"), (60, "1 minute"), (90, "90 seconds"), (1, "1 second")]
)
def test_duration(seconds, said):
    assert duration(seconds, ENGLISH) == said
