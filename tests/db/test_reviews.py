"""Finished games' reviews in the store: kept and read back as saved, made again over an older one,
and handed out while a game has its moves and no review (`unreviewed`, newest first, never a
pruned game's); and the message a result links to, which the table's line is added to; in either store."""

from datetime import timedelta

from db import GameStore
from tests.db.test_records import plus_one, result

MOVE = {"kind": "action", "seat": 0, "action": {"kind": "roll"}}


async def finished(store: GameStore, channel: int, moves: int = 1) -> int:
    """A game finished in `channel` after `moves` answers; its number."""
    row = await store.create(channel, 10, "{}")
    await store.finish(
        row, "{}", {"reason": "retired"}, [{"kind": "started", "seats": ["a"]}] + [MOVE] * moves
    )
    return row.game_id


async def test_a_review_reads_back_as_saved_and_a_new_one_replaces_it(store):
    game = await finished(store, 1)
    assert await store.review(game) is None

    await store.save_review(game, '{"format": 1}')
    assert await store.review(game) == '{"format": 1}'
    await store.save_review(game, '{"format": 2}')
    assert await store.review(game) == '{"format": 2}'
    assert await store.review(game + 1) is None


async def test_unreviewed_hands_out_games_with_moves_and_no_review_newest_first(store):
    old, new = await finished(store, 1), await finished(store, 2)
    await finished(store, 3, moves=0)  # nothing was ever answered: nothing to review
    await store.create(4, 10, "{}")  # still being played

    assert [row.game_id for row in await store.unreviewed(10)] == [new, old]
    assert [row.game_id for row in await store.unreviewed(1)] == [new]
    await store.save_review(new, "{}")
    assert [row.game_id for row in await store.unreviewed(10)] == [old]


async def test_a_pruned_game_is_not_handed_out_and_its_review_is_kept(store):
    reviewed = await finished(store, 1)
    await finished(store, 2)
    await store.save_review(reviewed, '{"kept": true}')

    await store.prune(store._now() + timedelta(days=1))  # type: ignore[attr-defined]

    assert await store.unreviewed(10) == []
    assert await store.review(reviewed) == '{"kept": true}'


async def test_a_result_links_to_its_last_board_until_its_standings_are_posted(store):
    row = await store.create(1, 10, "{}")
    await store.finish(row, "{}", {"reason": "retired"}, [], (result((1, 5), (2, 6)), plus_one))
    assert await store.result_message(row.game_id) == 77  # the board the result was made with
    await store.set_result_message(row.game_id, 78)
    assert await store.result_message(row.game_id) == 78
    assert await store.result_message(row.game_id + 1) is None
