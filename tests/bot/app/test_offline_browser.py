"""`make try` in a real browser: headless Chromium plays a game in the page as two members.

Every step is a /payday command or a click in the page, never a call into the bot, and what the
page then shows is checked against what the bot saved: whose move it is, where every token stands,
and the money. The computer player's moves must show up with nobody clicking, on real-time timers.
"""

import importlib.util
import socket
from pathlib import Path
from typing import Any

import pytest

from bot.app.offline import OfflineTable, offline_table
from bot.table import Table
from tools.trypage import CHROMIUM, INSTALL_HINT, WAIT_MS, Board, open_page

pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"Chromium is not installed: {INSTALL_HINT}"),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None,
        reason="Playwright is not installed: `make test` installs it with the dev extra",
    ),
]

HUMANS = ("alice", "bob")
CLICKS = 6
SEED = 1
"""A fixed seed, so a failure replays; the checks hold for any seed."""


async def saved(table: OfflineTable) -> Table:
    row = await table.bot.store.get(table.channel.id)
    assert row is not None
    return Table.model_validate_json(row.data)


def check_page_shows_saved_game(board: Board, game: Table) -> None:
    """The board in the page is the saved game: who is asked, every token, every dollar."""
    state, names = game.state, [seat.name for seat in game.seats]
    assert board.asks() == {names[s] for s in state.pending.seats}, board.prompt
    shown = board.players
    assert list(shown) == names
    for name, player in zip(names, state.players, strict=True):
        assert shown[name].cash == player.cash, (name, board.fields["Players"])
        assert shown[name].loan == player.loan, (name, board.fields["Players"])
        where = shown[name].where  # "START" or "Thu 4: Deal"
        assert where == "START" if player.day == 0 else f" {player.day}: " in where, (name, where)


async def test_two_members_and_a_computer_play_in_the_page(tmp_path):
    async with offline_table(tmp_path / "try.sqlite3", seed=SEED) as table, open_page(table.url) as page:
        # alice opens a lobby with the message box; bob joins as himself; alice adds a computer.
        await page.slash("payday start", months=1)
        lobby = await page.message_text("a game is forming")
        assert "Players (1/6)" in lobby and "alice (host)" in lobby
        await page.view_as("bob")
        await page.press("Join")
        lobby = await page.message_text("a game is forming")
        assert "Players (2/6)" in lobby and "bob joined." in lobby
        await page.view_as("alice")
        await page.choose("Add computer player…", "Hard")
        await page.press("Start")

        board = await page.board()
        game = await saved(table)
        computer = game.seats[2].name
        assert game.seats[2].strength == "hard" and f"{computer} 🤖 Hard" in board.fields["Players"]
        assert board.title == "Pay Day — month 1 of 1"
        assert board.prompt == "alice, roll the die."
        assert {p.cash for p in board.players.values()} == {game.state.players[0].cash}
        assert {p.where for p in board.players.values()} == {"START"}
        check_page_shows_saved_game(board, game)

        # bob presses alice's button: only bob is told why, and the board does not move.
        await page.view_as("bob")
        await page.press("Roll the die")
        refusal = await page.message_text("not your move")
        assert "It's not your move: the game is waiting for alice." in refusal
        assert await page.board() == board
        await page.view_as("alice")
        assert "not your move" not in await page.page.locator("#channel-message-list").inner_text()

        # Turns: whoever the page asks clicks; the computer moves by itself in between.
        acted, computer_moves, money_moved = [], 0, False
        while len(acted) < CLICKS:
            # A computer player answers by itself after a pause: wait until only people are asked.
            board = await page.wait_for_board(lambda b: b.asks() and b.asks() <= set(HUMANS))
            game = await saved(table)
            check_page_shows_saved_game(board, game)
            computer_moves += any(line.startswith(f"🤖 {computer} rolled") for line in board.latest)
            who = sorted(board.asks())[0]
            await page.view_as(who)
            await page.press("Roll the die" if "Roll the die" in board.buttons else board.buttons[0])
            acted.append(who)
            after = await page.board()
            assert after != board, "the click changed nothing on the board"
            money_moved |= any(
                (after.players[n].cash, after.players[n].loan) != (p.cash, p.loan)
                for n, p in board.players.items()
            )

        assert set(acted) == set(HUMANS)
        assert computer_moves > 0, "the computer player never moved on its own"
        assert money_moved, "no click moved any money"


