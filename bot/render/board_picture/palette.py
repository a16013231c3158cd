"""Each edition's colours, chosen once, and the mapping of full-colour parts to them.

Choosing the colours reads a sample of everything the edition draws, so it is done once per
edition; each frame only maps its few small parts to them (nearest colour).
"""

import functools

from PIL import Image, ImageColor

from bot.game.rulesets import RULESETS
from bot.render.board_picture import layers
from bot.render.board_picture import style as st
from bot.render.board_picture.scene import Token

PALETTE_SIZE = 128
"""The design's flat colours exactly, the rest for anti-aliased edges: half of PNG's 256
compresses a fifth smaller and looks the same."""


@functools.cache
def palette(edition: str) -> Image.Image:
    """A 1x1 "P" image carrying the edition's palette: every flat colour of the design first and
    exactly, then the blends most used by the calendar and by every token and legend row."""
    exact = [channel for colour in st.DESIGN_COLOURS for channel in ImageColor.getrgb(colour)]
    blends = PALETTE_SIZE - len(exact) // 3
    chosen = _sample_sheet(edition).quantize(
        blends, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    used = chosen.getpalette()
    assert used is not None, "a quantized image has a palette"
    result = Image.new("P", (1, 1))
    result.putpalette(exact + used[: 3 * blends])
    return result


def indexed(image: Image.Image, edition: str) -> Image.Image:
    """A full-colour part mapped to the edition's palette (nearest colour, no dithering)."""
    return image.convert("RGB").quantize(palette=palette(edition), dither=Image.Dither.NONE)


def index(colour: str) -> int:
    """A design colour's palette entry, to fill shapes in an indexed frame."""
    return st.DESIGN_COLOURS.index(colour)


def backgrounds(edition: str) -> list[str]:
    """Every colour a token can be pasted onto: the day cells' tints and the retired panel."""
    return list(dict.fromkeys([*(st.KIND_STYLES[s.kind].tint for s in RULESETS[edition].board), st.TITLE_BG]))


def _sample_sheet(edition: str) -> Image.Image:
    """The calendar, and below it every token on every background and a legend row per colour."""
    calendar = layers.calendar(edition, "en")  # colours only: any language has the same
    n = len(st.PLAYER_COLOURS)
    pitch = st.TOKEN_PITCH
    sprites = [
        layers.token(colour, "ABCDEF"[colour], asked).image for colour in range(n) for asked in (False, True)
    ]
    grounds = backgrounds(edition)
    rows = [
        layers.legend_row(
            Token(c, "ABCDEF"[c], "Sample Name", c * 5, c), c % 2 == 0, "en", st.legend_column(n)
        )
        for c in range(n)
    ]
    strip_h = len(grounds) * pitch + len(rows) * st.LEGEND_ROW_H
    sheet = Image.new("RGB", (calendar.width, calendar.height + strip_h), st.PAPER)
    sheet.paste(calendar, (0, 0))
    for g, ground in enumerate(grounds):
        y = calendar.height + g * pitch
        sheet.paste(ground, (0, y, len(sprites) * pitch, y + pitch))
        for i, sprite in enumerate(sprites):
            sheet.paste(sprite, (i * pitch, y), sprite)
    y = calendar.height + len(grounds) * pitch
    for i, row in enumerate(rows):
        sheet.paste(row, (0, y + i * st.LEGEND_ROW_H))
    return sheet
