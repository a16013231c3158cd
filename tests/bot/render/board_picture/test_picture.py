"""The drawn board: it changes exactly when what it shows changes, every edition draws, it stays
small, the calendar is drawn once, what is kept between frames is what drawing afresh gives, and
tokens sharing a day stay apart."""

import dataclasses
import io
import itertools
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as s
from PIL import Image, ImageColor

from bot.game.calendar import PAYDAY_DAY
from bot.game.engine import new_game
from bot.game.house import with_house_rules
from bot.game.rulesets import RULESETS
from bot.game.strengths import Strength
from bot.render.board_picture import (
    Scene,
    Token,
    describe,
    game_scene,
    layers,
    palette,
    picture,
    render_png,
    scene_key,
    token_letters,
)
from bot.render.board_picture import style as st
from bot.render.language.i18n import SUPPORTED, lang

NAMES = ("Alice", "Bartholomew Longname", "Chen", "Dmitri", "Esperanza", "Fatou")
MAX_PNG = 60 * 1024


def table(edition: str = "modern", days=(9, 9, 9, 9, 17, 0), asked=(1,), jackpot=3400, retired=(5,)) -> Scene:
    players = min(len(days), RULESETS[edition].rules.max_players)
    tokens = tuple(
        Token(seat, NAMES[seat][0], NAMES[seat], days[seat], seat, retired=seat in retired)
        for seat in range(players)
    )
    return Scene(edition, "Month 2 of 3", jackpot, tokens, frozenset(asked))


def moved(scene: Scene, seat: int, day: int) -> Scene:
    tokens = tuple(dataclasses.replace(t, day=day) if t.seat == seat else t for t in scene.tokens)
    return dataclasses.replace(scene, tokens=tokens)


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(pixel: tuple[int, int, int], colour: str, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, ImageColor.getrgb(colour), strict=True))


@pytest.mark.parametrize("edition", sorted(RULESETS))
def test_every_edition_draws_a_png_within_budget(edition):
    busiest = table(edition, days=(9, 9, 9, 9, 9, 9), asked=range(6), jackpot=987_654_321, retired=())
    for scene in (table(edition), busiest):
        png = render_png(scene)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert pixels(png).size == (st.WIDTH, st.HEIGHT)
        assert len(png) <= MAX_PNG


SHOWN_WIDTH, SHOWN_HEIGHT = 400, 280
"""The largest an embed's image is shown: Discord's 400 px wide, the offline page's 280 px tall
(Discord's own cap, 300, is taller)."""


def test_the_picture_is_wide_enough_to_be_shown_at_the_embeds_full_width():
    """Issue 17.3: the old 784 × 886 picture showed at 248 × 280, its words unreadable. A picture at
    least 10:7 wide is capped by the embed's width, not its height, so it shows 400 px wide."""
    shown = min(SHOWN_WIDTH / st.WIDTH, SHOWN_HEIGHT / st.HEIGHT)
    assert st.WIDTH * shown >= SHOWN_WIDTH - 1
    assert shown >= 0.47, "a pixel drawn is about half a pixel shown"


@pytest.mark.parametrize("language", SUPPORTED)
@pytest.mark.parametrize("edition", sorted(RULESETS))
def test_every_days_number_and_words_are_drawn_at_a_readable_size(edition, language):
    """Shown 400 px wide, every day's number stands at least 8 px tall (ink measured on the drawn
    calendar), and every space's name and amount fits its cell at a size shown at 6.5 px or more,
    most of them at 8 px or more."""
    shown = SHOWN_WIDTH / st.WIDTH
    ruleset, L = RULESETS[edition], lang(language)
    calendar = picture.calendar(edition, language).convert("L")
    sizes = []
    for day in range(1, len(ruleset.board)):
        left, top, _, _ = st.cell_box(day)
        number = calendar.crop((left + 4, top + 2, left + 40, top + 28)).point(lambda v: 255 * (v < 140))
        ink = number.getbbox()
        assert ink is not None and (ink[3] - ink[1]) * shown >= 8, f"day {day}'s number"
        for line in layers.cell_lines(day, ruleset, L):
            assert st.font(line.size, line.heavy).getlength(line.words) <= layers.CELL_ROOM, line
            sizes.append(line.size * shown)
    assert min(sizes) >= 6.5
    assert sum(size >= 8 for size in sizes) >= 0.8 * len(sizes)


