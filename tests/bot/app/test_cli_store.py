"""`python -m bot backup` and `prune`, and a damaged file at start: one line each, exit codes 0 or 2."""

import asyncio
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

import bot.app.cli as entry
from bot.app.config import Settings
from bot.service.ratings import rate
from bot.service.results import result_of
from db.sqlite import Store
from tests.bot.app.test_cli import ROOT

SETTINGS = tuple(name.upper() for name in Settings.model_fields)


@pytest.fixture
def database(tmp_path, monkeypatch):
    """A database with one live game and one game finished 40 days ago; DATABASE_PATH points at it."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "payday.sqlite3"
    monkeypatch.setenv("DATABASE_PATH", str(path))

    async def fill() -> None:
        finished_at = datetime.now(UTC) - timedelta(days=40)
        store = await Store.open(path, now=lambda: finished_at)
        old = await store.create(1, 7, "{}")
        old = await store.save(old, "{}", None, [{"kind": "roll"}] * 4)
        summary = {"reason": "retired", "ruleset": "modern", "players": [
            {"name": "ann", "user_id": 1, "net_worth": 900}, {"name": "bob", "user_id": 2, "net_worth": 100},
        ]}  # fmt: skip
        await store.finish(old, '{"final":true}', summary, [], (result_of(summary, None), rate))
        live = await store.create(2, None, '{"live":true}')
        await store.save(live, '{"live":true}', None, [{"kind": "roll"}])
        await store.close()

    asyncio.run(fill())
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = entry.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_backup_writes_a_checked_copy_and_says_so_in_one_line(database, capsys):
    code, out, err = run(capsys, "backup", "copy.sqlite3")

    assert (code, err) == (0, "")
    [line] = out.splitlines()
    assert line.startswith(f"Backed up {database} to copy.sqlite3 (") and line.endswith("checked).")
    with sqlite3.connect(database.parent / "copy.sqlite3") as copy:
        assert copy.execute("SELECT channel_id, data FROM games").fetchall() == [(2, '{"live":true}')]
        assert copy.execute("SELECT COUNT(*) FROM history").fetchone() == (1,)
    copy.close()


def test_backup_onto_an_existing_file_is_refused_in_one_line(database, capsys):
    (database.parent / "copy.sqlite3").write_text("keep me")

    code, out, err = run(capsys, "backup", "copy.sqlite3")

    assert code == 2 and out == ""
    [line] = err.splitlines()
    assert "already exists" in line
    assert (database.parent / "copy.sqlite3").read_text() == "keep me"


KEPT = ("results", "placings", "ratings")
"""What /payday history, stats and leaderboard read: a prune keeps every row of them."""


def kept(database) -> list[list[tuple]]:
    with sqlite3.connect(database) as db:
        rows = [db.execute(f"SELECT * FROM {table}").fetchall() for table in KEPT]
    db.close()
    return rows


def test_prune_removes_only_old_finished_logs(database, capsys):
    results = kept(database)
    assert all(results)  # the finished game has its result, placings and ratings

    code, out, err = run(capsys, "prune", "--older-than", "30")

    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Removed the event logs of 1 game finished more than 30 days ago (4 rows); their results are kept."
    ]
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT kind, COUNT(*) FROM events GROUP BY kind").fetchall() == [("roll", 1)]
        assert db.execute("SELECT COUNT(*) FROM history").fetchone() == (1,)
    db.close()
    assert kept(database) == results


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["prune"], "the following arguments are required: --older-than"),
        (["prune", "--older-than", "-3"], "--older-than must be 0 or more days"),
        (["prune", "--older-than", "soon"], "invalid int value: 'soon'"),
        (["restore"], "invalid choice: 'restore'"),
    ],
)
def test_usage_mistakes_are_one_line(database, capsys, argv, says):
    code, out, err = run(capsys, *argv)

    assert code == 2 and out == ""
    [line] = err.splitlines()
    assert says in line and line.endswith("see `python -m bot --help`.")


# Stands in for Discord: login runs the real setup_hook (store, cogs) minus the network sync, then idles
# until the bot is closed.
OFFLINE_BOT = """
import asyncio, runpy
import discord

async def sync(self, *, guild=None):
    return []

async def login(self, token):
    await self.setup_hook()
    for _ in range(600):  # like a connected bot: until something closes it
        if self.is_closed():
            return
        await asyncio.sleep(0.1)

discord.app_commands.CommandTree.sync = sync
discord.Client.login = login
runpy.run_module("bot", run_name="__main__")
"""


def damage(database, table: str) -> None:
    with sqlite3.connect(database) as raw:
        [(root,)] = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchall()
    raw.close()
    with open(database, "r+b") as file:
        file.seek(4096 * (root - 1))
        file.write(b"\xff" * 4096)


@pytest.mark.parametrize("table", ["games", "events"])
def test_a_damaged_database_stops_the_bot_with_one_line(database, table):
    """Damage to the live games stops the bot before it connects; damage to the event log is found by
    the whole-file check that runs beside the started bot, which then stops the same way."""
    damage(database, table)

    process = subprocess.run(
        [sys.executable, "-c", OFFLINE_BOT],
        cwd=database.parent,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "aaa.bbb.ccc",
            "DATABASE_PATH": str(database),
            "LOG_LEVEL": "WARNING",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )

    assert process.returncode == 2, process.stderr
    [line] = process.stderr.splitlines()
    assert line.startswith(f"The database at {database} is damaged (")


def test_backup_of_a_postgresql_database_points_to_pg_dump(database, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "postgresql://payday:s3cret@127.0.0.1/payday")

    code, out, err = run(capsys, "backup", "copy.dump")

    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert "pg_dump --format=custom --file=copy.dump" in line and "s3cret" not in line
