"""`make try` without a browser: the command line, the real-time clock, and games kept across runs."""

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import discord

from bot.app.offline import PLAYERS, offline_table
from bot.table import Table
from tests.helpers import click, slash


@contextmanager
def running(*args: str, cwd) -> Iterator[subprocess.Popen]:
    """`python -m bot.app.offline` in `cwd`; killed at the end if a failed check left it running."""
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.app.offline", *args],
        cwd=cwd,
        env={k: v for k, v in os.environ.items() if not k.startswith("TRY_")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def test_prints_the_address_and_stops_cleanly_on_ctrl_c(tmp_path):
    with running("--port", "0", "--database", "games/try.sqlite3", cwd=tmp_path) as process:
        lines = []
        for line in process.stdout:  # ends early only if the program dies before its instructions
            lines.append(line)
            if "Ctrl-C" in line:
                break
        text = "".join(lines)
        assert "Open http://127.0.0.1:" in text and "/payday start" in text, text
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert out.strip().endswith("Stopped. Games are saved in games/try.sqlite3.")
    assert (tmp_path / "games" / "try.sqlite3").exists()
    assert "store opened" in (tmp_path / "games" / "try.log").read_text()


def test_a_taken_port_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with running("--port", str(port), "--database", "try.sqlite3", cwd=tmp_path) as process:
            _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert err.strip() == f"Port {port} is taken: choose another, e.g. `make try TRY_PORT=8766`."


async def saved(table) -> Table:
    return Table.model_validate_json((await table.bot.store.get(table.channel.id)).data)


async def test_time_is_real_time_and_a_game_carries_on_in_the_next_run(tmp_path):
    database = tmp_path / "try.sqlite3"
    async with offline_table(database, seed=1) as first:
        assert abs(first.env.now() - datetime.now(UTC)) < timedelta(seconds=2)
        assert list(first.members) == list(PLAYERS)
        alice, bob = first.members["alice"], first.members["bob"]
        async with first.turn:
            lobby = (await slash(alice, first.channel, "payday start")).response.message
            await click(bob, lobby, label="Join")
            await click(alice, lobby, label="Start")
            await click(alice, lobby, label="Roll the die")
        game = await saved(first)
        # The deadline is a real instant: bob has the default five minutes from now (seed 1: no interrupt).
        assert abs(game.deadline - (datetime.now(UTC) + timedelta(minutes=5))) < timedelta(seconds=5)
        ids = first.channel.id, alice.id, bob.id

    async with offline_table(database, seed=1) as second:
        assert second.resumed
        assert (second.channel.id, second.members["alice"].id, second.members["bob"].id) == ids
        board = second.channel.last_message  # reposted by a player of the saved game
        assert board.interaction_metadata.user.id == ids[2]  # bob: the game now waits for him
        assert board.embeds[0].title == "Pay Day — month 1 of 3"
        assert board.embeds[-1].description.startswith("**bob**, ")
        assert "alice rolled " in board.embeds[0].fields[-1].value
        async with second.turn:
            result = await second.members["bob"].click(board, label=board.components[0].children[0].label)
        assert result.acknowledged
        assert (await saved(second)).state.prompt > game.state.prompt
        assert discord.utils.snowflake_time(board.id) > datetime.now(UTC) - timedelta(minutes=1)


async def test_giulia_has_an_italian_discord_client_and_reads_her_private_answers_in_italian(tmp_path):
    async with offline_table(tmp_path / "try.sqlite3", seed=1) as table:
        alice, giulia = table.members["alice"], table.members["giulia"]
        async with table.turn:
            lobby = (await slash(alice, table.channel, "payday start")).response.message
            her_help = await slash(giulia, table.channel, "payday help")
            his_help = await slash(alice, table.channel, "payday help")
            refused = await click(giulia, lobby, label="Start")
    assert "giulia" in PLAYERS
    assert his_help.response.embeds[0].title == "🎲 Playing a turn"
    assert her_help.response.embeds[0].title == "🎲 Giocare un turno"
    assert refused.ephemeral and refused.response.content.startswith("Solo ")


async def test_the_pages_address_is_the_same_on_every_run_with_this_store_and_kept_private(tmp_path):
    async with offline_table(tmp_path / "try.sqlite3", port=0) as first:
        address = first.url.split("#")[1]
    async with offline_table(tmp_path / "try.sqlite3", port=0) as second:
        assert second.url.split("#")[1] == address
    key = tmp_path / "try.key"
    assert key.read_text().strip() == address and key.stat().st_mode & 0o077 == 0
    async with offline_table(tmp_path / "other.sqlite3", port=0) as elsewhere:
        assert elsewhere.url.split("#")[1] != address
