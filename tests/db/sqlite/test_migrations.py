"""Opening the database: restarts keep every game, and a bad DATABASE_PATH gets one clear sentence."""

import os
import sqlite3

import pytest

from db import StaleVersion, StoreError
from db.interface import SettingsRow
from db.sqlite import Store
from db.sqlite.migrations import LATEST, MIGRATIONS


def assert_actionable(error: StoreError, path) -> None:
    message = str(error)
    assert str(path) in message
    assert "set DATABASE_PATH to" in message
    assert "\n" not in message and message.endswith(".")


def written_at(path, step: int, *statements: str) -> None:
    """A database file as the bot wrote it at schema `step`, with `statements` run on it after."""
    with sqlite3.connect(path) as raw:
        for number, steps in MIGRATIONS:
            if number <= step:
                for sql in steps:
                    raw.execute(sql)
        raw.execute(f"PRAGMA user_version = {step}")
        for sql in statements:
            raw.execute(sql)
    raw.close()


async def test_a_restart_finds_every_game_event_and_finished_game(tmp_path):
    path = tmp_path / "payday.sqlite3"
    store = await Store.open(path)
    live = await store.create(100, 1, "{}")
    live = await store.save(live, '{"month":3}', None, [{"kind": "roll", "die": 6}, {"kind": "pay"}])
    done = await store.create(200, 1, "{}")
    await store.finish(done, '{"over":true}', {"winner": 9}, [{"kind": "game_over"}])
    await store.close()

    store = await Store.open(path)
    try:
        assert await store.get(100) == live
        assert await store.live_games() == [live]
        assert [e.data for e in await store.events(live.game_id)] == [
            {"kind": "pay"},
            {"kind": "roll", "die": 6},
        ]
        [history] = await store.history()
        assert (history.game_id, history.summary) == (done.game_id, {"winner": 9})
        assert (await store.save(live, "{}", None, [{"kind": "move"}])).version == 3
        assert [e.seq for e in await store.events(live.game_id)] == [3, 2, 1]
        assert (await store.create(300, 1, "{}")).game_id > done.game_id
    finally:
        await store.close()


async def test_reopening_is_idempotent_and_the_journal_is_wal(tmp_path):
    path = tmp_path / "nested" / "dirs" / "payday.sqlite3"
    for _ in range(3):
        store = await Store.open(path)
        await store.close()
        await store.close()

    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert raw.execute("PRAGMA user_version").fetchone() == (LATEST,)
        tables = {name for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    raw.close()
    assert {"games", "events", "history"} <= tables


async def test_a_database_from_before_preferences_opens_and_gains_them(tmp_path):
    """A file written by the bot before step 4 keeps its games and their ids, and gains the
    members' preferences and the ids closed lobbies give back."""
    path = tmp_path / "payday.sqlite3"
    written_at(
        path,
        3,
        "INSERT INTO games (channel_id, guild_id, version, data, created_at, updated_at)"
        " VALUES (100, 1, 5, '{\"old\":true}', 0, 0), (200, 1, 1, '{}', 0, 0)",
        "DELETE FROM games WHERE channel_id = 200",  # a lobby cancelled back then
    )

    store = await Store.open(path)
    try:
        [old] = await store.live_games()
        assert (old.game_id, old.version, old.data) == (1, 5, '{"old":true}')
        assert await store.preferences([7]) == {}
        await store.set_preferences(7, calls=False)
        assert (await store.preferences([7]))[7].calls is False
        lobby = await store.create(300, 1, "{}")
        assert lobby.game_id == 3  # ids handed out before stay used
        await store.delete(lobby)
        assert (await store.create(400, 1, "{}")).game_id == 3
    finally:
        await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (LATEST,)
    raw.close()


async def test_a_database_from_before_server_settings_opens_and_gains_them(tmp_path):
    """A file written by the bot at step 4 keeps its games and members' preferences, and gains the
    servers' settings: a server with no row has none saved (so the defaults)."""
    path = tmp_path / "payday.sqlite3"
    written_at(
        path,
        4,
        "INSERT INTO games (channel_id, guild_id, version, data, created_at, updated_at)"
        " VALUES (100, 1, 2, '{\"old\":true}', 0, 0)",
        "INSERT INTO preferences (user_id, calls, updated_at) VALUES (7, 0, 0)",
    )

    store = await Store.open(path)
    try:
        [old] = await store.live_games()
        assert (old.game_id, old.version, old.data) == (1, 2, '{"old":true}')
        assert (await store.preferences([7]))[7].calls is False
        assert await store.server_settings(1) is None
        await store.set_server_settings(1, '{"months":6}', 0)
        assert await store.server_settings(1) == SettingsRow(1, '{"months":6}')
    finally:
        await store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (LATEST,)
    raw.close()


async def test_server_settings_saved_before_versions_open_at_version_one(tmp_path):
    """A file written at step 6 keeps each server's settings, now at version 1: a save that read
    them names 1 and lands; one made as if the server never chose (0) writes nothing."""
    path = tmp_path / "payday.sqlite3"
    written_at(
        path, 6, "INSERT INTO server_settings (guild_id, data, updated_at) VALUES (1, '{\"months\":6}', 0)"
    )

    store = await Store.open(path)
    try:
        assert await store.server_settings(1) == SettingsRow(1, '{"months":6}')
        with pytest.raises(StaleVersion):
            await store.set_server_settings(1, '{"months":2}', 0)
        await store.set_server_settings(1, '{"months":7}', 1)
        assert await store.server_settings(1) == SettingsRow(2, '{"months":7}')
    finally:
        await store.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path):
    path = tmp_path / "payday.sqlite3"
    await (await Store.open(path)).close()
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {LATEST + 1}")
    raw.close()

    with pytest.raises(StoreError, match="newer payday-bot") as caught:
        await Store.open(path)
    assert_actionable(caught.value, path)


async def test_an_unwritable_location_is_a_store_error(tmp_path):
    if os.geteuid() == 0:
        # chmod does not stop root, but nobody can create a file under a regular file.
        blocker = tmp_path / "not-a-dir"
        blocker.write_text("x")
        path = blocker / "payday.sqlite3"
    else:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        path = locked / "payday.sqlite3"

    with pytest.raises(StoreError) as caught:
        await Store.open(path)
    assert_actionable(caught.value, path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write a read-only file")
async def test_a_read_only_database_file_is_a_store_error(tmp_path):
    path = tmp_path / "payday.sqlite3"
    await (await Store.open(path)).close()
    path.chmod(0o444)

    with pytest.raises(StoreError, match=r"read-only|permission denied") as caught:
        await Store.open(path)
    assert_actionable(caught.value, path)


async def test_a_directory_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="directory") as caught:
        await Store.open(tmp_path)
    assert_actionable(caught.value, tmp_path)


async def test_a_file_that_is_not_sqlite_is_a_store_error(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"this is a shopping list, not a database\n" * 200)

    with pytest.raises(StoreError, match="not a SQLite database") as caught:
        await Store.open(path)
    assert_actionable(caught.value, path)
    assert path.read_bytes().startswith(b"this is a shopping list")
