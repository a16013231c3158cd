"""A satellite feature's part of /payday (bot/features/<name>/cog.py): a cog of its own that answers
as the core's parts do (`Answering`), whose slash commands join the /payday group when it is
loaded, and whose controls and forms reach it by its class (`part_of`). The /payday cog is loaded
first (bot/app/bot.py), so a part always finds the group it joins."""

from typing import Any

from discord import app_commands
from discord.ext import commands

from cogs.payday._base import Answering, part_of
from cogs.payday._cog import Payday


class FeatureCog(Answering):
    """A feature's cog: the service, live message and timing of the /payday cog, and its commands
    under /payday."""

    def __init__(self, bot: commands.Bot) -> None:
        payday = part_of(bot, Payday)
        self.bot = bot
        self.service, self.live, self.timing = payday.service, payday.live, payday.timing
        self._group: app_commands.Group | None = None
        """The /payday group this part's commands joined, while it is loaded."""
        self._commands: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = []

    async def cog_load(self) -> None:
        """Move this part's slash commands under /payday (discord.py would add them at the top)."""
        self._group = _payday_group(self.bot)
        self._commands, self.__cog_app_commands__ = self.__cog_app_commands__, []
        for command in self._commands:
            self._group.add_command(command)

    async def cog_unload(self) -> None:
        """Take this part's commands out of the group (the /payday cog may be unloaded already)."""
        if self._group is not None:
            for command in self._commands:
                self._group.remove_command(command.name)
            self._group = None


def _payday_group(bot: commands.Bot) -> app_commands.Group:
    group = part_of(bot, Payday).app_command
    assert group is not None, "the /payday cog is a group cog"
    return group
