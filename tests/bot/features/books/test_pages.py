"""The story cut into pages (`/payday log`): whole blocks per page counted from the start, so page
numbers stay put; a block longer than a page cut between lines; page buttons that each lead
somewhere else and fit a phone."""

import pytest

from bot.features.books.pages import page_buttons, page_title, pages
from bot.game.rulesets import RULESETS
from bot.render.language.i18n import lang
from bot.render.story.block import Block
from bot.render.story.turns import blocks
from tests.bot.render.story.test_story import EN, MODERN, NAMES, played


@pytest.mark.parametrize("ruleset", ["modern", "family", "classic"])
def test_every_payment_of_whole_games_is_in_the_story_in_order(ruleset):
    for seed in range(6):
        rows = played(seed, ruleset, stop=40 if seed == 5 else None)
        names = ["Ann", "Bob", "Cat"]
        told = blocks(rows, names, RULESETS[ruleset], EN)
        text = "\n\n".join(pages(told))
        assert text == "\n\n".join(b.text() for b in told)
        turns = [row for row in rows if row["kind"] == "rolled" and not row["reason"]]
        assert len(told) == 1 + len(turns) + 1  # the opening, one per turn, the end
        # Every amount that moved is written where it happened: walk the story and the ledger together.
        at = 0
        for row in rows:
            if row["kind"] == "transfer" and row["reason"] not in ("start cash",):
                amount = EN.money(row["amount"])
                found = text.find(amount, at)
                assert found >= 0, (seed, row)
                at = found + len(amount)


def test_pages_hold_whole_blocks_and_keep_their_numbers_as_the_game_goes_on():
    rows = played(1, "modern", months=3)
    whole = pages(blocks(rows, NAMES, MODERN, EN), limit=1500)
    assert len(whole) > 3 and all(len(page) <= 1500 for page in whole)
    assert all(page.startswith("**") for page in whole)  # every page starts at a block's heading
    for cut in range(len(rows) // 3, len(rows), len(rows) // 5):
        earlier = pages(blocks(rows[:cut], NAMES, MODERN, EN), limit=1500)
        assert earlier[:-1] == whole[: len(earlier) - 1]  # only the last page was still growing


def test_a_block_longer_than_a_page_is_cut_between_lines_with_its_heading_repeated():
    block = Block("Month 1 · Ann ⚃ 4 → Wed 31: Pay Day", [f"line {n} " + "x" * 40 for n in range(30)])
    cut = pages([block], limit=400)
    assert len(cut) > 3 and all(len(page) <= 400 for page in cut)
    assert all(page.startswith("**Month 1 · Ann ⚃ 4 → Wed 31: Pay Day**") for page in cut)
    assert [line for page in cut for line in page.split("\n")[1:]] == block.lines


def test_an_empty_log_is_one_empty_page():
    assert pages(blocks([], NAMES, MODERN, EN)) == [""]


def test_page_buttons_lead_somewhere_each_to_a_different_page_and_fit_a_phone():
    assert page_buttons(1, 1, EN) == []
    assert page_buttons(1, 2, EN) == [("Later ▶", 2)]
    assert page_buttons(2, 2, EN) == [("◀ Earlier", 1)]
    assert page_buttons(5, 9, EN) == [("⏮ Start", 1), ("◀ Earlier", 4), ("Later ▶", 6), ("Now ⏭", 9)]
    for count in range(1, 6):
        for page in range(1, count + 1):
            targets = [target for _, target in page_buttons(page, count, EN)]
            assert len(set(targets)) == len(targets) and page not in targets
            assert all(1 <= target <= count for target in targets)
    assert all(len(label) <= 25 for label, _ in page_buttons(5, 9, lang("it")))
    assert page_title(12, 3, 9, EN) == "The story of game #12 · page 3 of 9"
