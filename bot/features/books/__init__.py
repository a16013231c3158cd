"""The books: the Bank's statement and the loan book (/payday ledger) and the game's story
(/payday log), page by page."""

from discord.ext import commands

from bot.features.books.cog import BooksCommands
from cogs.payday import add_part


async def setup(bot: commands.Bot) -> None:
    await add_part(bot, BooksCommands)
