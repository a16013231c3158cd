"""Store behaviour a player would notice: saves stick, stale clicks lose, the log pages, games finish;
in either store, but for SQLite's own locks and checkpoints."""

import asyncio
import dataclasses
import json
import sqlite3
from datetime import UTC, datetime, timedelta, timezone

import pytest

from db import GameExists, GameRow, StaleVersion
from db.interface import SettingsRow
from db.sqlite import Store
from db.sqlite.store import CHECKPOINT_EVERY
from tests.db.conftest import START, sqlite_only


async def test_create_then_get_returns_the_same_row(store, clock):
    deadline = datetime(2030, 1, 2, 12, 30, 0, 123456, tzinfo=timezone(timedelta(hours=2)))

    row = await store.create(100, 7, '{"lobby":true}', deadline)

    assert row.version == 1
    assert (row.channel_id, row.guild_id, row.data) == (100, 7, '{"lobby":true}')
    assert row.deadline == deadline and row.deadline.tzinfo is UTC
    assert row.created_at == row.updated_at == clock.now
    assert await store.get(100) == row
    assert await store.get(101) is None


async def test_save_bumps_version_and_round_trips(store, clock):
    row = await store.create(100, None, "{}")
    deadline = START + timedelta(minutes=5, microseconds=7)

    saved = await store.save(row, '{"turn":1}', deadline, [{"kind": "roll", "die": 4}])
    assert saved.version == 2
    assert saved.updated_at == clock.now and saved.created_at == row.created_at
    assert await store.get(100) == saved

    again = await store.save(saved, '{"turn":2}', None)
    assert again.version == 3 and again.deadline is None
    assert await store.get(100) == again
    assert [e.data for e in await store.events(row.game_id)] == [{"kind": "roll", "die": 4}]


async def test_second_save_from_the_same_old_row_is_stale_and_writes_nothing(store):
    row = await store.create(100, None, "{}")
    winner = await store.save(row, '{"by":"first"}', None, [{"kind": "buy"}])

    with pytest.raises(StaleVersion):
        await store.save(row, '{"by":"second"}', None, [{"kind": "buy"}, {"kind": "pay"}])

    assert await store.get(100) == winner
    assert await store.count_events(row.game_id) == 1


async def test_a_set_aside_from_an_old_row_moves_nothing_of_the_game_saved_since(store):
    # A process that read version 1 (and could not read it) must not quarantine what another
    # process, running a newer version of the bot, saved since.
    old = await store.create(100, None, "{}")
    newer = await store.save(old, '{"by":"newer"}', None, [{"kind": "buy"}])

    assert await store.set_aside(old.game_id, old.version, "rejected by an old version") is False

    assert await store.get(100) == newer
    assert await store.set_aside(newer.game_id, newer.version, "rejected") is True
    assert await store.get(100) is None


async def test_create_in_a_busy_channel_raises_game_exists(store):
    row = await store.create(100, None, '{"first":true}')

    with pytest.raises(GameExists):
        await store.create(100, None, '{"second":true}')

    assert await store.get(100) == row
    assert len(await store.live_games()) == 1


async def test_finish_moves_the_game_to_history_and_frees_the_channel(store, clock):
    row = await store.create(100, 7, "{}")
    row = await store.save(row, '{"month":1}', None, [{"kind": "roll"}])

    await store.finish(row, '{"final":true}', {"winner": 42, "net": {"42": 1500}}, [{"kind": "game_over"}])

    assert await store.get(100) is None
    [done] = await store.history()
    assert (done.game_id, done.channel_id, done.guild_id) == (row.game_id, 100, 7)
    assert done.data == '{"final":true}'
    assert done.summary == {"winner": 42, "net": {"42": 1500}}
    assert done.created_at == row.created_at and done.finished_at == clock.now
    assert [e.seq for e in await store.events(row.game_id)] == [2, 1]

    new = await store.create(100, 7, "{}")
    assert new.game_id > row.game_id and new.version == 1
    with pytest.raises(StaleVersion):
        await store.finish(row, "{}", {})
    assert await store.get(100) == new


