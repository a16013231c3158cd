"""`python -m bot`: each setup mistake is one line on stderr and exit code 2, a server out of reach one
line and exit code 75 (systemd restarts it later); Ctrl-C exits cleanly."""

import os
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import discord
import pytest

import bot.app.cli as entry
from bot.app.config import Settings

SETTINGS = tuple(name.upper() for name in Settings.model_fields)


ROOT = Path(__file__).parents[3]
"""This checkout: `python -m bot` run from elsewhere imports it, not whichever one is installed."""


def scrubbed_env(**settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    return env | {"PYTHONPATH": str(ROOT)} | settings


# Each scenario runs `python -m bot` in a directory without .env; all start at once to save time.
# Each exits with code 2 (a mistake to fix) except those listed in TEMPORARY.
SCENARIOS = {
    "no token": {},
    "malformed token": {"DISCORD_TOKEN": "not-a-token"},
    "database inside a file": {"DISCORD_TOKEN": "aaa.bbb.ccc", "DATABASE_PATH": "afile/payday.sqlite3"},
    "bad log level": {"DISCORD_TOKEN": "aaa.bbb.ccc", "LOG_LEVEL": "LOUD"},
    # Port 1: nothing listens there, so the connection is refused at once.
    "database server down": {
        "DISCORD_TOKEN": "aaa.bbb.ccc",
        "DATABASE_URL": "postgresql://payday:s3cret@127.0.0.1:1/payday",
    },
    "database url not postgresql": {
        "DISCORD_TOKEN": "aaa.bbb.ccc",
        "DATABASE_URL": "mysql://payday:s3cret@127.0.0.1/payday",
    },
}
TEMPORARY = {"database server down"}


@pytest.fixture(scope="module")
def stderr_of(tmp_path_factory) -> dict[str, str]:
    """Each scenario's stderr, after checking its exit code."""
    cwd = tmp_path_factory.mktemp("cwd")
    (cwd / "afile").write_text("")
    processes = {
        name: subprocess.Popen(
            [sys.executable, "-m", "bot"],
            cwd=cwd,
            env=scrubbed_env(**settings),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, settings in SCENARIOS.items()
    }
    stderr = {}
    for name, process in processes.items():
        stderr[name] = process.communicate(timeout=60)[1]
        assert process.returncode == (75 if name in TEMPORARY else 2), (name, stderr[name])
    return stderr


def one_line(stderr: str, starts: str) -> str:
    assert "Traceback" not in stderr
    [line] = stderr.splitlines()
    assert line.startswith(starts)
    return line


def test_no_token(stderr_of):
    line = one_line(stderr_of["no token"], "DISCORD_TOKEN is not set: copy .env.example to .env")
    assert "Reset Token" in line
    assert line.endswith("or `make try` to play offline.")


def test_malformed_token(stderr_of):
    one_line(stderr_of["malformed token"], "DISCORD_TOKEN does not look like a bot token")


def test_database_path_inside_a_file(stderr_of):
    line = one_line(stderr_of["database inside a file"], "Cannot open the database at afile/payday.sqlite3")
    assert "afile is a file" in line


def test_invalid_log_level(stderr_of):
    one_line(stderr_of["bad log level"], "LOG_LEVEL is invalid")


def test_a_database_server_that_is_down(stderr_of):
    line = one_line(stderr_of["database server down"], "Could not reach the PostgreSQL server at 127.0.0.1:1")
    assert line.endswith("start it, or check DATABASE_URL.")
    assert "s3cret" not in line


def test_a_database_url_that_is_not_postgresql(stderr_of):
    line = one_line(stderr_of["database url not postgresql"], "DATABASE_URL is invalid: ")
    assert "postgresql://" in line and "s3cret" not in line


@pytest.fixture
def offline_main(tmp_path, monkeypatch, capsys):
    """Run main() in-process and offline, with `Client.login` replaced by `login`: (exit code, stderr)."""
    monkeypatch.chdir(tmp_path)
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "aaa.bbb.ccc")
    monkeypatch.setattr(entry, "setup_logging", lambda *args, **kwargs: None)  # keep pytest's log handlers

    def run(login) -> tuple[int, str]:
        monkeypatch.setattr(discord.Client, "login", login)
        code = entry.main()
        return code, capsys.readouterr().err

    return run


class _Response:
    """What discord.HTTPException reads of an aiohttp response."""

    status, reason = 503, "Service Unavailable"


@pytest.mark.parametrize(
    ("error", "exit_code", "starts"),
    [
        (discord.LoginFailure("Improper token has been passed."), 2, "Discord rejected DISCORD_TOKEN"),
        (
            OSError(101, "Network is unreachable"),
            75,
            "Cannot reach Discord ([Errno 101] Network is unreachable)",
        ),
        (discord.DiscordServerError(_Response(), "upstream"), 75, "Discord is not answering (HTTP 503)"),
        (discord.PrivilegedIntentsRequired(shard_id=None), 2, "Discord refused a privileged intent"),
    ],
)
def test_errors_from_discord(offline_main, error, exit_code, starts):
    async def login(self, token):
        raise error

    code, stderr = offline_main(login)

    assert code == exit_code
    [line] = stderr.splitlines()
    assert line.startswith(starts)


def test_a_metrics_port_in_use(offline_main, monkeypatch):
    async def login(self, token):
        await self.setup_hook()  # the store opens, then the metrics' port is found taken

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("METRICS_PORT", str(port))
        code, stderr = offline_main(login)

    assert code == 2
    [line] = stderr.splitlines()
    assert line == (
        f"Cannot serve metrics on 127.0.0.1:{port} (address already in use): set METRICS_PORT to a free "
        "port, or leave it empty to serve none."
    )


# Stands in for Discord: login runs the real setup_hook (store, cogs) minus the network sync, then idles.
OFFLINE_BOT = textwrap.dedent(
    """
    import asyncio, runpy, sys
    import discord

    async def sync(self, *, guild=None):
        return []

    async def login(self, token):
        await self.setup_hook()
        print("ready", flush=True)
        await asyncio.sleep(3600)

    discord.app_commands.CommandTree.sync = sync
    discord.Client.login = login
    runpy.run_module("bot", run_name="__main__")
    """
)


def test_ctrl_c_closes_the_store_and_exits_cleanly(tmp_path):
    # A store left open shows up at exit as a traceback from aiosqlite's thread, or as a hang.
    process = subprocess.Popen(
        [sys.executable, "-c", OFFLINE_BOT],
        cwd=tmp_path,
        env=scrubbed_env(DISCORD_TOKEN="aaa.bbb.ccc", LOG_LEVEL="WARNING"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline() == "ready\n"
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()

    assert process.returncode == 0
    assert stderr == ""
    assert (tmp_path / "data" / "payday.sqlite3").exists()


def test_the_shard_settings_reach_the_bot(offline_main, monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1,3")
    seen = {}

    async def login(self, token):
        seen.update(sharded=isinstance(self, discord.AutoShardedClient), count=self.shard_count)
        seen["ids"] = self.shard_ids
        raise discord.LoginFailure("stop here")

    offline_main(login)

    assert seen == {"sharded": True, "count": 4, "ids": [1, 3]}
