"""A finished game's review, privately, for whoever played it: the My review button on the standings
(`ReviewButton`, beside the cog it calls); and the standings' line of the table once the game's
review is made; and `/payday review [game]`, any of their finished games of this server.

The worker (worker.py) starts with the cog and stops with it. The standings' line is added to the
standings message itself (its embed gains a field, replaced if it is written again), edited with
the bot's token, so it reads where the table looks; it is added before the review is saved, so a
restart between the two makes both again.
"""

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.review import words
from bot.features.review.controls import OpenReview
from bot.features.review.model import GameReview
from bot.features.review.service import Preparing, Reviewed, Reviews
from bot.features.review.worker import ReviewWorker
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang, lang
from cogs.payday import GAME_NUMBERS, Control, FeatureCog, user_language
from cogs.payday.live import Reply

log = logging.getLogger(__name__)


LINE_TRIES = 6
"""Looks for the standings of a game just reviewed, LINE_WAIT apart: a review made before its
standings were posted (a small game, a quick analysis) waits for them."""
LINE_WAIT = 5.0


class ReviewCommands(FeatureCog):
    """The My review button, and the worker that makes reviews."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.worker = ReviewWorker(self.service.core)
        self.reviews = Reviews(self.service.core, self.worker)
        self.worker.made.append(self._made)
        self._lines: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        await super().cog_load()
        self.worker.start()

    async def cog_unload(self) -> None:
        await self.worker.close()
        for task in self._lines:
            task.cancel()
        await asyncio.gather(*self._lines, return_exceptions=True)
        await super().cog_unload()

    @app_commands.command(name="review", extras={HELP_SECTION: Section.COACH})
    @app_commands.describe(game="The game's number (Game #12: 12); left out, your last game here.")
    async def review(self, interaction: discord.Interaction, game: GAME_NUMBERS | None = None) -> None:
        """Your own review of a game you played here: your luck, your choices, the moments that mattered."""
        await self._show_review(interaction, game)

    @review.autocomplete("game")
    async def _my_games(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[int]]:
        """The clicker's own finished games here, newest first, those whose number starts as typed."""
        L = user_language(interaction)
        played = await self.reviews.played(interaction.guild_id, interaction.user.id)
        wanted = str(typed or "").strip()
        return [
            app_commands.Choice(name=L._("Game #{game}", game=game_id), value=game_id)
            for game_id in played
            if str(game_id).startswith(wanted)
        ]

    async def open_review(self, interaction: discord.Interaction, clicked: OpenReview) -> None:
        """The My review button of a finished game's standings: the clicker's own review, privately."""
        await self._show_review(interaction, clicked.game_id)

    async def _show_review(self, interaction: discord.Interaction, game_id: int | None) -> None:
        def show(reply: Reply, shown: Reviewed | Preparing, L: Lang) -> None:
            if isinstance(shown, Preparing):
                reply.say(words.preparing_text(shown, L))
            else:
                reply.say(embed=words.review_embed(shown, L))

        guild_id, user_id = interaction.guild_id, interaction.user.id
        await self._run(interaction, lambda: self.reviews.mine(guild_id, user_id, game_id), show)

    async def _made(self, review: GameReview) -> None:
        """A review was made, and is about to be saved: its line goes on the standings now if they
        are posted (a restart before the save makes the review again, and the line again, in place
        of this one), else once they are, from a task of its own (the next review does not wait)."""
        if await self._add_line(review):
            return
        task = asyncio.create_task(self._add_line_later(review), name=f"review line {review.game_id}")
        self._lines.add(task)
        task.add_done_callback(self._lines.discard)

    async def _add_line_later(self, review: GameReview) -> None:
        for _ in range(LINE_TRIES):
            await asyncio.sleep(LINE_WAIT)
            if await self._add_line(review):
                return
        log.info("no standings to add the table's line to", extra={"game": review.game_id})

    async def _add_line(self, review: GameReview) -> bool:
        """Add the table's line to the game's standings; False if they are not posted yet (True
        once added, or if adding it failed: that is logged, and not tried again)."""
        where = {"game": review.game_id, "action": "review line"}
        try:
            line = await self.reviews.table_line(review)
            if line is None:
                return False
            messages = self.bot.get_partial_messageable(line.channel_id)
            standings = await messages.fetch_message(line.message_id)
            name, text = words.table_line(line, lang(line.language))
            await standings.edit(embeds=_with_line(standings.embeds, name, text))
            log.info("the table's line added to the standings", extra=where)
        except discord.HTTPException:
            log.warning("the table's line could not be added to the standings", exc_info=True, extra=where)
        except Exception:
            log.exception("the table's line failed", extra=where)
        return True


def _with_line(embeds: list[discord.Embed], name: str, line: str) -> list[discord.Embed]:
    """The standings' embeds with the table's line as the final standings' last field (the last
    embed), in place of one added before."""
    if not embeds:
        return [discord.Embed(description=line)]
    *before, final = embeds
    final = final.copy()
    kept = [field for field in final.fields if field.name != name]
    final.clear_fields()
    for field in kept:
        final.add_field(name=field.name, value=field.value, inline=bool(field.inline))
    final.add_field(name=name, value=line, inline=False)
    return [*before, final]


class ReviewButton(Control[OpenReview, ReviewCommands]):
    codec = OpenReview.codec
    part = ReviewCommands

    async def handle(self, cog: ReviewCommands, interaction: discord.Interaction) -> None:
        await cog.open_review(interaction, self.target)
