"""The hand panel: /payday hand and My hand, the standing-orders menu, Borrow… / Repay… and their
form, and Refresh.

The form (a modal) is never kept in memory: it is sent already stopped, and its answer is routed by
its custom_id (`MoneyForm` below, through cogs/payday/_forms.py), so a form opened before a restart is
answered the same.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord
from discord import app_commands

from bot.game.actions import ActionKind
from bot.game.hand import hand as hand_facts
from bot.render import hand_view
from bot.render.components import InGame, Message, OpenForm, OpenHand, RefreshHand, SetOrders, SubmitForm
from bot.render.custom_ids import custom_id
from bot.render.embeds import safe
from bot.render.language.hand import hand_panel
from bot.render.language.i18n import Lang
from bot.render.notes import note_text
from bot.render.numbers import Unit, Unread, read_whole
from bot.service import HandView, Move, Refused, ServiceCode, Update
from bot.table import Table
from cogs.payday._base import Answering, channel_of, person, same_channel, user_language
from cogs.payday._forms import Form
from cogs.payday.live import LiveMessage, Reply

log = logging.getLogger(__name__)

AMOUNT_FIELD = "amount"
"""The custom_id of the form's one text field."""
AMOUNT_LENGTH = 20
"""Room for the largest loan written with its cents, "1.000.000,00 $"."""


class HandPanel(Answering):
    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, your next Pay Day and your standing orders (only you see it)."""
        channel_id = channel_of(interaction)
        await self._run(
            interaction,
            lambda: self.service.looks.hand(channel_id, person(interaction)),
            self._show_panel(interaction, channel_id),
        )

    async def hand_click(self, interaction: discord.Interaction, clicked: OpenHand) -> None:
        """My hand: the player's private panel, with their standing orders and the money buttons."""
        call = self._hand_of(interaction, clicked.channel_id, clicked.game_id)
        await self._run(interaction, call, self._show_panel(interaction, clicked.channel_id))

    async def hand_refresh(self, interaction: discord.Interaction, clicked: RefreshHand) -> None:
        """Refresh: the panel edited in place with the hand as it is now; the line a loan or repayment
        left above it is about the past, so it goes. Refused, the panel stays as it was."""
        call = self._hand_of(interaction, clicked.channel_id, clicked.game_id)
        await self._run(interaction, call, self._show_panel(interaction, clicked.channel_id, edit=True))

    def _hand_of(
        self, interaction: discord.Interaction, channel_id: int, game_id: int
    ) -> Callable[[], Awaitable[HandView]]:
        """The use case behind a panel's buttons: the clicking player's hand in that channel's game."""

        async def call() -> HandView:
            same_channel(interaction, channel_id)
            return await self.service.looks.hand(channel_id, person(interaction), game_id)

        return call

    async def orders_click(
        self, interaction: discord.Interaction, clicked: SetOrders, values: tuple[str, ...]
    ) -> None:
        """The standing-orders menu closed: its ticked options are the player's orders now. They
        answer at once whatever they cover; the panel shows them."""
        channel_id, game_id = clicked.channel_id, clicked.game_id

        async def call() -> Update:
            same_channel(interaction, channel_id)
            chosen = hand_view.chosen_orders(values)
            if chosen is None:
                raise Refused(ServiceCode.ONE_LOTTERY_ORDER)
            return await self.service.playing.set_orders(channel_id, person(interaction), chosen, game_id)

        def show(reply: Reply, update: Update, L: Lang) -> None:
            reply.edit(self._panel_after(update, interaction, clicked, L))

        await self._run(interaction, call, show)

    async def money_form(self, interaction: discord.Interaction, clicked: OpenForm) -> None:
        """Borrow… / Repay…: the form for the exact amount (for a seated player of this game)."""

        def show(reply: Reply, view: HandView, L: Lang) -> None:
            assert view.table.state is not None, "a hand is read from a running game"
            reply.form(_money_form(clicked, view, L))

        await self._run(interaction, self._hand_of(interaction, clicked.channel_id, clicked.game_id), show)

    async def money_submit(self, interaction: discord.Interaction, form: SubmitForm, typed: str) -> None:
        """The amount typed in the form, read in the player's language, through the same engine
        checks as /payday loan and /payday repay: done, the panel shows the hand after it; refused,
        one line says why. Text that is no whole amount is refused with the steps and the most the
        player may borrow or repay now, read from their hand."""
        channel_id, game_id = form.channel_id, form.game_id

        async def call() -> Update:
            same_channel(interaction, channel_id)
            player = person(interaction)
            try:
                dollars = read_whole(typed, user_language(interaction).code, Unit.DOLLARS)
            except Unread as unread:
                log.info(
                    "amount unread",
                    extra={"channel": channel_id, "game": game_id, "action": form.kind, "why": unread.why},
                )
                view = await self.service.looks.hand(channel_id, player, game_id)
                raise _no_amount(form.kind, view) from None
            return await self.service.playing.act(
                channel_id, player, Move(form.kind, dollars, game_id=game_id)
            )

        def show(reply: Reply, update: Update, L: Lang) -> None:
            said = update.answer.said
            done = None if said is None or update.loaded is None else note_text(said, L, update.loaded.table)
            panel = self._panel_after(update, interaction, form, L)
            if interaction.message is None:  # a form not opened from a panel message
                reply.say(done, embed=panel.embed, rows=panel.rows)
            else:
                reply.edit(Message(done, panel.embed, panel.rows), text=True)

        await self._run(interaction, call, show)

    def _panel_after(
        self, update: Update, interaction: discord.Interaction, control: InGame, L: Lang
    ) -> Message:
        """The clicking player's panel as the change left it, read now (and kept open)."""
        panel = panel_after(update, interaction.user.id, control, L, self.service.now())
        assert panel is not None, "the service accepted the change from a seated player"
        keep_open(self.live, interaction, update, control, L, self.service.now)
        return panel

    def _show_panel(
        self, interaction: discord.Interaction, channel_id: int, *, edit: bool = False
    ) -> Callable[[Reply, HandView, Lang], None]:
        """How a use case's `HandView` is answered: the panel in a new private reply, or (`edit`) in
        place of the panel clicked, without the line an earlier answer left above it; either way
        kept open, so the player's next questions come to it."""

        def show(reply: Reply, view: HandView, L: Lang) -> None:
            panel = _panel(view.table, view.seat, view.game_id, channel_id, L, view.taken)
            if edit:
                reply.edit(panel, text=True)
            else:
                reply.say(embed=panel.embed, rows=panel.rows)
            opened(
                self.live, interaction, channel_id, view.game_id, view.seat, view.table, L, self.service.now
            )

        return show


