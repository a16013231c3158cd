"""`make screenshots`: the README's pictures, from a scripted game played through `make try`'s page.

Three people (alice, bob, carol) and a computer player play one month in headless Chromium; the
script clicks what a careful player would and photographs the lobby, the live game message
mid-game (also in a phone's 400 px, and the drawn board as the bot sent it), a Lottery, alice's
hand panel (her My hand button) and the final standings. Rerun it after any change to what the
bot shows; the dice are seeded, so the pictures change only when the bot does.

`--language de` plays the same game in another language the bot speaks (the server's preferred
locale, so the game's language, and each player's own Discord language, so the hand is in it too),
and `--phone` takes every picture at 400 px as well: the pictures to look at for overflow and
truncation in each language. The script reads the game from the store (who is asked, what they
may answer), never from the page's words, and finds buttons and messages by the language's words.
"""

import argparse
import asyncio
import re
import sys
import tempfile
import time
from pathlib import Path

from bot.app.offline import OfflineTable, offline_table
from bot.game.actions import ActionKind
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.game.strengths import Strength
from bot.render.commands import discord_locales
from bot.render.language.i18n import ENGLISH, SUPPORTED, Lang, lang
from bot.render.language.strengths import strength_name
from bot.render.prompts.answers import choices
from bot.table import Table
from tools.trypage import TryPage, open_page

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
HUMANS = ("alice", "bob", "carol")
SEED = 7
WIDTH, HEIGHT = 960, 1400
"""A laptop-sized window: the board keeps Discord's embed width, the channel stays readable."""
MID_GAME_DAY = 12
PHONE_WIDTH = 400
POLL_SECONDS = 0.2
"""How often the store is read while computer players move (each after a pause of its own)."""
PLACEHOLDER = re.compile(r"\{\w*\}")


def answer(table: Table, L: Lang) -> str:
    """The button a careful player clicks: pay charges in full, repay all it can, buy a Deal only
    with cash in hand; at a Lottery the lowest number nobody has taken or holds; otherwise the
    first button (roll, sell the best Deal)."""
    st = table.state
    assert st is not None and st.pending is not None, "a question is waiting"
    p = st.pending
    buttons = [c for c in choices(st, L, table.computers()) if not c.menu and not c.form]
    numbers = [c for c in buttons if c.kind == ActionKind.ANTE]
    if numbers:
        spoken_for = {*p.picks, *p.wants.values()}
        return next((c.label for c in numbers if c.value not in spoken_for), L._("Sit out"))
    in_full = [c.label for c in buttons if c.kind == ActionKind.PAY_ALL]
    repay = [c.label for c in buttons if c.kind == ActionKind.REPAY]
    if in_full or repay:
        return (in_full or repay)[-1]
    seat = p.seats[0]
    if p.kind == PendingKind.DEAL and RULESETS[st.ruleset].deals[p.card].cost > st.players[seat].cash:
        return L._("Decline")
    return buttons[0].label


def said(L: Lang, *messages: str) -> re.Pattern[str]:
    """Any of `messages` as `L` writes it, whatever fills its placeholders."""
    return re.compile("|".join(".+?".join(map(re.escape, PLACEHOLDER.split(L._(m)))) for m in messages))


async def stored(table: OfflineTable) -> Table | None:
    """The channel's game as the store holds it (None once it is over)."""
    loaded = await table.bot.get_cog("Payday").service.tables.load(table.channel.id)  # type: ignore[union-attr]
    return None if loaded is None else loaded.table


async def humans_asked(table: OfflineTable, page: TryPage) -> Table | None:
    """The game once it waits for people only (computer players have moved), or None once over."""
    while True:
        await page.idle()
        game = await stored(table)
        if game is None or (game.waiting_humans() and not game.waiting_computers()):
            return game
        await asyncio.sleep(POLL_SECONDS)


