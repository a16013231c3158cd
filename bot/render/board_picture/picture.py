"""One frame of the board picture: the edition's cached calendar, plus what moves (tokens, the
Jackpot, the month, who is asked), as a palette PNG small enough to re-upload on every move."""

import functools
import io
from collections import defaultdict

from PIL import Image, ImageColor, ImageDraw

from bot.game.board import PAYDAY_DAY, weekday
from bot.game.events import money
from bot.game.rulesets import RULESETS
from bot.render.board_picture import layers
from bot.render.board_picture import style as st
from bot.render.board_picture.scene import Scene, Token

TOKENS_PER_ROW = 3
LEGEND_NAME = 22
LEGEND_WHERE = 18
LEGEND_COLUMN = (st.WIDTH - 2 * st.MARGIN) // st.LEGEND_COLS
PALETTE_SIZE = 128
"""Colours in a frame: the design's flat colours exactly, the rest for anti-aliased edges. Half of
PNG's 256 compresses a fifth smaller and looks the same."""
PNG_LEVEL = 3
"""zlib level: 3 is the knee: 4 costs 40% more time for 10% smaller, 6 and up twice the time."""


def render_png(scene: Scene) -> bytes:
    """The scene as PNG bytes. CPU-bound (a few ms): the bot calls it off the event loop."""
    image = layers.calendar(scene.edition).copy()
    draw_frame(image, scene)
    out = io.BytesIO()
    image.quantize(palette=palette(scene.edition), dither=Image.Dither.NONE).save(
        out, "PNG", compress_level=PNG_LEVEL
    )
    return out.getvalue()


def draw_frame(image: Image.Image, scene: Scene) -> None:
    """Draw what changes from frame to frame onto a copy of the calendar, in place."""
    d = ImageDraw.Draw(image)
    month = st.drawable(scene.month_label)
    layers.text(d, (st.WIDTH - st.MARGIN, st.TITLE_H // 2), month, st.TITLE_TEXT, 20, "rm", heavy=True)
    left, top, _, _ = st.PANEL_BOX
    layers.text(d, (left + 50, top + 26), money(scene.jackpot), st.WHITE, 26, heavy=True)
    _draw_tokens(image, scene)
    for i, t in enumerate(sorted(scene.tokens, key=lambda t: t.seat)):
        image.paste(legend_row(t, t.seat in scene.asked), legend_spot(i))


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
    return [(left + 82 + i * (st.TOKEN_PITCH + 2), top + 71) for i in range(count)]


def legend_spot(index: int) -> tuple[int, int]:
    """Top-left corner of the legend's `index`th row, filled left to right, then down."""
    row, col = divmod(index, st.LEGEND_COLS)
    return st.MARGIN + col * LEGEND_COLUMN, st.LEGEND_Y + row * st.LEGEND_ROW_H


def _draw_tokens(image: Image.Image, scene: Scene) -> None:
    by_day: dict[int, list[Token]] = defaultdict(list)
    retired = []
    for t in sorted(scene.tokens, key=lambda t: t.seat):
        (retired if t.retired else by_day[min(max(t.day, 0), PAYDAY_DAY)]).append(t)
    for day, tokens in by_day.items():
        spots = token_spots(day, len(tokens))
        if len(tokens) > TOKENS_PER_ROW:
            # Two rows cover the cell's second line: clear it rather than leave scraps between tokens.
            left, _, right, bottom = st.cell_box(day)
            tint = st.KIND_STYLES[RULESETS[scene.edition].board[day].kind].tint
            ImageDraw.Draw(image).rectangle((left + 3, spots[0][1], right - 3, bottom - 3), fill=tint)
        for t, spot in zip(tokens, spots, strict=True):
            _paste_token(image, t, t.seat in scene.asked, spot)
    for t, spot in zip(retired, retired_spots(len(retired)), strict=True):
        _paste_token(image, t, t.seat in scene.asked, spot)


def _paste_token(image: Image.Image, t: Token, asked: bool, spot: tuple[int, int]) -> None:
    sprite = layers.token(t.colour, st.drawable(t.letter)[:1].upper() or "?", asked)
    image.paste(sprite, spot, sprite)


@functools.lru_cache(maxsize=256)
def legend_row(t: Token, asked: bool) -> Image.Image:
    """One player's legend row, RGB: token, name, where they are; the asked player's row is gold
    with a pointer. Cached: between two frames most rows are unchanged."""
    width, height = LEGEND_COLUMN, st.LEGEND_ROW_H
    row = Image.new("RGB", (width, height), st.PAPER)
    d = ImageDraw.Draw(row)
    mid = height // 2
    if asked:
        d.rounded_rectangle(
            (0, 2, width - 6, height - 3), radius=8, fill=st.HIGHLIGHT_ROW, outline=st.HIGHLIGHT_EDGE
        )
        d.polygon([(5, mid - 7), (13, mid), (5, mid + 7)], fill=st.INK)
    _paste_token(row, t, asked, (16, mid - st.TOKEN_PITCH // 2))
    where = "retired" if t.retired else ("START" if t.day <= 0 else f"{weekday(t.day)} {t.day}")
    right = width - 14
    layers.text(d, (right, mid), where, st.SOFT_INK, LEGEND_WHERE, "rm")
    room = right - st.font(LEGEND_WHERE).getlength(where) - 12 - 56
    name = st.fit(st.drawable(t.name) or f"Player {t.seat + 1}", LEGEND_NAME, room, heavy=asked)
    layers.text(d, (56, mid), name, st.SOFT_INK if t.retired else st.INK, LEGEND_NAME, "lm", heavy=asked)
    return row


@functools.cache
def palette(edition: str) -> Image.Image:
    """The edition's colours, chosen once: every flat colour of the design exactly, and the rest
    picked from the calendar and sample frames that use every token colour, highlighted or not.
    A frame is then mapped to it, far cheaper than choosing colours per frame."""
    exact = [channel for colour in st.design_colours() for channel in ImageColor.getrgb(colour)]
    blends = PALETTE_SIZE - len(exact) // 3
    sheet = _sample_sheet(edition).quantize(blends, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    result = Image.new("P", (1, 1))
    result.putpalette(exact + sheet.getpalette()[: 3 * blends])
    return result


def _sample_sheet(edition: str) -> Image.Image:
    board = RULESETS[edition].board
    n = len(st.PLAYER_COLOURS)
    frames = [layers.calendar(edition)]
    for shift in range(4):
        tokens = tuple(
            Token(
                seat,
                "ABCDEF"[seat],
                "Sample",
                (seat * 5 + shift) % len(board),
                seat,
                retired=shift == 2 and seat < 3,
            )
            for seat in range(n)
        )
        frame = layers.calendar(edition).copy()
        draw_frame(
            frame,
            Scene(
                edition,
                "Month 12 of 12",
                1234567890,
                tokens,
                frozenset(range(n)) if shift % 2 else frozenset(),
            ),
        )
        frames.append(frame)
    sheet = Image.new("RGB", (st.WIDTH, sum(f.height for f in frames)))
    for i, frame in enumerate(frames):
        sheet.paste(frame, (0, i * frames[0].height))
    return sheet
