"""Nothing `python -m bot` says, on stdout, stderr or in its log, carries a piece of DATABASE_URL's
password or of DISCORD_TOKEN: a malformed URL or token is one line and exit code 2, whether the bot
or `migrate-to-postgres` reads it, and a log line that quotes either has it starred out."""

import subprocess
import sys
import textwrap

import pytest

from tests.bot.app.test_cli import scrubbed_env
from tests.leaks import ENCODED, MALFORMED, PASSWORD, pieces

TOKEN = "Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4"
FROM_ENV = f"postgresql://u:{PASSWORD}@[::1/db"
"""The URL `migrate-to-postgres` is also run with from the environment (the others, as its argument)."""

CASES = [
    *(("python -m bot", url) for url in MALFORMED),
    *(("migrate-to-postgres", url) for url in MALFORMED),
    ("migrate-to-postgres from the environment", FROM_ENV),
]


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


@pytest.fixture(scope="module")
def outcome(tmp_path_factory) -> dict[tuple[str, str], tuple[int, str, str]]:
    """Each case's exit code, stdout and stderr; all run at once to save time."""
    cwd = tmp_path_factory.mktemp("cwd")
    (cwd / "payday.sqlite3").write_bytes(b"")  # an empty SQLite database: only the URL can be wrong
    migrate = ["-m", "bot", "migrate-to-postgres", "payday.sqlite3"]
    processes = {
        ("python -m bot", url): start(cwd, ["-m", "bot"], DISCORD_TOKEN=TOKEN, DATABASE_URL=url)
        for url in MALFORMED
    }
    processes |= {("migrate-to-postgres", url): start(cwd, [*migrate, url]) for url in MALFORMED}
    processes[("migrate-to-postgres from the environment", FROM_ENV)] = start(
        cwd, migrate, DATABASE_URL=FROM_ENV
    )
    outcomes = {}
    for case, process in processes.items():
        out, err = process.communicate(timeout=180)  # all at once, on a busy machine
        outcomes[case] = (process.returncode, out, err)
    return outcomes


@pytest.mark.parametrize(("command", "url"), CASES)
def test_a_malformed_database_url_is_one_line_and_exit_code_2_without_its_password(outcome, command, url):
    code, out, err = outcome[(command, url)]

    assert (code, out) == (2, ""), err
    [line] = err.splitlines()
    assert line.startswith("DATABASE_URL is") and MALFORMED[url] in line
    assert leaks(line) == set()


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