def test_the_editions_boards_differ():
    modern, family, classic = (render_png(table(e, days=(0, 0))) for e in ("modern", "family", "classic"))
    assert len({modern, family, classic}) == 3


def test_the_picture_changes_when_a_token_moves_and_only_then():
    scene = table()
    same = table()
    assert same is not scene
    assert scene_key(same) == scene_key(scene)
    assert render_png(same) == render_png(scene)
    step = moved(scene, 4, 18)
    assert scene_key(step) != scene_key(scene)
    assert render_png(step) != render_png(scene)


def test_the_picture_changes_when_the_asked_player_or_the_jackpot_changes():
    scene = table()
    for changed in (
        dataclasses.replace(scene, asked=frozenset({2})),
        dataclasses.replace(scene, asked=frozenset({1, 2})),
        dataclasses.replace(scene, jackpot=3900),
        dataclasses.replace(scene, month_label="Month 3 of 3"),  # in the Jackpot's panel
    ):
        assert scene_key(changed) != scene_key(scene)
        assert render_png(changed) != render_png(scene)


def test_token_order_in_the_scene_does_not_change_the_picture():
    scene = table()
    shuffled = dataclasses.replace(scene, tokens=tuple(reversed(scene.tokens)))
    assert scene_key(shuffled) == scene_key(scene)
    assert render_png(shuffled) == render_png(scene)


scenes = s.builds(
    lambda days, asked, jackpot: table(days=tuple(days), asked=asked, jackpot=jackpot, retired=()),
    s.lists(s.integers(0, PAYDAY_DAY), min_size=6, max_size=6),
    s.sets(s.integers(0, 5), max_size=3),
    s.sampled_from((0, 500, 12_300)),
)


@settings(max_examples=25, deadline=None)
@given(scenes, scenes)
def test_same_key_means_same_picture_and_a_new_key_a_new_picture(a, b):
    assert (scene_key(a) == scene_key(b)) == (render_png(a) == render_png(b))


def test_a_token_is_drawn_in_its_colour_on_its_day_and_the_asked_one_is_ringed():
    scene = table(days=(12, 9, 9, 9, 17, 0), asked=(0,), retired=())
    image = pixels(render_png(scene))
    ((x, y),) = picture.token_spots(12, 1)
    middle = st.TOKEN_PITCH // 2
    # Beside the letter, inside the rim: the player's colour. On the edge of the sprite: the gold ring.
    assert near(image.getpixel((x + 7, y + middle)), st.player_colour(0))
    assert near(image.getpixel((x, y + middle)), st.HIGHLIGHT_EDGE, 60) or near(
        image.getpixel((x + 1, y + middle)), st.HIGHLIGHT
    )
    ((x, y),) = picture.token_spots(17, 1)
    assert near(image.getpixel((x + 7, y + middle)), st.player_colour(4))
    tint = st.KIND_STYLES[RULESETS["modern"].board[17].kind].tint
    assert near(image.getpixel((x + 1, y + middle)), tint), "an unasked token has no ring"


def test_a_retired_player_waits_in_the_panel_not_on_the_calendar():
    scene = table(days=(4, 9), retired=(1,), asked=())
    image = pixels(render_png(scene))
    ((x, y),) = picture.retired_spots(1)
    middle = st.TOKEN_PITCH // 2
    assert near(image.getpixel((x + 7, y + middle)), st.player_colour(1))
    ((x, y),) = picture.token_spots(9, 1)
    assert not near(image.getpixel((x + 7, y + middle)), st.player_colour(1))


def test_the_calendar_is_drawn_once_per_edition_and_language_and_never_drawn_on():
    render_png(table())
    caches = (picture.calendar, palette.palette)
    before = [cache.cache_info() for cache in caches]
    calendar = picture.calendar("modern", "en").tobytes()
    for jackpot in range(5):
        render_png(moved(table(jackpot=jackpot), 0, jackpot + 1))
    after = [cache.cache_info() for cache in caches]
    assert [a.misses for a in after] == [b.misses for b in before]
    assert picture.calendar.cache_info().hits > before[0].hits
    assert picture.calendar("modern", "en").tobytes() == calendar


