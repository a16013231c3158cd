"""The /payday command group: every subcommand of the product lives in this one cog."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PaydayBot
from bot.render import rules_text
from bot.render.rules_text import Topic

COLOUR = discord.Colour.gold()


class Payday(commands.Cog):
    """/payday: help and rules, and the game commands."""

    payday = app_commands.Group(
        name="payday", description="Play the board game Pay Day in this channel.", guild_only=True
    )

    def __init__(self, bot: PaydayBot) -> None:
        self.bot = bot

    @payday.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What this bot does, how a game goes, and every /payday command."""
        lines = "\n".join(f"`{usage}` — {what}" for usage, what in rules_text.COMMANDS)
        embed = discord.Embed(
            title=rules_text.HELP_TITLE, description=f"{rules_text.HELP_TEXT}\n{lines}", colour=COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @payday.command(name="rules")
    @app_commands.describe(topic="Which part of the rules (overview if left out).")
    async def rules(self, interaction: discord.Interaction, topic: Topic = "overview") -> None:
        """Read the rules of Pay Day, one topic at a time."""
        title, text = rules_text.RULES[topic]
        text = text.format(
            turn=rules_text.duration(self.bot.turn_seconds),
            interrupt=rules_text.duration(self.bot.interrupt_seconds),
        )
        await interaction.response.send_message(
            embed=discord.Embed(title=title, description=text, colour=COLOUR), ephemeral=True
        )


async def setup(bot: PaydayBot) -> None:
    """Load the /payday cog."""
    await bot.add_cog(Payday(bot))
