"""`make screenshots`: the README's pictures, from a scripted game played through `make try`'s page.

Three people (alice, bob, carol) and a computer player play one month in headless Chromium; the
script clicks what a careful player would and photographs the lobby, the live game message
mid-game (also in a phone's 400 px, and the drawn board as the bot sent it), a Lottery, alice's
hand panel (her My hand button) and the final standings. Rerun it after any change to what the
bot shows; the dice are seeded, so the pictures change only when the bot does.
"""

import argparse
import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path

from bot.app.offline import offline_table
from tools.trypage import Board, TryPage, open_page

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
HUMANS = ("alice", "bob", "carol")
SEED = 7
WIDTH, HEIGHT = 960, 1400
"""A laptop-sized window: the board keeps Discord's embed width, the channel stays readable."""
MID_GAME_DAY = 12
PHONE_WIDTH = 400


def answer(board: Board) -> str:
    """What a careful player clicks: pay charges in full, repay all it can, buy a Deal only with
    cash in hand; at a Lottery the lowest number nobody has taken or holds; otherwise the first
    button (roll, sell the best Deal)."""
    buttons = board.buttons
    spoken_for = set(
        re.findall(r"\b(\d+) (?:\(|for )", board.description)
    )  # taken "4 (bob)", held "4 for bob"
    numbers = [b for b in buttons if b.isdigit()]
    if numbers:
        return next((n for n in numbers if n not in spoken_for), "Sit out")
    in_full = [b for b in buttons if b.startswith("Pay it off")]
    repay = [b for b in buttons if b.startswith("Repay ")]
    if in_full or repay:
        return (in_full or repay)[-1]
    if any(b.startswith("Buy, borrow") for b in buttons) and "Decline" in buttons:
        return "Decline"
    return buttons[0]


class Photographer:
    def __init__(self, page: TryPage, out: Path) -> None:
        self.page, self.out, self.taken = page, out, []

    async def message(self, name: str, containing: str) -> None:
        await self.page.screenshot(self.out / name, message_containing=containing)
        self.taken.append(name)


async def play(out: Path, seed: int) -> list[str]:
    with tempfile.TemporaryDirectory() as scratch:
        async with (
            offline_table(Path(scratch) / "try.sqlite3", seed=seed) as table,
            open_page(table.url, width=WIDTH, height=HEIGHT) as page,
        ):
            shots = Photographer(page, out)
            await page.slash("payday start", months=1)
            for name in HUMANS[1:]:
                await page.view_as(name)
                await page.press("Join")
            await page.view_as(HUMANS[0])
            await page.choose("Add computer player…", "Normal")
            await shots.message("lobby.png", "a game is forming")
            await page.press("Start")

            while True:
                board = await page.wait_for_board(
                    lambda b: b.title.endswith("game over") or (b.asks() and b.asks() <= set(HUMANS))
                )
                if board.title.endswith("game over"):
                    await page.wait_for_text("Pay Day game #")
                    await shots.message("standings.png", "Pay Day game #")
                    break
                lottery = board.prompt.startswith("Lottery!") and re.search(
                    "^(Taken|Held):", board.description, re.M
                )
                if lottery and "lottery.png" not in shots.taken:
                    await shots.message("lottery.png", "Lottery!")
                mid_game = board.players[HUMANS[0]].day >= MID_GAME_DAY
                if (
                    mid_game
                    and board.prompt == f"{HUMANS[0]}, roll the die."
                    and "board.png" not in shots.taken
                ):
                    await page.view_as(HUMANS[0])
                    await shots.message("board.png", "Pay Day — month")
                    await page.newest_image(out / "board-picture.png")
                    shots.taken.append("board-picture.png")
                    async with page.narrow(PHONE_WIDTH):
                        await shots.message("board-phone.png", "Pay Day — month")
                    await page.press("My hand")
                    await shots.message("hand.png", "Your hand")
                who = sorted(board.asks())[0]
                await page.view_as(who)
                await page.press(answer(board))
            missing = {"lobby.png", "board.png", "lottery.png", "hand.png"} - set(shots.taken)
            if missing:
                raise SystemExit(f"seed {seed} gave no chance for {sorted(missing)}: try another --seed")
            return shots.taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the pictures (default {OUT})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"dice of the scripted game (default {SEED})")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    taken = asyncio.run(play(args.out, args.seed))
    print(f"{len(taken)} pictures in {args.out} ({time.perf_counter() - started:.0f} s): {', '.join(taken)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
