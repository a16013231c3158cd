"""Property tests: random games with random legal and illegal actions keep every invariant.

After every applied action: no negative cash, whole-step loans, balanced books, every card in
exactly one place (bot.game.invariants), and a save/load round trip that gives back an equal state
and identical JSON. Every refused action leaves the saved game byte-identical, and the engine
accepts an action exactly when it is legal (listed by `legal_actions`, or a valid loan or standing
repayment). Every game ends within the bound `max_answers` derives.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.game import actions as a
from bot.game.actions import Action, ActionKind, IllegalAction
from bot.game.engine import apply, default_action, legal_actions, new_game
from bot.game.house import HOUSE_RULES, HouseKind, HouseValue, limits, with_house_rules
from bot.game.invariants import max_answers, violations
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind, from_json, to_json

KINDS = sorted(ActionKind)
PAY_DAY_MONEY = (PendingKind.REPAY, PendingKind.BANKING)
"""Questions a repayment answers when its player is asked one (otherwise it is a standing action)."""
LOAN_AMOUNTS = [-1000, 0, 1, 500, 999, 1000, 1500, 2000, 3000, 10_000, 2_000_000]
SAVINGS_AMOUNTS = [30, 50, 100, 150, 200, 300, 6900, 7000]

tables = st.tuples(
    st.sampled_from(["modern", "family", "classic"]), st.integers(2, 6), st.integers(1, 3)
).map(lambda t: (t[0], min(t[1], RULESETS[t[0]].rules.max_players), t[2]))


def start(table: tuple[str, int, int], seed: int) -> GameState:
    ruleset, players, months = table
    return new_game([f"P{i}" for i in range(players)], ruleset=ruleset, months=months, seed=seed)


def should_accept(state: GameState, action: Action) -> bool:
    """The rules' answer, worked out from `legal_actions` and docs/RULES.md rather than from `check`."""
    if state.over or not 0 <= action.seat < len(state.players):
        return False
    rules, player, pending = state.rules, state.players[action.seat], state.pending
    if action.kind == ActionKind.LOAN:
        v = action.value
        return v > 0 and v % rules.loan_step == 0 and player.loan + v <= rules.loan_cap and not player.savings
    if action.kind == ActionKind.REPAY and not (
        action.seat in pending.seats and pending.kind in PAY_DAY_MONEY
    ):
        v = action.value
        return rules.repay_anytime and 0 < v <= min(player.loan, player.cash) and v % rules.loan_step == 0
    if action.kind in (ActionKind.DEPOSIT, ActionKind.WITHDRAW) and action.prompt is None:
        if not rules.savings:
            return False
        if not (action.seat in pending.seats and pending.kind == PendingKind.BANKING):
            v, balance = action.value, player.savings
            whole_steps = v % rules.savings_step == 0 or v == balance
            return action.kind == ActionKind.WITHDRAW and rules.withdraw_fee < v <= balance and whole_steps
    if action.prompt is not None and action.prompt != state.prompt:
        return False
    current = Action(action.seat, action.kind, action.value, state.prompt)
    return current in legal_actions(state, action.seat)


def attempt(rnd: random.Random, state: GameState) -> Action:
    """Mostly a legal answer; otherwise a loan, a wrong seat, a stale prompt or a made-up choice."""
    pending, n = state.pending, len(state.players)
    roll = rnd.random()
    if roll < 0.6:
        seat = rnd.choice(pending.seats)
        if rnd.random() < 0.1:
            return default_action(state, seat)
        action = rnd.choice(legal_actions(state, seat))
        return action if rnd.random() < 0.8 else Action(seat, action.kind, action.value)  # prompt None
    if roll < 0.7:
        return Action(rnd.randrange(n), ActionKind.LOAN, rnd.choice(LOAN_AMOUNTS), state.prompt)
    if roll < 0.75:
        kind = rnd.choice(
            [ActionKind.REPAY, ActionKind.REPAY, ActionKind.DEPOSIT, ActionKind.WITHDRAW]
        )  # slash commands: no prompt
        return Action(rnd.randrange(n), kind, rnd.choice(LOAN_AMOUNTS + SAVINGS_AMOUNTS))
    if roll < 0.8:  # somebody not asked, or nobody at all
        seat = rnd.choice([-1, n, 99, *[x for x in range(n) if x not in pending.seats]])
        return Action(seat, ActionKind.ROLL, 0, state.prompt)
    if roll < 0.85:
        seat = rnd.choice(pending.seats)
        return Action(seat, pending.kind if pending.kind in KINDS else ActionKind.ROLL, 0, state.prompt - 1)
    seat = rnd.choice(pending.seats)
    value = rnd.choice([-1, 0, 1, 2, 3, 6, 7, 9, 31, 1000, seat, *state.players[seat].deals])
    return Action(seat, rnd.choice(KINDS), value, state.prompt)


