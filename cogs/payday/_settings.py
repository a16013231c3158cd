"""/payday settings: the server's defaults for new games, on one private panel; and the house-rules
editor, the same on that panel (a server's house rules per edition) and on the lobby (the host's,
for one game).

Every control is a DynamicItem and every form is routed by its custom_id (`PanelForm`,
`HouseRuleForm`; sent already stopped, like the hand's money form), so a panel opened before a
restart still works. Each click is checked again by the service: a member without Manage Server, a
host's control clicked by someone else, or a value no control offers is refused in one sentence and
changes nothing. A change
another admin's (saved meanwhile by another process) refuses is answered on the panel itself: the
settings stored now, under the sentence that says so. A form of the panel sends back every value it
showed, so it carries the settings' version it showed and is refused the same way if they were
saved since (by this process or another): it never puts back what another admin changed meanwhile.
The panel's switches, the editor's menu options and its number forms carry the value of their
one setting or house rule they showed, and Reset a mark of the house rules it showed: each is
refused likewise if what it showed has changed.
"""

import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.game.house import BY_KEY, HouseKind, HouseValue, limits
from bot.game.rulesets import RULESETS
from bot.render import settings as words
from bot.render.components import (
    LOBBY,
    EditHouse,
    HouseForm,
    HouseMenu,
    HouseOf,
    HouseReset,
    Message,
    SettingsButton,
    SettingsForm,
)
from bot.render.custom_ids import custom_id
from bot.render.i18n import Lang
from bot.render.numbers import Unread
from bot.render.refusals import refusal_text
from bot.service import Refused, ServiceCode, Update
from bot.service.reads import HouseView
from bot.service.servers import SettingsChanged
from bot.service.tables import StoredSettings
from bot.table.settings import ServerSettings, house_written
from cogs.payday._base import Answering, person, same_channel, user_language
from cogs.payday._forms import Form
from cogs.payday.live import Reply

log = logging.getLogger(__name__)

VALUE_FIELD = "value"
"""The custom_id of the house-rule form's one text field."""

Changed = ServerSettings | SettingsChanged
"""A change of the server's settings as the panel shows it: the settings saved, or the refusal that
another admin's change came first, with the settings stored now."""


class SettingsPanel(Answering):
    @app_commands.command(name="settings")
    # Discord applies default permissions to the /payday group as a whole, not to one subcommand:
    # this states who the command is for; the service's check is what holds.
    @app_commands.default_permissions(manage_guild=True)
    async def settings(self, interaction: discord.Interaction) -> None:
        """Choose this server's defaults for new games and its house rules (Manage Server)."""
        guild_id = _guild_of(interaction)

        async def call() -> ServerSettings:
            return await self.service.servers.settings(guild_id, person(interaction))

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
            return await self.service.servers.stored(guild_id, person(interaction))

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
                return await _or_stored(
                    self.service.servers.flip(guild_id, person(interaction), action, shown)
                )
            stored = await read()
            if action != words.SHOW:
                raise Refused(ServiceCode.BAD_SETTING, setting=action)
            return stored.settings

        await self._run(interaction, call, self._edit_panel(guild_id, clicked.ruleset))

    async def lobby_house(self, interaction: discord.Interaction, clicked: EditHouse) -> None:
        """House rules, on the lobby: its host's editor, privately."""
        place = HouseOf.lobby(clicked.channel_id, clicked.game_id)

        async def call() -> HouseView:
            same_channel(interaction, clicked.channel_id)
            return await self.service.lobbies.house_rules(
                clicked.channel_id, person(interaction), clicked.game_id
            )

        def show(reply: Reply, view: HouseView, L: Lang) -> None:
            editor = words.lobby_house_editor(place, view, L)
            reply.say(embed=editor.embed, rows=editor.rows)

        await self._run(interaction, call, show)

    async def house_chosen(self, interaction: discord.Interaction, clicked: HouseMenu, option: str) -> None:
        """A house rule chosen in the editor: a switch is switched at once, a choice moves to its next
        way (both from the value the editor showed: refused if it moved since), a number is asked in
        a form."""
        key, shown = words.chosen_house_rule(option)
        rule = BY_KEY.get(key)
        if rule is not None and rule.kind in (HouseKind.SWITCH, HouseKind.CHOICE):

            async def switch() -> Changed | Update:
                user = person(interaction)
                game_id = _lobby_of(interaction, clicked)
                if game_id is not None:
                    return await self.service.lobbies.turn_house_rule(
                        clicked.owner, user, game_id, key, shown
                    )
                return await _or_stored(
                    self.service.servers.turn_house_rule(clicked.owner, user, clicked.ref, key, shown)
                )

            await self._run(interaction, switch, self._after_house(clicked))
            return

        async def read() -> HouseView:
            view = await self._house_of(interaction, clicked)
            if rule is None:  # a forged option
                raise Refused(ServiceCode.BAD_SETTING, setting=key)
            return view

        def ask(reply: Reply, view: HouseView, L: Lang) -> None:
            reply.form(_house_form(clicked, view, key, L))

        await self._run(interaction, read, ask)

    async def house_reset(self, interaction: discord.Interaction, clicked: HouseReset) -> None:
        """Reset: the edition's own rules again, in place of those the editor showed (refused if they
        changed since)."""

        async def call() -> Changed | Update:
            await self._house_of(interaction, clicked)
            user = person(interaction)
            if clicked.scope == LOBBY:
                return await self.service.lobbies.reset_house_rules(
                    clicked.owner, user, int(clicked.ref), clicked.shown
                )
            return await _or_stored(
                self.service.servers.reset_house(clicked.owner, user, clicked.ref, clicked.shown)
            )

        await self._run(interaction, call, self._after_house(clicked))

    # -- the forms' answers -----------------------------------------------------------------------
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
                self.service.servers.change(form.guild_id, person(interaction), values, form.version)
            )

        await self._run(interaction, call, self._edit_panel(form.guild_id, form.ruleset))

    async def house_submit(self, interaction: discord.Interaction, form: HouseForm, typed: str) -> None:
        """The number typed for a house rule, read in the member's language: within its limits it is
        set, else one sentence names them and nothing changes."""

        async def call() -> Changed | Update:
            view = await self._house_of(interaction, form)
            rule = BY_KEY.get(form.key)
            if rule is None or rule.kind in (HouseKind.SWITCH, HouseKind.CHOICE):
                raise Refused(ServiceCode.BAD_SETTING, setting=form.key)
            try:
                number = words.house_number(typed, rule, user_language(interaction))
            except Unread as unread:
                log.info(
                    "house rule unread",
                    extra={"channel": interaction.channel_id, "rule": form.key, "why": unread.why},
                )
                least, most = limits(view.ruleset, rule)
                raise Refused(ServiceCode.HOUSE_VALUE, rule=form.key, least=least, most=most) from None
            return await self._set_house(interaction, form, number)

        await self._run(interaction, call, self._after_house(form))

    # -- shared -----------------------------------------------------------------------------------
    async def _house_of(self, interaction: discord.Interaction, place: HouseOf) -> HouseView:
        """The house rules the editor changes, for whoever may change them (else the refusal)."""
        user = person(interaction)
        game_id = _lobby_of(interaction, place)
        if game_id is not None:
            return await self.service.lobbies.house_rules(place.owner, user, game_id)
        return await self.service.servers.house(place.owner, user, place.ref)

    async def _set_house(
        self, interaction: discord.Interaction, form: HouseForm, value: HouseValue
    ) -> Changed | Update:
        """The form's house rule set to `value`, from the value the form showed."""
        user, key, shown = person(interaction), form.key, form.shown
        if form.scope == LOBBY:
            return await self.service.lobbies.set_house_rule(
                form.owner, user, int(form.ref), key, value, shown
            )
        return await _or_stored(
            self.service.servers.set_house_rule(form.owner, user, form.ref, key, value, shown)
        )

    def _after_house(self, place: HouseOf) -> Callable[[Reply, Changed | Update, Lang], None]:
        """The editor clicked, edited in place: the panel, or the lobby host's editor (the lobby
        itself is edited for everyone by the live message)."""

        def show(reply: Reply, result: Changed | Update, L: Lang) -> None:
            if not isinstance(result, Update):
                reply.edit(self._changed_panel(place.owner, result, place.ref, L), text=True)
                return
            assert result.loaded is not None, "a lobby's house rules are saved with its table"
            table = result.loaded.table
            reply.edit(words.lobby_house_editor(place, HouseView(table.ruleset, dict(table.house_rules)), L))

        return show

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


