"""The colour arithmetic the player colours are tested with, against published reference values:
CIEDE2000 against Sharma, Wu and Dalal's test data, CIELAB against the sRGB primaries' known values,
the contrast ratio against WCAG's threshold greys."""

import pytest

from bot.render.board_picture import vision

SHARMA = [
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
    (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
    (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
    (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
    (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
    (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
    (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
    (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
]
"""Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
supplementary test data, and mathematical observations", table 1: L, a, b of each pair and ΔE00."""


@pytest.mark.parametrize("row", SHARMA, ids=[f"pair {i}" for i in range(1, len(SHARMA) + 1)])
def test_ciede2000_gives_sharmas_published_differences_either_way_round(row):
    first, second, expected = row[:3], row[3:6], row[6]
    assert vision.ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert vision.ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize(
    ("colour", "expected"),
    [
        ("#FFFFFF", (100.0, 0.0, 0.0)),
        ("#000000", (0.0, 0.0, 0.0)),
        ("#FF0000", (53.2408, 80.0925, 67.2032)),
        ("#00FF00", (87.7347, -86.1827, 83.1793)),
        ("#0000FF", (32.2970, 79.1875, -107.8602)),
    ],
)
def test_cielab_of_the_srgb_primaries_and_white_is_the_known_one(colour, expected):
    assert vision.lab(vision.linear(colour)) == pytest.approx(expected, abs=2e-3)


@pytest.mark.parametrize("vision_name", list(vision.MACHADO))
def test_every_simulated_vision_sees_white_black_and_greys_unchanged(vision_name):
    for grey in ("#FFFFFF", "#000000", "#808080"):
        assert vision.seen(grey, vision_name) == pytest.approx(vision.linear(grey), abs=1e-5)
        assert vision.difference(grey, grey, vision_name) == 0


def test_each_simulation_loses_the_contrast_its_blindness_loses():
    """Red against green fades for the red-green blind (for the protanope, red also darkens, so
    less so); blue against yellow fades for the blue-yellow blind."""
    red, green, blue, yellow = "#D62728", "#2CA02C", "#0000FF", "#FFFF00"
    normal = vision.difference(red, green)
    assert vision.difference(red, green, "deuteranopia") < normal / 10
    assert vision.difference(red, green, "protanopia") < normal / 2
    assert vision.difference(red, green, "tritanopia") > normal * 0.8
    assert vision.difference(blue, yellow, "tritanopia") < vision.difference(blue, yellow) / 2
    assert vision.difference(blue, yellow, "deuteranopia") > vision.difference(blue, yellow) * 0.8


def test_the_issue_pair_is_about_3_5_apart_under_deuteranopia():
    """Issue 30's measure of the old blue and purple tokens, as this module reproduces it."""
    assert vision.difference("#2F6FDE", "#9B4DCA", "deuteranopia") == pytest.approx(3.5, abs=0.05)


def test_the_contrast_ratio_is_wcags():
    assert vision.contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert vision.contrast("#FFFFFF", "#FFFFFF") == 1
    assert vision.contrast("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)  # the lightest AA grey
    assert vision.contrast("#777777", "#FFFFFF") < 4.5
