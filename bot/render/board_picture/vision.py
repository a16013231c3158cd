"""How far apart two colours look, to a person with normal colour vision and to one with each of the
common colour blindnesses: what the player colours are chosen and tested against.

Colour blindness is simulated as Machado, Oliveira and Fernandes (2009) do it, at severity 1.0
(the full dichromacy: protanopia, deuteranopia, tritanopia), a 3 × 3 matrix on linear sRGB; the
difference is CIEDE2000 (Sharma, Wu and Dalal 2005) between the colours' CIELAB (D65). Letters on a
token are judged by the WCAG 2 contrast ratio.
"""

import math
from collections.abc import Sequence

from PIL import ImageColor

Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), severity 1.0, for linear sRGB; "normal" sees the colour as it is."""

SRGB_TO_XYZ: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
WHITE_D65 = (0.95047, 1.0, 1.08883)


def linear(colour: str) -> tuple[float, float, float]:
    """A "#RRGGBB" colour as linear sRGB, each channel 0..1."""
    r, g, b = (_decode(c / 255) for c in ImageColor.getrgb(colour)[:3])
    return r, g, b


def _decode(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _apply(m: Matrix, v: Sequence[float]) -> tuple[float, float, float]:
    x, y, z = (sum(a * b for a, b in zip(row, v, strict=True)) for row in m)
    return x, y, z


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """The linear sRGB a person with `vision` (a key of MACHADO) perceives, kept within the screen's
    gamut."""
    r, g, b = (min(1.0, max(0.0, v)) for v in _apply(MACHADO[vision], linear(colour)))
    return r, g, b


def lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(_apply(SRGB_TO_XYZ, rgb), WHITE_D65, strict=True))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1), as Sharma et al. write it."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    r_t = -math.sin(math.radians(2 * 30 * math.exp(-(((h_mean - 275) / 25) ** 2)))) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def difference(colour1: str, colour2: str, vision: str = "normal") -> float:
    """How far apart two "#RRGGBB" colours look to a person with `vision` (CIEDE2000)."""
    return ciede2000(lab(seen(colour1, vision)), lab(seen(colour2, vision)))


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance."""
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour1: str, colour2: str) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(colour1), luminance(colour2)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
