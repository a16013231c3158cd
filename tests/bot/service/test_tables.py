"""The cog's table store: what it saved is what the next click loads, without reading it back."""

import asyncio
import dataclasses
import enum
import gc
import json
from datetime import datetime
from pathlib import Path

import pytest

from bot.game import ai
from bot.game import events as ev
from bot.game.events import EventKind, Reason
from bot.game.state import from_json
from bot.service import GameSettings, Move, Person, Service, Tables
from bot.service.lost import Unconfirmed
from bot.service.tables import Landed, Loaded
from bot.table import Seat, Table
from db import GameRow, StaleVersion, StoreError
from db.interface import GameResult, OutcomeUnknown
from db.sqlite import Store


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


# -- the kept game: its row's text in, a new table out ------------------------------------------------
async def started_table(service) -> Table:
    """A running two-player game's table, a few answers in (nested state: players, decks, a question)."""
    from tests.bot.service.test_service import CHANNEL, started

    await started(service)
    for _ in range(3):
        table = await next_answer(service, CHANNEL)
    return table


async def next_answer(service, channel: int) -> Table:
    """The answer the computer would give, by the player the game waits for; the table it saved."""
    table = (await service.tables.load(channel)).table
    seat = table.state.pending.seats[0]
    person = next(p for p in (ALICE, BOB) if table.seats[seat].user_id == p.user_id)
    move = Move(ai.choose(table.state, seat).kind, 0, table.state.prompt)
    return (await service.playing.act(channel, person, move)).loaded.table


ALICE, BOB = Person(1, "alice"), Person(2, "bob")


def stored(row) -> str:
    return Table.model_validate_json(row.data).model_dump_json()


async def test_a_save_that_raises_leaves_the_cache_equal_to_what_is_stored(service, monkeypatch):
    tables = service.tables
    await started_table(service)
    loaded = await tables.load(10)
    before = loaded.table.model_dump_json()
    loaded.table.state.players[0].cash += 1_000_000  # deep in the state, as the engine changes it
    loaded.table.state.mail_deck.clear()
    loaded.table.seats[0].name = "changed"

    async def full_disk(*args, **kwargs):
        raise StoreError("the disk is full")

    monkeypatch.setattr(tables.store, "save", full_disk)
    with pytest.raises(StoreError):
        await tables.save(loaded, [{"kind": "action"}])
    monkeypatch.undo()

    again = await tables.load(10)
    assert again.table.model_dump_json() == before == stored(await tables.store.get(10))
    assert again.row == await tables.store.get(10)


async def test_a_changed_copy_that_is_never_saved_changes_nothing_kept(service):
    """A refused answer: the use case changed its copy (e.g. `present`), then saved nothing."""
    tables = service.tables
    await started_table(service)
    first = await tables.load(10)
    first.table.state.players[1].deals.append(99)
    first.table.state.pending.done.append(1)
    first.table.latest.clear()
    first.table.seats[1].timeouts = 5

    second = await tables.load(10)

    assert second.table.model_dump_json() == stored(second.row)
    assert second.table.state.players[1].deals is not first.table.state.players[1].deals


async def test_a_published_snapshot_never_moves_when_the_next_click_changes_its_copy(service):
    from tests.bot.service.test_service import CHANNEL

    tables = service.tables
    await started_table(service)
    published = service.screen.updates[-1].loaded  # what the live message will render
    shown = published.table.model_dump_json()

    table = await next_answer(service, CHANNEL)

    assert published.table.model_dump_json() == shown != table.model_dump_json()
    assert (await tables.load(CHANNEL)).table.model_dump_json() == table.model_dump_json()


async def test_a_new_live_message_is_saved_with_the_table_and_the_shown_snapshot_is_left_alone(service):
    from tests.bot.service.test_service import CHANNEL

    table = await started_table(service)
    shown = service.screen.updates[-1].loaded

    moved = await service.looks.moved(shown, 1_456_074_443_980_800_007)

    assert moved.row.data == moved.table.model_dump_json() == (await service.tables.store.get(CHANNEL)).data
    assert moved.table.message_id == 1_456_074_443_980_800_007
    assert moved.table.message_month == table.leading_month()
    assert shown.table.message_id == table.message_id  # the last save, as the screen holds it


