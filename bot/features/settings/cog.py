"""/payday settings: the server's defaults for new games, on one private panel, with the house rules
of one edition and their editor (cogs/payday/_house.py: the same editor as the lobby's, whose
server's house rules this part keeps).

Every control is a DynamicItem and every form is routed by its custom_id (`PanelForm`; sent already
stopped, like the hand's money form), so a panel opened before a restart still works. Each click is
checked again by the use cases: a member without Manage Server, or a value no control offers, is
refused in one sentence and changes nothing. A change another admin's (saved meanwhile by another
process) refuses is answered on the panel itself: the settings stored now, under the sentence that
says so. A form of the panel sends back every value it showed, so it carries the settings' version
it showed and is refused the same way if they were saved since (by this process or another): it
never puts back what another admin changed meanwhile. The panel's switches, the editor's menu
options and its number forms carry the value of their one setting or house rule they showed, and
Reset a mark of the house rules it showed: each is refused likewise if what it showed has changed.
"""

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.settings import words
from bot.features.settings.controls import SettingsButton, SettingsForm
from bot.features.settings.service import SettingsChanged, SettingsEditing
from bot.game.house import HouseValue
from bot.game.rulesets import RULESETS
from bot.render.components import (
    SERVER,
    HouseForm,
    HouseMenu,
    HouseOf,
    HouseReset,
    Message,
)
from bot.render.custom_ids import custom_id
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang
from bot.render.refusals import refusal_text
from bot.service import Refused, ServiceCode
from bot.service.reads import HouseView
from bot.service.tables import StoredSettings
from bot.table.settings import ServerSettings
from cogs.payday import Control, FeatureCog, Form, HouseKeeper, keep_house, person
from cogs.payday.live import Reply

log = logging.getLogger(__name__)

Changed = ServerSettings | SettingsChanged
"""A change of the server's settings as the panel shows it: the settings saved, or the refusal that
another admin's change came first, with the settings stored now."""


