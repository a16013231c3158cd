"""Phones (issue 9.8): every question of every edition, in every language, fits three rows of
controls on the live message, and every label fits a phone (25 characters at most)."""

import random
from collections.abc import Iterator

import pytest

from bot.game.actions import ActionKind
from bot.game.ai import choose
from bot.game.cards import MailKind
from bot.game.engine import apply, default_action, new_game
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind
from bot.render.language.cards import deal_name
from bot.render.language.i18n import SUPPORTED, lang
from bot.render.prompts.answers import choices
from bot.render.prompts.layout import MAX_LABEL, MAX_ROWS, MENU_OPTIONS, ROW, Choice, Menu, rows
from bot.render.prompts.questions import question
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    NAMES,
    act,
    asked,
    deal_index,
    game,
    give_deals,
    hold_mail,
    land,
    mail_cards,
    set_cash,
    set_loan,
    set_savings,
    stack_mail,
)

TABLE_BUTTONS = (Choice("My hand", "hand"), Choice("Hint", "hint"))
"""Buttons of the live message's own beside the answers (the hand panel, a hint): the
answers must leave room for two."""
LONG_NAMES = [f"{letter * 3} the {'very ' * 5}long name"[:32] for letter in "ABCDEF"]


def long_names(st: GameState) -> GameState:
    for player, name in zip(st.players, LONG_NAMES, strict=False):
        player.name = name
    return st


def played_questions(names: list[str]) -> Iterator[GameState]:
    """Computer games of each edition, some answers left to time out, at every question asked."""
    rnd = random.Random(9)
    for ruleset in RULESETS:
        for seed in range(12):
            most = RULESETS[ruleset].rules.max_players
            st = new_game(names[:most], ruleset=ruleset, months=2, seed=seed)
            while not st.over:
                yield st
                seat = st.pending.seats[0]
                apply(st, choose(st, seat) if rnd.random() < 0.8 else default_action(st, seat))


def crowded_questions() -> Iterator[GameState]:
    """The questions with the most answers: many Deals to sell, a large loan to repay, banking
    with savings, six players to pick from, a Deal bought on a loan, every Lottery number free."""
    st = game(6)
    st.players[ANN].deals = list(range(len(RULESETS["modern"].deals)))[:20]
    land(st, ANN, 9)
    yield st
    st = game(6)
    set_cash(st, ANN, 60_000)
    set_loan(st, ANN, 40_000)
    land(st, ANN, 31)
    yield st
    st = game(6)
    land(st, ANN, 6)
    yield st
    st = game(4, ruleset="classic")
    set_cash(st, ANN, 90_000)
    set_savings(st, ANN, 70_000)
    land(st, ANN, 31)
    yield st
    act(st, ANN, ActionKind.WITHDRAW, 100)
    yield st
    st = game(4, ruleset="classic")
    set_cash(st, ANN, 80_000)
    set_loan(st, ANN, 50_000)
    land(st, ANN, 31)
    yield st
    st = long_names(game(6))
    hold_mail(st, ANN, mail_cards(st, MailKind.MONSTER)[-1])
    land(st, ANN, 31)
    yield st
    st = game(6)
    set_cash(st, ANN, 0)
    st.deal_deck.append(deal_index(st, "Rocket Ship International"))
    land(st, ANN, 4)
    yield st


def check(st: GameState, code: str) -> None:
    L = lang(code)
    offered = choices(st, L)
    laid = rows(offered, TABLE_BUTTONS)
    where = f"{code} {st.ruleset} {st.pending.kind}"
    assert offered, where
    assert len(laid) <= MAX_ROWS, (where, laid)
    for row in laid:
        if isinstance(row, Menu):
            assert 1 <= len(row.options) <= MENU_OPTIONS, where
            assert {option.kind for option in row.options} == {row.kind}, where
            assert len({option.value for option in row.options}) == len(row.options), where
            labels = [row.placeholder, *(option.label for option in row.options)]
        else:
            assert 1 <= len(row) <= ROW, where
            labels = [choice.label for choice in row]
        for label in labels:
            assert 0 < len(label) <= MAX_LABEL, (where, label, len(label))


@pytest.mark.parametrize("code", SUPPORTED)
def test_every_question_of_every_edition_fits_three_rows_of_short_labels(code):
    asked_kinds = set()
    for names in (["Ann", "Bob", "Cat"], LONG_NAMES):
        for st in played_questions(names):
            asked_kinds.add(st.pending.kind)
            check(st, code)
    assert asked_kinds == set(PendingKind)


@pytest.mark.parametrize("code", SUPPORTED)
def test_the_most_crowded_questions_still_fit(code):
    seen = set()
    for st in crowded_questions():
        seen.add(st.pending.kind)
        check(st, code)
    assert {
        PendingKind.SELL,
        PendingKind.REPAY,
        PendingKind.LOTTERY,
        PendingKind.BANKING,
        PendingKind.CHARGE,
        PendingKind.DEAL,
    } <= seen


