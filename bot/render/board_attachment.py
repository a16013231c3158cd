"""The board picture as a Discord attachment, shown as the live embed's image.

Kept apart from bot/render/board_picture so the drawing stays free of Discord. The file is named
after its scene's key (`board-<key>.png`), so the message itself says which picture it shows: an
edit whose scene has the same key keeps the attachment (listing it, see docs/DESIGN.md, "The drawn
board on the live message"), any other uploads a new one in the same request, and attachments not
listed are dropped.
"""

import asyncio
import io
import re
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import discord

from bot.render.board_picture import Scene, describe, render_png

NAME = re.compile(r"board-([0-9a-f]{16})\.png")
DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board-picture")
"""The one thread pictures are drawn in. Frames are assembled one at a time anyway (a lock in
picture.py), and one thread keeps one allocator arena where the default pool's threads each grow
their own (bench/load.py: about 18 KB more per live game at 1,000 games)."""
DrawingWatcher = Callable[[float], None]
"""Hears how many seconds each picture took to draw (the operator's metrics, bot/app/metrics.py)."""
_watchers: list[DrawingWatcher] = []
"""The process's watchers: like the drawing thread, one for every bot the process runs."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn board to attach: its scene, and the key its file is named after."""

    scene: Scene
    key: str


def filename(key: str) -> str:
    return f"board-{key}.png"


def watch_drawing(watcher: DrawingWatcher) -> Callable[[], None]:
    """Tell `watcher` each picture's drawing time, from the drawing thread; returns what stops it."""
    _watchers.append(watcher)
    return lambda: _watchers.remove(watcher)


async def render(scene: Scene) -> bytes:
    """The PNG, drawn in the drawing thread: a few milliseconds of CPU the event loop should not
    wait on."""
    return await asyncio.get_running_loop().run_in_executor(DRAWING, _draw, scene)


def _draw(scene: Scene) -> bytes:
    started = time.perf_counter()
    png = render_png(scene)
    seconds = time.perf_counter() - started
    for watcher in tuple(_watchers):  # a copy: the loop's thread may add or remove one meanwhile
        watcher(seconds)
    return png


def board_file(png: bytes, drawn: Picture) -> discord.File:
    """A fresh upload of the picture, with the scene in words as its alt text."""
    return discord.File(io.BytesIO(png), filename=filename(drawn.key), description=describe(drawn.scene))


async def upload(drawn: Picture) -> discord.File:
    """The picture drawn (off the event loop) as a fresh upload."""
    return board_file(await render(drawn.scene), drawn)


def show_board(embed: discord.Embed, key: str) -> discord.Embed:
    """Point the embed's image at the picture of that key, attached to the same message."""
    return embed.set_image(url=f"attachment://{filename(key)}")


def shown(attachments: Sequence[discord.Attachment]) -> discord.Attachment | None:
    """The board picture among a message's attachments, if it has one."""
    return next((a for a in attachments if NAME.fullmatch(a.filename)), None)


async def picture(
    drawn: Picture, current: Sequence[discord.Attachment] | None
) -> list[discord.Attachment | discord.File]:
    """What an edit's `attachments` should be: the message's own picture when it already shows
    this key (`current`: the message's attachments; None when unknown), else a new one, rendered
    off the event loop."""
    kept = shown(current or ())
    if kept is not None and kept.filename == filename(drawn.key):
        return [kept]
    return [await upload(drawn)]
