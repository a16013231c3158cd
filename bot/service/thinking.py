"""Where computer players decide. Easy and Normal answer inline (microseconds). Hard plans by playing
sampled futures (up to about half a second of CPU a decision), so it thinks in a worker process: the
rollouts are pure-Python CPU work, and a thread would hold the GIL against every other channel's
clicks for as long. A thought has a deadline: one not done in time is answered with Normal's choice,
so the seat still answers within its time limit.

The worker gets a copy of the game (pickled on the event loop when the thought begins: the pool
pickles what it is given later, on a thread of its own, while the loop goes on changing games).
Every choice is seeded from the game (`decision_seed`), so a game with Hard players replays exactly
from its seed and its record; the waking side applies a thought only to the very game it was made
for.
"""

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import pickle
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from bot.game import strengths
from bot.game.actions import Action
from bot.game.state import GameState
from bot.game.strengths import Strength

log = logging.getLogger(__name__)
T = TypeVar("T")

THINK_SECONDS = 2.0
"""How long a Hard thought may take, queueing for a worker included: four times what Hard needs at
its 95th percentile. A computer seat answers this long at most after its pause (`COMPUTER_DELAY`)."""

WORKER_NICENESS = 10
"""How much lower the thinking workers' CPU priority is than the bot's (`lower_priority`)."""

Decide = Callable[[GameState, int, Strength, int], Action]
"""(game, seat, strength, seed) -> the seat's answer (`strengths.choose`), run in the worker: a
function of bot.game alone, so a worker imports nothing of the bot but the rules."""


def lower_priority() -> None:
    """Run in each worker as it starts: when the cores are busy, every table's clicks go first, and
    a thought that gets too little CPU in time is answered with Normal's choice. A session of its
    own, since Linux schedules each session as a group (autogroup): in the bot's, the worker's CPU
    would be charged to the bot's group, and its niceness would count only inside it. Then that
    group and the worker are niced."""
    os.setsid()
    with contextlib.suppress(OSError):  # no autogroup scheduling (a kernel without it): nice alone
        Path("/proc/self/autogroup").write_text(str(WORKER_NICENESS))
    os.nice(WORKER_NICENESS)


def decision_seed(game_seed: int, prompt: int, seat: int) -> int:
    """The seed of `seat`'s choice at question `prompt` of the game seeded `game_seed`: stable across
    processes and versions (no `hash()`), so a replay makes the same choices."""
    digest = hashlib.blake2b(f"{game_seed}:{prompt}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True, slots=True)
class Thought:
    """A computer seat's decision to make off the event loop, and what it was made for: the game and
    its saved version (any change saved since makes the answer stale: it is thought again)."""

    channel_id: int
    game_id: int
    version: int
    seat: int
    strength: Strength
    seed: int
    snapshot: bytes
    """The game, pickled when the thought began: each use of it (the worker's, Normal's if the
    worker is late) unpickles a copy of its own."""

    def game(self) -> GameState:
        """A copy of the game the thought is about."""
        state: GameState = pickle.loads(self.snapshot)
        return state


def thinks_off_loop(strength: Strength) -> bool:
    """Whether a choice of this strength takes long enough to leave the event loop for."""
    return strength is Strength.HARD


class Thinker:
    """Runs thoughts in a pool of worker processes (made at the first thought, so a bot whose tables
    have no Hard player never starts one), each with its deadline."""

    def __init__(
        self,
        deadline: float = THINK_SECONDS,
        workers: int | None = None,
        pool: Executor | None = None,
        decide: Decide = strengths.choose,
    ) -> None:
        self.deadline = deadline
        self.decide = decide
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.pool = pool
        """None until the first thought starts the workers."""

    def _executor(self) -> Executor:
        if self.pool is None:
            # spawn: a forked child would inherit the bot's threads' locks (aiosqlite, the drawing).
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=lower_priority)
        return self.pool

    async def think(self, thought: Thought) -> Action:
        """The seat's answer, or Normal's on the same game if the thought failed or was not done in
        time (the worker is let finish; its answer is dropped). Workers that broke (one was killed)
        are replaced at the next thought."""
        args = (thought.game(), thought.seat, thought.strength, thought.seed)
        where = {
            "channel": thought.channel_id,
            "game": thought.game_id,
            "seat": thought.seat,
            "action": "think",
        }
        try:
            return await self.offload(self.decide, *args)
        except TimeoutError:
            log.warning("thought past its deadline: Normal's answer", extra=where)
        except BrokenExecutor:
            log.exception(
                "the thinking workers broke: Normal's answer; new ones at the next thought", extra=where
            )
        except Exception:
            log.exception("thought failed: Normal's answer", extra=where)
        return strengths.choose(thought.game(), thought.seat, Strength.NORMAL, thought.seed)

    async def offload(self, work: Callable[..., T], *args: object, deadline: float | None = None) -> T:
        """`work(*args)` run in a worker, within `deadline` seconds (else the thinker's): `TimeoutError`
        if it is not done in time (the worker is let finish; its answer is dropped), `BrokenExecutor`
        if the workers broke (new ones at the next call), or what `work` raised. `work` and its
        arguments are pickled: a function of a module the worker can import, and plain values."""
        future: Future[T] | None = None
        try:
            future = self._executor().submit(work, *args)
            # The deadline is read on the wall clock by a waiting thread: thinking is real CPU time,
            # whatever clock the game runs on (simcord's is virtual).
            return await asyncio.to_thread(future.result, deadline or self.deadline)
        except BrokenExecutor:
            self.close()
            raise
        finally:
            if future is not None and not future.done():
                future.cancel()

    def close(self) -> None:
        """Stop the workers; thoughts queued are dropped (their games think again after a restart)."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
