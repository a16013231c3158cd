"""The hand panel on Discord, as data: the private panel My hand opens (an embed of
`bot.render.language.hand.Panel`, saying when it was read), its standing-orders menu, Borrow…, Repay… (which
open a form for the exact amount) and Refresh (the hand as it is now).
"""

from dataclasses import dataclass
from datetime import datetime

import discord

from bot.game.actions import ActionKind
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.orders import LotteryOrder, Orders, favourite
from bot.render.components import Button, OpenForm, Option, RefreshHand, Rows, Select, SetOrders, game_rows
from bot.render.embeds import GOLD, question_embed
from bot.render.language.hand import Panel
from bot.render.language.i18n import Lang
from bot.render.prompts.answers import choices
from bot.render.prompts.layout import MAX_ROWS
from bot.table import Table

ROLL, TABLE, NEVER, ANTE = "roll", "table", "never", "ante"
"""Option values of the orders menu: `ante` is followed by the number, "ante4"."""
REFRESH_EMOJI = "🔄"


def panel_embed(panel: Panel, taken: datetime, L: Lang) -> discord.Embed:
    """The panel as an embed; its description ends with when it was `taken`."""
    description = f"{panel.summary}\n{taken_line(taken, L)}"
    embed = discord.Embed(title=panel.title, description=description, colour=GOLD)
    for heading, text in panel.sections:
        embed.add_field(name=heading, value=text, inline=False)
    return embed


def with_question(
    embed: discord.Embed, rows: Rows, table: Table, seat: int, channel_id: int, game_id: int, L: Lang
) -> Rows:
    """The panel of a player the game asks now, with their question and its answer buttons at its
    foot, where a phone shows it (Discord keeps a private message at the foot of the screen, the
    live message above it): the question as the embed's last field, the live message's own answer
    buttons (the same custom_ids: a click here is the same click) above the panel's controls. The
    `rows` of a player not asked (or asked only through the computer) are returned unchanged. An
    answer the panel has already ("Other amount…" is its Repay…) is not shown twice."""
    state = table.game
    asked = state.pending
    computers = table.computers()
    if state.over or asked is None or seat not in asked.seats or seat in computers:
        return rows
    answers = choices(state, L, computers)
    if not answers:
        return rows
    question = question_embed(table, L).description or ""
    embed.add_field(name=L._("❓ Your move"), value=question[:1024], inline=False)
    paused, hint = table.paused is not None, table.hints is True
    laid = game_rows(channel_id, game_id, state.prompt, answers, L, paused=paused, hand=False, hint=hint)
    own = {item.target for row in rows if isinstance(row, tuple) for item in row}
    kept = [tuple(b for b in row if b.target not in own) if isinstance(row, tuple) else row for row in laid]
    return (*[row for row in kept if row][:MAX_ROWS], *rows)


def taken_line(taken: datetime, L: Lang) -> str:
    """When the panel was read, as a Discord timestamp: each reader's client writes it in their own
    time zone and language and keeps it counting ("2 minutes ago"), so a panel left open beside the
    board shows that it is old."""
    return L._("🕒 As of {when}", when=discord.utils.format_dt(taken, "R"))


def panel_rows(channel_id: int, game_id: int, seat: int, orders: Orders, loan: int, L: Lang) -> Rows:
    """The standing-orders menu, then Borrow…, Repay… and Refresh. Repay… is greyed out while the
    player owes nothing (`loan`), rather than open a form whose every amount is refused."""
    options = orders_options(orders, seat, L)
    menu = Select(
        SetOrders(channel_id, game_id),
        options,
        L._("Standing orders: choose any"),
        min_values=0,
        max_values=len(options),
    )
    buttons = (
        Button(L._("Borrow…"), OpenForm(channel_id, game_id, ActionKind.LOAN), discord.ButtonStyle.primary),
        Button(
            L._("Repay…"),
            OpenForm(channel_id, game_id, ActionKind.REPAY),
            discord.ButtonStyle.success,
            disabled=not loan,
        ),
        Button(L._("Refresh"), RefreshHand(channel_id, game_id), emoji=REFRESH_EMOJI),
    )
    return (menu, buttons)


def orders_options(orders: Orders, seat: int, L: Lang) -> tuple[Option, ...]:
    """Roll my turns, roll the table's rolls, ante on one of the six numbers, or never ante; the
    orders in force are ticked."""
    always = orders.lottery == LotteryOrder.ALWAYS
    number = favourite(orders, seat)
    return (
        Option(L._("Roll my turns for me"), ROLL, emoji="🎲", default=orders.roll),
        Option(L._("Roll for me: Radio, Walk, roll-offs"), TABLE, emoji="📻", default=orders.table_rolls),
        *(
            Option(
                L._("Lottery: always ante on {number}", number=n),
                f"{ANTE}{n}",
                emoji="🎟️",
                default=always and n == number,
            )
            for n in LOTTERY_NUMBERS
        ),
        Option(L._("Lottery: never ante"), NEVER, emoji="🚫", default=orders.lottery == LotteryOrder.NEVER),
    )


def chosen_orders(values: tuple[str, ...]) -> Orders | None:
    """The orders a closed menu says; None when it says two Lottery orders at once (or an option
    the menu never had: the payload is the client's)."""
    known = {ROLL, TABLE, NEVER, *(f"{ANTE}{n}" for n in LOTTERY_NUMBERS)}
    if not set(values) <= known:
        return None
    lottery = [value for value in values if value == NEVER or value.startswith(ANTE)]
    if len(lottery) > 1:
        return None
    if not lottery:
        return Orders(roll=ROLL in values, table_rolls=TABLE in values)
    if lottery[0] == NEVER:
        return Orders(roll=ROLL in values, table_rolls=TABLE in values, lottery=LotteryOrder.NEVER)
    number = int(lottery[0].removeprefix(ANTE))
    return Orders(ROLL in values, TABLE in values, LotteryOrder.ALWAYS, number)


@dataclass(frozen=True, slots=True)
class FormWords:
    """What the loan or repayment form says: its title, its field's label, the label's description
    (the step and the limits) and an example amount."""

    title: str
    label: str
    limits: str
    example: str


def form_words(kind: str, step: int, loan: int, most: int, L: Lang) -> FormWords:
    """The form asking how much to borrow or repay, in steps of `step`, with what the player owes
    (`loan`) and the most the amount may be now (`most`); its example written as the reader's
    language writes numbers (Discord's limits: a title and a label of 45 characters, a description
    of 100)."""
    money = {"step": L.money(step), "loan": L.money(loan), "most": L.money(most)}
    if kind == ActionKind.LOAN:
        title, label = L._("Borrow from the Bank"), L._("Amount to borrow")
        limits = (
            L._("In {step} steps, up to {most}; you owe {loan}.", **money)
            if loan
            else L._("In {step} steps, up to {most}; you owe nothing.", **money)
        )
    else:
        title, label = L._("Repay your loan"), L._("Amount to repay")
        limits = L._("In {step} steps; you owe {loan} and can repay up to {most} now.", **money)
    return FormWords(title[:45], label[:45], limits[:100], L.number(step * 2))
