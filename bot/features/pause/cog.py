"""Pausing a game: /payday pause stops every clock of the game here, /payday resume starts them again
with the time that was left (the host or Manage Channels, like /payday end)."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.pause import words  # noqa: F401 - its answers and refusals join the tables of words
from bot.features.pause.service import Pausing
from bot.render.help import HELP_SECTION, Section
from cogs.payday import FeatureCog, channel_of, person


class PauseCommands(FeatureCog):
    """/payday pause and /payday resume."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.pausing = Pausing(self.service.core)

    @app_commands.command(name="pause", extras={HELP_SECTION: Section.TABLE})
    async def pause(self, interaction: discord.Interaction) -> None:
        """Stop every clock of the game here until /payday resume (host or Manage Channels)."""
        channel_id = channel_of(interaction)
        await self._run(interaction, lambda: self.pausing.pause(channel_id, person(interaction)), self._show)

    @app_commands.command(name="resume", extras={HELP_SECTION: Section.TABLE})
    async def resume(self, interaction: discord.Interaction) -> None:
        """Start the paused game's clocks again, with the time they had left (host or Manage Channels)."""
        channel_id = channel_of(interaction)
        await self._run(interaction, lambda: self.pausing.resume(channel_id, person(interaction)), self._show)
