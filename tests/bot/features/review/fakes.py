"""A fast reviewer in place of the analysis, and a pool that runs it inline (a thread), so tests of
the slice take no CPU seconds: each seat's figures are fixed by its number, so a test knows what
every seat's review says."""

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from bot.features.review import analysis
from bot.features.review.model import Decision, GameReview, Moment, SeatReview
from bot.service.rebuild import Setup


def seat_review(seat: int, players: int) -> SeatReview:
    """Seat 0 chose well and was dealt badly; every later seat is luckier and chose worse."""
    mistake = Moment(
        prompt=3 + seat,
        month=1,
        day=4,
        asked="deal",
        card=0,
        answered=Decision(kind="decline"),
        planner=Decision(kind="buy"),
        gain=0.06,
        error=0.01,
        mistake=True,
    )
    same = Moment(
        prompt=9,
        month=1,
        day=11,
        asked="lottery",
        answered=Decision(kind="ante", value=4),
        planner=Decision(kind="ante", value=4),
        gain=0.0,
        error=0.0,
        mistake=False,
    )
    return SeatReview(
        seat=seat,
        result=1.0 if seat == 0 else 0.0,
        start=1 / players,
        choices=0.03 - 0.04 * seat,
        choices_error=0.01,
        luck=-0.11 + 0.1 * seat,
        luck_error=0.02,
        others=0.0,
        weighed=5,
        moments=(mistake, same) if seat else (same,),
    )


def quick_review(game_id: int, setup: Setup, records: Sequence[Mapping[str, Any]]) -> GameReview:
    players = len(setup.names)
    return GameReview(game_id=game_id, seats=tuple(seat_review(seat, players) for seat in range(players)))


def inline_pool() -> Executor:
    return ThreadPoolExecutor(1)


SMALL_BUDGET = 600
"""Player-days per weighed answer of the real analysis in tests: a 2-player month in a few seconds."""


def small_review(game_id: int, setup: Setup, records: Sequence[Mapping[str, Any]]) -> GameReview:
    """The real analysis, on a small budget."""
    return analysis.review_game(game_id, setup, records, budget=SMALL_BUDGET)