async def test_a_live_message_moved_for_the_last_save_is_saved_without_parsing_it_again(service, monkeypatch):
    from tests.bot.service.test_service import CHANNEL

    await started_table(service)
    shown = service.screen.updates[-1].loaded  # the last save, as the live message shows it

    def no_parse(cls, *args, **kwargs):
        raise AssertionError("parsed the table the screen already holds")

    monkeypatch.setattr(Table, "model_validate_json", classmethod(no_parse))
    moved = await service.looks.moved(shown, 4242)
    monkeypatch.undo()

    assert moved.table.message_id == 4242 and shown.table.message_id != 4242
    assert moved.row.data == moved.table.model_dump_json() == (await service.tables.store.get(CHANNEL)).data


async def test_a_live_message_moved_after_a_later_save_keeps_that_save(service):
    from tests.bot.service.test_service import CHANNEL

    await started_table(service)
    shown = service.screen.updates[-1].loaded
    later = await next_answer(service, CHANNEL)

    moved = await service.looks.moved(shown, 4242)

    assert moved.table.state.prompt == later.state.prompt and moved.table.message_id == 4242
    assert moved.row.data == (await service.tables.store.get(CHANNEL)).data


async def test_a_row_written_by_an_older_version_is_saved_in_this_version_s_layout_when_its_message_moves(
    service,
):
    """Its text may be laid out differently (or keep fields since dropped): the save is the table's."""
    from tests.bot.service.fakes import Clock, Screen
    from tests.bot.service.test_service import CHANNEL

    await started_table(service)
    row = await service.tables.store.get(CHANNEL)
    indented = json.dumps(json.loads(row.data), indent=1)
    await service.tables.store.save(row, indented, row.deadline)
    restarted = Service(Tables(service.tables.store), GameSettings(seed=5), Screen(), Clock())
    shown = await restarted.tables.load(CHANNEL)

    moved = await restarted.looks.moved(shown, 4242)

    stored = (await service.tables.store.get(CHANNEL)).data
    assert stored == moved.table.model_dump_json() != indented
    assert Table.model_validate_json(stored) == shown.table.model_copy(update={"message_id": 4242})
    await restarted.close()


def collector_walks(*roots) -> list:
    """Every object the garbage collector tracks that `roots` reach (classes and modules not followed)."""
    found, stack = {}, list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in found or not gc.is_tracked(obj) or isinstance(obj, type):
            continue
        found[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(found.values())


async def test_what_is_kept_per_game_is_its_row_and_no_table_the_collector_would_walk(service):
    """A parsed table is some 80 objects the collector tracks: kept per live game and made anew by
    every click, they filled its young generations and made the p99 tail (docs/DESIGN.md)."""
    from tests.bot.service.test_service import CHANNEL

    tables = service.tables
    await started_table(service)
    await tables.peek(CHANNEL)
    kept = [value for name, value in vars(tables).items() if name not in ("store", "_locks")]

    walked = collector_walks(*kept)

    assert [type(obj) for obj in walked if obj not in kept] == [GameRow]


FIXTURES = Path(__file__).parents[1] / "game" / "fixtures"


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("saved-*.json")))
async def test_a_saved_game_of_every_edition_loads_back_equal_to_the_table_saved(tables, name):
    state = from_json((FIXTURES / name).read_text())
    seats = [Seat(user_id=100 + p.seat, name=p.name) for p in state.players]
    table = Table(
        host_id=100, ruleset=state.ruleset, turn_seconds=60, interrupt_seconds=30, seed=1, seats=seats
    )
    table.state = state
    table.latest = [
        ev.Event(EventKind.ROLLED, 0, value=4),
        ev.Event(EventKind.TRANSFER, -1, 100, src=-1, dst=0, reason=Reason.SALARY),
    ]
    table.deadline = datetime.fromisoformat("2026-12-01T01:02:03+00:00")
    table.last_answer = (3, 1)
    loaded = await tables.create(10, 20, table)
    saved = await tables.save(loaded)

    again = await tables.load(10)

    assert again.table == saved.table and again.table.model_dump_json() == saved.row.data
    assert again.table.state.agenda == state.agenda and again.table.state.rules == state.rules


