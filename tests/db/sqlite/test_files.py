"""Looking after the file: a damaged database is caught at open, backups are safe, old logs pruned."""

import asyncio
import shutil
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from db import Pruned, StoreError
from db.sqlite import Store, backup, check_file

START = datetime(2030, 1, 1, tzinfo=UTC)
PAGE = 4096


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


async def filled(path, games: int = 30) -> None:
    """A database with some live games and long event logs, closed (so the file holds everything)."""
    store = await Store.open(path)
    for channel in range(games):
        row = await store.create(channel, None, '{"note":"' + "x" * 400 + '"}')
        await store.save(row, "{}", None, [{"kind": "roll", "n": n} for n in range(40)])
    await store.close()


def overwrite_page(path, page: int) -> None:
    """Garbage over one page; on page 1 the file header (its first 100 bytes) is spared, so the file
    is still recognisably SQLite, only its schema is damaged."""
    start = 100 if page == 1 else 0
    with open(path, "r+b") as file:
        file.seek(PAGE * (page - 1) + start)
        file.write(b"\xff" * (PAGE - start))


def root_page(path, table: str) -> int:
    with sqlite3.connect(path) as raw:
        [(root,)] = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchall()
    raw.close()
    return root


def assert_one_line_recovery(error: StoreError, path) -> None:
    message = str(error)
    assert message.startswith(f"The database at {path} is damaged (")
    assert "restore your latest backup" in message and ".recover" in message
    assert "set DATABASE_PATH to" in message
    assert "\n" not in message and message.endswith(".")


@pytest.mark.parametrize("where", ["games", "schema"])
async def test_damage_to_the_live_games_is_refused_at_open_in_one_line(tmp_path, where):
    path = tmp_path / "payday.sqlite3"
    await filled(path)
    overwrite_page(path, root_page(path, "games") if where == "games" else 1)
    damaged = path.read_bytes()

    with pytest.raises(StoreError) as caught:
        await Store.open(path)

    assert_one_line_recovery(caught.value, path)
    assert path.read_bytes() == damaged  # nothing was written to it, not even the schema version


async def test_damage_anywhere_else_is_found_by_the_whole_file_check(tmp_path):
    """Open checks only what it must read and rewrite at once (the event log is most of a big file);
    the bot runs check_file beside itself (see bot/app/cli.py)."""
    path = tmp_path / "payday.sqlite3"
    await filled(path)
    check_file(path)  # sound
    overwrite_page(path, root_page(path, "events"))

    with pytest.raises(StoreError) as caught:
        check_file(path)

    assert_one_line_recovery(caught.value, path)


async def test_backup_while_the_bot_writes_is_a_sound_copy(tmp_path):
    path, copy = tmp_path / "payday.sqlite3", tmp_path / "backup.sqlite3"
    store = await Store.open(path)
    rows = [await store.create(channel, None, "{}") for channel in range(20)]

    async def keep_writing() -> int:
        saves = 0
        for turn in range(15):
            for i, row in enumerate(rows):
                rows[i] = await store.save(row, f'{{"turn":{turn}}}', None, [{"kind": "roll"}])
                saves += 1
        return saves

    writing = asyncio.create_task(keep_writing())
    size = await asyncio.to_thread(backup, path, copy)
    saves = await writing
    await store.close()

    assert saves == 300 and size == copy.stat().st_size > 0
    restored = await Store.open(copy)
    try:
        games = await restored.live_games()
        assert [g.channel_id for g in games] == list(range(20))
        for game in games:  # a snapshot: each game's document and log agree
            assert await restored.count_events(game.game_id) == game.version - 1
    finally:
        await restored.close()


async def test_backup_never_overwrites_and_refuses_a_damaged_source(tmp_path):
    path, copy = tmp_path / "payday.sqlite3", tmp_path / "backup.sqlite3"
    await filled(path)
    copy.write_text("yesterday's backup")

    with pytest.raises(StoreError, match="already exists"):
        backup(path, copy)
    assert copy.read_text() == "yesterday's backup"

    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(path, damaged)
    overwrite_page(damaged, root_page(damaged, "events"))
    with pytest.raises(StoreError, match="is damaged"):
        backup(damaged, tmp_path / "new.sqlite3")
    assert not (tmp_path / "new.sqlite3").exists()
    with pytest.raises(StoreError, match="no database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "new.sqlite3")


async def test_prune_removes_old_finished_logs_and_keeps_results_and_live_games(tmp_path):
    clock = Clock()
    store = await Store.open(tmp_path / "payday.sqlite3", now=clock)
    try:
        old_games = []
        for channel in (1, 2, 3):
            row = await store.create(channel, None, "{}")
            row = await store.save(row, "{}", None, [{"kind": "roll"}] * 5)
            await store.finish(row, '{"final":true}', {"winner": channel}, [{"kind": "game_over"}])
            old_games.append(row)
        # A lobby cancelled before a closed lobby's log went with it left its log behind.
        cancelled = 99
        with sqlite3.connect(tmp_path / "payday.sqlite3") as raw:
            at = (START - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
            raw.execute("INSERT INTO events VALUES (?, 1, ?, 'lobby', '{}')", (cancelled, at))
        raw.close()
        long_live = await store.create(5, None, "{}")
        long_live = await store.save(long_live, "{}", None, [{"kind": "roll"}] * 3)

        clock.now = START + timedelta(days=40)
        recent = await store.create(6, None, "{}")
        await store.finish(recent, "{}", {"winner": 6}, [{"kind": "game_over"}])

        pruned = await store.prune(START + timedelta(days=30))

        assert pruned == Pruned(games=4, events=3 * 6 + 1)
        for game_id in [*(row.game_id for row in old_games), cancelled]:
            assert await store.count_events(game_id) == 0
        assert await store.count_events(long_live.game_id) == 3  # live games keep every line
        assert await store.count_events(recent.game_id) == 1
        assert [h.summary for h in await store.history()] == [{"winner": w} for w in (6, 3, 2, 1)]
        assert await store.prune(START + timedelta(days=30)) == Pruned(0, 0)
    finally:
        await store.close()


async def test_prune_beside_a_running_bot_never_makes_its_saves_fail(tmp_path):
    path = tmp_path / "payday.sqlite3"
    clock = Clock()
    bot = await Store.open(path, now=clock)
    for channel in range(40):
        row = await bot.create(channel, None, "{}")
        row = await bot.save(row, "{}", None, [{"kind": "roll", "n": n} for n in range(300)])
        await bot.finish(row, "{}", {})
    live = await bot.create(99, None, "{}")
    clock.now = START + timedelta(days=60)
    admin = await Store.open(path, now=clock)  # `python -m bot prune`, another process in real life
    try:

        async def play() -> int:
            nonlocal live
            for _ in range(150):
                live = await bot.save(live, "{}", None, [{"kind": "roll"}])
            return live.version

        version, pruned = await asyncio.gather(play(), admin.prune(START + timedelta(days=30)))
    finally:
        await admin.close()
        await bot.close()

    assert version == 151
    assert pruned == Pruned(games=40, events=40 * 300)
