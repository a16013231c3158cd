"""Pausing a game and resuming it: /payday pause and /payday resume."""

from discord.ext import commands

from bot.features.pause.cog import PauseCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, PauseCommands)