def assert_sound(state: GameState) -> None:
    assert violations(state) == []
    text = to_json(state)
    loaded = from_json(text)
    assert loaded == state
    assert to_json(loaded) == text


@settings(max_examples=25, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_random_legal_and_illegal_actions_keep_every_invariant(table, seed, rnd):
    state = start(table, seed)
    assert_sound(state)
    bound = max_answers(len(state.players), state.months, state.ruleset)
    answered = 0
    while not state.over:
        action = attempt(rnd, state)
        expected = should_accept(state, action)
        answering = action.seat in state.pending.seats and action.kind != ActionKind.LOAN
        answering = answering and (action.kind != ActionKind.REPAY or state.pending.kind in PAY_DAY_MONEY)
        if action.kind in (ActionKind.DEPOSIT, ActionKind.WITHDRAW) and action.prompt is None:
            answering = answering and state.pending.kind == PendingKind.BANKING
        before = to_json(state)
        try:
            apply(state, action)
        except IllegalAction:
            assert not expected, f"refused a legal action {action} for {state.pending}"
            assert to_json(state) == before, f"{action} was refused but changed the game"
            continue
        assert expected, f"accepted an illegal action {action}"
        answered += answering  # loans and standing repayments don't move the game on
        assert answered <= bound, "the game outlived its bound"
        assert_sound(state)
    assert_over(state)


def assert_over(state: GameState) -> None:
    assert state.pending is None and all(p.retired for p in state.players)
    assert state.winners
    for action in (Action(0, ActionKind.ROLL, 0), Action(0, ActionKind.LOAN, 1000)):
        before = to_json(state)
        with pytest.raises(a.GameOver):
            apply(state, action)
        assert to_json(state) == before


@settings(max_examples=30, deadline=None)
@given(table=tables, seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_games_of_random_legal_choices_always_end(table, seed, rnd):
    state = start(table, seed)
    bound = max_answers(len(state.players), state.months, state.ruleset)
    for _ in range(bound):
        if state.over:
            break
        seat = rnd.choice(state.pending.seats)
        apply(state, rnd.choice(legal_actions(state, seat)))
        assert violations(state) == []
    assert state.over, "the game did not end within its bound"
    assert_sound(state)
    assert_over(state)


@st.composite
def house_tables(draw: st.DrawFn) -> tuple[tuple[str, int, int], dict[str, HouseValue]]:
    """A table and some house rules for its edition, each within its limits (docs/RULES.md §7)."""
    table = draw(tables)
    changes: dict[str, HouseValue] = {}
    for rule in HOUSE_RULES:
        if not draw(st.booleans()):
            continue
        low, high = limits(table[0], rule)
        if rule.options is not None:
            changes[rule.key] = draw(st.sampled_from([option.value for option in rule.options]))
        elif rule.kind is HouseKind.SWITCH:
            changes[rule.key] = draw(st.booleans())
        else:
            changes[rule.key] = draw(st.integers(low, high))
    return table, changes


@settings(max_examples=30, deadline=None)
@given(drawn=house_tables(), seed=st.integers(0, 2**32), rnd=st.randoms(use_true_random=False))
def test_games_with_random_house_rules_keep_every_invariant_and_end(drawn, seed, rnd):
    (ruleset, players, months), changes = drawn
    rules = with_house_rules(ruleset, changes)
    state = new_game(
        [f"P{i}" for i in range(players)], ruleset=ruleset, months=months, seed=seed, rules=rules
    )
    for _ in range(max_answers(players, months, ruleset)):
        if state.over:
            break
        seat = rnd.choice(state.pending.seats)
        apply(state, rnd.choice(legal_actions(state, seat)))
        assert_sound(state)
    assert state.rules == rules, "the house rules hold to the end, and through every save and load"
    assert_over(state)
