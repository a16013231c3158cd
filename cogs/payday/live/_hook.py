"""A click's interaction as a way to write a channel's live message after the click was answered.

Discord's global limit (50 requests a second for the whole bot, every process together) binds
requests made with the bot's token; the interaction endpoints (the answer, edits and deletes of the
original response, follow-ups and their edits and deletes) are exempt, for 15 minutes after the
click. A click on a message answered by editing it (or deferred that way) has that very message as
its original response, and a message the answer or a follow-up posted is the interaction's own. So
while a click on the live message is fresh, the channel's worker edits, retires and posts through
it (cogs/payday/live/_writer.py), and falls back to the bot's token when none is (after a restart,
after HOOK_LIFETIME) or Discord no longer takes its token.
"""

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord

HOOK_LIFETIME = 14 * 60.0
"""Seconds a click's interaction is written through: Discord's 15 minutes, less a minute for the
time the click took to reach the bot and for clocks that drift, so a write never lands on a token
that just expired (a 401 counts towards the invalid requests that lock the whole bot out)."""

UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
INVALID_WEBHOOK_TOKEN = 50027


@dataclass(frozen=True, slots=True)
class Hook:
    """The interaction of a click that can write the message `message_id` until `expires`: its
    original response (`original`), or a message it posted as a follow-up.

    The whole interaction is kept, not only its follow-up webhook, because discord.py edits and
    deletes an original response (`@original`) only through `discord.Interaction`; a channel keeps
    one per message, a few at most, and lets them go once expired (cogs/payday/live/_channel.py)."""

    interaction: discord.Interaction
    message_id: int
    original: bool
    expires: datetime

    @classmethod
    def of(
        cls, interaction: discord.Interaction, message_id: int, *, original: bool, lifetime: float
    ) -> "Hook":
        """The click, written through for `lifetime` seconds from when it was made (Discord counts
        its 15 minutes from then)."""
        return cls(interaction, message_id, original, interaction.created_at + timedelta(seconds=lifetime))

    def fresh(self) -> bool:
        return discord.utils.utcnow() < self.expires

    def on(self, message_id: int) -> "Hook":
        """The same click, for a message it posted as a follow-up."""
        return dataclasses.replace(self, message_id=message_id, original=False)

    async def edit(self, fields: dict[str, Any]) -> object:
        """Edit the message; returns it as Discord's answer says."""
        if self.original:
            return await self.interaction.edit_original_response(**fields)
        return await self.interaction.followup.edit_message(self.message_id, **fields)

    async def delete(self) -> None:
        if self.original:
            await self.interaction.delete_original_response()
        else:
            await self.interaction.followup.delete_message(self.message_id)

    async def post(self, fields: dict[str, Any]) -> discord.WebhookMessage:
        """A new public message of the channel, as a follow-up of the click."""
        return await self.interaction.followup.send(wait=True, **fields)


def expired(error: discord.HTTPException) -> bool:
    """Whether Discord refused a write through an interaction because its token is no longer good
    (then the bot's token writes instead); a 404 for the message itself (deleted) is not that."""
    if error.status == 401:
        return True
    return error.status == 404 and error.code in (UNKNOWN_WEBHOOK, UNKNOWN_INTERACTION, INVALID_WEBHOOK_TOKEN)
