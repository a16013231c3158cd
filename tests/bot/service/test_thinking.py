"""Computer players' thoughts off the event loop: the worker process answers what the strength
answers inline, on a copy of the game; a thought past its deadline or failing is answered with
Normal's choice, in time."""

import logging
import os
import pickle
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.game import engine, strengths
from bot.game.actions import Action
from bot.game.state import GameState
from bot.game.strengths import Strength
from bot.service.thinking import WORKER_NICENESS, Thinker, Thought, decision_seed, thinks_off_loop

SEED = 7


def game() -> GameState:
    """A modern game some way in, waiting on a question."""
    state, _ = engine.start(["alice", "Bot Penny", "carol"], ruleset="modern", months=2, seed=SEED)
    for _ in range(40):
        assert state.pending is not None
        seat = state.pending.seats[0]
        engine.apply(
            state, strengths.choose(state, seat, Strength.NORMAL, decision_seed(SEED, state.prompt, seat))
        )
    assert state.pending is not None and not state.over
    return state


def thought_about(state: GameState, strength: Strength = Strength.HARD) -> Thought:
    assert state.pending is not None
    seat = state.pending.seats[0]
    seed = decision_seed(SEED, state.prompt, seat)
    return Thought(10, 1, 3, seat, strength, seed, pickle.dumps(state))


def normal(state: GameState, thought: Thought) -> Action:
    return strengths.choose(state, thought.seat, Strength.NORMAL, thought.seed)


def test_a_decision_s_seed_is_stable_and_differs_by_question_and_seat():
    assert decision_seed(SEED, 12, 1) == decision_seed(SEED, 12, 1)
    seeds = {
        decision_seed(game_seed, prompt, seat) for game_seed in (1, 2) for prompt in (1, 2) for seat in (0, 1)
    }
    assert len(seeds) == 8 and all(0 <= seed < 2**63 for seed in seeds)
    assert decision_seed(1, 12, 1) == 6367413621604283478  # pinned: old records replay with it


STARTING_WORKERS = 30.0
"""The deadline of a thought in tests of the worker processes themselves: a fresh worker starts a
Python and imports the engine first, which on a busy machine takes longer than a real thought's
deadline, and these tests are about what the worker does, not about the deadline."""


def test_only_hard_leaves_the_event_loop():
    assert [s for s in Strength if thinks_off_loop(s)] == [Strength.HARD]


async def test_a_worker_process_answers_what_the_strength_answers_inline():
    state = game()
    thought = thought_about(state)
    thinker = Thinker(workers=1, deadline=STARTING_WORKERS)
    try:
        answer = await thinker.think(thought)
    finally:
        thinker.close()
    assert answer == strengths.choose(state, thought.seat, Strength.HARD, thought.seed)


async def test_the_worker_thinks_on_a_copy_taken_when_the_thought_began():
    state = game()
    thought = thought_about(state)
    seen: list[GameState] = []

    def decide(copy: GameState, seat: int, strength: Strength, seed: int) -> Action:
        seen.append(copy)
        return strengths.choose(copy, seat, strength, seed)

    before = pickle.dumps(state)
    state.players[thought.seat].cash += 1_000_000  # the table's game changes after the thought began
    thinker = Thinker(pool=ThreadPoolExecutor(1), decide=decide)
    try:
        await thinker.think(thought)
    finally:
        thinker.close()
    [copy] = seen
    assert copy is not state and pickle.dumps(copy) == before


async def test_a_thought_past_its_deadline_is_answered_with_normal_s_choice_in_time(caplog):
    state = game()
    thought = thought_about(state)
    release = threading.Event()

    def slow(copy: GameState, seat: int, strength: Strength, seed: int) -> Action:
        release.wait(10)  # a Hard think far slower than its deadline
        raise AssertionError("never used: the seat answered without it")

    thinker = Thinker(deadline=0.2, pool=ThreadPoolExecutor(1), decide=slow)
    started = time.perf_counter()
    try:
        with caplog.at_level(logging.WARNING, "bot.service.thinking"):
            answer = await thinker.think(thought)
    finally:
        release.set()
        thinker.close()
    assert time.perf_counter() - started < 2
    assert answer == normal(state, thought)
    [record] = caplog.records
    assert record.getMessage() == "thought past its deadline: Normal's answer"
    assert (record.channel, record.game, record.seat, record.action) == (10, 1, thought.seat, "think")


async def test_a_thought_that_fails_is_answered_with_normal_s_choice():
    state = game()
    thought = thought_about(state)

    def broken(copy: GameState, seat: int, strength: Strength, seed: int) -> Action:
        raise RuntimeError("the worker died")

    thinker = Thinker(pool=ThreadPoolExecutor(1), decide=broken)
    try:
        assert await thinker.think(thought) == normal(state, thought)
    finally:
        thinker.close()


@pytest.mark.parametrize("strength", list(Strength))
async def test_every_strength_answers_through_the_worker(strength):
    state = game()
    thought = thought_about(state, strength)
    thinker = Thinker(pool=ThreadPoolExecutor(1))
    try:
        assert await thinker.think(thought) == strengths.choose(state, thought.seat, strength, thought.seed)
    finally:
        thinker.close()


def priority(state: GameState, seat: int, strength: Strength, seed: int) -> tuple[int, int]:
    """The worker's CPU niceness and session, where a decision would be."""
    return os.nice(0), os.getsid(0)


async def test_the_workers_think_at_a_lower_priority_in_a_session_of_their_own():
    """When the cores are busy, every table's clicks go first; thinking gets what is left. The
    worker's own session keeps its CPU from being charged to the bot's scheduling group."""
    # not an answer: a probe
    thinker = Thinker(workers=1, deadline=STARTING_WORKERS, decide=priority)  # type: ignore[arg-type]
    try:
        niceness, session = await thinker.think(thought_about(game()))
    finally:
        thinker.close()
    assert niceness == os.nice(0) + WORKER_NICENESS and session != os.getsid(0)


def killed(state: GameState, seat: int, strength: Strength, seed: int) -> Action:
    """A worker killed in the middle of a thought (by the OOM killer, say)."""
    os._exit(1)


async def test_workers_that_broke_are_replaced_and_the_seat_still_answers():
    state = game()
    thought = thought_about(state)
    thinker = Thinker(workers=1, deadline=STARTING_WORKERS, decide=killed)
    try:
        assert await thinker.think(thought) == normal(state, thought)  # its worker died
        thinker.decide = strengths.choose
        hard = await thinker.think(thought)  # on workers started anew
    finally:
        thinker.close()
    assert hard == strengths.choose(state, thought.seat, Strength.HARD, thought.seed)
