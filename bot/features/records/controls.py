"""The page buttons of /payday history and /payday leaderboard: each reads its target from the
custom_id clicked (targets.py) and turns the page in the records' part of /payday. Defining them
registers them; `setup` adds them to the bot with the part."""

import discord

from bot.features.records.cog import RecordsCommands
from bot.features.records.targets import HistoryTurn, LeaderboardTurn
from cogs.payday import Control


class HistoryButton(Control[HistoryTurn, RecordsCommands]):
    codec = HistoryTurn.codec
    part = RecordsCommands

    async def handle(self, cog: RecordsCommands, interaction: discord.Interaction) -> None:
        await cog.history_page(interaction, self.target)


class LeaderboardButton(Control[LeaderboardTurn, RecordsCommands]):
    codec = LeaderboardTurn.codec
    part = RecordsCommands

    async def handle(self, cog: RecordsCommands, interaction: discord.Interaction) -> None:
        await cog.leaderboard_page(interaction, self.target)