async def test_a_started_games_id_is_never_given_again_but_a_closed_lobbys_is(store):
    """Players count games by their ids ("Game #2"): a lobby nobody started gives its id back."""
    first = await store.create(100, None, "{}")
    await store.finish(first, "{}", {})
    lobby = await store.create(100, None, "{}")
    await store.delete(lobby)
    elsewhere = await store.create(200, None, "{}")  # any channel's next lobby takes it
    await store.finish(elsewhere, "{}", {})
    third = await store.create(100, None, "{}")

    assert (first.game_id, elsewhere.game_id, third.game_id) == (1, 2, 3)
    assert lobby.game_id == elsewhere.game_id


async def test_the_smallest_id_given_back_goes_first_and_each_only_once(store):
    lobbies = [await store.create(channel, None, "{}") for channel in (100, 200, 300)]
    for lobby in reversed(lobbies[:2]):
        await store.delete(lobby)

    again = [await store.create(channel, None, "{}") for channel in (400, 500, 600)]

    assert [row.game_id for row in again] == [1, 2, 4]


async def test_a_stale_row_of_a_closed_lobby_cannot_save_over_the_lobby_that_took_its_id(store):
    lobby = await store.create(100, None, "{}")
    lobby = await store.save(lobby, '{"old":1}', None, [{"kind": "lobby"}])
    await store.delete(lobby)
    new = await store.create(100, None, '{"new":1}')

    assert new.game_id == lobby.game_id and new.version > lobby.version
    for stale in (lobby, dataclasses.replace(lobby, version=1)):
        with pytest.raises(StaleVersion):
            await store.save(stale, '{"old":2}', None)
        with pytest.raises(StaleVersion):
            await store.delete(stale)
    assert await store.get(100) == new
    assert (await store.save(new, "{}", None)).version == new.version + 1


async def test_a_lobby_that_fails_to_open_keeps_the_id_given_back_for_the_next(store):
    lobby = await store.create(100, None, "{}")
    busy = await store.create(200, None, "{}")
    await store.delete(lobby)

    with pytest.raises(GameExists):
        await store.create(200, None, "{}")

    assert (await store.create(300, None, "{}")).game_id == lobby.game_id
    assert (await store.create(400, None, "{}")).game_id == busy.game_id + 1


async def test_delete_is_version_checked_and_takes_the_lobbys_log_with_it(store):
    row = await store.create(100, None, "{}")
    saved = await store.save(row, "{}", None, [{"kind": "join"}])

    with pytest.raises(StaleVersion):
        await store.delete(row)
    assert await store.get(100) == saved
    assert await store.count_events(row.game_id) == 1

    await store.delete(saved)
    assert await store.get(100) is None
    assert await store.history() == []
    assert await store.count_events(row.game_id) == 0  # the next lobby's log starts afresh


async def test_preferences_are_per_member_and_the_last_choice_wins(store):
    assert await store.preferences([1, 2]) == {}
    await store.set_preferences(1, calls=False)
    await store.set_preferences(2, calls=False)
    latest = await store.set_preferences(2, calls=True)

    found = await store.preferences([1, 2, 3])

    assert {user: p.calls for user, p in found.items()} == {1: False, 2: True}
    assert found[2] == latest and found[2].updated_at > found[1].updated_at
    assert await store.preferences([]) == {}


async def test_preferences_outlive_games_and_restarts(tmp_path, clock):
    path = tmp_path / "payday.sqlite3"
    store = await Store.open(path, now=clock)
    game = await store.create(100, None, "{}")
    await store.set_preferences(7, calls=False)
    await store.finish(game, "{}", {})
    await store.close()

    store = await Store.open(path, now=clock)
    try:
        assert (await store.preferences([7]))[7].calls is False
    finally:
        await store.close()


