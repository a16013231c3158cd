"""`make try` in a real browser: headless Chromium plays a game in the page as two members.

Every step is a /payday command or a click in the page, never a call into the bot, and what the
page then shows is checked against what the bot saved: whose move it is, where every token stands,
and the money. The computer player's moves must show up with nobody clicking, on real-time timers.
"""

import importlib.util
from pathlib import Path

import pytest

from bot.app.offline import OfflineTable, offline_table
from bot.table import Table
from tools.trypage import CHROMIUM, INSTALL_HINT, Board, open_page

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
