"""The server's finished games: /payday history, stats and leaderboard, and what their page buttons
(controls.py) turn to.

Each answer is private, like the books and the story: a reader pages on their own, in their own
language, sees their own place, and nothing is posted into a channel where a game may be on.
Everything is read for the server the command was typed in, so no member's games in one server
are ever shown in another.
"""

import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.records.controls import HistoryTurn, LeaderboardTurn
from bot.features.records.service import HistoryPage, Leaderboard, Period, Records, StatsView
from bot.features.records.words import history_message, leaderboard_message, rating_rules, stats_embeds
from bot.render.commands import HELP_NOTE
from bot.render.components import Message
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang
from cogs.payday import RULESET_CHOICES, Control, FeatureCog, player_name
from cogs.payday.live import Reply

log = logging.getLogger(__name__)

PERIOD_CHOICES = [
    app_commands.Choice(name="All time", value=Period.ALL.value),
    app_commands.Choice(name="Last 30 days", value=Period.DAYS_30.value),
    app_commands.Choice(name="This month", value=Period.MONTH.value),
]


class RecordsCommands(FeatureCog):
    """/payday history, stats and leaderboard."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.records = Records(self.service.core)

    @app_commands.command(name="history", extras={HELP_SECTION: Section.HISTORY})
    @app_commands.describe(member="Only this member's games.", page="Page number, newest first.")
    async def history(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        page: app_commands.Range[int, 1, 100000] = 1,
    ) -> None:
        """This server's finished games, newest first, with their standings (only you can see it)."""
        _logged(interaction, "history")
        whose = None if member is None else player_name(member)
        wanted = HistoryTurn(0 if member is None else member.id, page)
        await self._history(interaction, wanted, lambda _: whose, edit=False)

    async def history_page(self, interaction: discord.Interaction, clicked: HistoryTurn) -> None:
        """A page button of /payday history."""
        await self._history(interaction, clicked, _name_in, edit=True)

    async def _history(
        self,
        interaction: discord.Interaction,
        wanted: HistoryTurn,
        whose: Callable[[HistoryPage], str | None],
        *,
        edit: bool,
    ) -> None:
        guild_id = _guild_of(interaction)

        def show(reply: Reply, shown: HistoryPage, L: Lang) -> None:
            _answer(reply, history_message(shown, whose(shown), L), edit=edit)

        call = lambda: self.records.history(guild_id, wanted.user_id or None, wanted.page)  # noqa: E731
        await self._run(interaction, call, show)

    @app_commands.command(name="stats", extras={HELP_SECTION: Section.HISTORY})
    @app_commands.describe(member="Whose statistics (yours if left out, with the computer players').")
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        """Games played and won, net worth and records in this server, by edition (only you can see it)."""
        guild_id = _guild_of(interaction)
        whom = member or interaction.user
        _logged(interaction, "stats")

        def show(reply: Reply, shown: StatsView, L: Lang) -> None:
            reply.say(embed=stats_embeds(shown, player_name(whom), L))

        call = lambda: self.records.stats(guild_id, whom.id, computers=member is None)  # noqa: E731
        await self._run(interaction, call, show)

    @app_commands.command(name="leaderboard", extras={HELP_SECTION: Section.HISTORY, HELP_NOTE: rating_rules})
    @app_commands.describe(
        edition="Which edition's ranking (the server's if left out).",
        period="Which games count: when they were played.",
    )
    @app_commands.choices(edition=RULESET_CHOICES, period=PERIOD_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, edition: str | None = None, period: str = Period.ALL.value
    ) -> None:
        """This server's players ranked by skill, with their wins and games (only you can see it)."""
        _logged(interaction, "leaderboard")
        await self._leaderboard(interaction, edition, period, 1, edit=False)

    async def leaderboard_page(self, interaction: discord.Interaction, clicked: LeaderboardTurn) -> None:
        """A page button of /payday leaderboard."""
        await self._leaderboard(interaction, clicked.ruleset, clicked.period, clicked.page, edit=True)

    async def _leaderboard(
        self, interaction: discord.Interaction, edition: str | None, period: str, page: int, *, edit: bool
    ) -> None:
        guild_id, viewer = _guild_of(interaction), interaction.user.id

        def show(reply: Reply, shown: Leaderboard, L: Lang) -> None:
            _answer(reply, leaderboard_message(shown, viewer, L), edit=edit)

        async def call() -> Leaderboard:
            # Read only once `_run` has checked the options: a choice of the command, or a page
            # button's own (its codec's).
            return await self.records.leaderboard(guild_id, edition, Period(period), viewer, page)

        await self._run(interaction, call, show)


def _answer(reply: Reply, message: Message, *, edit: bool) -> None:
    if edit:
        reply.edit(message)
    else:
        reply.say(embed=message.embed, rows=message.rows)


def _guild_of(interaction: discord.Interaction) -> int:
    assert interaction.guild_id is not None, "the /payday commands are guild only"
    return interaction.guild_id


def _name_in(page: HistoryPage) -> str | None:
    """The name of the member whose games the page shows, as they last played (None: everyone's)."""
    if page.user_id is None:
        return None
    for game in page.games:
        for placing in game.result.placings:
            if placing.user_id == page.user_id:
                return placing.name
    return str(page.user_id)


def _logged(interaction: discord.Interaction, action: str) -> None:
    log.info(action, extra={"channel": interaction.channel_id, "guild": interaction.guild_id})


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
