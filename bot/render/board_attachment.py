"""The board picture as a Discord attachment, shown as the live embed's image.

Kept apart from bot/render/board_picture so the drawing stays free of Discord. The embed names
the picture `attachment://board.png`; an edit replaces it by passing
`attachments=[board_file(...)]` (attachments not listed are dropped), and keeps it by passing
the message's current attachment instead (see docs/DESIGN.md, "The drawn board on the live message").
"""

import asyncio
import io

import discord

from bot.render.board_picture import Scene, describe, render_png

FILENAME = "board.png"
URL = f"attachment://{FILENAME}"


async def render(scene: Scene) -> bytes:
    """The PNG, drawn in a worker thread: a few milliseconds of CPU the event loop should not wait on."""
    return await asyncio.to_thread(render_png, scene)


def board_file(png: bytes, scene: Scene) -> discord.File:
    """A fresh upload of the picture, with the scene in words as its alt text."""
    return discord.File(io.BytesIO(png), filename=FILENAME, description=describe(scene))


def show_board(embed: discord.Embed) -> discord.Embed:
    """Point the embed's image at the attached picture."""
    return embed.set_image(url=URL)
