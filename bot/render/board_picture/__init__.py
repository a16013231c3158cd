"""The drawn board: the month as a calendar with every token on its day, as PNG bytes.

Pure rendering (Pillow only, no Discord): build a `Scene`, call `render_png`, and compare
`scene_key`s to know whether the picture on the live message needs replacing.
"""

from bot.render.board_picture.picture import render_png
from bot.render.board_picture.scene import (
    Scene,
    Token,
    describe,
    game_scene,
    scene_key,
    table_board,
    table_scene,
    token_letters,
)

__all__ = [
    "Scene",
    "Token",
    "describe",
    "game_scene",
    "render_png",
    "scene_key",
    "table_board",
    "table_scene",
    "token_letters",
]