def test_a_long_loan_is_repaid_with_a_few_buttons_and_other_amount_beside_the_question():
    """Issue 30.2: the loan step, half and all as buttons, "Other amount…" (the money form) and No
    repayment last, in one row beside the question: no menu below My hand."""
    st = game(3)
    set_cash(st, ANN, 60_000)
    set_loan(st, ANN, 40_000)
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
    offered = choices(st, lang("en"))
    [row] = rows(offered)
    assert [(ch.label, ch.value, ch.form) for ch in row] == [
        ("Repay $1,000", 1000, False),
        ("Repay $20,000", 20_000, False),
        ("Repay $40,000", 40_000, False),
        ("Other amount…", 0, True),
        ("No repayment", 0, False),
    ]


def test_a_repayment_of_a_few_steps_offers_each_and_no_other_amount():
    st = game(3)
    set_cash(st, ANN, 60_000)
    set_loan(st, ANN, 3000)
    land(st, ANN, 31)
    assert [ch.label for ch in choices(st, lang("en"))] == [
        "Repay $1,000",
        "Repay $2,000",
        "Repay $3,000",
        "No repayment",
    ]


SIX_DEALS = (
    "Teen Jeans",
    "Rocket Ship International",
    "Laughing Gas",
    "Heavenly Pink Cosmetics",
    "Fish 'N' Cheeps Pet Store",
    "Louie's Limos",
)


@pytest.mark.parametrize("code", SUPPORTED)
@pytest.mark.parametrize("held", [2, 3, 4])
def test_up_to_four_deals_at_a_buyer_are_a_sale_button_each_then_keep_in_one_row(held, code):
    st = game(3)
    cards = give_deals(st, ANN, *SIX_DEALS[:held])
    land(st, ANN, 9)
    assert asked(st) == (PendingKind.SELL, [ANN])
    deals = RULESETS["modern"].deals
    best_first = sorted(cards, key=lambda card: -deals[card].profit)
    L = lang(code)
    laid = rows(choices(st, L), TABLE_BUTTONS)
    row = laid[0][: held + 1]
    assert [(ch.kind, ch.value) for ch in row] == [(ActionKind.SELL, c) for c in best_first] + [
        (ActionKind.KEEP, 0)
    ]
    assert [item for line in laid for item in line][held + 1 :] == list(TABLE_BUTTONS)
    sell = L._("Sell {deal}", deal="")
    for choice, card in zip(row, best_first, strict=False):
        assert choice.label.startswith(sell) and len(choice.label) <= MAX_LABEL
        name, _, price = choice.label.removeprefix(sell).partition(": ")
        assert price in ("", L.money(deals[card].value))
        assert deal_name(deals[card], L).startswith(name.removesuffix("…"))


def test_a_sale_button_cuts_a_long_name_and_the_question_lists_it_whole():
    st = game(3)
    give_deals(st, ANN, "Teen Jeans", "Rocket Ship International")
    land(st, ANN, 9)
    assert [ch.label for ch in choices(st, lang("en"))] == [
        "Sell Rocket Ship Interna…",
        "Sell Teen Jeans",
        "Keep them all",
    ]
    assert question(st, list(NAMES[:3]), lang("en")) == (
        "**Ann** found a Buyer: sell one Deal at its value, or keep them all?\n"
        "• Rocket Ship International: sells for $20,000, profit $8,000\n"
        "• Teen Jeans: sells for $14,000, profit $7,000"
    )


def test_five_deals_or_more_are_a_menu_best_profit_first_with_price_and_profit_underneath():
    st = game(3)
    cards = give_deals(st, ANN, *SIX_DEALS[:5])
    land(st, ANN, 9)
    assert asked(st) == (PendingKind.SELL, [ANN])
    [keep, menu] = rows(choices(st, lang("en")))
    assert [(ch.label, ch.kind) for ch in keep] == [("Keep them all", ActionKind.KEEP)]
    assert menu.placeholder == "Sell a Deal…" and menu.kind == ActionKind.SELL
    deals = RULESETS["modern"].deals
    best = max(cards, key=lambda card: deals[card].profit)
    assert [option.value for option in menu.options] == sorted(cards, key=lambda card: -deals[card].profit)
    assert menu.options[0].label == deals[best].name
    assert menu.options[0].detail == f"sells for ${deals[best].value:,}, profit ${deals[best].profit:,}"
    assert question(st, list(NAMES[:3]), lang("en")) == (
        "**Ann** found a Buyer: sell one Deal at its value, or keep them all?"
    )


def test_one_deal_to_sell_is_one_button_and_the_question_names_it():
    st = game(3)
    st.players[ANN].deals = [deal_index(st, "Teen Jeans")]
    land(st, ANN, 9)
    teen = RULESETS["modern"].deals[st.players[ANN].deals[0]]
    offered = [(ch.label, ch.kind) for ch in choices(st, lang("en"))]
    assert offered == [(f"Sell for ${teen.value:,}", ActionKind.SELL), ("Keep it", ActionKind.KEEP)]


