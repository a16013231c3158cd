"""The player colours as the picture draws them: every two tokens stay apart for colour-blind
players, and every token's letter reads on its colour. The picture's font draws every letter of
each language the bot speaks or will, and the spaces of their amounts, never a "missing" box.

Colour blindness is simulated as Machado, Oliveira and Fernandes (2009) do it, at severity 1.0
(protanopia, deuteranopia, tritanopia); colours are compared by CIEDE2000 (vision.py). A difference
of 10 is plainly visible side by side; the letters' contrast is WCAG's AA for text, 4.5."""

import gettext
import io
import itertools

import pytest
from PIL import Image

from bot.render.board_picture import Scene, Token, picture, render_png, vision
from bot.render.board_picture import style as st
from bot.render.language.i18n import ENGLISH, SUPPORTED, Lang, feature_po_paths, po_path
from bot.render.language.i18n import NAMES as LANGUAGES
from tools.catalog import load

APART = 10
READABLE = 4.5
NAMES = ("Alice", "Bob", "Chen", "Dmitri", "Esperanza", "Fatou")


def hex_colour(pixel: tuple[int, ...]) -> str:
    return "#{:02X}{:02X}{:02X}".format(*pixel[:3])


def drawn_tokens() -> list[tuple[str, str]]:
    """(fill, letter) of each of six tokens as a full table's picture draws them, read from its
    pixels: the fill beside the letter, and the letter as the pixel inside the rim that stands out
    most from the fill."""
    days = (3, 5, 8, 12, 17, 26)
    tokens = tuple(Token(seat, NAMES[seat][0], NAMES[seat], days[seat], seat) for seat in range(6))
    image = Image.open(io.BytesIO(render_png(Scene("modern", "Month 1 of 1", 0, tokens)))).convert("RGB")
    middle, inside = st.TOKEN_PITCH / 2, st.TOKEN_D / 2 - 3
    result = []
    for day in days:
        ((x, y),) = picture.token_spots(day, 1)
        fill = hex_colour(image.getpixel((x + 7, y + int(middle))))
        disc = [
            hex_colour(image.getpixel((x + i, y + j)))
            for i in range(st.TOKEN_PITCH)
            for j in range(st.TOKEN_PITCH)
            if (i + 0.5 - middle) ** 2 + (j + 0.5 - middle) ** 2 <= inside**2
        ]
        result.append((fill, max(disc, key=lambda c: vision.contrast(c, fill))))
    return result


def test_the_picture_draws_each_player_in_their_own_colour():
    assert [fill for fill, _ in drawn_tokens()] == list(st.PLAYER_COLOURS)


@pytest.mark.parametrize("vision_name", ["normal", "protanopia", "deuteranopia", "tritanopia"])
def test_every_two_tokens_stay_apart_for_every_kind_of_colour_vision(vision_name):
    """Issue 30.5: the blue and purple tokens were 3.5 apart for a deuteranope, the same token to
    them."""
    fills = [fill for fill, _ in drawn_tokens()]
    close = [
        (a, b, round(vision.difference(a, b, vision_name), 1))
        for a, b in itertools.combinations(fills, 2)
        if vision.difference(a, b, vision_name) < APART
    ]
    assert close == [], f"tokens too alike under {vision_name}"


def test_every_tokens_letter_reads_on_its_colour():
    """The letter is colour's stand-in (two tokens are never told apart by colour alone), so it
    must read: dark or white, whichever stands out more, at WCAG's 4.5 at least."""
    for seat, (fill, letter) in enumerate(drawn_tokens()):
        assert letter == st.letter_ink(seat)
        assert vision.contrast(letter, fill) >= READABLE, (seat, fill, letter)


ALPHABETS = {
    "it": "àèéìíîòóùúÀÈÉÌÍÒÓÙÚ«»",
    "es": "áéíóúüñÁÉÍÓÚÜÑ¿¡«»",
    "pt": "áâãàçéêíóôõúüÁÂÃÀÇÉÊÍÓÔÕÚ«»ºª",
    "fr": "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’",
    "de": "äöüßÄÖÜẞ„“‚‘",
}
"""Each language's letters and marks beyond English's."""


def missing_box(heavy: bool) -> bytes:
    return bytes(st.font(20, heavy).getmask("\uffff"))


@pytest.mark.parametrize("heavy", [False, True])
@pytest.mark.parametrize("code", sorted(ALPHABETS))
def test_the_font_draws_every_letter_of_each_language(code, heavy):
    assert ALPHABETS.keys() == LANGUAGES.keys() - {ENGLISH}
    letters = ALPHABETS[code]
    boxes = [c for c in letters if bytes(st.font(20, heavy).getmask(c)) == missing_box(heavy)]
    assert boxes == []
    assert st.drawable(letters) == letters


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_amounts_draw_in_every_language_their_spaces_blank(code):
    """French groups digits with a narrow no-break space and every language but English puts a
    no-break space by its "$": each is drawn as space, no ink and no box."""
    amount = Lang(code, gettext.NullTranslations()).money(-1_234_500)
    assert [c for c in amount if bytes(st.font(20).getmask(c)) == missing_box(heavy=False)] == []
    for space in {c for c in amount if c.isspace()}:
        assert st.font(20).getmask(space).getbbox() is None and st.font(20).getlength(space) > 0


@pytest.mark.parametrize("code", [code for code in SUPPORTED if code != ENGLISH])
def test_every_letter_of_each_supported_languages_catalogs_is_drawn(code):
    """Whatever the board shows of a language (day and space names, the legend, amounts) comes from
    its catalogs: the font draws every letter they hold."""
    letters = {
        char
        for path in [po_path(code), *feature_po_paths(code)]
        for message in list(load(path))[1:]
        for text in ([message.string] if isinstance(message.string, str) else message.string)
        for char in text
        if char.isalpha()
    }
    assert {c for c in letters if not st.drawable(c)} == set()
