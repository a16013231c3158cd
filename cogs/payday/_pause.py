"""Pausing a game: /payday pause stops every clock of the game here, /payday resume starts them again
with the time that was left (the host or Manage Channels, like /payday end)."""

import discord
from discord import app_commands

from cogs.payday._base import Answering, channel_of, person


class Pause(Answering):
    @app_commands.command(name="pause")
    async def pause(self, interaction: discord.Interaction) -> None:
        """Stop every clock of the game here until /payday resume (host or Manage Channels)."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction, lambda: self.service.pausing.pause(channel_id, person(interaction)), self._show
        )

    @app_commands.command(name="resume")
    async def resume(self, interaction: discord.Interaction) -> None:
        """Start the paused game's clocks again, with the time they had left (host or Manage Channels)."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction, lambda: self.service.pausing.resume(channel_id, person(interaction)), self._show
        )
