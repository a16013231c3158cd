"""Playing: the live message's answers, the Bank's slash commands and /payday status."""

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.game.actions import ActionKind
from bot.render.components import AnswerChoice, Message
from bot.render.language.i18n import Lang
from bot.render.notes import note_text
from bot.service import Move, Show, Update
from cogs.payday._base import Answering, channel_of, person, same_channel
from cogs.payday._hand import keep_open, panel_after
from cogs.payday.live import Reply

MAX_AMOUNT = 10_000_000


class Play(Answering):
    async def game_click(self, interaction: discord.Interaction, clicked: AnswerChoice) -> None:
        """A game button: answer the question it was made for. On the hand panel (a private
        message showing the player's question, `hand_view.with_question`), the panel is then shown
        as the answer left it, and the worker brings the live message up to date."""
        message = interaction.message
        move = Move(
            clicked.kind,
            clicked.value,
            clicked.prompt,
            clicked.game_id,
            None if message is None else message.id,
        )
        if message is None or not message.flags.ephemeral:
            await self._act(interaction, clicked.channel_id, move)
            return

        def show(reply: Reply, update: Update, L: Lang) -> None:
            self._show(reply, update, L)
            panel = (
                None
                if update.loaded is None
                else panel_after(update, interaction.user.id, clicked, L, self.service.now())
            )
            if update.answer.show is Show.BOARD and panel is not None:
                said = update.answer.said
                done = (
                    None if said is None or update.loaded is None else note_text(said, L, update.loaded.table)
                )
                reply.edit(Message(done, panel.embed, panel.rows), text=True)
                keep_open(self.live, interaction, update, clicked, L, self.service.now)

        await self._run(interaction, self._moving(interaction, clicked.channel_id, move), show)

    @app_commands.command(name="loan")
    @app_commands.describe(amount="Dollars to borrow, in $1,000 steps ($100 in the classic edition).")
    async def loan(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Borrow from the Bank, at any time, in $1,000 steps ($100 in classic); interest each Pay Day."""
        await self._act(interaction, channel_of(interaction), Move(ActionKind.LOAN, amount))

    @app_commands.command(name="repay")
    @app_commands.describe(amount="Dollars to repay, in $1,000 steps ($100 in the classic edition).")
    async def repay(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, MAX_AMOUNT]
    ) -> None:
        """Pay back part of your loan, in $1,000 steps, when the rules allow (your Pay Day)."""
        await self._act(interaction, channel_of(interaction), Move(ActionKind.REPAY, amount))

    savings = app_commands.Group(
        name="savings", description="Classic edition: your savings account, 10% interest each Pay Day."
    )
    """deposit and withdraw, one account's two moves under one name (and one of /payday's 25 places)."""

    @savings.command(name="deposit")
    @app_commands.describe(amount="Dollars to put in savings, in $100 steps.")
    async def deposit(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: put cash in savings (10% a Pay Day), in $100 steps, at your Pay Day."""
        await self._act(interaction, channel_of(interaction), Move(ActionKind.DEPOSIT, amount))

    @savings.command(name="withdraw")
    @app_commands.describe(amount="Dollars to take out of savings, in $100 steps or the whole balance.")
    async def withdraw(
        self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, MAX_AMOUNT]
    ) -> None:
        """Classic edition: take savings out, free at your Pay Day, for a $50 fee at any other time."""
        await self._act(interaction, channel_of(interaction), Move(ActionKind.WITHDRAW, amount))

    async def _act(self, interaction: discord.Interaction, channel_id: int, move: Move) -> None:
        await self._run(interaction, self._moving(interaction, channel_id, move), self._show)

    def _moving(
        self, interaction: discord.Interaction, channel_id: int, move: Move
    ) -> Callable[[], Awaitable[Update]]:
        async def call() -> Update:
            same_channel(interaction, channel_id)
            return await self.service.playing.act(channel_id, person(interaction), move)

        return call

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Show the game here again at the bottom of the channel, with its buttons.

        Once a game runs, only seated players move the live message and anyone else gets a private
        look, so onlookers can't flood the channel; an open lobby is reposted for anyone, to join.
        """
        channel_id = channel_of(interaction)

        async def call() -> Update:
            return await self.service.looks.status(channel_id, person(interaction))

        answered = await self._run(interaction, call, self._show, public=True)
        reply, update = answered
        if (
            update is None
            or update.answer.show is not Show.POST
            or update.loaded is None
            or reply.posted is None
        ):
            return
        shown = update.loaded
        loaded = await self.service.looks.moved(shown, reply.posted)
        old = shown.table.message_id
        if loaded is not None and old is not None:
            await self.live.strip_buttons(channel_id, old)
