"""The rows of controls of bot/render/components.py as what a Discord message sends: the live
message's and every reply's, so the module is the live message's own.

Each control is written by discord.py's own `Button` and `Select`, with the custom_id of its
target's codec. The view holds the components payload and no discord.ui item: every click is
routed by its custom_id alone, to a DynamicItem registered once at start-up
(`cogs/payday/_items.py`), so discord.py keeps nothing per message sent, and a message sent before
a restart works the same.
"""

import functools
from typing import Any

import discord

from bot.render.components import Button, Message, Row, Rows, Select
from bot.render.custom_ids import custom_id


class Controls(discord.ui.View):
    """A message's controls as their payload (see the module's docstring)."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components


def view(rows: Rows) -> Controls | None:
    """The rows as a message's view; None when there are none (an edit then removes any)."""
    if not rows:
        return None
    return Controls([{"type": 1, "components": _row(row)} for row in rows])


def _row(row: Row) -> list[Any]:
    if isinstance(row, Select):
        return [_select(row)]
    return [_button(button) for button in row]


def _button(button: Button) -> dict[str, Any]:
    look = _look(button.label, button.style, button.emoji, button.disabled)
    return {**look, "custom_id": custom_id(button.target)}


@functools.lru_cache(maxsize=1024)
def _look(label: str, style: discord.ButtonStyle, emoji: str | None, disabled: bool) -> dict[str, Any]:
    """A button as discord.py writes it, but for its custom_id. Kept by exactly its look: the same
    few dozen labels come back on every board, and writing one costs about as much as the rest of
    its row."""
    item: discord.ui.Button[discord.ui.View] = discord.ui.Button(
        label=label, style=style, emoji=emoji, disabled=disabled, custom_id="-"
    )
    return {key: value for key, value in item.to_component_dict().items() if key != "custom_id"}


def _select(select: Select) -> Any:
    options = [
        discord.SelectOption(
            label=o.label, value=o.value, description=o.description, emoji=o.emoji, default=o.default
        )
        for o in select.options
    ]
    item: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=custom_id(select.target),
        placeholder=select.placeholder,
        min_values=select.min_values,
        max_values=select.max_values,
        options=options,
        disabled=select.disabled,
    )
    return item.to_component_dict()


def message_fields(message: Message) -> dict[str, Any]:
    """A message of its own as the keywords of a send: only what it has."""
    fields: dict[str, Any] = {}
    if message.content is not None:
        fields["content"] = message.content
    if message.embed is not None:
        fields["embed"] = message.embed
    if message.rows:
        fields["view"] = view(message.rows)
    if message.mentions:
        users = [discord.Object(user_id) for user_id in message.mentions]
        fields["allowed_mentions"] = discord.AllowedMentions(everyone=False, roles=False, users=users)
    return fields
