"""The /payday settings panel's controls: its buttons (`SettingsPanelButton`) and its forms of
menus (`PanelForm`), each answered by the settings part of /payday. Their targets stay in
bot/render/components.py: discord.py imports an extension's modules anew each time it loads it, and a
target class defined anew would no longer equal the one the registry of targets holds."""

import discord

from bot.features.settings.cog import SettingsCommands
from bot.render.components import SettingsButton, SettingsForm
from cogs.payday import Control, Form


class SettingsPanelButton(Control[SettingsButton, SettingsCommands]):
    """A button of the panel: a switch, a form to open, or another edition's house rules."""

    codec = SettingsButton.codec
    part = SettingsCommands

    async def handle(self, cog: SettingsCommands, interaction: discord.Interaction) -> None:
        await cog.settings_click(interaction, self.target)


class PanelForm(Form[SettingsForm, SettingsCommands]):
    """A form of the /payday settings panel submitted: its menus as chosen."""

    codec = SettingsForm.codec
    part = SettingsCommands

    async def handle(self, cog: SettingsCommands, interaction: discord.Interaction) -> None:
        await cog.settings_submit(interaction, self.target, self.fields)