class Photographer:
    def __init__(self, page: TryPage, out: Path, phone: bool) -> None:
        self.page, self.out, self.phone, self.taken = page, out, phone, []

    async def message(self, name: str, containing: str | re.Pattern[str]) -> None:
        await self.page.screenshot(self.out / name, message_containing=containing)
        self.taken.append(name)
        if self.phone:
            phone = name.replace(".png", "-phone.png")
            async with self.page.narrow(PHONE_WIDTH):
                await self.page.screenshot(self.out / phone, message_containing=containing)
            self.taken.append(phone)


async def play(
    out: Path, seed: int, code: str = ENGLISH, phone: bool = False, width: int = WIDTH
) -> list[str]:
    L = lang(code)
    locale = None if code == ENGLISH else discord_locales(code)[0]
    speaking = {} if locale is None else dict.fromkeys(HUMANS, locale)
    board_title = L._("Pay Day — month {month} of {months}", month=1, months=1)
    with tempfile.TemporaryDirectory() as scratch:
        async with (
            offline_table(
                Path(scratch) / "try.sqlite3", seed=seed, speaking=speaking, server_locale=locale
            ) as table,
            open_page(table.url, width=width, height=HEIGHT) as page,
        ):
            shots = Photographer(page, out, phone)
            await page.slash("payday start", months=1)  # in the server's language
            for name in HUMANS[1:]:
                await page.view_as(name)
                await page.press(L._("Join"))
            await page.view_as(HUMANS[0])
            await page.choose(L._("Add computer player…"), strength_name(Strength.NORMAL, L))
            await shots.message("lobby.png", L._("Pay Day — a game is forming"))
            await page.press(L._("Start"))

            while (game := await humans_asked(table, page)) is not None:
                st = game.state
                assert st is not None and st.pending is not None
                names = [seat.name for seat in game.seats]
                label = answer(game, L)
                await page.wait_for_button(label)  # the page shows the question the store holds
                p, alice = st.pending, names.index(HUMANS[0])
                if (
                    p.kind == PendingKind.LOTTERY
                    and (p.picks or p.wants)
                    and "lottery.png" not in shots.taken
                ):
                    await shots.message("lottery.png", board_title)
                mid_game = st.players[alice].day >= MID_GAME_DAY
                if (
                    mid_game
                    and p.kind == PendingKind.ROLL
                    and p.seats == [alice]
                    and "board.png" not in shots.taken
                ):
                    await page.view_as(HUMANS[0])
                    await shots.message("board.png", board_title)
                    await page.newest_image(out / "board-picture.png")
                    shots.taken.append("board-picture.png")
                    if not phone:
                        async with page.narrow(PHONE_WIDTH):
                            await shots.message("board-phone.png", board_title)
                    await page.press(L._("My hand"))
                    await shots.message("hand.png", L._("Your hand, {name}", name=HUMANS[0]))
                await page.view_as(min(names[seat] for seat in game.waiting_humans()))
                await page.press(label)
            standings = said(
                L,
                "Pay Day — game #{game} is over",
                "🏆 {player} wins Pay Day game #{game}",
                "🏆 {players} share the win in Pay Day game #{game}",
            )
            await page.wait_for_text(standings)
            await shots.message("standings.png", standings)
            missing = {"lobby.png", "board.png", "lottery.png", "hand.png"} - set(shots.taken)
            if missing:
                raise SystemExit(f"seed {seed} gave no chance for {sorted(missing)}: try another --seed")
            return shots.taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, help=f"folder for the pictures (default {OUT}, a language's in it)"
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"dice of the scripted game (default {SEED})")
    parser.add_argument("--language", choices=SUPPORTED, default=ENGLISH, help="the game's language")
    parser.add_argument("--width", type=int, default=WIDTH, help=f"the window's width (default {WIDTH})")
    parser.add_argument("--phone", action="store_true", help=f"every picture at {PHONE_WIDTH} px too")
    args = parser.parse_args(argv)
    out = args.out or (OUT if args.language == ENGLISH else OUT / args.language)
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    taken = asyncio.run(play(out, args.seed, args.language, args.phone, args.width))
    print(f"{len(taken)} pictures in {out} ({time.perf_counter() - started:.0f} s): {', '.join(taken)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