def test_six_players_long_names_are_cut_to_fit_a_button():
    st = long_names(game(6))
    assert all(len(name) > MAX_LABEL for name in LONG_NAMES)
    stack_mail(st, mail_cards(st, MailKind.MAD_MONEY)[0])
    land(st, ANN, 1)
    assert asked(st) == (PendingKind.TARGET, [ANN])
    labels = [ch.label for ch in choices(st, lang("en"))]
    assert len(labels) == 5 and all(len(label) == MAX_LABEL and label.endswith("…") for label in labels)


@pytest.mark.parametrize("day", [1, 16])
def test_move_ahead_offers_the_deal_then_the_buyer_whichever_comes_first_on_the_board(day):
    """From day 1 the Deal (4) comes before the Buyer (9), from day 16 the Buyer (17) before the
    Deal (25): the buttons stay in one order all the same."""
    st = game(3)
    stack_mail(st, "Hot Tip")
    land(st, ANN, day)
    assert asked(st) == (PendingKind.MOVE, [ANN])
    labels = [ch.label for ch in choices(st, lang("en"))]
    assert [label.split(" (")[0] for label in labels] == ["To the Deal", "To the Buyer"]


PASSES = {ActionKind.DECLINE, ActionKind.KEEP, ActionKind.SIT_OUT, ActionKind.DONE}
"""The answers that pass (a repayment of nothing too): always the last button of their question."""


def button_kinds(st: GameState) -> list[str]:
    """The kinds of the buttons offered, in order, each once (Move Ahead's by where it goes)."""
    kinds: list[str] = []
    for choice in choices(st, lang("en")):
        kind = choice.label.split(" (")[0] if choice.kind == ActionKind.MOVE else choice.kind
        if not choice.menu and kind not in kinds:
            kinds.append(kind)
    return kinds


def test_every_question_keeps_one_order_of_its_buttons_by_kind_the_pass_last():
    """Muscle memory: across every question of every edition, a kind of question lists its kinds
    of answer in one order, whatever the day, and the answer that passes comes last."""
    before: dict[str, set[tuple[str, str]]] = {}
    for st in played_questions(["Ann", "Bob", "Cat"]):
        offered = choices(st, lang("en"))
        kinds = button_kinds(st)
        pairs = before.setdefault(st.pending.kind, set())
        pairs |= {(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :]}
        passes = [
            ch
            for ch in offered
            if not ch.menu and (ch.kind in PASSES or ch.kind == ActionKind.REPAY == ch.value == 0)
        ]
        if passes:
            assert [ch for ch in offered if not ch.menu][-1] == passes[0], (st.pending.kind, offered)
    for kind, pairs in before.items():
        assert not {(b, a) for a, b in pairs} & pairs, (kind, pairs)


@pytest.mark.parametrize("code", SUPPORTED)
def test_the_six_lottery_numbers_get_rows_of_their_own_three_and_three(code):
    """Discord puts five buttons in a row at most: six numbers split evenly, never one apart
    beside Sit out; five or fewer share one row."""
    st = game(3)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])
    L = lang(code)
    laid = rows(choices(st, L), TABLE_BUTTONS)
    assert [[ch.label for ch in row] for row in laid] == [
        ["1", "2", "3"],
        ["4", "5", "6"],
        [L._("Sit out"), "My hand", "Hint"],
    ]
    act(st, ANN, ActionKind.ANTE, 3)
    laid = rows(choices(st, L), TABLE_BUTTONS)
    assert [[ch.label for ch in row] for row in laid] == [
        ["1", "2", "4", "5", "6"],
        [L._("Sit out"), "My hand", "Hint"],
    ]


def test_without_room_for_an_extra_row_a_long_run_flows_five_to_a_row():
    numbers = [Choice(str(n), ActionKind.ANTE, n) for n in range(1, 7)]
    laid = rows([*numbers, Choice("Sit out", ActionKind.SIT_OUT)], TABLE_BUTTONS[:1], most=2)
    assert [[ch.label for ch in row] for row in laid] == [
        ["1", "2", "3", "4", "5"],
        ["6", "Sit out", "My hand"],
    ]


def test_sale_buttons_keep_their_prices_where_every_deal_fits_whole():
    """Issue 30.4: "Sell Car Wash: $600" where each label of the row fits whole with its price."""
    st = game(3, ruleset="classic")
    give_deals(st, ANN, "Car Wash", "Laundromat")
    land(st, ANN, 10)
    assert st.pending.kind == PendingKind.SELL
    labels = [ch.label for ch in choices(st, lang("en"))]
    assert labels == ["Sell Car Wash: $600", "Sell Laundromat: $300", "Keep them all"] or labels == [
        "Sell Laundromat: $300",
        "Sell Car Wash: $600",
        "Keep them all",
    ]
