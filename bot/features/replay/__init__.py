"""A finished game looked at again: /payday replay steps through it, /payday export gives its record
(docs/RECORD.md) and its ledger as files; `python -m bot replay` audits a record."""

from discord.ext import commands

from bot.features.replay.cog import ReplayAndExport
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, ReplayAndExport)
