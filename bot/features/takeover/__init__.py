"""Taking over a computer's seat: /payday takeover asks, the host approves or declines."""

from discord.ext import commands

from bot.features.takeover.cog import TakeoverCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, TakeoverCommands)
