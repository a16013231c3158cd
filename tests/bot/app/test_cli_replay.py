"""`python -m bot replay FILE`: a game's record, as /payday export gives it, re-run offline; one line
says whether it reproduces all it claims (exit code 0, else 1); a file that is no record, or not one
of the record's strict shape, or no regular file, or too big, gets one line and exit code 1, never a
traceback and never a hang. Needs no settings: anyone may audit a record."""

import asyncio
import json
import os
import resource
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.app.cli as entry
from bot.features.replay.exports import dumps
from bot.features.replay.service import Replays
from bot.service import GameSettings, Service, Tables
from db.sqlite import Store
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
        record = (await Replays(service.core).export(CHANNEL, GUILD, game_id)).record
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
def test_a_file_that_is_no_record_gets_one_line_and_exit_code_1(tmp_path, capsys, content, said):
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)

    code, out, err = run(capsys, "replay", str(path))

    assert (code, out) == (1, "")
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


def python_m_bot_replay(path: Path) -> subprocess.CompletedProcess:
    """`python -m bot replay path` in a process of its own, which must end within a minute and a
    couple of gigabytes: a file that made it wait or read for ever fails the test instead of hanging it."""

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))

    return subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        cwd=path.parent if path.parent.is_dir() else None,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=bounded,
        env={"PATH": "", "PYTHONPATH": str(Path(entry.__file__).parents[2])},
    )


def one_line_and_exit_1(done: subprocess.CompletedProcess) -> str:
    assert (done.returncode, done.stdout) == (1, "")
    [line] = done.stderr.splitlines()
    assert "Traceback" not in line
    return line


def a_named_pipe(tmp_path: Path) -> Path:
    path = tmp_path / "record.json"
    os.mkfifo(path)
    return path


def a_huge_file(tmp_path: Path) -> Path:
    path = tmp_path / "record.json"
    with path.open("wb") as file:
        file.truncate(entry.RECORD_LIMIT + 1)  # sparse: no disk is written
    return path


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (a_named_pipe, "Cannot read {path}: it is not a regular file."),
        (lambda tmp_path: Path("/dev/zero"), "Cannot read /dev/zero: it is not a regular file."),
        (lambda tmp_path: tmp_path, "Cannot read {path}: it is not a regular file."),
        (a_huge_file, "Cannot read {path}: it is larger than a record can be (8,388,608 bytes)."),
    ],
    ids=["named pipe", "/dev/zero", "directory", "huge file"],
)
async def test_a_file_that_is_no_regular_file_or_too_big_gets_one_line_at_once(tmp_path, make, said):
    path = make(tmp_path)

    done = await asyncio.to_thread(python_m_bot_replay, path)

    assert one_line_and_exit_1(done) == said.format(path=path)


def answer(record: dict) -> dict:
    return next(r for r in record["log"] if r["kind"] == "action")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: answer(r).update(seat=99), "is not a game record this bot reads: log."),
        (lambda r: r["rules"].update(loan_step=0), "does NOT reproduce the record: the record's rules are"),
        (
            lambda r: r["settings"].update(edition=["modern"]),
            "is not a game record this bot reads: settings.",
        ),
        (lambda r: r.update(ending="ended"), "does NOT reproduce the record: the ending differs"),
        (
            lambda r: r.update(house_rules={"salary": 4000}),
            "does NOT reproduce the record: the record's rules",
        ),
        (
            lambda r: r["players"][2].update(computer=False),
            "does NOT reproduce the record: who played seat 2",
        ),
        (
            lambda r: r["log"].insert(3, {"kind": "gift", "seat": 0}),
            "is not a game record this bot reads: log.3",
        ),
    ],
    ids=["seat 99", "loan_step 0", "edition as list", "ending", "house rules", "computer flag", "entry kind"],
)
async def test_a_hostile_record_gets_one_line_and_exit_code_1(tmp_path, capsys, change, said):
    path = await exported(tmp_path, "modern")
    record = json.loads(path.read_text())
    change(record)
    path.write_text(json.dumps(record))

    code, out, err = run(capsys, "replay", str(path))

    assert code == 1
    [line] = (out + err).splitlines()
    assert said in line and "Traceback" not in line
