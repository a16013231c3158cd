"""Small marks of the spaces' kinds, drawn with shapes (no emoji font is needed).

Each mark fills a square of side `s` at (x, y) on a supersampled canvas, in the kind's colour.
"""

import math
from collections.abc import Callable

from PIL import ImageDraw

from bot.game.calendar import SpaceKind
from bot.render.board_picture.style import SUNDAY_RED, WHITE, font

Mark = Callable[[ImageDraw.ImageDraw, float, float, float, str], None]


def _envelope(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    top, bottom = y + s * 0.2, y + s * 0.8
    w = max(1, round(s * 0.07))
    d.rounded_rectangle((x, top, x + s, bottom), radius=s * 0.08, fill=c)
    d.line([(x + w, top + w), (x + s / 2, top + s * 0.33), (x + s - w, top + w)], fill=WHITE, width=w)


def _briefcase(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    w = max(1, round(s * 0.09))
    d.rounded_rectangle(
        (x + s * 0.32, y + s * 0.1, x + s * 0.68, y + s * 0.36), radius=s * 0.08, outline=c, width=w
    )
    d.rounded_rectangle((x, y + s * 0.28, x + s, y + s * 0.9), radius=s * 0.12, fill=c)
    d.line([(x, y + s * 0.55), (x + s, y + s * 0.55)], fill=WHITE, width=max(1, w // 2))
    d.rectangle((x + s * 0.42, y + s * 0.48, x + s * 0.58, y + s * 0.62), fill=WHITE)


def _coin(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    """A dollar coin: the Buyer pays cash for a Deal."""
    d.ellipse((x, y, x + s, y + s), fill=c)
    d.ellipse(
        (x + s * 0.1, y + s * 0.1, x + s * 0.9, y + s * 0.9), outline=WHITE, width=max(1, round(s * 0.05))
    )
    size = round(s * 0.62)
    d.text((x + s / 2, y + s / 2), "$", font=font(size, heavy=True), fill=WHITE, anchor="mm")


def _ticket(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    top, bottom = y + s * 0.22, y + s * 0.78
    d.rounded_rectangle((x, top, x + s, bottom), radius=s * 0.08, fill=c)
    r = s * 0.12
    mid = (top + bottom) / 2
    for cx in (x, x + s):
        d.ellipse((cx - r, mid - r, cx + r, mid + r), fill=WHITE)
    dot = s * 0.07
    for i in range(3):
        cx = x + s * (0.32 + 0.18 * i)
        d.ellipse((cx - dot, mid - dot, cx + dot, mid + dot), fill=WHITE)


def _pot(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    """A pot of coins with an arrow into it: pay to the Jackpot."""
    d.ellipse((x + s * 0.05, y + s * 0.35, x + s * 0.95, y + s * 1.0), fill=c)
    d.rounded_rectangle((x, y + s * 0.3, x + s, y + s * 0.46), radius=s * 0.06, fill=c)
    w = max(1, round(s * 0.1))
    cx = x + s / 2
    d.line([(cx, y), (cx, y + s * 0.2)], fill=c, width=w)
    d.polygon([(cx - s * 0.15, y + s * 0.12), (cx + s * 0.15, y + s * 0.12), (cx, y + s * 0.27)], fill=c)
    dot = s * 0.09
    d.ellipse((cx - dot, y + s * 0.62 - dot, cx + dot, y + s * 0.62 + dot), fill=WHITE)


def _star(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    cx, cy, outer, inner = x + s / 2, y + s * 0.53, s * 0.52, s * 0.22
    points = [
        (
            cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 5),
            cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 5),
        )
        for i in range(10)
    ]
    d.polygon(points, fill=c)


def _radio(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    w = max(1, round(s * 0.08))
    d.line([(x + s * 0.3, y + s * 0.32), (x + s * 0.8, y + s * 0.05)], fill=c, width=w)
    d.rounded_rectangle((x, y + s * 0.3, x + s, y + s * 0.92), radius=s * 0.1, fill=c)
    r = s * 0.17
    cx, cy = x + s * 0.32, y + s * 0.61
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
    for i in range(3):
        ly = y + s * (0.47 + 0.13 * i)
        d.line([(x + s * 0.6, ly), (x + s * 0.86, ly)], fill=WHITE, width=max(1, w // 2 + 1))


def _gift(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    w = max(1, round(s * 0.1))
    d.rectangle((x + s * 0.06, y + s * 0.42, x + s * 0.94, y + s), fill=c)
    d.rectangle((x, y + s * 0.26, x + s, y + s * 0.44), fill=c)
    cx = x + s / 2
    d.line([(cx, y + s * 0.26), (cx, y + s)], fill=WHITE, width=w)
    d.line([(x, y + s * 0.44), (x + s, y + s * 0.44)], fill=WHITE, width=max(1, w // 2))
    d.ellipse((cx - s * 0.3, y, cx, y + s * 0.26), outline=c, width=w)
    d.ellipse((cx, y, cx + s * 0.3, y + s * 0.26), outline=c, width=w)


def _tag(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    """A price tag: the Yard Sale."""
    d.polygon(
        [
            (x, y + s * 0.5),
            (x + s * 0.3, y + s * 0.15),
            (x + s, y + s * 0.15),
            (x + s, y + s * 0.85),
            (x + s * 0.3, y + s * 0.85),
        ],
        fill=c,
    )
    r = s * 0.08
    d.ellipse((x + s * 0.28 - r, y + s * 0.5 - r, x + s * 0.28 + r, y + s * 0.5 + r), fill=WHITE)


def _heart(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    r = s * 0.27
    d.ellipse((x, y + s * 0.1, x + 2 * r, y + s * 0.1 + 2 * r), fill=c)
    d.ellipse((x + s - 2 * r, y + s * 0.1, x + s, y + s * 0.1 + 2 * r), fill=c)
    d.polygon([(x + s * 0.02, y + s * 0.45), (x + s * 0.98, y + s * 0.45), (x + s / 2, y + s * 0.95)], fill=c)
    d.rectangle((x + r, y + s * 0.2, x + s - r, y + s * 0.5), fill=c)


def _banknote(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    top, bottom = y + s * 0.2, y + s * 0.8
    d.rectangle((x, top, x + s, bottom), fill=c)
    w = max(1, round(s * 0.05))
    d.rectangle((x + s * 0.08, top + s * 0.08, x + s * 0.92, bottom - s * 0.08), outline=WHITE, width=w)
    r = s * 0.14
    cx, cy = x + s / 2, (top + bottom) / 2
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)


def _die(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    d.rounded_rectangle((x + s * 0.05, y + s * 0.05, x + s * 0.95, y + s * 0.95), radius=s * 0.18, fill=c)
    r = s * 0.09
    for px, py in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7), (0.7, 0.3), (0.3, 0.7)):
        cx, cy = x + s * px, y + s * py
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)


def _sun(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    cx, cy = x + s / 2, y + s / 2
    w = max(1, round(s * 0.08))
    for i in range(8):
        a = i * math.pi / 4
        d.line(
            [
                (cx + s * 0.32 * math.cos(a), cy + s * 0.32 * math.sin(a)),
                (cx + s * 0.5 * math.cos(a), cy + s * 0.5 * math.sin(a)),
            ],
            fill=c,
            width=w,
        )
    r = s * 0.24
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c)


def _card(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    """A playing card with a diamond: the Poker Game."""
    w = max(1, round(s * 0.07))
    d.rounded_rectangle(
        (x + s * 0.15, y, x + s * 0.85, y + s), radius=s * 0.1, fill=WHITE, outline=c, width=w
    )
    cx, cy = x + s / 2, y + s / 2
    d.polygon(
        [(cx, cy - s * 0.28), (cx + s * 0.18, cy), (cx, cy + s * 0.28), (cx - s * 0.18, cy)], fill=SUNDAY_RED
    )


def _ballot(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    d.rectangle(
        (x + s * 0.25, y, x + s * 0.75, y + s * 0.5), fill=WHITE, outline=c, width=max(1, round(s * 0.06))
    )
    d.rounded_rectangle((x, y + s * 0.38, x + s, y + s), radius=s * 0.08, fill=c)
    d.rectangle((x + s * 0.2, y + s * 0.36, x + s * 0.8, y + s * 0.44), fill=WHITE)


def _clock(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    w = max(1, round(s * 0.09))
    d.ellipse((x, y, x + s, y + s), fill=c)
    cx, cy = x + s / 2, y + s / 2
    d.line([(cx, cy), (cx, y + s * 0.2)], fill=WHITE, width=w)
    d.line([(cx, cy), (x + s * 0.28, cy)], fill=WHITE, width=w)


def _flag(d: ImageDraw.ImageDraw, x: float, y: float, s: float, c: str) -> None:
    w = max(1, round(s * 0.09))
    d.line([(x + s * 0.15, y), (x + s * 0.15, y + s)], fill=c, width=w)
    d.polygon([(x + s * 0.15, y + s * 0.05), (x + s, y + s * 0.27), (x + s * 0.15, y + s * 0.5)], fill=c)


MARKS: dict[str, Mark] = {
    SpaceKind.START: _flag,
    SpaceKind.MAIL: _envelope,
    SpaceKind.DEAL: _briefcase,
    SpaceKind.BUYER: _coin,
    SpaceKind.LOTTERY: _ticket,
    SpaceKind.LOTTERY_DRAW: _ticket,
    SpaceKind.FEE: _pot,
    SpaceKind.SWEEPSTAKES: _star,
    SpaceKind.RADIO: _radio,
    SpaceKind.BIRTHDAY: _gift,
    SpaceKind.YARD_SALE: _tag,
    SpaceKind.WALK: _heart,
    SpaceKind.PAYDAY: _banknote,
    SpaceKind.CASINO: _die,
    SpaceKind.SUNDAY: _sun,
    SpaceKind.POKER: _card,
    SpaceKind.ELECTION: _ballot,
    SpaceKind.DAYLIGHT: _clock,
}

JACKPOT_MARK: Mark = _pot
