"""The store under faults: a locked file answers in time, a row that cannot be read fails alone; the
timers, read from an index alone, in either store."""

import asyncio
import sqlite3
import time
from datetime import UTC, datetime, timedelta

import pytest

from db import DamagedRow, Shards, StoreError
from db.interface import OutcomeUnknown
from db.sqlite.connection import BUSY_TIMEOUT_MS, QUEUE_BUDGET
from tests.db.conftest import sqlite_only

DISCORD_WINDOW = 3.0
"""Seconds Discord waits for the answer to a click."""
NOT_UTF8 = b'{"host_id": 1, "name": "\xff\xfe caf\xe9"}'


@pytest.fixture
def path(tmp_path):
    return tmp_path / "payday.sqlite3"


def damage(path, channel_id: int, data: bytes) -> None:
    """Write raw bytes into a live row's document, as a bad disk or an old tool might."""
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE games SET data = CAST(? AS TEXT) WHERE channel_id = ?", (data, channel_id))
    raw.close()


class Locker:
    """Another program holding the write lock, as `sqlite3 payday.sqlite3` in a shell might."""

    def __init__(self, path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


@sqlite_only
async def test_a_locked_database_fails_a_save_well_inside_discords_window(store, path):
    row = await store.create(100, None, "{}")
    locker = Locker(path)
    try:
        started = time.monotonic()
        with pytest.raises(StoreError, match="another program is holding a lock") as caught:
            await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])
        waited = time.monotonic() - started
    finally:
        locker.release()

    assert BUSY_TIMEOUT_MS / 1000 * 0.8 <= waited < 1.0
    assert not isinstance(caught.value, OutcomeUnknown)  # refused before anything was written
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    # Nothing was half-written, and the store works again as soon as the lock is gone.
    assert await store.get(100) == row
    assert (await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])).version == 2


@sqlite_only
async def test_a_save_is_committed_when_it_returns(store, path):
    row = await store.create(100, None, "{}")

    saved = await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])

    with sqlite3.connect(path) as other:  # committed: another program sees it at once
        assert other.execute("SELECT version, data FROM games").fetchall() == [(2, '{"turn":2}')]
    other.close()
    assert saved.version == 2


@sqlite_only
@pytest.mark.parametrize("landed", [True, False], ids=["committed", "not_committed"])
async def test_a_commit_that_fails_leaves_the_outcome_unknown_not_assumed(store, path, monkeypatch, landed):
    row = await store.create(100, None, "{}")
    db = store._connection._db
    real = db.commit

    async def commit() -> None:  # the disk fails as the COMMIT is written, after it landed or before
        if landed:
            await real()
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(db, "commit", commit)
    with pytest.raises(OutcomeUnknown, match=str(path)) as caught:
        await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])
    monkeypatch.setattr(db, "commit", real)

    assert "\n" not in str(caught.value)
    assert (await store.get(100)).version == (2 if landed else 1)  # the store is usable, and tells


@sqlite_only
async def test_a_lock_held_by_another_program_is_waited_for_off_the_event_loop(store, path):
    row = await store.create(100, None, "{}")
    locker = Locker(path)
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    ticker = asyncio.create_task(tick())
    asyncio.get_running_loop().call_later(0.1, locker.release)
    try:
        saved = await store.save(row, '{"turn":2}', None, [{"kind": "roll"}])
    finally:
        ticker.cancel()

    assert saved.version == 2
    assert ticks >= 5  # the event loop kept running while the thread waited for the lock
    assert [e.data for e in await store.events(row.game_id)] == [{"kind": "roll"}]


@sqlite_only
async def test_clicks_queued_behind_a_locked_database_all_get_an_answer_in_time(store, path):
    """Forty saves arrive while the lock is held: each would wait its busy timeout in turn (10 s in
    all); instead every one fails within the budget and none is left hanging."""
    rows = [await store.create(channel, None, "{}") for channel in range(40)]
    locker = Locker(path)
    try:
        started = time.monotonic()
        results = await asyncio.gather(
            *(store.save(row, "{}", None, [{"kind": "roll"}]) for row in rows), return_exceptions=True
        )
        waited = time.monotonic() - started
    finally:
        locker.release()

    assert all(isinstance(r, StoreError) for r in results), results
    assert any("in time" in str(r) for r in results)
    assert waited < QUEUE_BUDGET + 2 * BUSY_TIMEOUT_MS / 1000 + 0.5 < DISCORD_WINDOW
    assert [(await store.get(row.channel_id)).version for row in rows] == [1] * 40


