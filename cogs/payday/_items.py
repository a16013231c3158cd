"""Every button and menu of the bot as a DynamicItem: each matches the custom_ids of its target's
codec (bot/render/custom_ids.py), reads its target back from the one clicked, and hands it to the
cog's handler for that kind of click. Defining a control's class registers it (`CONTROLS`, all
added to the bot at start-up); a prefix another control has is refused. No view is kept for any
message, so the buttons of messages sent before a restart work the same.
"""

import re
from typing import Any, Generic, Self, TypeVar

import discord
from discord.ext import commands

from bot.render import components
from bot.render.custom_ids import Codec, claim
from bot.render.help import HelpTurn
from bot.render.numbers import option_number
from cogs.payday._base import part_of, run_click
from cogs.payday._cog import Payday

T = TypeVar("T")
CogT = TypeVar("CogT", bound=commands.Cog)
NO_CUSTOM_ID = r"(?!)"
"""The template of `Control` itself, which no custom_id matches; each control's is its codec's."""


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], Generic[T, CogT], template=NO_CUSTOM_ID):
    """What every control does on a click: read its target from the custom_id clicked (`codec`),
    find the cog it belongs to (`part`: the /payday cog, or a feature's part) and call the handler
    of its kind (`handle`); a crash in the handler still gets the player a sentence."""

    codec: Codec[T]
    part: type[CogT]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__(template=cls.codec.template)
        claim(CONTROLS, cls.codec.prefix, cls, "control")

    def __init__(self, item: discord.ui.Item[Any], target: T) -> None:
        super().__init__(item)
        self.target = target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(item, cls.codec.parse(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_click(interaction, self._routed(interaction), self.target)

    async def _routed(self, interaction: discord.Interaction) -> None:
        await self.handle(part_of(interaction, self.part), interaction)

    async def handle(self, cog: CogT, interaction: discord.Interaction) -> None:
        raise NotImplementedError


CONTROLS: dict[str, type[Control[Any, Any]]] = {}
"""Every control, by its codec's prefix: added to the bot with the cog it belongs to."""


def controls_of(part: type[commands.Cog]) -> list[type[Control[Any, Any]]]:
    """The controls whose clicks `part` answers."""
    return [control for control in CONTROLS.values() if control.part is part]


def chosen(menu: discord.ui.Item[Any]) -> tuple[str, ...]:
    """The options chosen in the menu clicked, as the click says (discord.py reads them into the
    menu before the callback)."""
    assert isinstance(menu, discord.ui.Select), "a menu's custom_id is only ever matched on a select menu"
    return tuple(str(value) for value in menu.values)


class AnswerButton(Control[components.AnswerChoice, Payday]):
    codec = components.AnswerChoice.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.game_click(interaction, self.target)


class AnswerSelect(Control[components.AnswerMenu, Payday]):
    codec = components.AnswerMenu.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        picked = chosen(self.item) or ("",)
        # Option values are ours, but the payload is not: anything else is a choice the game refuses.
        value = option_number(picked[0])
        await cog.game_click(interaction, self.target.chosen(-1 if value is None else value))


class LobbyButton(Control[components.LobbyAction, Payday]):
    codec = components.LobbyAction.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.lobby_click(interaction, self.target)


class ComputerMenu(Control[components.AddComputer, Payday]):
    codec = components.AddComputer.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.computer_click(interaction, self.target, chosen(self.item))


class RematchButton(Control[components.Rematch, Payday]):
    codec = components.Rematch.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.rematch_click(interaction, self.target)


class HandButton(Control[components.OpenHand, Payday]):
    codec = components.OpenHand.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.hand_click(interaction, self.target)


class OrdersMenu(Control[components.SetOrders, Payday]):
    codec = components.SetOrders.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.orders_click(interaction, self.target, chosen(self.item))


class MoneyButton(Control[components.OpenForm, Payday]):
    codec = components.OpenForm.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.money_form(interaction, self.target)


class RefreshButton(Control[components.RefreshHand, Payday]):
    codec = components.RefreshHand.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.hand_refresh(interaction, self.target)


class EndButton(Control[components.EndGame, Payday]):
    codec = components.EndGame.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.end_click(interaction, self.target)


class KeepPlayingButton(Control[components.KeepPlaying, Payday]):
    codec = components.KeepPlaying.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.keep_playing(interaction)


class EditHouseButton(Control[components.EditHouse, Payday]):
    codec = components.EditHouse.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.lobby_house(interaction, self.target)


class HouseRuleSelect(Control[components.HouseMenu, Payday]):
    codec = components.HouseMenu.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.house_chosen(interaction, self.target, (chosen(self.item) or ("",))[0])


class HouseResetButton(Control[components.HouseReset, Payday]):
    codec = components.HouseReset.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.house_reset(interaction, self.target)


class HelpMenu(Control[HelpTurn, Payday]):
    codec = HelpTurn.codec
    part = Payday

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.help_section(interaction, (chosen(self.item) or ("",))[0])
