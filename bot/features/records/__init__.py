"""The server's finished games read back: /payday history, stats and leaderboard, and their page
buttons."""

from discord.ext import commands

from bot.features.records.cog import RecordsCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, RecordsCommands)