async def _or_stored(change: Awaitable[ServerSettings]) -> Changed:
    """The settings `change` saved, or the refusal that carries those stored now, for the panel."""
    try:
        return await change
    except SettingsChanged as refused:
        return refused


def _house_form(clicked: HouseMenu, view: HouseView, key: str, L: Lang) -> discord.ui.Modal:
    """The form for one house rule's number, with its limits; stopped before it is sent."""
    said = words.house_form_words(view.ruleset, key, _value(view, key), L)
    target = HouseForm(
        clicked.scope, clicked.owner, clicked.ref, key, house_written(view.ruleset, view.house, key)
    )
    modal = discord.ui.Modal(title=said.title, custom_id=custom_id(target), timeout=None)
    field: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=VALUE_FIELD, default=said.now, min_length=1, max_length=12
    )
    modal.add_item(discord.ui.Label(text=said.label, description=said.limits, component=field))
    modal.stop()
    return modal


def _value(view: HouseView, key: str) -> HouseValue:
    """A house rule's value in the editor's edition: the house's, else the edition's own."""
    value: HouseValue = view.house.get(key, getattr(RULESETS[view.ruleset].rules, key))
    return value


def _lobby_of(interaction: discord.Interaction, place: HouseOf) -> int | None:
    """The game id of the lobby whose house rules the editor changes, None for a server's; the
    editor is answered only where it was made for (a forged custom_id is refused)."""
    if place.scope != LOBBY:
        _same_server(interaction, place.owner)
        return None
    same_channel(interaction, place.owner)
    if not place.ref.isdigit():
        raise Refused(ServiceCode.LOBBY_CLOSED)
    return int(place.ref)


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


class PanelForm(Form[SettingsForm, SettingsPanel]):
    """A form of the /payday settings panel submitted: its menus as chosen."""

    codec = SettingsForm.codec
    part = SettingsPanel

    async def handle(self, cog: SettingsPanel, interaction: discord.Interaction) -> None:
        await cog.settings_submit(interaction, self.target, self.fields)


class HouseRuleForm(Form[HouseForm, SettingsPanel]):
    """The house-rules editor's form submitted: the number typed for one house rule."""

    codec = HouseForm.codec
    part = SettingsPanel

    async def handle(self, cog: SettingsPanel, interaction: discord.Interaction) -> None:
        await cog.house_submit(interaction, self.target, self.fields.get(VALUE_FIELD, ""))