def panel_after(update: Update, user_id: int, control: InGame, L: Lang, now: datetime) -> Message | None:
    """The panel of player `user_id` as a change left it, read `now` (None: not seated)."""
    assert update.loaded is not None, "a change to a player's hand is saved with its table"
    table = update.loaded.table
    seat = table.seat_of(user_id)
    if seat is None or table.state is None:
        return None
    return _panel(table, seat, control.game_id, control.channel_id, L, now)


def keep_open(
    live: LiveMessage,
    interaction: discord.Interaction,
    update: Update,
    control: InGame,
    L: Lang,
    now: Callable[[], datetime],
) -> None:
    """The clicking player's panel, just shown again as `update` left it, stays open: their next
    questions come to it (cogs/payday/live/_panels.py)."""
    assert update.loaded is not None, "a panel is shown from a saved change"
    table = update.loaded.table
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        return
    opened(live, interaction, control.channel_id, control.game_id, seat, table, L, now)


def opened(
    live: LiveMessage,
    interaction: discord.Interaction,
    channel_id: int,
    game_id: int,
    seat: int,
    table: Table,
    L: Lang,
    now: Callable[[], datetime],
) -> None:
    """`interaction` was answered with `seat`'s panel of `table`: it is kept up from now on, drawn
    again as each question arrives, in the same reader's language."""

    def render(later: Table) -> Message:
        return _panel(later, seat, game_id, channel_id, L, now())

    live.panels.opened(interaction, channel_id, game_id, seat, table, render)


def _panel(table: Table, seat: int, game_id: int, channel_id: int, L: Lang, taken: datetime) -> Message:
    """The hand panel of `seat`, as read at `taken`, in the reader's language; while the game asks
    `seat`, with the question and its answer buttons at its foot."""
    assert table.state is not None, "a hand panel shows a running game"
    orders = table.seats[seat].orders
    panel = hand_panel(table.state, seat, safe(table.seats[seat].name), orders, L)
    embed = hand_view.panel_embed(panel, taken, L)
    rows = hand_view.panel_rows(channel_id, game_id, seat, orders, table.state.players[seat].loan, L)
    return Message(
        embed=embed, rows=hand_view.with_question(embed, rows, table, seat, channel_id, game_id, L)
    )


def _money_form(clicked: OpenForm, view: HandView, L: Lang) -> discord.ui.Modal:
    """The form asking how much to borrow or repay, its field in a Label whose description says the
    step and the limits; stopped before it is sent, so discord.py keeps no copy: `MoneyForm` reads
    the answer by its custom_id."""
    assert view.table.state is not None, "a hand is read from a running game"
    facts = hand_facts(view.table.state, view.seat)
    most = facts.loan_room if clicked.kind == ActionKind.LOAN else facts.repay_now
    loan = view.table.state.players[view.seat].loan
    words = hand_view.form_words(clicked.kind, facts.loan_step, loan, most, L)
    target = SubmitForm(clicked.channel_id, clicked.game_id, clicked.kind)
    modal = discord.ui.Modal(title=words.title, custom_id=custom_id(target), timeout=None)
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=AMOUNT_FIELD, placeholder=words.example, min_length=1, max_length=AMOUNT_LENGTH
    )
    modal.add_item(discord.ui.Label(text=words.label, description=words.limits, component=field))
    modal.stop()
    return modal


def _no_amount(kind: str, view: HandView) -> Refused:
    """The refusal of a form's text that is no whole amount: the loan step, and the most a loan may
    add or a repayment may take now (the engine's own limits, which check any amount read)."""
    assert view.table.state is not None, "a hand is read from a running game"
    facts = hand_facts(view.table.state, view.seat)
    most = facts.loan_room if kind == ActionKind.LOAN else facts.repay_now
    return Refused(ServiceCode.NO_AMOUNT, step=facts.loan_step, most=most)


class MoneyForm(Form[SubmitForm, HandPanel]):
    """Borrow… / Repay…'s form submitted: the amount typed."""

    codec = SubmitForm.codec
    part = HandPanel

    async def handle(self, cog: HandPanel, interaction: discord.Interaction) -> None:
        await cog.money_submit(interaction, self.target, self.fields.get(AMOUNT_FIELD, ""))
