"""Sizes, colours, fonts and words of the board picture.

Discord shows an embed's image at most 400 px wide and 300 px tall (the offline page 400 × 280),
narrower on a phone. So the picture is wide and short, 834 × 582 (wider than 10:7), and shows at
the embed's full width: a pixel here becomes about half a pixel. It holds only what the table reads
there: the calendar, a panel with the Jackpot and the month, and one row of players. Day numbers
are 24 px, space names 20 px (a few long ones shrink to fit, never below 14), amounts 17 px, token
letters 17 px bold and the players' names 20 px: about 11, 10, 8 and 10 px as shown at 400 px.
"""

import functools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import ImageFont

from bot.game import calendar
from bot.game.calendar import SpaceKind
from bot.game.rulesets import Rules, Ruleset
from bot.render.board_picture import vision
from bot.render.language.cards import heading_name, space_name, weekday_name
from bot.render.language.i18n import Lang

# Geometry, in output pixels.
MARGIN = 4
CELL_W = 118
CELL_H = 102
CELL_GAP = 4
ROWS = 5
WIDTH = 2 * MARGIN + 7 * CELL_W
HEADER_Y = MARGIN
HEADER_H = 24
GRID_Y = HEADER_Y + HEADER_H + 2
LEGEND_Y = GRID_Y + ROWS * CELL_H + 2
LEGEND_ROW_H = 36
LEGEND_COLS = 4
"""The players' row is cut in this many columns at least (more for more players), so a short game's
names keep room and a full table's still fit."""
HEIGHT = LEGEND_Y + LEGEND_ROW_H + MARGIN
TOKEN_D = 28
"""A token's diameter; TOKEN_PITCH apart, so a highlight ring fits between neighbours."""
TOKEN_PITCH = 32
SUPERSAMPLE = 3
"""Shapes are drawn this many times larger and scaled down, for smooth edges."""


def weekday_headers(L: Lang) -> list[str]:
    """The cardboard board's order: START sits in the first Sunday, day 1 is the Monday beside it."""
    return [weekday_name(day, L).upper() for day in range(7)]


# Colours.
PAPER = "#F4EFE3"
INK = "#23211D"
SOFT_INK = "#6B655B"
GRID_LINE = "#CFC6B4"
TITLE_BG = "#1E5A43"
TITLE_GOLD = "#FFD35C"
TITLE_TEXT = "#F4EFE3"
HEADER_BG = "#2F3A36"
SUNDAY_RED = "#C0392B"
GAIN = "#1E7B45"
LOSS = "#B8332A"
HIGHLIGHT = "#FFB81C"
HIGHLIGHT_EDGE = "#8A5A00"
HIGHLIGHT_ROW = "#FFE7A3"
TOKEN_EDGE = "#1B1B1B"
PANEL_RULE = "#3C7A60"
PANEL_LABEL = "#A9CDBE"
SUNDAY_HEADER = "#FF8A7A"
WHITE = "#FFFFFF"

PLAYER_COLOURS = ("#E16608", "#0072B2", "#009E73", "#F0E442", "#CC79A7", "#56B4E9")
"""Okabe and Ito's colours for colour-blind readers (2002; the vermillion a little lighter, so its
letter reads): every two stay at least 12 apart (CIEDE2000) for normal eyes and under simulated
protanopia, deuteranopia and tritanopia (vision.py; tests/bot/render/board_picture/test_vision.py),
and each token also has a letter, so colour is never the only cue."""


def letter_ink(colour: int) -> str:
    """The token's letter: dark or white, whichever contrasts more with its colour (WCAG 2)."""
    fill = player_colour(colour)
    return max((INK, WHITE), key=lambda ink: vision.contrast(ink, fill))


def player_colour(colour: int) -> str:
    return PLAYER_COLOURS[colour % len(PLAYER_COLOURS)]


@dataclass(frozen=True, slots=True)
class KindStyle:
    tint: str
    """The cell's background."""
    mark: str
    """The colour of the kind's mark."""


