"""The house-rules editor's clicks: House rules on the lobby (its host's editor, privately), the
editor's menu, Reset and the form that asks a number. The same editor changes a lobby's house rules
(for one game: `LobbyHouse`, the core's) and any other keeper's that a feature registers with
`keep_house` (a server's per edition: bot/features/settings/): each is a `HouseKeeper`, found by the
scope the editor's custom_id carries.

The form is routed by its custom_id (`HouseRuleForm`; sent already stopped, like the hand's money
form), so an editor opened before a restart still works. The editor's menu options and its number
form carry the value of the house rule they showed, and Reset a mark of the house rules it showed:
each is refused if what it showed has changed since.
"""

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.game.house import BY_KEY, HouseKind, HouseValue, limits
from bot.game.rulesets import RULESETS
from bot.render.components import LOBBY, EditHouse, HouseForm, HouseMenu, HouseOf, HouseReset
from bot.render.custom_ids import custom_id
from bot.render.house_editor import chosen_house_rule, house_form_words, house_number, lobby_house_editor
from bot.render.language.i18n import Lang
from bot.render.numbers import Unread
from bot.service import Refused, Service, ServiceCode, Update
from bot.service.reads import HouseView
from bot.table.settings import house_written
from cogs.payday._base import Answering, part_of, person, same_channel, user_language
from cogs.payday._forms import Form
from cogs.payday.live import Reply

log = logging.getLogger(__name__)

VALUE_FIELD = "value"
"""The custom_id of the house-rule form's one text field."""


class HouseKeeper:
    """Who keeps the house rules of one scope of the editor: each method first checks the click
    was made where the editor was made for, by someone who may change them (else the refusal)."""

    async def house_of(self, interaction: discord.Interaction, place: HouseOf) -> HouseView:
        """The house rules the editor changes."""
        raise NotImplementedError

    async def turn_house_rule(
        self, interaction: discord.Interaction, place: HouseMenu, key: str, shown: str | None
    ) -> Any:
        """A switch or a choice moved on from the value the editor showed."""
        raise NotImplementedError

    async def set_house_rule(
        self, interaction: discord.Interaction, form: HouseForm, value: HouseValue
    ) -> Any:
        """The form's house rule set to `value`, from the value the form showed (checked by
        `house_of` just before)."""
        raise NotImplementedError

    async def reset_house(self, interaction: discord.Interaction, place: HouseReset) -> Any:
        """The edition's own rules again, if they are those the editor showed (checked by
        `house_of` just before)."""
        raise NotImplementedError

    def show_house(self, reply: Reply, place: HouseOf, result: Any, L: Lang) -> None:
        """The editor clicked, edited in place after a change."""
        raise NotImplementedError


HOUSE_KEEPERS: dict[str, type[commands.Cog]] = {}
"""The part of /payday that keeps the house rules of each editor scope other than a lobby's."""


def keep_house(scope: str, part: type[commands.Cog]) -> None:
    """Let `part` (a `HouseKeeper`) answer the editor of `scope` (again, when its extension is
    loaded anew)."""
    HOUSE_KEEPERS[scope] = part


class LobbyHouse(HouseKeeper):
    """A lobby's house rules, which its host changes before Start (the lobby's use cases)."""

    def __init__(self, service: Service) -> None:
        self.service = service

    async def house_of(self, interaction: discord.Interaction, place: HouseOf) -> HouseView:
        return await self.service.lobbies.house_rules(
            place.owner, person(interaction), _game_of(interaction, place)
        )

    async def turn_house_rule(
        self, interaction: discord.Interaction, place: HouseMenu, key: str, shown: str | None
    ) -> Update:
        user, game_id = person(interaction), _game_of(interaction, place)
        return await self.service.lobbies.turn_house_rule(place.owner, user, game_id, key, shown)

    async def set_house_rule(
        self, interaction: discord.Interaction, form: HouseForm, value: HouseValue
    ) -> Update:
        user, ref = person(interaction), int(form.ref)
        return await self.service.lobbies.set_house_rule(form.owner, user, ref, form.key, value, form.shown)

    async def reset_house(self, interaction: discord.Interaction, place: HouseReset) -> Update:
        user, ref = person(interaction), int(place.ref)
        return await self.service.lobbies.reset_house_rules(place.owner, user, ref, place.shown)

    def show_house(self, reply: Reply, place: HouseOf, result: Any, L: Lang) -> None:
        """The lobby host's editor again (the lobby itself is edited for everyone by the live message)."""
        assert isinstance(result, Update) and result.loaded is not None, (
            "a lobby's house rules are saved with its table"
        )
        table = result.loaded.table
        reply.edit(lobby_house_editor(place, HouseView(table.ruleset, dict(table.house_rules)), L))


def _game_of(interaction: discord.Interaction, place: HouseOf) -> int:
    """The game id of the lobby whose house rules the editor changes; the editor is answered only in
    the channel it was made for (a forged custom_id is refused)."""
    same_channel(interaction, place.owner)
    if not place.ref.isdigit():
        raise Refused(ServiceCode.LOBBY_CLOSED)
    return int(place.ref)


