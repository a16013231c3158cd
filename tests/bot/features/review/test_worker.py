"""The review worker: at start it reviews the finished games the store holds without a review (a
restart loses nothing), newest first, passes over a pruned game without marking it, and saves
each review so it reads the same."""

from bench.review import played, seated
from bot.features.review.model import GameReview
from bot.features.review.service import Reviewed, Reviews
from bot.features.review.worker import ReviewWorker
from bot.game import engine
from bot.game.strengths import Strength
from bot.service.rebuild import rebuild
from bot.table import Seat, Table
from tests.bot.features.review.fakes import inline_pool, quick_review, small_review


async def finished_game(service, channel: int, *, moves: bool = True) -> int:
    """A two-seat game of one month moved to history as it stood after its deal, with its log."""
    state, _ = engine.start(["alice", "bob"], ruleset="modern", months=1, seed=5)
    seats = [Seat(user_id=1, name="alice"), Seat(user_id=2, name="bob")]
    table = Table(host_id=1, turn_seconds=60, interrupt_seconds=30, seats=seats, state=state, seed=5)
    row = await service.tables.store.create(channel, 10, table.model_dump_json())
    log = [{"kind": "started", "seats": ["alice", "bob"]}]
    if moves:
        log.append({"kind": "action", "seat": 0, "action": {"kind": "roll", "value": 0}})
    await service.tables.store.finish(row, table.model_dump_json(), {"reason": "retired"}, log)
    return row.game_id


async def test_at_start_the_games_waiting_are_reviewed_and_saved(service):
    first, second = await finished_game(service, 1), await finished_game(service, 2)
    pruned = await finished_game(service, 3, moves=False)
    worker = ReviewWorker(service.core, quick_review, inline_pool)
    made: list[int] = []

    async def told(review: GameReview) -> None:
        made.append(review.game_id)

    worker.made.append(told)
    worker.start()
    await worker.idle()
    await worker.close()

    assert made == [second, first]  # newest first
    saved = GameReview.model_validate_json(await service.tables.store.review(first))
    assert (saved.game_id, [seat.seat for seat in saved.seats]) == (first, [0, 1])
    assert await service.tables.store.review(pruned) is None
    assert [row.game_id for row in await service.tables.store.unreviewed(10)] == []


async def test_a_game_that_ends_is_queued_behind_the_one_under_way(service):
    worker = ReviewWorker(service.core, quick_review, inline_pool)
    worker.want(7)
    worker.want(8)
    worker.want(7)  # already queued: once

    assert worker.ahead(8) == 2 and worker.ahead(9) is None
    await worker.close()


async def test_the_real_analysis_reviews_a_finished_game_each_player_reads_their_own(service):
    """Two Normal players, one month, the analysis on a small budget: the review is made off the
    loop, saved, and each person reads their own seat."""
    game = played(11, 2, 1, seated(11, (Strength.NORMAL, Strength.NORMAL), 2000))
    final = rebuild(game.setup, game.log).final
    seats = [Seat(user_id=1, name="alice"), Seat(user_id=2, name="bob")]
    table = Table(host_id=1, turn_seconds=60, interrupt_seconds=30, seats=seats, state=final, seed=11)
    row = await service.tables.store.create(1, 10, table.model_dump_json())
    started = {"kind": "started", "seats": list(game.setup.names)}
    await service.tables.store.finish(
        row, table.model_dump_json(), {"reason": "retired"}, [started, *game.log]
    )
    worker = ReviewWorker(service.core, small_review, inline_pool)

    worker.start()
    await worker.idle()
    await worker.close()

    reviews = Reviews(service.core, worker)
    for user_id, seat in ((1, 0), (2, 1)):
        shown = await reviews.mine(10, user_id, row.game_id)
        assert isinstance(shown, Reviewed) and shown.seat.seat == seat
        assert (
            abs(
                shown.seat.start
                + shown.seat.choices
                + shown.seat.luck
                + shown.seat.others
                - shown.seat.result
            )
            < 1e-6
        )
