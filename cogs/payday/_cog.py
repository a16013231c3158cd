"""The /payday cog: a thin adapter between Discord and the service, in parts by what the player
does (lobby, play, hand, books, seats, help) that share one way of answering (`_base.Answering`)."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app.bot import PaydayBot
from bot.service import Loaded, Service, Settings, Tables
from cogs.payday._books import Books
from cogs.payday._hand import Hand
from cogs.payday._help import Help
from cogs.payday._live import LiveMessage
from cogs.payday._lobby import Lobby
from cogs.payday._play import Play
from cogs.payday._seats import Seats
from cogs.stories import Stories


@app_commands.guild_only()
class Payday(
    # discord.py lists a cog's commands from its last base to its first: start, join, leave (Lobby),
    # loan ... status (Play), hand, ledger, log, notices, end, kick, and help and rules last.
    Help,
    Seats,
    Books,
    Hand,
    Play,
    Lobby,
    commands.GroupCog,
    group_name="payday",
    group_description="Play the board game Pay Day in this channel.",
):
    """/payday: lobby, game, bank and rules commands, and the game's buttons."""

    def __init__(self, bot: PaydayBot, tables: Tables | None = None) -> None:
        self.bot = bot
        self.live = LiveMessage(bot, self._moved, pictures=bot.board_pictures)
        settings = Settings(bot.turn_seconds, bot.interrupt_seconds, bot.lobby_minutes, bot.seed)
        self.service = Service(tables or Tables(bot.store), settings, self.live, discord.utils.utcnow)
        self.stories = Stories(self.service)

    async def cog_load(self) -> None:
        """Re-arm every stored timer, so a restart loses nothing."""
        await self.service.resume()

    async def cog_unload(self) -> None:
        await self.service.close()
        await self.live.close()

    async def _moved(self, shown: Loaded, message_id: int) -> Loaded | None:
        return await self.service.moved(shown, message_id)
