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
from bot.render.numbers import option_number
from cogs.payday._base import run_click
from cogs.payday._cog import Payday

T = TypeVar("T")
NO_CUSTOM_ID = r"(?!)"
"""The template of `Control` itself, which no custom_id matches; each control's is its codec's."""


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], Generic[T], template=NO_CUSTOM_ID):
    """What every control does on a click: read its target from the custom_id clicked (`codec`),
    find the /payday cog and call the handler of its kind (`handle`); a crash in the handler still
    gets the player a sentence."""

    codec: Codec[T]

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
        await self.handle(payday(interaction), interaction)

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        raise NotImplementedError


CONTROLS: dict[str, type[Control[Any]]] = {}
"""Every control, by its codec's prefix: added to the bot when the cog is set up."""


def payday(interaction: discord.Interaction) -> Payday:
    """The /payday cog of the bot the click reached."""
    client = interaction.client
    bots = commands.Bot | commands.AutoShardedBot
    cog = client.get_cog(Payday.__cog_name__) if isinstance(client, bots) else None
    if not isinstance(cog, Payday):
        raise LookupError("the /payday cog is not loaded")
    return cog


def _chosen(menu: discord.ui.Item[Any]) -> tuple[str, ...]:
    """The options chosen in the menu clicked, as the click says (discord.py reads them into the
    menu before the callback)."""
    assert isinstance(menu, discord.ui.Select), "a menu's custom_id is only ever matched on a select menu"
    return tuple(str(value) for value in menu.values)


class AnswerButton(Control[components.AnswerChoice]):
    codec = components.AnswerChoice.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.game_click(interaction, self.target)


class AnswerSelect(Control[components.AnswerMenu]):
    codec = components.AnswerMenu.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        chosen = _chosen(self.item) or ("",)
        # Option values are ours, but the payload is not: anything else is a choice the game refuses.
        value = option_number(chosen[0])
        await cog.game_click(interaction, self.target.chosen(-1 if value is None else value))


class LobbyButton(Control[components.LobbyAction]):
    codec = components.LobbyAction.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.lobby_click(interaction, self.target)


class ComputerMenu(Control[components.AddComputer]):
    codec = components.AddComputer.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.computer_click(interaction, self.target, _chosen(self.item))


class LedgerButton(Control[components.LedgerTurn]):
    codec = components.LedgerTurn.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.ledger_page(interaction, self.target)


class StoryButton(Control[components.StoryTurn]):
    codec = components.StoryTurn.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.story_page(interaction, self.target)


class RematchButton(Control[components.Rematch]):
    codec = components.Rematch.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.rematch_click(interaction, self.target)


class HandButton(Control[components.OpenHand]):
    codec = components.OpenHand.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.hand_click(interaction, self.target)


class OrdersMenu(Control[components.SetOrders]):
    codec = components.SetOrders.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.orders_click(interaction, self.target, _chosen(self.item))


class MoneyButton(Control[components.OpenForm]):
    codec = components.OpenForm.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.money_form(interaction, self.target)


class RefreshButton(Control[components.RefreshHand]):
    codec = components.RefreshHand.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.hand_refresh(interaction, self.target)


class SeatButton(Control[components.SeatVerdict]):
    codec = components.SeatVerdict.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.seat_verdict(interaction, self.target)


class EndButton(Control[components.EndGame]):
    codec = components.EndGame.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.end_click(interaction, self.target)


class KeepPlayingButton(Control[components.KeepPlaying]):
    codec = components.KeepPlaying.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.keep_playing(interaction)


class HistoryButton(Control[components.HistoryTurn]):
    codec = components.HistoryTurn.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.history_page(interaction, self.target)


class LeaderboardButton(Control[components.LeaderboardTurn]):
    codec = components.LeaderboardTurn.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.leaderboard_page(interaction, self.target)


class EditHouseButton(Control[components.EditHouse]):
    codec = components.EditHouse.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.lobby_house(interaction, self.target)


class HouseRuleSelect(Control[components.HouseMenu]):
    codec = components.HouseMenu.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.house_chosen(interaction, self.target, (_chosen(self.item) or ("",))[0])


class HouseResetButton(Control[components.HouseReset]):
    codec = components.HouseReset.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.house_reset(interaction, self.target)


class SettingsPanelButton(Control[components.SettingsButton]):
    codec = components.SettingsButton.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.settings_click(interaction, self.target)


class ReplayButton(Control[components.ReplayTurn]):
    codec = components.ReplayTurn.codec

    async def handle(self, cog: Payday, interaction: discord.Interaction) -> None:
        await cog.replay_step(interaction, self.target)
