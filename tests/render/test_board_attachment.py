"""The picture as an attachment: the embed points at the uploaded file, with the scene as alt text."""

import asyncio
import dataclasses

import discord

from bot.render.board_attachment import URL, board_file, render, show_board
from bot.render.board_picture import Scene, Token, describe, render_png

SCENE = Scene(
    "modern",
    "Month 1 of 3",
    1200,
    (Token(0, "A", "Alice", 9, 0), Token(1, "B", "Bob", 0, 1), Token(2, "C", "Cy", 31, 2, retired=True)),
    frozenset({1}),
)


async def test_rendering_off_the_loop_gives_the_same_picture():
    assert await render(SCENE) == render_png(SCENE)


def test_the_file_is_the_picture_the_embed_shows():
    png = render_png(SCENE)
    file = board_file(png, SCENE)
    embed = show_board(discord.Embed(title="Pay Day"))
    assert file.fp.read() == png
    assert embed.image.url == URL == f"attachment://{file.filename}"
    assert file.description == describe(SCENE)


def test_the_alt_text_says_where_everyone_is_and_who_is_asked():
    text = describe(SCENE)
    assert "Month 1 of 3" in text and "$1,200" in text
    assert "Alice (A) day 9;" in text
    assert "Bob (B) START, to answer" in text
    assert "Cy (C) retired" in text
    many = Scene("modern", "Month 1 of 3", 0, tuple(Token(i, "A", "x" * 300, 1, i) for i in range(6)))
    assert len(describe(many)) <= 1000


async def test_frames_rendered_in_parallel_threads_are_the_frames_rendered_alone():
    scenes = [dataclasses.replace(SCENE, jackpot=amount) for amount in range(0, 2000, 100)]
    alone = [render_png(scene) for scene in scenes]
    assert await asyncio.gather(*(render(scene) for scene in scenes)) == alone
