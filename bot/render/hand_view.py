"""The hand panel on Discord: the My hand button of the live message, the private panel it opens
(an embed of `bot.render.hand.Panel`, saying when it was read), the standing-orders menu, Borrow /
Repay, which open a form for the exact amount, and Refresh, which shows the hand as it is now.

Every control is a DynamicItem whose custom_id says everything, so a panel opened before a restart
keeps working. The form (a modal) is never kept in memory either: it is sent already stopped and
its answer is read by the cog's `on_interaction` by custom_id (discord.py only routes a submitted
form to a modal object it still holds).

custom_id layouts:
  pdh:<channel>:<game>                 My hand, on the live message
  pdo:<channel>:<game>                 the standing-orders menu (the chosen options are the orders)
  pdb:<channel>:<game>:<loan|repay>    Borrow / Repay: open the form
  pdx:<channel>:<game>:<loan|repay>    the form itself; its one text field is `amount`
  pdr:<channel>:<game>                 Refresh: the panel, edited in place with the current hand
"""

import re
from datetime import datetime

import discord

from bot.game.actions import ActionKind
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.orders import LotteryOrder, Orders, favourite
from bot.render.components import _route, button_payload
from bot.render.embeds import GOLD
from bot.render.hand import Panel
from bot.render.i18n import Lang

MONEY_KINDS = (ActionKind.LOAN, ActionKind.REPAY)
FORM = re.compile(r"pdx:(?P<channel>\d{1,20}):(?P<game>\d{1,12}):(?P<kind>loan|repay)")
AMOUNT_FIELD = "amount"
ROLL, TABLE, NEVER, ANTE = "roll", "table", "never", "ante"
"""Option values of the orders menu: `ante` is followed by the number, "ante4"."""
HAND_EMOJI = "🃏"
REFRESH_EMOJI = "🔄"