KIND_STYLES: dict[str, KindStyle] = {
    SpaceKind.START: KindStyle("#D5E8D4", "#1E5A43"),
    SpaceKind.MAIL: KindStyle("#E3EEFA", "#2F6FB8"),
    SpaceKind.DEAL: KindStyle("#DFF1E4", "#23834B"),
    SpaceKind.BUYER: KindStyle("#FFEDB8", "#B7791F"),
    SpaceKind.LOTTERY: KindStyle("#EEE3F8", "#7D46B8"),
    SpaceKind.LOTTERY_DRAW: KindStyle("#EEE3F8", "#7D46B8"),
    SpaceKind.FEE: KindStyle("#FBE3DF", "#C2412F"),
    SpaceKind.SWEEPSTAKES: KindStyle("#FFF3C9", "#D99A00"),
    SpaceKind.RADIO: KindStyle("#DDF1F1", "#17797A"),
    SpaceKind.BIRTHDAY: KindStyle("#FBE3EE", "#C8407E"),
    SpaceKind.YARD_SALE: KindStyle("#EFE6DA", "#8C5F35"),
    SpaceKind.WALK: KindStyle("#FBE3E7", "#CF3D5B"),
    SpaceKind.PAYDAY: KindStyle("#FFD766", "#1E6B3D"),
    SpaceKind.CASINO: KindStyle("#E2ECDF", "#2E4A3A"),
    SpaceKind.SUNDAY: KindStyle("#FFF1D6", "#E08E0B"),
    SpaceKind.POKER: KindStyle("#E3E8F3", "#33415C"),
    SpaceKind.ELECTION: KindStyle("#E6E9EE", "#3D5A80"),
    SpaceKind.DAYLIGHT: KindStyle("#FFEBD2", "#C86B12"),
}

DESIGN_COLOURS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            *(
                value
                for name, value in list(globals().items())
                if name.isupper() and isinstance(value, str) and value.startswith("#")
            ),
            *PLAYER_COLOURS,
            *(c for style in KIND_STYLES.values() for c in (style.tint, style.mark)),
        ]
    )
)
"""Every flat colour the picture uses (the named ones above, the players', the kinds'): the palette
keeps each one exactly, in this order."""


FONT_DIR = Path(__file__).parent / "fonts"


