"""`/payday log`: a game's story, page by page, privately, in the reader's language.

Each reader's page is written from the game's event log (bot/render/story.py). The stories being
read are kept, per game and language, so turning a page reads only the rows logged since the last
look: the longest game's log is thousands of rows, and a whole reading costs tens of milliseconds.
"""

from collections import OrderedDict
from dataclasses import dataclass

import discord

from bot.game.rulesets import RULESETS
from bot.render.embeds import safe
from bot.render.i18n import Lang
from bot.render.story import Story, page_title, pages
from bot.service import Service

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
    """The stories being read, newest look last; the oldest is forgotten past `KEPT`."""

    def __init__(self, service: Service, kept: int = KEPT) -> None:
        self.service = service
        self.kept = kept
        self._stories: OrderedDict[tuple[int, str], Story] = OrderedDict()
        self._latest: dict[int, int] = {}
        """Channel -> the game whose story was last read there (`/payday log` names no game)."""

    async def page(self, channel_id: int, game_id: int | None, page: int | None, L: Lang) -> StoryPage:
        """Page `page` (None: the newest) of the story of the channel's game (`game_id`: that one)."""
        guess = game_id if game_id is not None else self._latest.get(channel_id)
        story = None if guess is None else self._stories.get((guess, L.code))
        found = await self.service.story(channel_id, game_id, 0 if story is None else story.rows)
        key = (found.game_id, L.code)
        if story is None or key != (guess, L.code) or story.rows != found.after:
            # Another game, or a story read further meanwhile by another click: read it from the start.
            if found.after:
                found = await self.service.story(channel_id, found.game_id, 0)
            table = found.table
            assert table.state is not None, "a story is told of a game that started"
            names = [safe(seat.name) for seat in table.seats]
            story = Story(names, RULESETS[table.state.ruleset], L, escape=safe)
        story.read(found.rows)
        self._stories[key] = story
        self._latest[channel_id] = found.game_id
        self._stories.move_to_end(key)
        while len(self._stories) > self.kept:
            self._stories.popitem(last=False)
        written = pages(story.blocks())
        shown = len(written) if page is None else min(max(page, 1), len(written))
        embed = discord.Embed(
            title=page_title(found.game_id, shown, len(written), L),
            description=written[shown - 1] or None,
            colour=COLOUR,
        )
        return StoryPage(found.game_id, shown, len(written), embed)