POOL = (*NAMES, "Zoë Ødegård", "Ζωή", "Юлия", "Fatou 🎲", "李雷", "Ev\u202eil", "bob", "Bot Penny")


def varied(rnd: random.Random) -> Scene:
    """A random position of a random edition in a random language, its players from a pool of
    names in several alphabets, some the font cannot draw."""
    edition = rnd.choice(sorted(RULESETS))
    names = rnd.sample(POOL, rnd.randint(2, RULESETS[edition].rules.max_players))
    letters = token_letters(names)
    tokens = tuple(
        Token(
            seat=seat,
            letter=letters[seat],
            name=name,
            day=rnd.randint(0, PAYDAY_DAY),
            colour=seat,
            retired=rnd.random() < 0.2,
            orders=rnd.random() < 0.3,
            replaced=rnd.random() < 0.2,
        )
        for seat, name in enumerate(names)
    )
    asked = frozenset(seat for seat in range(len(names)) if rnd.random() < 0.4)
    label = rnd.choice(("Month 1 of 3", "Month 3 of 3", "Game over"))
    jackpot = rnd.choice((0, 500, rnd.randint(0, 90_000)))
    return Scene(edition, label, jackpot, tokens, asked, rnd.choice(SUPPORTED))


def test_what_frames_keep_is_what_drawing_afresh_gives():
    """The calendars, the palettes, the token sprites and the glyph checks are drawn or asked once
    and kept: after many frames of many games, each kept one is the one drawn afresh now."""
    rnd = random.Random(8)
    for _ in range(40):
        render_png(varied(rnd))
    for edition, language in itertools.product(sorted(RULESETS), SUPPORTED):
        kept, fresh = palette.palette(edition), palette.palette.__wrapped__(edition)
        assert kept.getpalette() == fresh.getpalette()
        assert picture.calendar(edition, language).tobytes() == (
            picture.calendar.__wrapped__(edition, language).tobytes()
        ), f"the {edition} calendar in {language} is never drawn on"
    for colour, letter, ring in itertools.product(range(6), string.ascii_uppercase + "?Ж", (False, True)):
        kept, fresh = layers.token(colour, letter, ring), layers.token.__wrapped__(colour, letter, ring)
        assert kept.image.tobytes() == fresh.image.tobytes()
        assert kept.disc.tobytes() == fresh.disc.tobytes()
    for char in map(chr, [*range(0x250), *range(0x370, 0x530), *range(0x2000, 0x2070), 0x1F3B2, 0x674E]):
        assert st._has_glyph(char) == st._has_glyph.__wrapped__(char), repr(char)


def test_a_frame_is_the_same_whatever_was_drawn_before():
    """The same scenes drawn after many others and drawn with nothing kept give the same bytes."""
    rnd = random.Random(21)
    scenes = [varied(rnd) for _ in range(30)]
    after_others = [render_png(scene) for scene in scenes]
    kept = (picture.calendar, palette.palette, layers.token, st._has_glyph, st.font)
    for scene, png in list(zip(scenes, after_others, strict=True))[::10]:
        for cache in kept:
            cache.cache_clear()
        assert render_png(scene) == png


@pytest.mark.parametrize("count", range(1, 7))
@pytest.mark.parametrize("day", [0, 9, 14, PAYDAY_DAY])
def test_tokens_on_one_day_stay_inside_the_cell_and_never_overlap(day, count):
    left, top, right, bottom = st.cell_box(day)
    boxes = [(x, y, x + st.TOKEN_PITCH, y + st.TOKEN_PITCH) for x, y in picture.token_spots(day, count)]
    for x0, y0, x1, y1 in boxes:
        assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_six_retired_tokens_fit_the_panel_apart():
    left, top, right, bottom = st.PANEL_BOX
    spots = picture.retired_spots(6)
    assert all(
        left <= x and x + st.TOKEN_PITCH <= right and top <= y and y + st.TOKEN_PITCH <= bottom
        for x, y in spots
    )
    assert all(b[0] - a[0] >= st.TOKEN_PITCH for a, b in itertools.pairwise(spots))