async def test_events_page_newest_first_with_gapless_seq(store):
    row = await store.create(100, None, "{}")
    for turn in range(4):
        kinds = ["roll", "move", "pay"]
        row = await store.save(row, "{}", None, [{"kind": k, "turn": turn} for k in kinds])
    other = await store.create(200, None, "{}")
    await store.save(other, "{}", None, [{"kind": "roll"}])

    everything = await store.events(row.game_id, limit=100)
    assert [e.seq for e in everything] == list(range(12, 0, -1))
    assert everything[0].data == {"kind": "pay", "turn": 3}
    assert all(e.game_id == row.game_id for e in everything)

    page1 = await store.events(row.game_id, limit=5)
    page2 = await store.events(row.game_id, limit=5, before_seq=page1[-1].seq)
    page3 = await store.events(row.game_id, limit=5, before_seq=page2[-1].seq)
    assert [e.seq for e in page1 + page2 + page3] == list(range(12, 0, -1))

    rolls = await store.events(row.game_id, kinds={"roll"})
    assert [e.seq for e in rolls] == [10, 7, 4, 1]
    assert [e.seq for e in await store.events(row.game_id, kinds=["roll", "pay"], before_seq=9, limit=3)] == [
        7,
        6,
        4,
    ]
    assert await store.events(row.game_id, kinds=[]) == []
    assert await store.count_events(row.game_id) == 12
    assert await store.count_events(row.game_id, ["move", "pay"]) == 8
    assert await store.count_events(other.game_id) == 1


async def test_events_from_one_save_share_its_timestamp(store, clock):
    row = await store.create(100, None, "{}")
    saved = await store.save(row, "{}", None, [{"kind": "a"}, {"kind": "b"}])

    assert {e.at for e in await store.events(row.game_id)} == {saved.updated_at}


@pytest.mark.parametrize(
    ("bad_event", "error"),
    [
        ({"kind": "pay", "amount": object()}, TypeError),
        ({"kind": "pay", "amount": float("nan")}, ValueError),
        ({"amount": 5}, ValueError),
        ("pay", ValueError),
    ],
)
async def test_invalid_event_leaves_row_and_log_untouched(store, bad_event, error):
    row = await store.create(100, None, "{}")
    row = await store.save(row, '{"before":true}', None, [{"kind": "roll"}])

    with pytest.raises(error):
        await store.save(row, '{"after":true}', None, [{"kind": "ok"}, bad_event])
    with pytest.raises(error):
        await store.finish(row, '{"after":true}', {}, [bad_event])

    assert await store.get(100) == row
    assert await store.count_events(row.game_id) == 1
    assert await store.history() == []
    assert (await store.save(row, "{}", None, [{"kind": "ok"}])).version == 3


async def test_naive_datetimes_are_refused(store):
    row = await store.create(100, None, "{}")

    with pytest.raises(ValueError, match="timezone-aware"):
        await store.save(row, "{}", datetime(2030, 1, 1))
    assert await store.get(100) == row


@sqlite_only
async def test_failure_inside_the_transaction_rolls_everything_back(store, tmp_path):
    """The UPDATE has already run when the event insert fails; none of it may survive."""
    row = await store.create(100, None, "{}")
    row = await store.save(row, '{"before":true}', None, [{"kind": "roll"}])
    with sqlite3.connect(tmp_path / "payday.sqlite3") as side:
        side.execute(
            "CREATE TRIGGER no_boom BEFORE INSERT ON events WHEN NEW.kind = 'boom'"
            " BEGIN SELECT RAISE(ABORT, 'boom refused'); END"
        )
    side.close()

    with pytest.raises(sqlite3.IntegrityError, match="boom refused"):
        await store.save(row, '{"after":true}', None, [{"kind": "ok"}, {"kind": "boom"}])
    with pytest.raises(sqlite3.IntegrityError, match="boom refused"):
        await store.finish(row, '{"after":true}', {"w": 1}, [{"kind": "boom"}])

    assert await store.get(100) == row
    assert await store.count_events(row.game_id) == 1
    assert await store.history() == []
    assert (await store.save(row, "{}", None, [{"kind": "ok"}])).version == 3