class SettingsCommands(FeatureCog, HouseKeeper):
    """/payday settings, its panel's clicks and forms, and the server's house rules in the editor."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.editing = SettingsEditing(self.service.core)

    @app_commands.command(name="settings", extras={HELP_SECTION: Section.SERVER})
    # Discord applies default permissions to the /payday group as a whole, not to one subcommand:
    # this states who the command is for; the use cases' check is what holds.
    @app_commands.default_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction) -> None:
        """Choose this server's defaults for new games and its house rules (Manage Server)."""
        guild_id = _guild_of(interaction)

        async def call() -> ServerSettings:
            return await self.editing.settings(guild_id, person(interaction))

        def show(reply: Reply, settings: ServerSettings, L: Lang) -> None:
            panel = self._panel(guild_id, settings, settings.ruleset, L)
            reply.say(embed=panel.embed, rows=panel.rows)
            log.info("settings shown", extra={"channel": interaction.channel_id, "guild": guild_id})

        await self._run(interaction, call, show)

    async def settings_click(self, interaction: discord.Interaction, clicked: SettingsButton) -> None:
        """A switch (switched), a form (opened), or another edition's house rules (shown)."""
        guild_id, action = clicked.guild_id, clicked.action

        async def read() -> StoredSettings:
            _same_server(interaction, guild_id)
            _known_edition(clicked.ruleset)
            return await self.editing.stored(guild_id, person(interaction))

        if action in words.FORMS:

            def open_form(reply: Reply, stored: StoredSettings, L: Lang) -> None:
                reply.form(self._settings_form(clicked, stored, L))

            await self._run(interaction, read, open_form)
            return

        async def call() -> Changed:
            if action in words.SWITCHES:
                _same_server(interaction, guild_id)
                _known_edition(clicked.ruleset)
                shown = None if clicked.shown is None else bool(clicked.shown)
                return await _or_stored(self.editing.flip(guild_id, person(interaction), action, shown))
            stored = await read()
            if action != words.SHOW:
                raise Refused(ServiceCode.BAD_SETTING, setting=action)
            return stored.settings

        await self._run(interaction, call, self._edit_panel(guild_id, clicked.ruleset))

    async def settings_submit(
        self, interaction: discord.Interaction, form: SettingsForm, typed: Mapping[str, str]
    ) -> None:
        """The form's menus as chosen: all saved, or (a value no menu offers) none. It sends back
        every value it showed, so it is saved only over the settings it showed: if another admin
        saved them since, it is refused on the panel, which shows theirs."""

        async def call() -> Changed:
            _same_server(interaction, form.guild_id)
            _known_edition(form.ruleset)
            values = words.form_values(form.form, typed)
            if values is None:
                raise Refused(ServiceCode.BAD_SETTING, setting=form.form)
            return await _or_stored(
                self.editing.change(form.guild_id, person(interaction), values, form.version)
            )

        await self._run(interaction, call, self._edit_panel(form.guild_id, form.ruleset))

    # -- the server's house rules in the editor (a `HouseKeeper`) ---------------------------------
    async def house_of(self, interaction: discord.Interaction, place: HouseOf) -> HouseView:
        _same_server(interaction, place.owner)
        return await self.editing.house(place.owner, person(interaction), place.ref)

    async def turn_house_rule(
        self, interaction: discord.Interaction, place: HouseMenu, key: str, shown: str | None
    ) -> Changed:
        _same_server(interaction, place.owner)
        user = person(interaction)
        return await _or_stored(self.editing.turn_house_rule(place.owner, user, place.ref, key, shown))

    async def set_house_rule(
        self, interaction: discord.Interaction, form: HouseForm, value: HouseValue
    ) -> Changed:
        user = person(interaction)
        return await _or_stored(
            self.editing.set_house_rule(form.owner, user, form.ref, form.key, value, form.shown)
        )

    async def reset_house(self, interaction: discord.Interaction, place: HouseReset) -> Changed:
        user = person(interaction)
        return await _or_stored(self.editing.reset_house(place.owner, user, place.ref, place.shown))

    def show_house(self, reply: Reply, place: HouseOf, result: Any, L: Lang) -> None:
        """The panel again, with the house rules the editor changed."""
        reply.edit(self._changed_panel(place.owner, result, place.ref, L), text=True)

    # -- shared -----------------------------------------------------------------------------------
    def _edit_panel(self, guild_id: int, ruleset: str) -> Callable[[Reply, Changed, Lang], None]:
        def show(reply: Reply, result: Changed, L: Lang) -> None:
            reply.edit(self._changed_panel(guild_id, result, ruleset, L), text=True)

        return show

    def _changed_panel(self, guild_id: int, result: Changed, ruleset: str, L: Lang) -> Message:
        """The panel after a change: the settings saved (and no line above them, which an earlier
        refusal may have left); or the settings stored now under the refusal's sentence, when another
        admin's change was saved first (privately: the panel is the admin's own message)."""
        if isinstance(result, ServerSettings):
            return self._panel(guild_id, result, ruleset, L)
        log.info("refused", extra={"guild": guild_id, "why": result.code})
        panel = self._panel(guild_id, result.stored, ruleset, L)
        return dataclasses.replace(panel, content=refusal_text(result, L))

    def _panel(self, guild_id: int, settings: ServerSettings, ruleset: str, L: Lang) -> Message:
        defaults = self.service.defaults
        bot = words.BotDefaults(defaults.turn_seconds, defaults.interrupt_seconds)
        return words.settings_panel(guild_id, settings, ruleset, bot, L)

    def _settings_form(self, clicked: SettingsButton, stored: StoredSettings, L: Lang) -> discord.ui.Modal:
        """A form of menus, stopped before it is sent: `PanelForm` reads the answer."""
        defaults = self.service.defaults
        bot = words.BotDefaults(defaults.turn_seconds, defaults.interrupt_seconds)
        spec = words.settings_form(clicked.action, stored.settings, bot, L)
        target = SettingsForm(clicked.guild_id, clicked.ruleset, clicked.action, stored.version)
        modal = discord.ui.Modal(title=spec.title, custom_id=custom_id(target), timeout=None)
        for field in spec.fields:
            options = [
                discord.SelectOption(label=o.label, value=o.value, default=o.default) for o in field.options
            ]
            menu: discord.ui.Select[Any] = discord.ui.Select(custom_id=field.setting, options=options)
            modal.add_item(discord.ui.Label(text=field.label, component=menu))
        modal.stop()
        return modal


keep_house(SERVER, SettingsCommands)


async def _or_stored(change: Awaitable[ServerSettings]) -> Changed:
    """The settings `change` saved, or the refusal that carries those stored now, for the panel."""
    try:
        return await change
    except SettingsChanged as refused:
        return refused


def _guild_of(interaction: discord.Interaction) -> int:
    assert interaction.guild_id is not None, "the /payday commands are guild only"
    return interaction.guild_id


def _known_edition(ruleset: str) -> None:
    """The edition a panel's control shows the house rules of: one the bot has (a forged one is
    refused)."""
    if ruleset not in RULESETS:
        raise Refused(ServiceCode.BAD_SETTING, setting="ruleset")


def _same_server(interaction: discord.Interaction, guild_id: int) -> None:
    """A panel's control is answered only in the server it was made for (a forged custom_id)."""
    if interaction.guild_id != guild_id:
        raise Refused(ServiceCode.OTHER_CHANNEL)


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
