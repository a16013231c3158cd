"""Reading the game: the Bank's books (/payday ledger: everyone's lines, or with `mine` or the
"Only mine" button a player's own payments) and its story (/payday log), privately, in the reader's
own language; and the page buttons of both, each a control beside the cog it calls."""

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.books import words
from bot.features.books.controls import LedgerTurn, StoryTurn, ledger_rows, story_rows
from bot.features.books.service import BookReader, LedgerPage
from bot.features.books.stories import Stories, StoryPage
from bot.render.components import Message
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang
from cogs.payday import Control, FeatureCog, channel_of, user_language
from cogs.payday.live import Reply


class BooksCommands(FeatureCog):
    """/payday ledger and /payday log, and their page buttons."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.books = BookReader(self.service.core)
        self.stories = Stories(self.books)

    @app_commands.command(name="ledger", extras={HELP_SECTION: Section.MONEY})
    @app_commands.describe(
        book="The Bank's statement or the loan book.",
        page="Page number, newest first.",
        mine="Only your own payments: what you paid and received.",
    )
    @app_commands.choices(
        book=[
            app_commands.Choice(name="Bank statement", value="bank"),
            app_commands.Choice(name="Loan book", value="loans"),
        ]
    )
    async def ledger(
        self,
        interaction: discord.Interaction,
        book: str = "bank",
        page: app_commands.Range[int, 1, 1000] = 1,
        mine: bool = False,
    ) -> None:
        """Every payment of this channel's game: who paid whom, how much and why."""

        def show(reply: Reply, shown: LedgerPage, L: Lang) -> None:
            ledger = _ledger(shown, L)
            reply.say(embed=ledger.embed, rows=ledger.rows)

        channel_id, reader = channel_of(interaction), interaction.user.id
        await self._run(
            interaction, lambda: self.books.ledger(channel_id, book, page, reader=reader, mine=mine), show
        )

    async def ledger_page(self, interaction: discord.Interaction, clicked: LedgerTurn) -> None:
        """A ledger page button."""

        def show(reply: Reply, shown: LedgerPage, L: Lang) -> None:
            reply.edit(_ledger(shown, L))

        channel_id, reader, mine = channel_of(interaction), interaction.user.id, clicked.mine is not None
        await self._run(
            interaction,
            lambda: self.books.ledger(
                channel_id, clicked.book, clicked.page, clicked.game_id, reader=reader, mine=mine
            ),
            show,
        )

    @app_commands.command(name="log", extras={HELP_SECTION: Section.TURN})
    @app_commands.describe(page="Page number, from the start of the game (the newest if left out).")
    async def log(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] | None = None
    ) -> None:
        """The whole story of this channel's game, turn by turn (only you can see it)."""

        def show(reply: Reply, shown: StoryPage, L: Lang) -> None:
            reply.say(embed=shown.embed, rows=story_rows(shown.game_id, shown.page, shown.pages, L))

        L, channel_id = user_language(interaction), channel_of(interaction)
        await self._run(interaction, lambda: self.stories.page(channel_id, None, page, L), show)

    async def story_page(self, interaction: discord.Interaction, clicked: StoryTurn) -> None:
        """A story page button."""

        def show(reply: Reply, shown: StoryPage, L: Lang) -> None:
            reply.edit(Message(embed=shown.embed, rows=story_rows(shown.game_id, shown.page, shown.pages, L)))

        L, channel_id = user_language(interaction), channel_of(interaction)
        await self._run(
            interaction, lambda: self.stories.page(channel_id, clicked.game_id, clicked.page, L), show
        )


def _ledger(page: LedgerPage, L: Lang) -> Message:
    """A page of the books, with previous / next, a switch to the other book, and for a player a
    switch between their own payments and everyone's."""
    rows = ledger_rows(
        page.game_id, page.book, page.page, page.pages, L, mine=page.mine, player=page.seat is not None
    )
    return Message(embed=words.ledger_embed(page, L), rows=rows)


class LedgerButton(Control[LedgerTurn, BooksCommands]):
    codec = LedgerTurn.codec
    part = BooksCommands

    async def handle(self, cog: BooksCommands, interaction: discord.Interaction) -> None:
        await cog.ledger_page(interaction, self.target)


class StoryButton(Control[StoryTurn, BooksCommands]):
    codec = StoryTurn.codec
    part = BooksCommands

    async def handle(self, cog: BooksCommands, interaction: discord.Interaction) -> None:
        await cog.story_page(interaction, self.target)