def test_letters_are_distinct_and_come_from_the_names():
    assert token_letters(["Alice", "Adam", "Anna", "bob"]) == ["A", "D", "N", "B"]
    assert token_letters(["🎲", "Ann"]) == ["A", "N"]
    assert token_letters(["bob", "Bot Penny", "Bot Otto"]) == ["B", "P", "O"]
    assert len(set(token_letters(["Aa"] * 6))) == 6


def test_names_lose_only_what_the_font_cannot_draw_and_are_cut_to_fit():
    assert st.drawable("Fatou 🎲 Diop") == "Fatou Diop"
    assert st.drawable("Zoë Ødegård") == "Zoë Ødegård"
    assert st.drawable("Ζωή Юлия") == "Ζωή Юлия"
    assert st.drawable("Ev\u202e\u200bil\x00\n\tBob") == "Evil Bob", "no control or format characters"
    cut = st.fit("Bartholomew Longname the Third", 22, 150)
    assert cut.endswith("…") and st.font(22).getlength(cut) <= 150


def test_a_name_the_font_cannot_draw_still_gets_a_row_and_a_letter():
    hostile = "\u202e\x00\n@everyone " + "W" * 300
    tokens = (Token(0, "🎲", "🎲🎲", 3, 0), Token(1, "B", "Bo", 3, 1), Token(2, "\n", hostile, 3, 2))
    scene = Scene("modern", "Month 1 of 1\n", 0, tokens)
    assert len(render_png(scene)) <= MAX_PNG


@pytest.mark.parametrize("edition", sorted(RULESETS))
def test_every_flat_colour_of_the_design_survives_the_palette_exactly(edition):
    colours = palette.palette(edition).getpalette()
    assert len(colours) == 3 * palette.PALETTE_SIZE
    for colour in st.DESIGN_COLOURS:
        i = palette.index(colour)
        assert tuple(colours[3 * i : 3 * i + 3]) == ImageColor.getrgb(colour)


def marked_on_chen(scene: Scene, **mark: object) -> Scene:
    """`scene` with Chen's token (seat 2) marked, checked to change the key and Chen's legend row
    only: every other row and the calendar draw the same pixels."""
    marked = dataclasses.replace(
        scene, tokens=tuple(dataclasses.replace(t, **mark) if t.seat == 2 else t for t in scene.tokens)
    )
    assert scene_key(marked) != scene_key(scene)
    before, after = pixels(render_png(scene)), pixels(render_png(marked))
    for seat in range(len(scene.tokens)):
        x, y = picture.legend_spot(seat, len(scene.tokens))
        row = (x, y, x + st.legend_column(len(scene.tokens)), y + st.LEGEND_ROW_H)
        changed = before.crop(row).tobytes() != after.crop(row).tobytes()
        assert changed == (seat == 2), f"only Chen's legend row shows the mark (seat {seat})"
    elsewhere = (0, 0, st.WIDTH, st.LEGEND_Y)
    assert before.crop(elsewhere).tobytes() == after.crop(elsewhere).tobytes(), "the calendar is unchanged"
    return marked


def test_standing_orders_put_a_mark_by_the_players_name():
    """Issue 9.5: the table sees who plays by standing orders; the picture and its alt text change."""
    marked = marked_on_chen(table(), orders=True)
    assert "Chen (C) day 9: Found a Buyer, standing orders" in describe(marked)


def test_a_seat_a_computer_took_over_says_so_by_the_players_name_in_words():
    """The player left or was removed: their legend row says "(computer)" (a word, not a colour), in
    the game's language, and the key moves with the mark, so the picture on Discord is replaced."""
    marked = marked_on_chen(table(asked=()), replaced=True)
    assert "Chen (C) day 9: Found a Buyer, played by the computer" in describe(marked)
    assert "Alice (A) day 9: Found a Buyer;" in describe(marked)
    italian = marked_on_chen(dataclasses.replace(table(asked=()), language="it"), replaced=True)
    assert "Chen (C) giorno 9: Acquirente, gioca il computer" in describe(italian)


