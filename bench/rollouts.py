"""A stand-in for Hard's thought, for the load benchmark: the strength's own answer, then rollouts
(the engine playing copies of the game forward with the computer player) until a given amount of
CPU is spent, the kind of pure-Python work Hard's simulations are. It imports only the rules, so a
worker process that runs it starts as lightly as the bot's own do."""

import pickle
import time

from bot.game import ai, engine, strengths
from bot.game.actions import Action
from bot.game.state import GameState
from bot.game.strengths import Strength

ROLLOUT_ACTIONS = 200
"""Answers per rollout before starting a fresh copy (a month of four players is about 100)."""


def think(cpu_ms: float, state: GameState, seat: int, strength: Strength, seed: int) -> Action:
    """`strength`'s answer for `seat`, after at least `cpu_ms` of this thread's CPU in rollouts."""
    answer = strengths.choose(state, seat, strength, seed)
    until = time.thread_time() + cpu_ms / 1000
    snapshot = pickle.dumps(state)
    while time.thread_time() < until:
        copy: GameState = pickle.loads(snapshot)
        for _ in range(ROLLOUT_ACTIONS):
            if copy.over or copy.pending is None or time.thread_time() >= until:
                break
            engine.apply(copy, ai.choose(copy, copy.pending.seats[0]))
    return answer