async def test_alice_has_manage_server_and_changes_the_settings_in_the_page(tmp_path):
    async with offline_table(tmp_path / "try.sqlite3", seed=SEED) as table, open_page(table.url) as page:
        await page.slash("payday settings")
        panel = await page.message_text("this server's settings")
        assert "Salary: $3,500" in panel and "A thread per game: off" in panel
        await page.choose("Change a house rule…", "Salary")
        await page.fill_form("House rule: Salary", {"Salary": "$5,000"})
        await page.press("Thread per game")
        panel = await page.message_text("this server's settings")
        assert "Salary: $5,000" in panel and "A thread per game: on" in panel

        # The next game plays by them: in a thread of its own, paid the new salary.
        await page.slash("payday start")
        assert await page.channels() == ["▸ # payday", "🧵 Pay Day: alice's game"]
        await page.open_channel("Pay Day: alice's game")
        await page.press("House rules")
        assert "Salary: $5,000" in await page.message_text("Salary")


async def test_a_game_in_a_thread_is_listed_under_the_channel_and_played_there(tmp_path):
    async with offline_table(tmp_path / "try.sqlite3", seed=SEED) as table, open_page(table.url) as page:
        await page.slash("payday start", thread=True)
        assert "alice opened a game of Pay Day in its own thread" in await page.message_text("own thread")
        assert "a game is forming" not in await page.page.locator("#channel-message-list").inner_text()
        assert await page.channels() == ["▸ # payday", "🧵 Pay Day: alice's game"]

        # As in Discord, the thread opens from its summary under the message that started it.
        await page.open_channel("Pay Day: alice's game", via_summary=True)
        assert await page.channels() == ["# payday", "▸ 🧵 Pay Day: alice's game"]
        await page.view_as("bob")
        await page.press("Join")
        await page.view_as("alice")
        await page.press("Start")
        board = await page.board()
        game = await saved_in(table, table.channel.threads[0].id)
        assert board.prompt == "alice, roll the die."
        check_page_shows_saved_game(board, game)
        await page.press("Roll the die")
        board = await page.wait_for_board(lambda b: b.asks() == {"bob"})
        check_page_shows_saved_game(board, await saved_in(table, table.channel.threads[0].id))

        # A command typed in the thread runs there; back in #payday, the channel has no game.
        await page.slash("payday status")
        assert (await page.board()).message_id != board.message_id
        await page.open_channel("payday")
        assert "Pay Day — month" not in await page.page.locator("#channel-message-list").inner_text()
        assert await table.bot.store.get(table.channel.id) is None


async def saved_in(table: OfflineTable, channel_id: int) -> Table:
    row = await table.bot.store.get(channel_id)
    assert row is not None
    return Table.model_validate_json(row.data)


async def test_a_tab_left_open_finds_the_table_again_after_a_restart(tmp_path):
    with socket.socket() as probe:  # a port both runs serve on, as `make try` does
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    database = tmp_path / "try.sqlite3"
    first: Any = offline_table(database, port=port, seed=SEED)
    table = await first.__aenter__()
    try:
        async with open_page(table.url) as page:
            await page.slash("payday start", months=1)
            await page.view_as("bob")
            await page.press("Join")
            await first.__aexit__(None, None, None)  # Ctrl-C, and the tab stays open
            first = None
            notice = page.page.locator("#offline-notice")
            await notice.filter(has_text="make try has stopped").wait_for(timeout=WAIT_MS)
            assert "\n" not in await notice.inner_text()  # one line, saying what to do

            second: Any = offline_table(database, port=port, seed=SEED)
            async with page.page.expect_navigation(timeout=WAIT_MS):  # it reloads by itself
                again = await second.__aenter__()
            try:
                await page.page.wait_for_function(
                    "id => window.simcordPreview?.viewerId === id", arg=str(again.members["bob"].id)
                )  # still bob
                lobby = await page.message_text("a game is forming")
                assert "Players (2/6)" in lobby and "\nbob\n" in lobby
                await page.press("Leave")  # and his buttons work
                assert "Players (1/6)" in await page.message_text("a game is forming")
            finally:
                await second.__aexit__(None, None, None)
    finally:
        if first is not None:
            await first.__aexit__(None, None, None)
