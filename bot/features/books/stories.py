"""`/payday log`: a game's story, page by page, privately, in the reader's language.

Each reader's page is written from the game's event log (bot/render/story/) and cut into pages
(pages.py). The stories being read are kept, per game and language, so turning a page reads only
the rows logged since the last look: the longest game's log is thousands of rows, and a whole
reading costs tens of milliseconds.
"""

from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.features.books.pages import page_title, pages
from bot.features.books.service import BookReader
from bot.game.rulesets import RULESETS
from bot.render.embeds import safe
from bot.render.language.i18n import Lang
from bot.render.story.turns import Story

KEPT = 16
"""Stories kept in memory (the most recently read): a long game's is a few hundred KB."""
COLOUR = discord.Colour.gold()


@dataclass(frozen=True, slots=True)
class StoryPage:
    game_id: int
    page: int
    pages: int
    embed: discord.Embed


class Stories:
    """The stories being read, newest look last; the oldest is forgotten past `KEPT`.

    A story is written from its game's log, the game's names and edition, and the reader's language.
    Names and edition are fixed when the game starts and the log only grows, so a story kept by game
    and language and read on from its last row is the story read afresh. While a click reads one on,
    it is out of the cache: another click meanwhile reads its own from the start."""

    def __init__(self, books: BookReader, kept: int = KEPT) -> None:
        self.books = books
        self.kept = kept
        self._stories: OrderedDict[tuple[int, str], Story] = OrderedDict()
        self._latest: dict[int, int] = {}
        """Channel -> the game whose story was last read there (`/payday log` names no game)."""

    async def page(self, channel_id: int, game_id: int | None, page: int | None, L: Lang) -> StoryPage:
        """Page `page` (None: the newest) of the story of the channel's game (`game_id`: that one)."""
        game_id, story = await self._story(channel_id, game_id, L)
        written = pages(story.blocks())
        shown = len(written) if page is None else min(max(page, 1), len(written))
        embed = discord.Embed(
            title=page_title(game_id, shown, len(written), L),
            description=written[shown - 1] or None,
            colour=COLOUR,
        )
        return StoryPage(game_id, shown, len(written), embed)

    async def _story(self, channel_id: int, game_id: int | None, L: Lang) -> tuple[int, Story]:
        """The channel's game (`game_id`: that one) and its story, read to the last row logged."""
        guess = game_id if game_id is not None else self._latest.get(channel_id)
        story = None if guess is None else self._stories.pop((guess, L.code), None)
        found = await self.books.story(channel_id, game_id, 0 if story is None else story.rows)
        if story is None or found.game_id != guess:  # not kept, or the channel has a newer game
            if found.after:
                found = await self.books.story(channel_id, found.game_id, 0)
            names = [safe(seat.name) for seat in found.table.seats]
            story = Story(names, RULESETS[found.table.ruleset], L, escape=safe)
        story.read(found.rows)
        self._stories[found.game_id, L.code] = story
        while len(self._stories) > self.kept:
            self._stories.popitem(last=False)
        self._latest[channel_id] = found.game_id
        return found.game_id, story
