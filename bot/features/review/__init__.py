"""The coach: a hint for whoever asks (the review's own parts join here)."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext import commands


async def setup(bot: "commands.Bot") -> None:
    # Imported here, not above: the thinking workers import this package to run the planner, and
    # need nothing of Discord (half the time a worker takes to start).
    from bot.features.review.hint_cog import HintCommands
    from cogs.payday import add_part

    await add_part(bot, HintCommands)