class _GameButton:
    """Mixed into a DynamicItem button: a grey button whose custom_id is `<prefix>:<channel>:<game>`
    and whose click goes to the cog's handler `route`; subclasses give the template, the prefix,
    the emoji and the label."""

    prefix = route = emoji = label = ""

    def __init__(self, channel_id: int, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or self.label,
                emoji=self.emoji,
                style=discord.ButtonStyle.secondary,
                custom_id=f"{self.prefix}:{channel_id}:{game_id}",
            )
        )
        self.channel_id, self.game_id = channel_id, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "_GameButton":
        return cls(int(match["channel"]), int(match["game"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, self.route, self.channel_id, self.game_id)


class HandButton(
    _GameButton,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pdh:(?P<channel>\d{1,20}):(?P<game>\d{1,12})",
):
    """My hand: the clicking player's private panel."""

    prefix, route, emoji, label = "pdh", "hand_click", HAND_EMOJI, "My hand"


class OrdersMenu(
    discord.ui.DynamicItem[discord.ui.Select], template=r"pdo:(?P<channel>\d{1,20}):(?P<game>\d{1,12})"
):
    """The standing orders as one menu: whatever is ticked when it closes is the new set."""

    def __init__(
        self, channel_id: int, game_id: int, options: list[discord.SelectOption] | None = None, placeholder=""
    ) -> None:
        options = options or [discord.SelectOption(label=ROLL, value=ROLL)]
        super().__init__(
            discord.ui.Select(
                custom_id=f"pdo:{channel_id}:{game_id}",
                placeholder=placeholder or None,
                min_values=0,
                max_values=len(options),
                options=options,
            )
        )
        self.channel_id, self.game_id = channel_id, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> "OrdersMenu":
        return cls(int(match["channel"]), int(match["game"]), list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = tuple(str(value) for value in (interaction.data or {}).get("values") or ())
        await _route(interaction, "orders_click", self.channel_id, self.game_id, chosen)


class MoneyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pdb:(?P<channel>\d{1,20}):(?P<game>\d{1,12}):(?P<kind>loan|repay)",
):
    """Borrow… / Repay…: opens the form for the exact amount."""

    def __init__(self, channel_id: int, game_id: int, kind: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if kind == ActionKind.LOAN else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(
                label=label or kind, style=style, custom_id=f"pdb:{channel_id}:{game_id}:{kind}"
            )
        )
        self.channel_id, self.game_id, self.kind = channel_id, game_id, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> "MoneyButton":
        return cls(int(match["channel"]), int(match["game"]), match["kind"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _route(interaction, "money_form", self.channel_id, self.game_id, self.kind)


class RefreshButton(
    _GameButton,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pdr:(?P<channel>\d{1,20}):(?P<game>\d{1,12})",
):
    """Refresh: the same panel, edited in place with the hand as it is now."""

    prefix, route, emoji, label = "pdr", "hand_refresh", REFRESH_EMOJI, "Refresh"


HAND_ITEMS = (HandButton, OrdersMenu, MoneyButton, RefreshButton)


def hand_button(channel_id: int, game_id: int, L: Lang) -> dict:
    """My hand on the live message, as its payload (see `components.AnswerView`); a click on it is
    a `HandButton`."""
    return button_payload(
        f"{HandButton.prefix}:{channel_id}:{game_id}",
        L._("My hand"),
        discord.ButtonStyle.secondary,
        HandButton.emoji,
    )


def panel_embed(panel: Panel, taken: datetime, L: Lang) -> discord.Embed:
    """The panel as an embed; its description ends with when it was `taken`."""
    description = f"{panel.summary}\n{taken_line(taken, L)}"
    embed = discord.Embed(title=panel.title, description=description, colour=GOLD)
    for heading, text in panel.sections:
        embed.add_field(name=heading, value=text, inline=False)
    return embed


def taken_line(taken: datetime, L: Lang) -> str:
    """When the panel was read, as a Discord timestamp: each reader's client writes it in their own
    time zone and language and keeps it counting ("2 minutes ago"), so a panel left open beside the
    board shows that it is old."""
    return L._("🕒 As of {when}", when=discord.utils.format_dt(taken, "R"))


def panel_view(channel_id: int, game_id: int, seat: int, orders: Orders, L: Lang) -> discord.ui.View:
    """The standing-orders menu, then Borrow…, Repay… and Refresh."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        OrdersMenu(channel_id, game_id, orders_options(orders, seat, L), L._("Standing orders: choose any"))
    )
    view.add_item(MoneyButton(channel_id, game_id, ActionKind.LOAN, L._("Borrow…")))
    view.add_item(MoneyButton(channel_id, game_id, ActionKind.REPAY, L._("Repay…")))
    view.add_item(RefreshButton(channel_id, game_id, L._("Refresh")))
    return view


def orders_options(orders: Orders, seat: int, L: Lang) -> list[discord.SelectOption]:
    """Roll my turns, roll the table's rolls, ante on one of the six numbers, or never ante; the
    orders in force are ticked."""
    always = orders.lottery == LotteryOrder.ALWAYS
    number = favourite(orders, seat)
    return [
        discord.SelectOption(label=L._("Roll my turns for me"), value=ROLL, emoji="🎲", default=orders.roll),
        discord.SelectOption(
            label=L._("Roll for me: Radio, Walk, roll-offs"),
            value=TABLE,
            emoji="📻",
            default=orders.table_rolls,
        ),
        *(
            discord.SelectOption(
                label=L._("Lottery: always ante on {number}", number=n),
                value=f"{ANTE}{n}",
                emoji="🎟️",
                default=always and n == number,
            )
            for n in LOTTERY_NUMBERS
        ),
        discord.SelectOption(
            label=L._("Lottery: never ante"),
            value=NEVER,
            emoji="🚫",
            default=orders.lottery == LotteryOrder.NEVER,
        ),
    ]


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


def money_form(channel_id: int, game_id: int, kind: str, step: int, L: Lang) -> discord.ui.Modal:
    """The form asking how much to borrow or repay; stopped before it is sent, so discord.py keeps
    no copy: the cog reads the answer by its custom_id (see the module's docstring)."""
    title = L._("Borrow from the Bank") if kind == ActionKind.LOAN else L._("Repay your loan")
    modal = discord.ui.Modal(title=title[:45], custom_id=f"pdx:{channel_id}:{game_id}:{kind}", timeout=None)
    modal.add_item(
        discord.ui.TextInput(
            label=L._("Amount, in steps of {step}", step=L.money(step))[:45],
            custom_id=AMOUNT_FIELD,
            placeholder=str(step * 2),
            min_length=1,
            max_length=12,
        )
    )
    modal.stop()
    return modal


def form_answer(data: dict) -> str:
    """The text typed in a submitted form's amount field ("" if none)."""
    for row in data.get("components") or ():
        for field in [row.get("component") or {}, *(row.get("components") or ())]:
            if field.get("custom_id") == AMOUNT_FIELD:
                return str(field.get("value") or "")
    return ""


def amount(text: str) -> int | None:
    """Dollars from what a player typed: "2000", "$2,000", "2.000 $" (digits only count); None if
    there are none, or too many to be an amount."""
    digits = "".join(c for c in text if c.isdigit())
    return int(digits) if 0 < len(digits) <= 10 else None
