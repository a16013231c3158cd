"""The coach: a hint for whoever asks (the review's own parts join here)."""

from discord.ext import commands

from bot.features.review.hint_cog import HintCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, HintCommands)
