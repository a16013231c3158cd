"""Where finished games are reviewed: one game at a time, in a worker process of its own.

A review plays thousands of sampled futures (seconds to a minute of pure-Python CPU), so it never
runs on the event loop, nor in a thread (which would hold the GIL against every table's clicks),
nor in Hard's pool, whose thoughts have a 2 s deadline a review would make them miss. One process,
niced like Hard's (`lower_priority`): when the cores are busy, every click goes first.

The worker learns of a game as soon as its end is saved (`Core.ended`), and at start it looks in
the store for finished games that still have their moves and no review (a restart lost its queue,
or the games ended in another process): nothing is lost, they are reviewed in turn. A review is
saved once and read the same every time; a game whose moves were pruned cannot be reviewed, and is
only logged.
"""

import asyncio
import logging
import multiprocessing
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any

from bot.features.review import analysis
from bot.features.review.model import FORMAT, GameReview
from bot.service.core import Core
from bot.service.rebuild import Diverged, Setup, after_start, setup_of
from bot.service.thinking import lower_priority
from bot.table import LogKind

log = logging.getLogger(__name__)

Reviewer = Callable[[int, Setup, Sequence[Mapping[str, Any]]], GameReview]
"""(game number, what it started from, its log from just after its start) -> its review: pure, run
in the worker process (so a function of a module the worker can import)."""
Made = Callable[[GameReview], Awaitable[None]]
"""Told of each review once it is made, just before it is saved (the standings' line of the table):
a restart between the two makes the review again and tells again, so nothing told is lost."""

RESUME_BATCH = 50
"""Finished games without a review looked up at a time, at start and whenever the queue runs dry."""
SECONDS_PER_REVIEW = 40
"""About how long one review takes on a busy core: what the player waiting for one is told."""


def review_game(game_id: int, setup: Setup, records: Sequence[Mapping[str, Any]]) -> GameReview:
    """The analysis (analysis.py), every seat at Hard's budget, run in the worker process."""
    return analysis.review_game(game_id, setup, records)


def review_pool() -> Executor:
    """One worker process, niced, started afresh (spawn: a fork would inherit the bot's threads' locks)."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(1, mp_context=context, initializer=lower_priority)


class ReviewWorker:
    """The queue of games to review and the one process that reviews them (started at the first
    review, so a bot whose games never end starts none)."""

    def __init__(
        self, core: Core, review: Reviewer | None = None, pool: Callable[[], Executor] | None = None
    ) -> None:
        self.core = core
        self.review = review or review_game
        self._new_pool = pool or review_pool
        self._pool: Executor | None = None
        self._queue: deque[int] = deque()
        self._reviewing: int | None = None
        self._passed: set[int] = set()
        """Games this process could not review (pruned, or not rebuilding): not looked up again."""
        self._task: asyncio.Task[None] | None = None
        """Reviewing until nothing is left (no task waits idle: one starts when a game is wanted)."""
        self.made: list[Made] = []
        self._closed = False

    def start(self) -> None:
        """Hear of every game that ends from now on, and review those waiting in the store."""
        self.core.ended.append(self.want)
        self._work()

    def want(self, game_id: int) -> None:
        """Review game `game_id` after those queued (nothing if it is queued or under way)."""
        if game_id != self._reviewing and game_id not in self._queue:
            self._queue.append(game_id)
            self._work()

    def _work(self) -> None:
        if not self._closed and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._serve(), name="reviews")

    def ahead(self, game_id: int) -> int | None:
        """How many reviews come before game `game_id`'s (0: under way), None if it is not queued."""
        if game_id == self._reviewing:
            return 0
        return (
            self._queue.index(game_id) + 1 + (self._reviewing is not None) if game_id in self._queue else None
        )

    async def idle(self) -> None:
        """Wait until no review is left to make (for whoever must see them made: tests, a benchmark)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait([self._task])

    async def _serve(self) -> None:
        """Review the games queued, then those the store still holds without a review, one at a time."""
        while self._queue or await self._resume():
            self._reviewing = self._queue.popleft()
            try:
                await self._made_for(self._reviewing)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("review failed", extra={"game": self._reviewing, "action": "review"})
                self._passed.add(self._reviewing)
            finally:
                self._reviewing = None

    async def _resume(self) -> bool:
        """Queue the finished games that have no review yet (newest first); whether any were found."""
        try:
            found = [row.game_id for row in await self.core.tables.store.unreviewed(RESUME_BATCH)]
        except Exception:
            log.exception("games to review not read: looked up again at the next game's end")
            return False
        for game_id in found:
            if game_id not in self._passed:
                self.want(game_id)
        return bool(self._queue)

    async def _made_for(self, game_id: int) -> GameReview | None:
        """Review game `game_id`, tell `made`, and save it; None if it cannot be reviewed (its
        moves were pruned, it does not rebuild as stored)."""
        where = {"game": game_id, "action": "review"}
        archived = await self.core.tables.archived(game_id)
        records, _ = await self.core.tables.log_after(game_id, 0)
        if archived is None or not any(r.get("kind") == LogKind.ACTION for r in records):
            log.info("game not reviewed: its moves are not kept", extra=where)
            self._passed.add(game_id)
            return None
        try:
            setup = setup_of(archived.table.game, archived.table.seed, records)
        except Diverged as diverged:
            log.warning("game not reviewed: %s", diverged, extra=where)
            self._passed.add(game_id)
            return None
        log.info("reviewing game", extra=where)
        review = await self._run(game_id, setup, list(after_start(records)))
        for told in self.made:  # before the save: a restart in between makes it, and tells, again
            await told(review)
        await self.core.tables.store.save_review(game_id, review.model_dump_json())
        log.info("game reviewed", extra={**where, "seats": len(review.seats)})
        return review

    async def _run(self, game_id: int, setup: Setup, records: list[dict[str, Any]]) -> GameReview:
        """The review, computed in the worker process (a new one if the last one broke)."""
        if self._pool is None:
            self._pool = self._new_pool()
        loop = asyncio.get_running_loop()
        try:
            review = await loop.run_in_executor(self._pool, self.review, game_id, setup, records)
        except BrokenExecutor:
            self._close_pool()
            raise
        if review.format != FORMAT or review.game_id != game_id:
            raise ValueError(f"the analysis gave a review of game {review.game_id}, format {review.format}")
        return review

    def _close_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def close(self) -> None:
        """Stop reviewing (a review cut short is made again after a restart: it was never saved)."""
        self._closed = True
        if self.want in self.core.ended:
            self.core.ended.remove(self.want)
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self._close_pool()
