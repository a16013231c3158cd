"""The story cut into pages an embed holds, and the buttons that turn them.

Pages are filled with whole blocks counted from the start, so a full page never changes as the
game goes on and page numbers stay put.
"""

from collections.abc import Sequence

from bot.render.language.i18n import Lang
from bot.render.story.block import Block

PAGE_CHARS = 3_600
"""A page's text at most: an embed description holds 4,096 characters, and a page longer than
about forty lines is more scrolling than reading on a phone."""


def pages(story: Sequence[Block], limit: int = PAGE_CHARS) -> list[str]:
    """The story cut into pages of at most `limit` characters, whole blocks only, counted from the
    start: a page once full never changes as the game goes on, so page numbers stay put. A block
    longer than a page is cut between lines, its heading repeated."""
    result: list[str] = []
    page = ""
    for block in story:
        for text in _pieces(block, limit):
            if page and len(page) + 2 + len(text) > limit:
                result.append(page)
                page = ""
            page = f"{page}\n\n{text}" if page else text
    if page or not result:
        result.append(page)
    return result


def _pieces(block: Block, limit: int) -> list[str]:
    """The block as one text, or as several, each under `limit`, when it is longer than a page."""
    text = block.text()
    if len(text) <= limit:
        return [text]
    pieces, piece = [], f"**{block.heading}**"
    for line in block.lines:
        line = line[: limit // 2]
        if len(piece) + 1 + len(line) > limit:
            pieces.append(piece)
            piece = f"**{block.heading}** …"
        piece = f"{piece}\n{line}"
    pieces.append(piece)
    return pieces


def page_title(game_id: int, page: int, count: int, L: Lang) -> str:
    return L._("The story of game #{game} · page {page} of {pages}", game=game_id, page=page, pages=count)


def page_buttons(page: int, count: int, L: Lang) -> list[tuple[str, int]]:
    """(label, page) for each way to go from `page`: the start, earlier, later, the newest; only
    those that lead somewhere, and never two to the same page (a message's buttons need distinct ids)."""
    buttons = []
    if page > 2:
        buttons.append((L._("⏮ Start"), 1))
    if page > 1:
        buttons.append((L._("◀ Earlier"), page - 1))
    if page < count:
        buttons.append((L._("Later ▶"), page + 1))
    if page < count - 1:
        buttons.append((L._("Now ⏭"), count))
    return buttons
