"""A finished game reviewed for each person who played it: luck told apart from choices, and the
moments that mattered (/payday review, the My review button on the standings)."""

from discord.ext import commands

from bot.features.review.cog import ReviewCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, ReviewCommands)
