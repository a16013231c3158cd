"""Every form (modal) of the bot answered by one router, as its controls are: each kind of form
names its target's codec (bot/render/custom_ids.py) and the typed handler of the cog it calls, and
registers itself by defining its class; the one listener reads a submitted form's target back from
its custom_id and hands it to the form whose codec matched.

A form is sent already stopped, so discord.py keeps no copy: it routes a submitted form only to a
modal object it still holds, by its exact custom_id, and has no DynamicItem for modals (2.7), which
could carry a target. Reading every form here means a form opened before a restart is answered the
same, and a new kind of form needs no listener of its own (two parts of the cog whose listeners
have one method name would silently have one).
"""

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

import discord
from discord.ext import commands

from bot.render.custom_ids import Codec, claim
from cogs.payday._base import Answering, part_of, run_click, submitted

T = TypeVar("T")
CogT = TypeVar("CogT", bound=Answering)


class Form(Generic[T, CogT]):
    """What every kind of form does when submitted: its target, read from the custom_id by `codec`,
    and what the player entered (`fields`, by each field's custom_id), handed to the handler of the
    cog it belongs to (`part`: the /payday cog, or a feature's part) (`handle`)."""

    codec: Codec[T]
    part: type[CogT]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        register(cls)

    def __init__(self, target: T, fields: Mapping[str, str]) -> None:
        self.target = target
        self.fields = fields

    async def handle(self, cog: CogT, interaction: discord.Interaction) -> None:
        raise NotImplementedError


FORMS: dict[str, type[Form[Any, Any]]] = {}
"""Every kind of form, by its codec's prefix."""


def register(form: type[Form[Any, Any]]) -> None:
    """Route the forms of `form`'s codec to it; a prefix another kind of form has is refused."""
    claim(FORMS, form.codec.prefix, form, "form")


def read_form(custom_id: str, fields: Mapping[str, str]) -> Form[Any, Any] | None:
    """The form a submitted custom_id is one of, or None if it is none of the bot's."""
    for form in FORMS.values():
        target = form.codec.read(custom_id)
        if target is not None:
            return form(target, fields)
    return None


class Forms(Answering):
    """The cog's one listener of submitted forms (see the module's docstring)."""

    @commands.Cog.listener("on_interaction")
    async def form_submitted(self, interaction: discord.Interaction) -> None:
        """A submitted form of the bot, answered by the handler of its kind (a crash there still
        gets the player a sentence); a modal of anyone else's is left alone."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        form = read_form(str(data.get("custom_id", "")), submitted(data))
        if form is not None:
            await run_click(
                interaction, form.handle(part_of(interaction, form.part), interaction), form.target
            )
