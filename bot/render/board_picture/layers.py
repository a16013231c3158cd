"""The parts of the picture, drawn in full colour: each edition's calendar (grid, names, marks,
headings), token sprites, legend rows and the labels that change (month, Jackpot); picture.py maps
them to the palette and pastes them together."""

import functools
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from bot.game import calendar as cal
from bot.game.calendar import SpaceKind, weekday
from bot.game.house import with_house_rules
from bot.game.rulesets import RULESETS, Ruleset
from bot.render.board_picture import style as st
from bot.render.board_picture.marks import JACKPOT_MARK, MARKS
from bot.render.board_picture.scene import HouseRules, Token
from bot.render.language.hand import ORDERS_MARK
from bot.render.language.i18n import Lang, lang
from bot.render.language.strengths import strength_name

MARK_SIZE = 22
DAY_FONT = 24
NAME_FONT = 20
EFFECT_FONT = 17
SMALLEST = 14
"""No space name or amount shrinks below this size to fit its cell."""
LETTER_FONT = 17
LEGEND_NAME = 20
LEGEND_MARK = 16
LEGEND_NAME_X = 13 + st.TOKEN_PITCH + 5
"""Where a name starts in its place in the players' row: after the pointer and the token."""
JACKPOT_BOX = (st.PANEL_BOX[0] + 48, st.PANEL_BOX[1] + 24, st.PANEL_BOX[2] - 10, st.PANEL_BOX[1] + 56)
MONTH_BOX = (st.PANEL_BOX[0] + 170, st.PANEL_BOX[1] + 4, st.PANEL_BOX[2] - 10, st.PANEL_BOX[1] + 24)
MONTH_FONT = 15


