"""What the bot and the rules say: /payday help, in sections turned by its menu, and /payday rules,
privately, in the reader's own language."""

import discord
from discord import app_commands

from bot.render import help as helping
from bot.render import rules_text
from bot.render.language.i18n import Lang
from bot.render.rules_text import Topic
from bot.service import RulesView
from cogs.payday._base import COLOUR, RULESET_CHOICES, Answering, channel_of
from cogs.payday.live import Reply


class Help(Answering):
    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What this bot does, how a game goes, and every /payday command."""

        def show(reply: Reply, _: None, L: Lang) -> None:
            shown = helping.help_message(helping.Section.TURN, self._group(), L)
            reply.say(embed=shown.embed, rows=shown.rows)

        await self._run(interaction, _nothing, show)  # no use case: answered the one way all are

    async def help_section(self, interaction: discord.Interaction, chosen: str) -> None:
        """The help's menu: the section chosen, in place of the one shown."""
        section = helping.read_section(chosen)

        def show(reply: Reply, _: None, L: Lang) -> None:
            reply.edit(helping.help_message(section, self._group(), L))

        await self._run(interaction, _nothing, show)

    def _group(self) -> app_commands.Group:
        group = self.app_command
        assert group is not None, "the cog is a GroupCog: its commands are /payday's"
        return group

    @app_commands.command(name="rules")
    @app_commands.describe(
        topic="Which part of the rules (overview if left out).",
        edition="Which edition (the game in this channel's, or the server's).",
    )
    @app_commands.choices(edition=RULESET_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, topic: Topic = "overview", edition: str | None = None
    ) -> None:
        """Read the rules of Pay Day, one topic at a time."""

        def show(reply: Reply, shown: RulesView, L: Lang) -> None:
            title, text = rules_text.page(
                shown.topic,
                shown.edition,
                turn=rules_text.duration(shown.turn_seconds, L),
                interrupt=rules_text.duration(shown.interrupt_seconds, L),
                L=L,
                rules=shown.rules,
            )
            reply.say(embed=discord.Embed(title=title, description=text, colour=COLOUR))

        channel_id, guild_id = channel_of(interaction), interaction.guild_id
        await self._run(
            interaction, lambda: self.service.looks.rules(channel_id, guild_id, topic, edition), show
        )


async def _nothing() -> None:
    """The help page asks the service nothing."""
