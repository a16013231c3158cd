"""`python -m bot replay FILE`: a game's record, as /payday export gives it, re-run offline; one line
says whether it reproduces the same final standings (exit code 0, else 1); a file that is no record
gets one line and exit code 2, never a traceback. Needs no settings: anyone may audit a record."""

import asyncio
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.app.cli as entry
from bot.service import GameSettings, Service, Tables
from bot.service.records import dumps
from db.store import Store
from tests.bot.service.fakes import Clock, Screen
from tests.bot.service.games import begin, play
from tests.bot.service.test_service import CHANNEL, GUILD


async def exported(tmp_path: Path, edition: str) -> Path:
    """A whole game of `edition` played through the service, its record written to a file."""
    store = await Store.open(tmp_path / "records.sqlite3", now=lambda: datetime.now(UTC))
    service = Service(Tables(store), GameSettings(seed=11), Screen(), Clock())
    try:
        game_id = await begin(service, edition, months=1)
        assert await play(service, game_id)
        record = (await service.export(CHANNEL, GUILD, game_id)).record
    finally:
        await service.close()
        await store.close()
    path = tmp_path / f"game-{game_id}.json"
    path.write_text(dumps(record))
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = entry.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("edition", ["modern", "family", "classic"])
async def test_an_exported_record_of_every_edition_reproduces(tmp_path, capsys, edition):
    path = await exported(tmp_path, edition)

    code, out, err = run(capsys, "replay", str(path))

    assert (code, err) == (0, "")
    assert out == "Game #1: the replay reproduces the same final standings.\n"


async def test_a_tampered_record_does_not_reproduce_and_says_why(tmp_path, capsys):
    path = await exported(tmp_path, "modern")
    record = json.loads(path.read_text())
    record["standings"][0]["net_worth"] += 100
    path.write_text(json.dumps(record))

    code, out, err = run(capsys, "replay", str(path))

    assert (code, err) == (1, "")
    assert out == (
        "Game #1: the replay does NOT reproduce the record: the standings differ from the replayed game's.\n"
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "Cannot read {path}: No such file or directory."),
        ("{", "{path} is not a game record this bot reads: the file is not JSON."),
        ('{"format": "chess"}', "{path} is not a game record this bot reads: the file is not a Pay Day"),
    ],
)
def test_a_file_that_is_no_record_gets_one_line_and_exit_code_2(tmp_path, capsys, content, said):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)

    code, out, err = run(capsys, "replay", str(path))

    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith(said.format(path=path))


async def test_python_m_bot_replay_runs_without_settings(tmp_path):
    path = await exported(tmp_path, "family")

    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "", "PYTHONPATH": str(Path(entry.__file__).parents[2])},
    )

    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith("reproduces the same final standings.\n")