def calendar(edition: str, language: str, house: HouseRules = ()) -> Image.Image:
    """The edition's empty board in a language, with the amounts of its `house` rules, RGB. Shapes
    are drawn supersampled for smooth edges, the text at output size so FreeType keeps it crisp.
    picture.py keeps its palette copy (a third of the size), and the labels are drawn on patches
    of that."""
    preset, L = RULESETS[edition], lang(language)
    ruleset = replace(preset, rules=with_house_rules(edition, dict(house))) if house else preset
    k = st.SUPERSAMPLE
    size = (st.WIDTH, st.HEIGHT)
    big = Image.new("RGB", (size[0] * k, size[1] * k), st.PAPER)
    d = ImageDraw.Draw(big)

    def box(b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        left, top, right, bottom = b
        return left * k, top * k, right * k, bottom * k

    d.rounded_rectangle(
        box((st.MARGIN, st.HEADER_Y, st.WIDTH - st.MARGIN, st.HEADER_Y + st.HEADER_H)),
        radius=6 * k,
        fill=st.HEADER_BG,
    )
    for day, space in enumerate(ruleset.board):
        kind = st.KIND_STYLES[space.kind]
        left, top, right, bottom = st.cell_box(day)
        d.rounded_rectangle(
            box((left, top, right, bottom)), radius=7 * k, fill=kind.tint, outline=st.GRID_LINE, width=k
        )
        if space.kind == SpaceKind.PAYDAY:
            d.rounded_rectangle(box((left, top, right, bottom)), radius=7 * k, outline=kind.mark, width=3 * k)
        MARKS[space.kind](d, (right - 5 - MARK_SIZE) * k, (top + 5) * k, MARK_SIZE * k, kind.mark)
    d.rounded_rectangle(box(st.PANEL_BOX), radius=9 * k, fill=st.TITLE_BG)
    left, top, right, _ = st.PANEL_BOX
    JACKPOT_MARK(d, (left + 10) * k, (top + 9) * k, 30 * k, st.TITLE_GOLD)
    d.line(box((left + 10, top + 59, right - 10, top + 59)), fill=st.PANEL_RULE, width=k)
    image = big.reduce(k)

    d = ImageDraw.Draw(image)
    for col, name in enumerate(st.weekday_headers(L)):
        centre = st.MARGIN + col * st.CELL_W + st.CELL_W / 2
        colour = st.SUNDAY_HEADER if col == 0 else st.TITLE_TEXT
        text(d, (centre, st.HEADER_Y + st.HEADER_H / 2), name, colour, 16, anchor="mm", heavy=True)
    for day, space in enumerate(ruleset.board):
        _cell_text(d, day, space, ruleset, L)
    text(d, (left + 48, top + 6), st.jackpot_title(ruleset, L), st.TITLE_GOLD, 16, heavy=True)
    _retired_label(d, left + 10, top + 78, L._("retired").upper())
    return image


RETIRED_ROOM = 70
"""The width of the retired panel's label: up to its first token (`picture.retired_spots`)."""


def _retired_label(d: ImageDraw.ImageDraw, x: float, middle: float, words: str) -> None:
    """The label beside the retired players' tokens, never under them: on one line if it fits,
    else on two ("IN / PENSIONE"), at the largest size that fits (a small label, not a cell's words)."""
    lines = [words]
    if st.font(14, heavy=True).getlength(words) > RETIRED_ROOM and " " in words:
        lines = words.rsplit(" ", 1)
    size = 14 if len(lines) == 1 else 13
    while size > 10 and max(st.font(size, heavy=True).getlength(line) for line in lines) > RETIRED_ROOM:
        size -= 1
    for i, line in enumerate(lines):
        y = middle + (i - (len(lines) - 1) / 2) * (size + 2)
        text(d, (x, y), line, st.PANEL_LABEL, size, anchor="lm", heavy=True)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of words in a day's cell, at the size it fits the cell in."""

    words: str
    colour: str
    size: int
    heavy: bool


CELL_ROOM = st.CELL_W - st.CELL_GAP - 10
"""The width a cell's words may take."""


def cell_lines(day: int, ruleset: Ruleset, L: Lang) -> list[Line]:
    """The words under a day's number: its space's name, and what it does to money if anything; a
    long name with no amount under it takes both lines rather than shrinking."""
    space = ruleset.board[day]
    heavy = space.kind == SpaceKind.PAYDAY
    name = st.short_name(space, L)
    effect = st.effect_line(space, ruleset, L)
    if effect is None and " " in name and st.font(NAME_FONT, heavy).getlength(name) > CELL_ROOM:
        first, second = name.split(" ", 1)
        lines = [(first, st.INK, NAME_FONT, heavy), (second, st.INK, NAME_FONT, heavy)]
    else:
        lines = [(name, st.INK, NAME_FONT, heavy)]
        if effect:
            lines.append((*effect, EFFECT_FONT, False))
    return [
        Line(words, colour, _fitting_size(words, CELL_ROOM, size, bold), bold)
        for words, colour, size, bold in lines
    ]


def _cell_text(d: ImageDraw.ImageDraw, day: int, space: cal.Space, ruleset: Ruleset, L: Lang) -> None:
    left, top, _, _ = st.cell_box(day)
    if day == 0:
        start = st.short_name(space, L)
        text(d, (left + 7, top + 6), start, st.KIND_STYLES[SpaceKind.START].mark, 20, heavy=True)
        return
    number_colour = st.SUNDAY_RED if weekday(day) == 0 else st.INK
    text(d, (left + 6, top + 3), str(day), number_colour, DAY_FONT, heavy=True)
    for line, y in zip(cell_lines(day, ruleset, L), (29, 49), strict=False):
        text(d, (left + 6, top + y), line.words, line.colour, line.size, heavy=line.heavy)


def _fitting_size(words: str, width: float, size: int, heavy: bool) -> int:
    """The largest size up to `size` at which `words` fit `width` (never below SMALLEST)."""
    while size > SMALLEST and st.font(size, heavy).getlength(words) > width:
        size -= 1
    return size


def text(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    fill: str,
    size: int,
    anchor: str = "la",
    heavy: bool = False,
) -> None:
    """Text in the picture's font; `heavy` for the bold."""
    d.text(xy, words, font=st.font(size, heavy), fill=fill, anchor=anchor)


@dataclass(frozen=True, slots=True)
class Sprite:
    """A token as drawn once, pasted on every frame."""

    image: Image.Image
    """RGBA, TOKEN_PITCH square."""
    disc: Image.Image
    """The 1-bit mask of where `image` covers anything: pasted through it, the token's smooth edge
    blends into the cell and nothing else of the cell is covered."""


@functools.lru_cache(maxsize=512)
def token(colour: int, letter: str, highlighted: bool) -> Sprite:
    """A token: the player's colour, a dark rim and the letter; the highlighted one sits in a gold
    ring. Kept, since every frame shows each token twice (on its day and in the legend), and
    drawing them afresh, supersampled, would add a quarter or more to a frame; there is room for
    every colour, letter and ring (6 × 26 × 2)."""
    k = 4
    pitch, diameter = st.TOKEN_PITCH, st.TOKEN_D
    big = Image.new("RGBA", (pitch * k, pitch * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    if highlighted:
        d.ellipse((0, 0, pitch * k - 1, pitch * k - 1), fill=st.HIGHLIGHT_EDGE)
        d.ellipse((k, k, (pitch - 1) * k - 1, (pitch - 1) * k - 1), fill=st.HIGHLIGHT)
    inset = (pitch - diameter) / 2 * k
    d.ellipse((inset, inset, pitch * k - inset - 1, pitch * k - inset - 1), fill=st.TOKEN_EDGE)
    rim = inset + 2 * k
    d.ellipse((rim, rim, pitch * k - rim - 1, pitch * k - rim - 1), fill=st.player_colour(colour))
    sprite = big.reduce(k)
    ink = st.letter_ink(colour)
    text(
        ImageDraw.Draw(sprite),
        (pitch / 2, pitch / 2 + 0.5),
        letter,
        ink,
        LETTER_FONT,
        anchor="mm",
        heavy=True,
    )
    return Sprite(sprite, sprite.getchannel("A").point(lambda a: 255 * (a > 0), "1"))


def letter(t: Token) -> str:
    return st.drawable(t.letter)[:1].upper() or "?"


def legend_row(t: Token, asked: bool, language: str, width: int) -> Image.Image:
    """One player's place in the players' row, RGB, `width` wide: token and name; the asked player's
    is gold with a pointer. Marks after the name: standing orders, and "(computer)" for a seat a
    computer took over or a computer player's strength ("Hard"). A retired player's name is greyed
    (their token waits in the Jackpot's panel); where a token stands is left to the calendar and the
    embed's Players field."""
    L = lang(language)
    height = st.LEGEND_ROW_H
    row = Image.new("RGB", (width, height), st.PAPER)
    d = ImageDraw.Draw(row)
    mid = height // 2
    if asked:
        d.rounded_rectangle(
            (0, 2, width - 4, height - 3), radius=8, fill=st.HIGHLIGHT_ROW, outline=st.HIGHLIGHT_EDGE
        )
        d.polygon([(4, mid - 6), (11, mid), (4, mid + 6)], fill=st.INK)
    sprite = token(t.colour, letter(t), asked).image
    row.paste(sprite, (13, mid - st.TOKEN_PITCH // 2), sprite)
    name_x = LEGEND_NAME_X
    room = width - name_x - 10
    mark = st.font(LEGEND_NAME, heavy=True).getlength(ORDERS_MARK) + 5 if t.orders else 0
    # The word never takes more than half the room: in a full table's narrow place the name stays.
    word = _computer_word(t, L)
    computer = st.fit(word, LEGEND_MARK, room / 2) if word else ""
    said = st.font(LEGEND_MARK).getlength(computer) + 5 if computer else 0
    shown = st.drawable(t.name) or L._("Player {number}", number=t.seat + 1)
    name = st.fit(shown, LEGEND_NAME, room - mark - said, heavy=asked)
    text(d, (name_x, mid), name, st.SOFT_INK if t.retired else st.INK, LEGEND_NAME, "lm", heavy=asked)
    after = name_x + st.font(LEGEND_NAME, heavy=asked).getlength(name) + 5
    if t.orders:
        text(d, (after, mid), ORDERS_MARK, st.SOFT_INK, LEGEND_NAME, "lm", heavy=True)
        after += mark
    if computer:  # a word, not a colour: the seat's player left and a computer plays it now
        text(d, (after, mid), computer, st.SOFT_INK, LEGEND_MARK, "lm")
    return row


def _computer_word(t: Token, L: Lang) -> str:
    """The word after a name that says the computer plays the seat (empty: a person plays it)."""
    if t.replaced:
        return L._("(computer)")
    return strength_name(t.strength, L) if t.strength else ""


def month_label(patch: Image.Image, label: str) -> Image.Image:
    """The month, right-aligned at the top of the Jackpot's panel, on `patch` (the calendar under
    MONTH_BOX, RGB): the embed's title says it too, but the picture opened on its own should."""
    mid = (MONTH_BOX[3] - MONTH_BOX[1]) // 2
    words = st.fit(st.drawable(label), MONTH_FONT, patch.width, heavy=True)
    text(ImageDraw.Draw(patch), (patch.width, mid), words, st.PANEL_LABEL, MONTH_FONT, "rm", heavy=True)
    return patch


def jackpot_label(patch: Image.Image, amount: str) -> Image.Image:
    """The Jackpot's amount (in words) in its panel, on `patch` (the calendar under JACKPOT_BOX, RGB)."""
    words = st.fit(amount, 28, patch.width, heavy=True)
    text(ImageDraw.Draw(patch), (2, patch.height // 2), words, st.WHITE, 28, "lm", heavy=True)
    return patch
