"""The table's seats: a member's own calls (/payday notices, a lasting preference), and the host's
(or a moderator's) /payday end and kick."""

import discord
from discord import app_commands

from bot.service import Person
from cogs.payday._base import Answering, channel_of, person, player_name


class Seats(Answering):
    @app_commands.command(name="notices")
    @app_commands.describe(state="on: the bot mentions you when a game waits for you; off: it never does.")
    @app_commands.choices(
        state=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]
    )
    async def notices(self, interaction: discord.Interaction, state: str) -> None:
        """Be mentioned, or not, when a game waits for you: in every game you play from now on."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction,
            lambda: self.service.switch_calls(channel_id, person(interaction), state == "on"),
            self._show,
        )

    @app_commands.command(name="end")
    async def end(self, interaction: discord.Interaction) -> None:
        """Stop the game here now and show the standings (host or Manage Channels)."""
        channel_id = channel_of(interaction)
        await self._run(interaction, lambda: self.service.end(channel_id, person(interaction)), self._show)

    @app_commands.command(name="kick")
    @app_commands.describe(member="The player to remove from the game here.")
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        """Remove a player (host or Manage Channels); a computer player takes a running game's seat."""
        channel_id = channel_of(interaction)
        removed = Person(member.id, player_name(member))
        await self._run(
            interaction, lambda: self.service.kick(channel_id, person(interaction), removed), self._show
        )
