"""The picture as an attachment: the embed points at the uploaded file, with the scene as alt text."""

import asyncio
import dataclasses

import discord

from bot.render.board_attachment import Picture, board_file, picture, render, show_board, shown, watch_drawing
from bot.render.board_picture import Scene, Token, describe, render_png, scene_key

SCENE = Scene(
    "modern",
    "Month 1 of 3",
    1200,
    (Token(0, "A", "Alice", 9, 0), Token(1, "B", "Bob", 0, 1), Token(2, "C", "Cy", 31, 2, retired=True)),
    frozenset({1}),
)


async def test_rendering_off_the_loop_gives_the_same_picture():
    assert await render(SCENE) == render_png(SCENE)


async def test_watchers_hear_each_drawing_time_until_they_stop():
    times: list[float] = []
    stop = watch_drawing(times.append)
    try:
        await render(SCENE)
    finally:
        stop()
    await render(SCENE)

    assert len(times) == 1 and 0 < times[0] < 5


def test_the_file_is_the_picture_the_embed_shows_named_after_its_key():
    png, key = render_png(SCENE), scene_key(SCENE)
    file = board_file(png, Picture(SCENE, key))
    embed = show_board(discord.Embed(title="Pay Day"), key)
    assert file.fp.read() == png
    assert file.filename == f"board-{key}.png"
    assert embed.image.url == f"attachment://{file.filename}"
    assert file.description == describe(SCENE)


class Attached:
    """A message's attachment as discord.py reads it (only its name matters here)."""

    def __init__(self, filename: str) -> None:
        self.filename = filename


async def test_an_edit_keeps_the_picture_of_the_same_key_and_uploads_any_other():
    key = scene_key(SCENE)
    other = dataclasses.replace(SCENE, jackpot=1300)
    on_message = [Attached("notes.txt"), Attached(f"board-{key}.png")]
    assert shown(on_message) is on_message[1]
    assert await picture(Picture(SCENE, key), on_message) == [on_message[1]]
    [new] = await picture(Picture(other, scene_key(other)), on_message)
    assert isinstance(new, discord.File) and new.filename == f"board-{scene_key(other)}.png"
    assert new.fp.read() == render_png(other)
    [unknown] = await picture(Picture(SCENE, key), None)  # nothing known of the message: upload
    assert isinstance(unknown, discord.File)


def test_the_alt_text_says_where_everyone_is_what_their_day_says_and_who_is_asked():
    text = describe(SCENE)
    assert text.startswith("Pay Day board, Month 1 of 3. Jackpot $1,200. ")
    assert "Alice (A) day 9: Found a Buyer;" in text
    assert "Bob (B) START, to answer" in text
    assert "Cy (C) retired" in text
    many = Scene("modern", "Month 1 of 3", 0, tuple(Token(i, "A", "x" * 300, 1, i) for i in range(6)))
    assert len(describe(many)) <= 1000


def test_the_alt_text_reads_each_day_as_the_calendar_writes_it():
    """The space's name and the money it moves, with the game's house rules and in its language;
    the Jackpot under the edition's own name."""
    paid = dataclasses.replace(SCENE, tokens=(Token(0, "A", "Alice", 31, 0), Token(1, "B", "Bob", 7, 1)))
    assert "Alice (A) day 31: Pay Day (+$3,500); Bob (B) day 7: Ski Weekend (pay $500)" in describe(paid)
    raised = dataclasses.replace(paid, house=(("salary", 5000),))
    assert "Alice (A) day 31: Pay Day (+$5,000)" in describe(raised)
    italian = describe(dataclasses.replace(paid, language="it"))
    assert "Montepremi 1.200" in italian and "Bob (B) giorno 7: " in italian and "(paghi 500" in italian
    classic = Scene("classic", "Month 1 of 3", 300, (Token(0, "A", "Alice", 0, 0),))
    assert describe(classic).startswith("Pay Day board, Month 1 of 3. Pot $300. Alice (A) START")


async def test_frames_rendered_in_parallel_threads_are_the_frames_rendered_alone():
    scenes = [dataclasses.replace(SCENE, jackpot=amount) for amount in range(0, 2000, 100)]
    alone = [render_png(scene) for scene in scenes]
    assert await asyncio.gather(*(render(scene) for scene in scenes)) == alone