@functools.cache
def font(size: int, heavy: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Condensed, shipped with the project (fonts/LICENSE): narrow enough for a day's
    cell, and it draws accented, Greek and Cyrillic names, which Pillow's built-in font cannot.
    Kept, since a frame asks for a face some thirty times, and loading each afresh would make the
    frame half as long again."""
    name = "DejaVuSansCondensed-Bold.ttf" if heavy else "DejaVuSansCondensed.ttf"
    return ImageFont.truetype(FONT_DIR / name, size)


SHORT_NAMES: dict[str, Callable[[Lang], str]] = {
    "Found a Buyer": lambda L: L.pgettext("cell", "Buyer"),
    "Sweepstakes": lambda L: L.pgettext("cell", "Sweepstakes"),
    "Ski Weekend": lambda L: L.pgettext("cell", "Ski Weekend"),
    "Yard Sale": lambda L: L.pgettext("cell", "Yard Sale"),
    "Fun Day": lambda L: L.pgettext("cell", "Fun Day"),
    "Radio Contest": lambda L: L.pgettext("cell", "Radio"),
    "Happy Birthday": lambda L: L.pgettext("cell", "Birthday"),
    "Walk for Charity": lambda L: L.pgettext("cell", "Charity Walk"),
    "Charity Concert": lambda L: L.pgettext("cell", "Concert"),
    "Food for the Month": lambda L: L.pgettext("cell", "Food"),
    "Shopping Spree": lambda L: L.pgettext("cell", "Shopping"),
    "Family Casino Night": lambda L: L.pgettext("cell", "Casino"),
    "Buy Groceries": lambda L: L.pgettext("cell", "Groceries"),
    "Poker Game": lambda L: L.pgettext("cell", "Poker"),
    "Town Election": lambda L: L.pgettext("cell", "Election"),
    "Daylight Savings": lambda L: L.pgettext("cell", "Daylight"),
    "Pay Day": lambda L: L.pgettext("cell", "PAY DAY"),
    "Start": lambda L: L._("START"),
}
"""Names that fit a day's cell; any other space shows its own name."""


def short_name(space: calendar.Space, L: Lang) -> str:
    """A name that fits a day's cell ("Mail ×1" is just Mail)."""
    if space.kind == SpaceKind.MAIL and space.count == 1:
        return L.pgettext("cell", "Mail")
    short = SHORT_NAMES.get(space.name)
    return short(L) if short is not None else space_name(space, L)


Effect = Callable[[Lang, str, Rules], str]
_EFFECTS: dict[calendar.SpaceKind, tuple[Effect, str]] = {
    SpaceKind.FEE: (lambda L, amount, rules: L._("pay {amount}", amount=amount), LOSS),
    SpaceKind.SWEEPSTAKES: (
        lambda L, amount, rules: (
            L._("+{amount} × die", amount=amount)
            if rules.sweepstakes_roll
            else L._("+{amount}", amount=amount)
        ),
        GAIN,
    ),
    SpaceKind.RADIO: (lambda L, amount, rules: L._("win {amount}", amount=L.money(rules.radio_prize)), GAIN),
    SpaceKind.BIRTHDAY: (lambda L, amount, rules: L._("+{amount} each", amount=amount), GAIN),
    SpaceKind.YARD_SALE: (lambda L, amount, rules: L._("{amount} × die", amount=amount), LOSS),
    SpaceKind.WALK: (lambda L, amount, rules: L._("{amount} × die", amount=amount), LOSS),
    SpaceKind.CASINO: (lambda L, amount, rules: L._("± {amount}", amount=amount), SOFT_INK),
    SpaceKind.POKER: (lambda L, amount, rules: L._("{amount} to play", amount=amount), SOFT_INK),
    SpaceKind.ELECTION: (lambda L, amount, rules: L._("all pay {amount}", amount=amount), LOSS),
    SpaceKind.DAYLIGHT: (lambda L, amount, rules: L._("all back 1 day"), SOFT_INK),
    SpaceKind.PAYDAY: (lambda L, amount, rules: L._("+{amount}", amount=L.money(rules.salary)), GAIN),
}
"""What each kind of space does to money, for the cell's second line, and its colour."""


def effect_line(space: calendar.Space, ruleset: Ruleset, L: Lang) -> tuple[str, str] | None:
    """(text, colour) of the money a space moves, for the cell's second line; None if nothing to say."""
    effect = _EFFECTS.get(space.kind)
    if effect is None:
        return None
    write, colour = effect
    return write(L, L.money(space.amount), ruleset.rules), colour


def jackpot_title(ruleset: Ruleset, L: Lang) -> str:
    """The ruleset's word for the Jackpot, as a heading in capitals: "the Pot" -> "POT"."""
    return L.pgettext("heading", heading_name(ruleset.jackpot_name)).upper()


def legend_column(players: int) -> int:
    """The width of one player's place in the players' row."""
    return (WIDTH - 2 * MARGIN) // max(players, LEGEND_COLS)


def cell_box(day: int) -> tuple[int, int, int, int]:
    """The cell of a day (0 = START) on the calendar, inside its gap: (left, top, right, bottom)."""
    row, col = divmod(day, 7)
    left = MARGIN + col * CELL_W + CELL_GAP // 2
    top = GRID_Y + row * CELL_H + CELL_GAP // 2
    return left, top, left + CELL_W - CELL_GAP, top + CELL_H - CELL_GAP


PANEL_BOX = (
    MARGIN + 4 * CELL_W + CELL_GAP // 2,
    GRID_Y + 4 * CELL_H + CELL_GAP // 2,
    MARGIN + 7 * CELL_W - CELL_GAP // 2,
    GRID_Y + 5 * CELL_H - CELL_GAP // 2,
)
"""The Jackpot and retired players' panel: the last row's empty Thursday to Saturday."""


@functools.lru_cache(maxsize=4096)
def _has_glyph(char: str) -> bool:
    """Whether the font draws `char` as something other than its "missing" box. Control and format
    characters (a right-to-left override, a zero-width space) never count: a name must not
    rearrange or hide the text around it. Kept, since every frame asks for each letter of every
    name, and asking FreeType afresh would add a third or more to a frame; bounded, since names may
    hold any character."""
    if char.isspace():
        return True
    if unicodedata.category(char).startswith("C"):
        return False
    try:
        mask = font(20).getmask(char)
    except (OSError, RuntimeError):  # FreeType or the layout engine refused it
        return False
    missing = font(20).getmask("\uffff")
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def drawable(text: str) -> str:
    """`text` without the characters the font cannot draw (emoji, Chinese, Japanese...; DejaVu has
    Latin, Greek and Cyrillic), which would otherwise show as empty boxes; whitespace runs and
    line breaks become single spaces."""
    return " ".join("".join(c for c in text if _has_glyph(c)).split())


def fit(text: str, size: int, width: float, heavy: bool = False) -> str:
    """`text` cut with an ellipsis so that it fits `width` at `size` (a binary search on the cut)."""
    f = font(size, heavy)
    if f.getlength(text) <= width:
        return text
    keep, too_long = 0, len(text)
    while too_long - keep > 1:
        mid = (keep + too_long) // 2
        if f.getlength(text[:mid].rstrip() + "…") <= width:
            keep = mid
        else:
            too_long = mid
    return text[:keep].rstrip() + "…"