def test_a_computer_player_s_strength_is_a_word_by_its_name():
    """Issue 20: the table reads how well each computer plays from the picture too, in the game's
    language, and the key moves with it."""
    marked = marked_on_chen(table(asked=()), strength=Strength.HARD)
    assert "Chen (C) day 9: Found a Buyer, computer: Hard" in describe(marked)
    italian = marked_on_chen(dataclasses.replace(table(asked=()), language="it"), strength=Strength.EASY)
    assert "Chen (C) giorno 9: Acquirente, computer: Facile" in describe(italian)
    assert scene_key(marked) != scene_key(marked_on_chen(table(asked=()), strength=Strength.EASY))


def test_the_computer_mark_is_a_word_in_the_row_and_leaves_room_for_the_name():
    """The mark is drawn as text after the name (dark pixels where the unmarked row is blank) and a
    short name is not cut for it."""
    plain = Token(0, "B", "bob", 5, 1)
    marked = dataclasses.replace(plain, replaced=True)
    for language in ("en", "it"):
        unmarked, shown = (
            layers.legend_row(plain, False, language, st.legend_column(4)),
            layers.legend_row(marked, False, language, st.legend_column(4)),
        )
        name_end = layers.LEGEND_NAME_X + st.font(layers.LEGEND_NAME).getlength("bob")
        gap = (int(name_end) + 4, 8, int(name_end) + 90, st.LEGEND_ROW_H - 8)
        ink = [px for px in shown.crop(gap).get_flattened_data() if sum(px) < 3 * 160]
        assert not [px for px in unmarked.crop(gap).get_flattened_data() if sum(px) < 3 * 160]
        assert len(ink) > 40, f"the word is drawn ({language})"
        head = (layers.LEGEND_NAME_X, 8, int(name_end), st.LEGEND_ROW_H - 8)
        assert unmarked.crop(head).tobytes() == shown.crop(head).tobytes(), "the name is whole"


def test_the_picture_is_drawn_in_the_games_language():
    english = table()
    italian = dataclasses.replace(english, language="it")
    assert scene_key(italian) != scene_key(english)
    assert render_png(italian) != render_png(english)  # at least "3.400 $" for "$3,400"
    assert picture.calendar("modern", "it") is not picture.calendar("modern", "en")


def test_a_game_with_house_rules_draws_their_amounts_on_a_calendar_of_its_own():
    """docs/RULES.md §7: the Pay Day cell says the house rules' salary, the Radio Contest its prize."""
    rules = with_house_rules("modern", {"salary": 6000, "radio_prize": 2500, "jackpot_seed": 500})
    scene = game_scene(new_game(["Ann", "Bob"], rules=rules), 1)
    plain = game_scene(new_game(["Ann", "Bob"]), 1)
    assert scene.house == (("salary", 6000), ("jackpot_seed", 500), ("radio_prize", 2500))
    assert plain.house == () and scene_key(scene) != scene_key(dataclasses.replace(scene, house=()))
    house = dataclasses.replace(RULESETS["modern"], rules=rules)
    words = [line.words for day in (8, 31) for line in layers.cell_lines(day, house, lang("en"))]
    assert "win $2,500" in words and "+$6,000" in words
    drawn = picture.calendar("modern", "en", scene.house)
    assert drawn.tobytes() != picture.calendar("modern", "en").tobytes()
    assert drawn.tobytes() == picture.calendar.__wrapped__("modern", "en", scene.house).tobytes()


@pytest.mark.parametrize("language", SUPPORTED)
def test_the_retired_panels_label_ends_before_its_first_token(language):
    """ "IN PENSIONE" once ran under the retired players' tokens: the label's ink (drawn on the
    empty calendar) stays left of the first token's spot, on one line or two."""
    left, top, _, _ = st.PANEL_BOX
    label = picture.calendar("modern", language).convert("RGB").crop((left, top + 62, left + 120, top + 94))
    ((first_token, _),) = picture.retired_spots(1)
    inked = [
        x
        for x in range(label.width)
        for y in range(label.height)
        if near(label.getpixel((x, y)), st.PANEL_LABEL, tolerance=60)
    ]

    assert inked and left + max(inked) < first_token
