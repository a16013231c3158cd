"""Taking over a computer's seat: /payday takeover posts the request for the host, whose Approve or
Decline (a button that works after a restart like every other) answers it by editing that message.
The control of those buttons is here, beside the handler it calls."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.takeover.controls import APPROVE, SeatVerdict
from bot.features.takeover.service import Takeovers
from bot.features.takeover.words import request_message
from bot.render.components import Message
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang, lang
from bot.render.notes import note_text
from bot.service import Update
from cogs.payday import Control, FeatureCog, channel_of, person, same_channel
from cogs.payday.live import Reply

SUGGESTED = 25
"""Discord shows at most 25 suggestions for an option."""


class TakeoverCommands(FeatureCog):
    """/payday takeover, and the host's answer on the request it posts."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.takeovers = Takeovers(self.service.core)

    @app_commands.command(name="takeover", extras={HELP_SECTION: Section.TABLE})
    @app_commands.describe(seat="The name of the seat the computer plays.")
    async def takeover(self, interaction: discord.Interaction, seat: app_commands.Range[str, 1, 100]) -> None:
        """Ask the host to let you play a seat the computer plays (you must not be seated here)."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction,
            lambda: self.takeovers.ask(channel_id, person(interaction), seat),
            self._posted,
            public=True,
        )

    @takeover.autocomplete("seat")
    async def _computer_seats(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        """The seats the computer plays, those whose name holds what was typed."""
        names = await self.takeovers.computer_seats(channel_of(interaction))
        wanted = typed.casefold()
        return [app_commands.Choice(name=n, value=n) for n in names if wanted in n.casefold()][:SUGGESTED]

    async def seat_verdict(self, interaction: discord.Interaction, clicked: SeatVerdict) -> None:
        """The host's Approve or Decline on a request."""
        takeovers = self.takeovers
        answer = takeovers.approve if clicked.verdict == APPROVE else takeovers.decline

        async def call() -> Update:
            same_channel(interaction, clicked.channel_id)
            return await answer(clicked.channel_id, person(interaction), clicked.game_id, clicked.number)

        await self._run(interaction, call, self._answered)

    def _posted(self, reply: Reply, update: Update, L: Lang) -> None:
        """The request, posted in the channel in the game's language for the host to answer."""
        loaded, said = update.loaded, update.answer.said
        assert loaded is not None and said is not None, "a request is saved with its number"
        table = loaded.table
        words = lang(table.language)
        reply.post(
            request_message(table, loaded.row.channel_id, loaded.row.game_id, said.params["request"], words)
        )

    def _answered(self, reply: Reply, update: Update, L: Lang) -> None:
        """The request's message says how the host answered, and loses its buttons."""
        loaded, said = update.loaded, update.answer.said
        assert loaded is not None and said is not None, "an answered request says who answered what"
        table = loaded.table
        reply.edit(Message(note_text(said, lang(table.language), table)), text=True)


class SeatButton(Control[SeatVerdict, TakeoverCommands]):
    codec = SeatVerdict.codec
    part = TakeoverCommands

    async def handle(self, cog: TakeoverCommands, interaction: discord.Interaction) -> None:
        await cog.seat_verdict(interaction, self.target)