@sqlite_only
async def test_a_row_that_is_not_utf8_is_reported_alone(store, path):
    good = await store.create(100, None, '{"ok":true}', datetime(2030, 1, 1, tzinfo=UTC))
    bad = await store.create(200, None, "{}", datetime(2030, 1, 2, tzinfo=UTC))
    damage(path, 200, NOT_UTF8)

    with pytest.raises(DamagedRow) as caught:
        await store.get(200)
    assert (caught.value.game_id, caught.value.channel_id) == (bad.game_id, 200)
    assert "UTF-8" in caught.value.reason
    assert await store.get(100) == good
    assert [w.channel_id for w in await store.wakeups()] == [100, 200]  # timers never read documents


@sqlite_only
async def test_a_damaged_finished_game_does_not_hide_the_others(store, path):
    """A text column that is not UTF-8 makes Python's sqlite3 raise an error with no SQLite error code;
    the store used to crash on it with AttributeError."""
    for channel in (100, 200, 300):
        row = await store.create(channel, None, "{}")
        await store.finish(row, '{"final":true}', {"channel": channel})
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE history SET data = CAST(? AS TEXT) WHERE channel_id = 200", (NOT_UTF8,))
    raw.close()

    assert [h.channel_id for h in await store.history()] == [300, 100]


@sqlite_only
async def test_set_aside_keeps_the_bytes_and_frees_the_channel(store, path):
    deadline = datetime(2030, 1, 1, tzinfo=UTC)
    bad = await store.create(200, 9, "{}", deadline)
    bad = await store.save(bad, "{}", deadline, [{"kind": "roll"}])
    damage(path, 200, NOT_UTF8)

    assert await store.set_aside(bad.game_id, bad.version, "not UTF-8") is True
    assert await store.set_aside(bad.game_id, bad.version, "not UTF-8") is False

    assert await store.get(200) is None
    assert await store.wakeups() == []
    fresh = await store.create(200, 9, "{}")
    assert fresh.game_id > bad.game_id
    with sqlite3.connect(path) as raw:
        [kept] = raw.execute(
            "SELECT game_id, channel_id, guild_id, version, data, deadline, reason FROM quarantine"
        ).fetchall()
    raw.close()
    assert kept[:4] == (bad.game_id, 200, 9, 2)
    assert kept[4] == NOT_UTF8
    assert kept[5] is not None and kept[6] == "not UTF-8"
    assert await store.count_events(bad.game_id) == 1  # its log stays too


async def test_wakeups_come_earliest_first_without_untimed_games(store):
    base = datetime(2030, 1, 1, tzinfo=UTC)
    await store.create(100, None, "{}", base + timedelta(minutes=5))
    await store.create(200, None, "{}")
    await store.create(300, None, "{}", base)

    assert [(w.channel_id, w.at) for w in await store.wakeups()] == [
        (300, base),
        (100, base + timedelta(minutes=5)),
    ]


GUILDS = (None, 0, 1, (1 << 22) - 1, 1 << 22, 5 << 22, 7 << 22, 9 << 22, 175928847299117063, 2**63 - 1)
"""Servers to sort into shards: none (a direct message), the edges of a shard's id range, and
snowflakes as large as Discord's (a real one, and the largest a signed 64-bit id holds)."""


@pytest.mark.parametrize("count", [1, 2, 3, 16])
async def test_wakeups_of_some_shards_are_those_shards_own(store, count):
    """The store's SQL filter agrees with `Shards.owns`, the rule the gateway routes by."""
    base = datetime(2030, 1, 1, tzinfo=UTC)
    for channel, guild in enumerate(GUILDS, start=1):
        await store.create(channel, guild, "{}", base + timedelta(minutes=channel))

    for ids in ({0}, {count - 1}, set(range(0, count, 2))):
        shards = Shards(count, frozenset(ids))
        served = [w.channel_id for w in await store.wakeups(shards)]
        owned = [channel for channel, guild in enumerate(GUILDS, start=1) if shards.owns(guild)]
        assert served == owned
    assert len(await store.wakeups()) == len(GUILDS)


@sqlite_only
async def test_ping_answers_even_while_another_program_holds_the_write_lock(store, path):
    locker = Locker(path)
    try:
        started = time.monotonic()
        await store.ping()  # the health check reads; WAL readers never wait for a writer
        assert time.monotonic() - started < BUSY_TIMEOUT_MS / 1000
    finally:
        locker.release()
