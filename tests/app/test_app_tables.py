"""The cog's table store: what it saved is what the next click loads, without reading it back."""

import asyncio

import pytest

from bot.service import Tables
from bot.table import Table
from db import StaleVersion, Store


@pytest.fixture
async def tables(tmp_path):
    store = await Store.open(tmp_path / "payday.sqlite3")
    yield Tables(store)
    await store.close()


def lobby(host: int = 1) -> Table:
    return Table(host_id=host, turn_seconds=300, interrupt_seconds=60, seed=7)


async def test_a_saved_table_loads_back_without_reading_the_store(tables, monkeypatch):
    loaded = await tables.create(10, 20, lobby())
    loaded.table.months = 5
    await tables.save(loaded, [{"kind": "lobby"}])

    async def no_reads(channel_id):
        raise AssertionError("read the store for a row this process just wrote")

    monkeypatch.setattr(tables.store, "get", no_reads)
    again = await tables.load(10)
    assert again.table.months == 5 and again.row.version == 2
    assert again.table is not loaded.table  # a fresh copy: a refused action can't leak into the cache


async def test_a_failed_save_forgets_the_cached_row_and_the_next_load_reads_the_store(tables):
    loaded = await tables.create(10, 20, lobby())
    first = await tables.save(loaded)
    with pytest.raises(StaleVersion):
        await tables.save(loaded)  # from the old version: refused by the store

    reloaded = await tables.load(10)
    assert reloaded.row == first.row


async def test_a_restarted_bot_finds_the_table_in_the_store(tables):
    await tables.save(await tables.create(10, 20, lobby()))
    fresh = Tables(tables.store)
    assert (await fresh.load(10)).row.version == 2
    assert await fresh.load(11) is None


async def test_a_lock_free_reader_racing_a_game_end_cannot_bring_the_game_back(tables):
    """/payday hand or ledger (no lock) read while a click ends the game (under the lock)."""
    await Tables(tables.store).create(10, 20, lobby())  # written by an earlier process
    fresh = Tables(tables.store)  # this process: nothing cached yet

    async def end():
        async with fresh.lock(10):
            await fresh.discard(await fresh.load(10))

    await asyncio.gather(end(), fresh.peek(10))

    assert await fresh.load(10) is None and await tables.store.get(10) is None
