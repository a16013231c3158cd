"""A frame of the live message (bot/render/frame.py) as the keywords of a Discord write: a new
message, or an edit that keeps the board's picture when it still shows the same board.

A click's answer writes through the click (`Click`, cogs/payday/live/_click.py); the channel's
worker through a fresh click (`Hook`) or with the bot's token. All send the very same keywords.
"""

from typing import Any

import discord

from bot.render.board_attachment import picture, upload
from bot.render.frame import Frame, Text
from cogs.payday.live._controls import view

Attachments = list[discord.Attachment | discord.File]


async def new_fields(shown: Frame, text: Text | None = None) -> dict[str, Any]:
    """A new message showing the frame: its text if any, and its picture as a fresh upload."""
    fields: dict[str, Any] = {"embeds": list(shown.embeds), "view": view(shown.rows)}
    if text is not None:
        fields.update(text_fields(text))
    if shown.picture is not None:
        fields["file"] = await upload(shown.picture)
    return fields


async def edit_fields(
    shown: Frame, text: Text | None, current: list[discord.Attachment] | None
) -> tuple[dict[str, Any], Attachments | None]:
    """An edit showing the frame, its text left as is when `text` is None; and its attachments: the
    message's own picture if it already shows this board (`current`: its attachments, None if not
    known), else a new one drawn off the event loop; no picture with pictures off (one drawn
    before goes), and none listed for a lobby, which never has one."""
    fields: dict[str, Any] = {"embeds": list(shown.embeds), "view": view(shown.rows)}
    if text is not None:
        fields.update(text_fields(text))
    if shown.lobby:
        return fields, None
    attachments: Attachments = [] if shown.picture is None else await picture(shown.picture, current)
    fields["attachments"] = attachments
    return fields, attachments


def text_fields(text: Text) -> dict[str, Any]:
    """`content`, and the mentions it may ping when it calls anyone."""
    fields: dict[str, Any] = {"content": text.content}
    if text.called is not None:
        users = [discord.Object(user_id) for user_id in text.called]
        fields["allowed_mentions"] = discord.AllowedMentions(everyone=False, roles=False, users=users)
    return fields


def held_after(answered: object, sent: Attachments | None) -> list[discord.Attachment] | None:
    """What a message holds after a write: as Discord's answer says, else what the write listed if
    every one was already on Discord (none uploaded by it); None if not known."""
    said = attachments_of(answered)
    if said:
        return said
    if sent is None:
        return None
    known = [a for a in sent if isinstance(a, discord.Attachment)]
    return known if len(known) == len(sent) else None


def attachments_of(message: object) -> list[discord.Attachment] | None:
    """What Discord says a message now holds (None when the answer did not say)."""
    attachments = getattr(message, "attachments", None)
    return None if attachments is None else list(attachments)
