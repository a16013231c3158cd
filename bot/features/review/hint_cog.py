"""Hints at the table: the Hint button beside a player's own question (on the live message and in
their hand panel) and the lobby host's switch of hints. Both buttons are the core's targets
(`AskHint`, `LobbyHints` in bot/render/components.py, since the core draws them); their controls,
here beside the handlers they call, answer them."""

import discord
from discord.ext import commands

from bot.features.review import hint_words  # noqa: F401 - its notes and refusals join the tables of words
from bot.features.review.analysis import hint as planner_hint
from bot.features.review.hints import Hinting
from bot.render.components import AskHint, LobbyHints
from bot.service import Update
from cogs.payday import Control, FeatureCog, person, same_channel


class HintCommands(FeatureCog):
    """The Hint button's answer and the lobby's switch of hints."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.hinting = Hinting(self.service.core, self.service.thinker, planner_hint)

    async def hint_click(self, interaction: discord.Interaction, clicked: AskHint) -> None:
        """Hint: the planner's answer to the clicker's own question, privately."""

        async def call() -> Update:
            same_channel(interaction, clicked.channel_id)
            return await self.hinting.hint(
                clicked.channel_id, person(interaction), clicked.game_id, clicked.prompt
            )

        await self._run(interaction, call, self._show)

    async def switch_click(self, interaction: discord.Interaction, clicked: LobbyHints) -> None:
        """The lobby host's switch: hints off for this game, or on again."""

        async def call() -> Update:
            same_channel(interaction, clicked.channel_id)
            shown = bool(clicked.shown)
            return await self.hinting.switch(clicked.channel_id, person(interaction), clicked.game_id, shown)

        await self._run(interaction, call, self._show)


class HintButton(Control[AskHint, HintCommands]):
    codec = AskHint.codec
    part = HintCommands

    async def handle(self, cog: HintCommands, interaction: discord.Interaction) -> None:
        await cog.hint_click(interaction, self.target)


class HintsSwitch(Control[LobbyHints, HintCommands]):
    codec = LobbyHints.codec
    part = HintCommands

    async def handle(self, cog: HintCommands, interaction: discord.Interaction) -> None:
        await cog.switch_click(interaction, self.target)