async def test_two_loads_share_nothing_that_can_change(service):
    from tests.bot.service.test_service import CHANNEL

    await started_table(service)
    first, second = (await service.tables.load(CHANNEL)).table, (await service.tables.load(CHANNEL)).table

    assert first == second
    reached = mutable_objects(first)
    assert len(reached) > 30  # the walk reached the engine's state
    assert not [obj for key, obj in mutable_objects(second).items() if key in reached]


def mutable_objects(value, found: dict | None = None) -> dict[int, object]:
    """Every object reachable from `value` that could be changed in place, by id."""
    found = {} if found is None else found
    if isinstance(value, str | int | float | bool | bytes | enum.Enum | datetime) or value is None:
        return found
    if isinstance(value, tuple):
        for item in value:
            mutable_objects(item, found)
        return found
    if id(value) in found:
        return found
    found[id(value)] = value
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, list | set):
        children = list(value)
    elif dataclasses.is_dataclass(value):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:  # a pydantic model
        children = list(vars(value).values())
    for child in children:
        mutable_objects(child, found)
    return found


def lost_until(settled: list[bool]):
    """A store write whose answer is lost, and which may still land until `settled[0]` says not."""

    async def still_running() -> bool:
        return settled[0]

    async def lost(*args, **kwargs):
        raise OutcomeUnknown("no answer in time", settle=still_running)

    return lost


async def unconfirmed_save(tables, monkeypatch, settled: list[bool]) -> Loaded:
    """A lobby whose save (to five months) lost its answer and may still land: the lobby as sent."""
    loaded = await tables.create(10, 20, lobby())
    monkeypatch.setattr(tables.store, "save", lost_until(settled))
    loaded.table.months = 5
    with pytest.raises(Unconfirmed):
        await tables.save(loaded)
    monkeypatch.undo()
    return loaded


async def test_a_save_that_may_still_land_is_looked_for_by_every_load_until_one_tells(tables, monkeypatch):
    settled = [False]
    sent = await unconfirmed_save(tables, monkeypatch, settled)

    early = await tables.load(10)  # it has not landed yet
    late = await tables.store.save(sent.row, sent.table.model_dump_json(), None)  # now it lands
    found = await tables.load(10)

    assert type(early) is Loaded and early.row == sent.row
    assert isinstance(found, Landed) and found.row == late and found.table.months == 5
    assert type(await tables.load(10)) is Loaded  # told once


async def test_a_save_that_can_no_longer_land_is_told_by_the_next_load(tables, monkeypatch):
    settled = [False]
    sent = await unconfirmed_save(tables, monkeypatch, settled)
    settled[0] = True  # its session ended without it

    assert type(await tables.load(10)) is Loaded
    monkeypatch.setattr(tables.store, "get", no_reads)
    assert (await tables.load(10)).row == sent.row  # known: kept again, the store is not read


async def no_reads(channel_id):
    raise AssertionError("read the store for a row this process holds")


@pytest.mark.parametrize("end", ["discard", "finish"])
async def test_a_save_that_may_still_land_is_forgotten_when_its_game_ends(tables, monkeypatch, end):
    settled = [False]
    await unconfirmed_save(tables, monkeypatch, settled)
    now = await tables.load(10)

    if end == "discard":
        await tables.discard(now)
    else:
        await tables.finish(now, [], {"players": []}, GameResult(None, "modern", "", "ended", False, 1, ()))

    assert tables._unconfirmed == {}
    again = await tables.create(10, 20, lobby())  # the channel's next game knows nothing of it
    assert type(await tables.load(10, again)) is Loaded


async def test_a_save_whose_answer_was_lost_while_another_process_saved_is_a_lost_race(tables, monkeypatch):
    loaded = await tables.create(10, 20, lobby())
    other = Tables(tables.store)  # another process on the same database changes the lobby first
    changed = await other.load(10)
    changed.table.months = 5
    theirs = await other.save(changed)

    async def lost(*args, **kwargs):
        raise OutcomeUnknown("no answer in time")

    monkeypatch.setattr(tables.store, "save", lost)
    with pytest.raises(StaleVersion):
        await tables.save(loaded)
    monkeypatch.undo()

    assert (await tables.load(10)).row == theirs.row  # the kept copy went: the store is read
