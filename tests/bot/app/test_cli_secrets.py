"""Nothing `python -m bot` says, on stdout, stderr or in its log, carries a piece of DATABASE_URL's
password or of DISCORD_TOKEN: a malformed URL or token is one line and exit code 2, whether the bot
or `migrate-to-postgres` reads it, and a log line that quotes either has it starred out."""

import subprocess
import sys
import textwrap

import pytest

from bot.app import cli
from tests.bot.app.test_cli import SETTINGS, scrubbed_env
from tests.leaks import ENCODED, MALFORMED, PASSWORD, pieces

TOKEN = "Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4"
FROM_ENV = f"postgresql://u:{PASSWORD}@[::1/db"
"""The malformed URL the real processes are given, from the environment and as an argument."""

CASES = [
    *(("python -m bot", url) for url in MALFORMED),
    *(("migrate-to-postgres", url) for url in MALFORMED),
]
MIGRATE = ["migrate-to-postgres", "payday.sqlite3"]


def leaks(text: str) -> set[str]:
    return pieces(PASSWORD, text) | pieces(ENCODED, text) | pieces(TOKEN, text)


def start(cwd, argv: list[str], **settings: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, *argv],
        cwd=cwd,
        env=scrubbed_env(LOG_LEVEL="DEBUG", **settings),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def said_of(url: str, code: int, out: str, err: str) -> None:
    """The one line and exit code 2 a malformed URL gets, naming its reason and no piece of it."""
    assert (code, out) == (2, ""), err
    [line] = err.splitlines()
    assert line.startswith("DATABASE_URL is") and MALFORMED[url] in line
    assert leaks(line) == set()


@pytest.mark.parametrize(("command", "url"), CASES)
def test_a_malformed_database_url_is_one_line_and_exit_code_2_without_its_password(
    tmp_path, monkeypatch, capsys, command, url
):
    """Run in this process through `cli.main`, as `python -m bot` runs it (the real processes below)."""
    monkeypatch.chdir(tmp_path)  # no .env
    (tmp_path / "payday.sqlite3").write_bytes(b"")  # an empty SQLite database: only the URL can be wrong
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    if command == "python -m bot":
        monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
        monkeypatch.setenv("DATABASE_URL", url)
        code = cli.main([])
    else:
        code = cli.main([*MIGRATE, url])

    out, err = capsys.readouterr()
    said_of(url, code, out, err)


@pytest.mark.parametrize(
    ("argv", "settings"),
    [
        (["-m", "bot"], {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": FROM_ENV}),
        (["-m", "bot", *MIGRATE], {"DATABASE_URL": FROM_ENV}),
        (["-m", "bot", *MIGRATE, FROM_ENV], {}),
    ],
    ids=["python -m bot", "migrate-to-postgres from the environment", "migrate-to-postgres"],
)
def test_a_real_process_given_a_malformed_database_url_says_one_line(tmp_path, argv, settings):
    (tmp_path / "payday.sqlite3").write_bytes(b"")
    process = start(tmp_path, argv, **settings)
    out, err = process.communicate(timeout=60)

    said_of(FROM_ENV, process.returncode, out, err)


@pytest.mark.parametrize("token", ["Xq7Zk9.Wv3Jp8", "Xq7Zk9.Wv3Jp8.Lm2 Rt6Yb4", "Xq7Zk9..Lm2Rt6Yb4"])
def test_a_malformed_token_is_one_line_without_it(tmp_path, token):
    process = start(tmp_path, ["-m", "bot"], DISCORD_TOKEN=token)
    out, err = process.communicate(timeout=60)

    assert (process.returncode, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith("DISCORD_TOKEN does not look like a bot token")
    assert pieces(token, line) == set()


# Stands in for Discord, which rejects the token, after something logged the token and the URL.
QUOTING_BOT = textwrap.dedent(
    """
    import logging, runpy
    import discord
    import bot.app.cli

    class Store:
        async def close(self):
            pass

    async def open_store(location):
        return Store()

    async def login(self, token):
        log = logging.getLogger("discord.client")
        log.info("logging in with %s", token, extra={"dsn": self.database})
        try:
            raise ConnectionError(f"cannot connect to {self.database}")
        except ConnectionError:
            log.warning("the store failed", exc_info=True, stack_info=True)
        raise discord.LoginFailure("Improper token has been passed.")

    bot.app.cli.open_store = open_store
    discord.Client.login = login
    runpy.run_module("bot", run_name="__main__")
    """
)


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_rejected_token_and_the_database_password_are_starred_out_of_the_log(tmp_path, log_format):
    url = f"postgresql://bot:{ENCODED}@127.0.0.1/payday"
    process = start(
        tmp_path, ["-c", QUOTING_BOT], DISCORD_TOKEN=TOKEN, DATABASE_URL=url, LOG_FORMAT=log_format
    )
    out, err = process.communicate(timeout=60)

    assert (process.returncode, out) == (2, "")
    assert err.splitlines()[-1].startswith("Discord rejected DISCORD_TOKEN: get a new one")
    assert "logging in with ***" in err and "postgresql://bot:***@127.0.0.1/payday" in err
    assert "Traceback" in err and "ConnectionError: cannot connect to postgresql://bot:***@" in err
    assert leaks(err) == set()
