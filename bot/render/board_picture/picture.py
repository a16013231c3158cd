"""One frame of the board picture: the edition's calendar plus what moves (tokens, the Jackpot, the
month, who is asked), as a palette PNG small enough to re-upload on every move.

The calendar is drawn once per edition and language and kept in the edition's palette; the rest is
drawn on every frame (from token sprites drawn once, layers.py) and mapped to that palette, so a
frame costs a copy, a few small drawings and pastes, and the PNG encoder.
"""

import functools
import io
import os
import threading
from collections import defaultdict

from PIL import Image, ImageDraw

from bot.game.calendar import PAYDAY_DAY
from bot.game.rulesets import RULESETS
from bot.render.board_picture import layers, palette
from bot.render.board_picture import style as st
from bot.render.board_picture.scene import HouseRules, Scene, Token
from bot.render.language.i18n import lang

CALENDARS_KEPT = 32
"""Calendars kept, the most recently drawn: half a megabyte each, and house rules make their number
open-ended (every edition in every language, and the tables playing house rules)."""
TOKENS_PER_ROW = 3
PNG_LEVEL = 3
"""zlib level: 3 is the knee: 4 costs 40% more time for 10% smaller, 6 and up twice the time."""
FREE_BLOCKS = 8
"""Image memory Pillow keeps for reuse (its block pool, PILLOW_BLOCKS_MAX, off by default). A frame
allocates and frees the same few large buffers every time; handed back to malloc, they grew the
process by about 20 KB per live game at 1,000 games (bench/load.py), kept here they are reused."""
if "PILLOW_BLOCKS_MAX" not in os.environ:  # an explicit setting wins, as Pillow's own reading of it
    Image.core.set_blocks_max(FREE_BLOCKS)
_ASSEMBLY = threading.Lock()
"""Frames are rendered in worker threads; FreeType faces, the calendars and the sprites are shared,
so one frame is assembled at a time. The encoder works on the frame's own image and runs outside
the lock."""


def render_png(scene: Scene) -> bytes:
    """The scene as PNG bytes. CPU-bound (a few ms): the bot calls it off the event loop."""
    with _ASSEMBLY:
        image = frame(scene)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def frame(scene: Scene) -> Image.Image:
    """The scene as a "P" image in the edition's palette."""
    edition, language = scene.edition, scene.language
    image = calendar(edition, language, scene.house).copy()
    month = layers.month_label(_patch(scene, layers.MONTH_BOX), scene.month_label)
    image.paste(palette.indexed(month, edition), layers.MONTH_BOX[:2])
    amount = lang(language).money(scene.jackpot)
    jackpot = layers.jackpot_label(_patch(scene, layers.JACKPOT_BOX), amount)
    image.paste(palette.indexed(jackpot, edition), layers.JACKPOT_BOX[:2])
    _draw_tokens(image, scene)
    width = st.legend_column(len(scene.tokens))
    for i, t in enumerate(sorted(scene.tokens, key=lambda t: t.seat)):
        row = layers.legend_row(t, t.seat in scene.asked, language, width)
        image.paste(palette.indexed(row, edition), legend_spot(i, len(scene.tokens)))
    return image


def token_spots(day: int, count: int) -> list[tuple[int, int]]:
    """Top-left corners of `count` token sprites in a day's cell: up to three in a row along the
    bottom, a second row above it for more, never overlapping."""
    left, _, right, bottom = st.cell_box(day)
    rows = -(-count // TOKENS_PER_ROW)
    spots = []
    for i in range(count):
        row, col = divmod(i, TOKENS_PER_ROW)
        in_row = min(TOKENS_PER_ROW, count - row * TOKENS_PER_ROW)
        x0 = (left + right) // 2 - in_row * st.TOKEN_PITCH // 2
        y = bottom - 3 - (rows - row) * st.TOKEN_PITCH
        spots.append((x0 + col * st.TOKEN_PITCH, y))
    return spots


def retired_spots(count: int) -> list[tuple[int, int]]:
    """Where retired players' tokens wait: in a row in the Jackpot panel, out of the calendar."""
    left, top, _, _ = st.PANEL_BOX
    return [(left + 82 + i * (st.TOKEN_PITCH + 2), top + 62) for i in range(count)]


def legend_spot(index: int, players: int) -> tuple[int, int]:
    """Top-left corner of the `index`th of `players` places in the players' row."""
    return st.MARGIN + index * st.legend_column(players), st.LEGEND_Y


def _draw_tokens(image: Image.Image, scene: Scene) -> None:
    board = RULESETS[scene.edition].board
    by_day: dict[int, list[Token]] = defaultdict(list)
    retired: list[Token] = []
    for t in sorted(scene.tokens, key=lambda t: t.seat):
        (retired if t.retired else by_day[min(max(t.day, 0), PAYDAY_DAY)]).append(t)
    for day, tokens in by_day.items():
        tint = st.KIND_STYLES[board[day].kind].tint
        spots = token_spots(day, len(tokens))
        if len(tokens) > TOKENS_PER_ROW:
            # Two rows cover the cell's second line: clear it rather than leave scraps between tokens.
            left, _, right, bottom = st.cell_box(day)
            ImageDraw.Draw(image).rectangle(
                (left + 3, spots[0][1], right - 3, bottom - 3), fill=palette.index(tint)
            )
        for t, spot in zip(tokens, spots, strict=True):
            _paste_token(image, scene, t, tint, spot)
    for t, spot in zip(retired, retired_spots(len(retired)), strict=True):
        _paste_token(image, scene, t, st.TITLE_BG, spot)


def _paste_token(image: Image.Image, scene: Scene, t: Token, ground: str, spot: tuple[int, int]) -> None:
    """The token on `ground`, indexed, pasted through its disc."""
    sprite = layers.token(t.colour, layers.letter(t), t.seat in scene.asked)
    tile = Image.new("RGB", sprite.image.size, ground)
    tile.paste(sprite.image, (0, 0), sprite.image)
    image.paste(palette.indexed(tile, scene.edition), spot, sprite.disc)


@functools.lru_cache(maxsize=CALENDARS_KEPT)
def calendar(edition: str, language: str, house: HouseRules = ()) -> Image.Image:
    """The edition's empty board in a language, with the amounts of its `house` rules, in its
    palette. Kept, since drawing it takes as long as some ten frames: every frame starts from a
    copy, and nothing draws on the kept one."""
    return palette.indexed(layers.calendar(edition, language, house), edition)


def _patch(scene: Scene, box: tuple[int, int, int, int]) -> Image.Image:
    """The scene's empty calendar under `box`, RGB, for a label to be drawn on."""
    return calendar(scene.edition, scene.language, scene.house).crop(box).convert("RGB")
