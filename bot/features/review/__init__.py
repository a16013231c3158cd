"""The coach: a finished game reviewed for each person who played it, luck told apart from
choices (the My review button on the standings, /payday review), and a hint for whoever asks where
the table allows it."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands


async def setup(bot: "commands.Bot") -> None:
    # Imported here, not above: the thinking workers import this package to run the planner, and
    # need nothing of Discord (half the time a worker takes to start).
    from bot.features.review.cog import ReviewCommands
    from bot.features.review.hint_cog import HintCommands
    from cogs.payday import add_part

    await add_part(bot, ReviewCommands)
    await add_part(bot, HintCommands)
