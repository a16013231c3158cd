"""A server's settings and house rules: /payday settings, its panel, and the server's house rules
per edition in the house-rules editor."""

from discord.ext import commands

from bot.features.settings.cog import SettingsCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, SettingsCommands)