async def test_live_games_lists_every_live_row_for_rearming_deadlines(store):
    deadline = START + timedelta(hours=1)
    a = await store.create(100, 1, "{}", deadline)
    b = await store.create(200, None, "{}")
    c = await store.create(300, 1, "{}")
    await store.delete(c)

    assert await store.live_games() == [a, b]


async def test_history_is_newest_first_and_filters_by_guild_and_channel(store):
    finished: list[GameRow] = []
    for channel, guild in [(100, 1), (200, 2), (300, 1), (400, None), (100, 1)]:
        row = await store.create(channel, guild, "{}")
        await store.finish(row, "{}", {"channel": channel})
        finished.append(row)

    assert [h.channel_id for h in await store.history()] == [100, 400, 300, 200, 100]
    assert [h.channel_id for h in await store.history(guild_id=1)] == [100, 300, 100]
    assert [h.channel_id for h in await store.history(limit=2)] == [100, 400]
    in_100 = await store.history(guild_id=1, channel_id=100)
    assert [h.game_id for h in in_100] == [finished[4].game_id, finished[0].game_id]


async def test_a_finished_game_is_found_by_its_number_and_a_live_one_is_not(store):
    done = await store.create(100, 1, "{}")
    await store.finish(done, '{"final": 1}', {"reason": "retired"})
    running = await store.create(200, 2, "{}")

    found = await store.finished_game(done.game_id)

    assert found is not None and (found.game_id, found.channel_id, found.guild_id) == (done.game_id, 100, 1)
    assert (found.data, found.summary) == ('{"final": 1}', {"reason": "retired"})
    assert await store.finished_game(running.game_id) is None
    assert await store.finished_game(done.game_id + 100) is None


async def test_fifty_concurrent_saves_to_different_channels_all_land(store):
    rows = [await store.create(channel, 1, "{}") for channel in range(50)]

    saved = await asyncio.gather(
        *(store.save(row, f'{{"n":{row.channel_id}}}', None, [{"kind": "roll"}] * 3) for row in rows)
    )

    assert [s.version for s in saved] == [2] * 50
    for row in rows:
        assert (await store.get(row.channel_id)).data == f'{{"n":{row.channel_id}}}'
        assert [e.seq for e in await store.events(row.game_id)] == [3, 2, 1]


async def test_two_concurrent_saves_from_the_same_row_exactly_one_wins(store):
    row = await store.create(100, None, "{}")

    results = await asyncio.gather(
        store.save(row, '{"click":"a"}', None, [{"kind": "a"}]),
        store.save(row, '{"click":"b"}', None, [{"kind": "b"}]),
        return_exceptions=True,
    )

    [winner] = [r for r in results if isinstance(r, GameRow)]
    [loser] = [r for r in results if not isinstance(r, GameRow)]
    assert isinstance(loser, StaleVersion)
    assert await store.get(100) == winner
    [event] = await store.events(row.game_id)
    assert event.data == {"kind": json.loads(winner.data)["click"]}


