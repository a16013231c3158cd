"""A game's house rules in words (docs/RULES.md §7): a line each with the edition's own value, one
line for the footer, nothing for a game of its edition's rules; English and Italian."""

import pytest

from bot.game.house import HOUSE_RULES, house_rules_of, with_house_rules
from bot.game.rulesets import RULESETS
from bot.render.house import house_rules_lines, house_rules_summary, rule_name
from bot.render.language.i18n import lang
from bot.render.rules_text import page

ENGLISH, ITALIAN = lang("en"), lang("it")
EVERY_ONE = {
    "start_cash": 5000,
    "salary": 6000,
    "loan_interest_pct": 25,
    "charge_interest_pct": 5,
    "lottery_bank": 2000,
    "lottery_ante": 250,
    "jackpot_seed": 1500,
    "jackpot_six": "any",
    "radio_prize": 2500,
    "repay_anytime": True,
}


def test_every_house_rule_is_said():
    assert set(EVERY_ONE) == {rule.key for rule in HOUSE_RULES}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_of_its_editions_own_rules_says_nothing(ruleset):
    rules = RULESETS[ruleset].rules
    assert house_rules_lines(ENGLISH, ruleset, rules) == []
    assert house_rules_summary(ENGLISH, ruleset, rules) == ""


def test_each_house_rule_is_a_line_with_the_editions_own_value():
    rules = with_house_rules("modern", EVERY_ONE)
    assert house_rules_lines(ENGLISH, "modern", rules) == [
        "Start cash $5,000 (rules: $3,500)",
        "Salary $6,000 (rules: $3,500)",
        "Loan interest 25% (rules: 10%)",
        "Monster Charge interest 5% (rules: 10%)",
        "The Bank's Lottery stake $2,000 (rules: $1,000)",
        "Lottery ante $250 (rules: $100)",
        "Jackpot seeded with $1,500 at the start (rules: $0)",
        "Jackpot won by any 6 rolled (rules: a movement 6)",
        "Radio Contest prize $2,500 (rules: $1,000)",
        "Loans repaid at any time (rules: only at Pay Day)",
    ]


def test_the_footer_says_them_all_in_one_line():
    rules = with_house_rules("modern", {"salary": 6000, "jackpot_six": "none"})
    assert house_rules_summary(ENGLISH, "modern", rules) == "House rules: salary $6,000 · Jackpot never won"


def test_the_family_editions_own_repaying_reads_the_other_way_round():
    rules = with_house_rules("family", {"repay_anytime": False})
    said = house_rules_lines(ENGLISH, "family", rules)
    assert said == ["Loans repaid only at Pay Day (rules: at any time)"]


def test_classic_names_its_pot_and_leaves_out_what_it_does_not_have():
    rules = with_house_rules("classic", {"jackpot_seed": 100, "radio_prize": 500})
    assert house_rules_lines(ENGLISH, "classic", rules) == ["Pot seeded with $100 at the start (rules: $0)"]


def test_house_rules_read_in_italian():
    rules = with_house_rules("modern", EVERY_ONE)
    lines = house_rules_lines(ITALIAN, "modern", rules)
    assert lines[1] == "Salario 6.000\u00a0$ (regole: 3.500\u00a0$)"
    assert lines[7] == "Montepremi vinto con qualsiasi 6 tirato (regole: un 6 tirato per muovere)"
    summary = house_rules_summary(ITALIAN, "modern", rules)
    assert summary.startswith("Regole della casa: capitale iniziale 5.000\u00a0$ · ")


def test_each_house_rule_has_one_italian_name_in_the_editor_the_lines_and_the_footer():
    rules = with_house_rules("modern", EVERY_ONE)
    lines = house_rules_lines(ITALIAN, "modern", rules)
    parts = house_rules_summary(ITALIAN, "modern", rules).removeprefix("Regole della casa: ").split(" · ")
    for key, line in zip(house_rules_of("modern", rules), lines, strict=True):
        assert line.startswith(f"{rule_name(key, ITALIAN)} "), (key, line)
    # the footer cuts most names short for a phone ("prestiti 25%"), but never says another word
    assert parts[0] == "capitale iniziale 5.000\u00a0$" and parts[1] == "salario 6.000\u00a0$"
    assert parts[6] == "Montepremi iniziale 1.500\u00a0$"


CLASSIC = {"start_cash": 300, "salary": 400, "jackpot_seed": 100, "jackpot_six": "any", "repay_anytime": True}
BY_EDITION = {"modern": EVERY_ONE, "family": {**EVERY_ONE, "repay_anytime": False}, "classic": CLASSIC}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_rules_page_of_a_game_with_house_rules_uses_its_numbers_and_lists_them(ruleset):
    rules = with_house_rules(ruleset, BY_EDITION[ruleset])
    _, overview = page("overview", ruleset, "", "", ENGLISH, rules=rules)
    assert f"Everyone starts with **${rules.start_cash:,}**" in overview
    listed = "\n".join(f"- {line}" for line in house_rules_lines(ENGLISH, ruleset, rules))
    assert overview.endswith(f"**House rules**\n{listed}")
    _, board = page("board", ruleset, "", "", ENGLISH, rules=rules)
    assert (
        "roll of their own (not the Lottery draw)" in board
        or "roll of your own (not the Lottery draw)" in board
    )
    assert "**House rules**" not in page("overview", ruleset, "", "", ENGLISH)[1]


def test_every_house_rules_number_is_on_the_rules_page_about_it():
    rules = with_house_rules("modern", EVERY_ONE)
    _, interrupts = page("interrupts", "modern", "", "", ENGLISH, rules=rules)
    assert "the first to roll a 3 wins $2,500" in interrupts
    _, lottery = page("lottery", "modern", "", "", ENGLISH, rules=rules)
    assert "the Bank puts **$2,000** in the pot" in lottery and "ante **$250**" in lottery
    _, loans = page("loans", "modern", "", "", ENGLISH, rules=rules)
    assert "**25%**" in loans and "pay a loan back at any time" in loans
    _, board = page("board", "modern", "", "", ENGLISH, rules=rules)
    assert "The Bank puts $1,500 on it at the start." in board
    _, mail = page("mail", "modern", "", "", ENGLISH, rules=rules)
    assert "There, pay 5% interest plus the whole balance" in mail
    _, payday = page("payday", "modern", "", "", ENGLISH, rules=rules)
    assert "Collect your **$6,000** salary." in payday and "Pay **25% interest** on your loan." in payday


def test_the_classic_town_election_says_which_6_wins_the_pot():
    line = "**Town Election** — every player pays $50 into the Pot"
    said = {
        six: page(
            "interrupts", "classic", "", "", ENGLISH, rules=with_house_rules("classic", {"jackpot_six": six})
        )[1]
        for six in ("movement", "any", "none")
    }
    assert f"{line}; the next movement roll of a 6 wins it." in said["movement"]
    assert f"{line}; the next 6 anyone rolls for themselves wins it." in said["any"]
    assert f"{line}.\n" in said["none"]