class HouseEditor(Answering):
    """The editor's clicks, each handed to the keeper of the house rules it changes."""

    async def lobby_house(self, interaction: discord.Interaction, clicked: EditHouse) -> None:
        """House rules, on the lobby: its host's editor, privately."""
        place = HouseOf.lobby(clicked.channel_id, clicked.game_id)

        async def call() -> HouseView:
            same_channel(interaction, clicked.channel_id)
            return await self.service.lobbies.house_rules(
                clicked.channel_id, person(interaction), clicked.game_id
            )

        def show(reply: Reply, view: HouseView, L: Lang) -> None:
            editor = lobby_house_editor(place, view, L)
            reply.say(embed=editor.embed, rows=editor.rows)

        await self._run(interaction, call, show)

    async def house_chosen(self, interaction: discord.Interaction, clicked: HouseMenu, option: str) -> None:
        """A house rule chosen in the editor: a switch is switched at once, a choice moves to its next
        way (both from the value the editor showed: refused if it moved since), a number is asked in
        a form."""
        key, shown = chosen_house_rule(option)
        rule = BY_KEY.get(key)
        if rule is not None and rule.kind in (HouseKind.SWITCH, HouseKind.CHOICE):

            async def switch() -> Any:
                return await self._keeper(interaction, clicked).turn_house_rule(
                    interaction, clicked, key, shown
                )

            await self._run(interaction, switch, self._after_house(interaction, clicked))
            return

        async def read() -> HouseView:
            view = await self._keeper(interaction, clicked).house_of(interaction, clicked)
            if rule is None:  # a forged option
                raise Refused(ServiceCode.BAD_SETTING, setting=key)
            return view

        def ask(reply: Reply, view: HouseView, L: Lang) -> None:
            reply.form(_house_form(clicked, view, key, L))

        await self._run(interaction, read, ask)

    async def house_reset(self, interaction: discord.Interaction, clicked: HouseReset) -> None:
        """Reset: the edition's own rules again, in place of those the editor showed (refused if they
        changed since)."""

        async def call() -> Any:
            keeper = self._keeper(interaction, clicked)
            await keeper.house_of(interaction, clicked)
            return await keeper.reset_house(interaction, clicked)

        await self._run(interaction, call, self._after_house(interaction, clicked))

    async def house_submit(self, interaction: discord.Interaction, form: HouseForm, typed: str) -> None:
        """The number typed for a house rule, read in the member's language: within its limits it is
        set, else one sentence names them and nothing changes."""

        async def call() -> Any:
            keeper = self._keeper(interaction, form)
            view = await keeper.house_of(interaction, form)
            rule = BY_KEY.get(form.key)
            if rule is None or rule.kind in (HouseKind.SWITCH, HouseKind.CHOICE):
                raise Refused(ServiceCode.BAD_SETTING, setting=form.key)
            try:
                number = house_number(typed, rule, user_language(interaction))
            except Unread as unread:
                log.info(
                    "house rule unread",
                    extra={"channel": interaction.channel_id, "rule": form.key, "why": unread.why},
                )
                least, most = limits(view.ruleset, rule)
                raise Refused(ServiceCode.HOUSE_VALUE, rule=form.key, least=least, most=most) from None
            return await keeper.set_house_rule(interaction, form, number)

        await self._run(interaction, call, self._after_house(interaction, form))

    def _keeper(self, interaction: discord.Interaction, place: HouseOf) -> HouseKeeper:
        """The keeper of the house rules the editor changes: a lobby's, or the registered part's."""
        if place.scope == LOBBY:
            return LobbyHouse(self.service)
        part = HOUSE_KEEPERS.get(place.scope)
        try:
            keeper = part_of(interaction, part) if part is not None else None
        except LookupError:  # the feature that keeps them was unloaded
            keeper = None
        if keeper is None:
            raise Refused(ServiceCode.BAD_SETTING, setting=place.scope)
        assert isinstance(keeper, HouseKeeper), f"{type(keeper).__name__} keeps house rules"
        return keeper

    def _after_house(self, interaction: discord.Interaction, place: HouseOf) -> Any:
        """The editor clicked, edited in place by the keeper of what it changed."""

        def show(reply: Reply, result: Any, L: Lang) -> None:
            self._keeper(interaction, place).show_house(reply, place, result, L)

        return show


def _house_form(clicked: HouseMenu, view: HouseView, key: str, L: Lang) -> discord.ui.Modal:
    """The form for one house rule's number, with its limits; stopped before it is sent."""
    said = house_form_words(view.ruleset, key, _value(view, key), L)
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


class HouseRuleForm(Form[HouseForm, HouseEditor]):
    """The house-rules editor's form submitted: the number typed for one house rule."""

    codec = HouseForm.codec
    part = HouseEditor

    async def handle(self, cog: HouseEditor, interaction: discord.Interaction) -> None:
        await cog.house_submit(interaction, self.target, self.fields.get(VALUE_FIELD, ""))