class Locker:
    """Another program holding the file's write lock, as `sqlite3 payday.sqlite3` in a shell might."""

    def __init__(self, path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


@sqlite_only
async def test_a_save_cancelled_while_queued_never_runs(store, tmp_path):
    """A timeout can cancel the caller while its save waits behind other work for the database."""
    first = await store.create(100, None, "{}")
    second = await store.create(200, None, "{}")
    locker = Locker(tmp_path / "payday.sqlite3")
    asyncio.get_running_loop().call_later(0.1, locker.release)
    waiting = asyncio.create_task(store.save(first, '{"saved":true}', None, [{"kind": "x"}]))
    await asyncio.sleep(0.01)  # the first save has its turn, and waits for the other program's lock
    queued = asyncio.create_task(store.save(second, '{"saved":true}', None, [{"kind": "x"}]))
    await asyncio.sleep(0.01)
    queued.cancel()
    await asyncio.wait([waiting, queued])

    assert queued.cancelled()
    assert await store.get(200) == second
    assert await store.count_events(second.game_id) == 0


@sqlite_only
async def test_a_save_cancelled_part_way_is_rolled_back_whole(store, tmp_path):
    """A save cancelled while its transaction waits (here its BEGIN IMMEDIATE, for another
    program's lock) leaves nothing written, and the next save works."""
    row = await store.create(100, None, "{}")
    locker = Locker(tmp_path / "payday.sqlite3")
    saving = asyncio.create_task(store.save(row, '{"saved":true}', None, [{"kind": "x"}, {"kind": "y"}]))
    await asyncio.sleep(0.02)
    saving.cancel()
    locker.release()

    with pytest.raises(asyncio.CancelledError):
        await saving
    assert await store.get(100) == row
    assert await store.count_events(row.game_id) == 0
    saved = await store.save(row, '{"saved":true}', None, [{"kind": "x"}])
    assert saved.version == 2 and await store.count_events(row.game_id) == 1


async def test_saves_cancelled_at_any_point_are_whole_or_absent(store):
    """Cancelled after any number of turns of the event loop, a save has landed with all its events
    or not at all, and the store goes on working."""
    row = await store.create(100, None, "{}")
    for turns in range(12):
        saving = asyncio.create_task(
            store.save(row, f'{{"n":{turns}}}', None, [{"kind": "a"}, {"kind": "b"}])
        )
        for _ in range(turns):
            await asyncio.sleep(0)
        saving.cancel()
        await asyncio.wait([saving])
        current = await store.get(100)
        events = await store.count_events(row.game_id)
        if current.version == row.version:
            assert current == row
        else:
            assert current.version == row.version + 1 and current.data == f'{{"n":{turns}}}'
            row = current
        assert events == 2 * (row.version - 1)


@sqlite_only
async def test_the_write_ahead_log_is_checkpointed_in_the_background_every_so_many_commits(store, tmp_path):
    """SQLite's own checkpoint would run inside whichever player's COMMIT crossed its threshold."""
    row = await store.create(1, None, "{}")  # commit 1
    for i in range(CHECKPOINT_EVERY - 2):
        row = await store.save(row, json.dumps({"n": i}), None, [{"kind": "tick"}])
    await asyncio.sleep(0.05)
    assert store.checkpoints == 0

    row = await store.save(row, json.dumps({"n": "last"}), None)  # commit number CHECKPOINT_EVERY
    await store.close()  # waits for the background checkpoint

    assert store.checkpoints == 1
    reopened = await Store.open(tmp_path / "payday.sqlite3")
    assert (await reopened.get(1)).data == '{"n": "last"}'
    assert await reopened.count_events(row.game_id) == CHECKPOINT_EVERY - 2
    await reopened.close()


async def test_server_settings_are_per_server_and_each_save_names_the_version_it_replaces(store):
    assert await store.server_settings(1) is None
    assert await store.set_server_settings(1, '{"months":5}', 0) == SettingsRow(1, '{"months":5}')
    await store.set_server_settings(2, '{"months":7}', 0)
    assert await store.set_server_settings(1, '{"months":9}', 1) == SettingsRow(2, '{"months":9}')

    assert await store.server_settings(1) == SettingsRow(2, '{"months":9}')
    assert await store.server_settings(2) == SettingsRow(1, '{"months":7}')
    assert await store.server_settings(3) is None


async def test_a_save_of_server_settings_over_a_version_no_longer_stored_writes_nothing(store):
    await store.set_server_settings(1, '{"months":5}', 0)
    await store.set_server_settings(1, '{"months":6}', 1)

    for stale in (0, 1, 3):  # a first save that lost the race, a save read before the last, a forgery
        with pytest.raises(StaleVersion):
            await store.set_server_settings(1, '{"months":9}', stale)
    with pytest.raises(StaleVersion):
        await store.set_server_settings(2, '{"months":9}', 1)  # no settings at all there

    assert await store.server_settings(1) == SettingsRow(2, '{"months":6}')
    assert await store.server_settings(2) is None
