"""The interaction being answered: every request that answers it goes through here.

Discord takes one first answer per interaction (a message, an edit of the message clicked, a form,
or a deferral) and everything after it as edits of the original response or follow-ups. Two parties
answer a click: its `Reply` (cogs/payday/live/_reply.py), with what the use case decided and with a
deferral if that takes long, and the live message, which shows the board through the click in the
same request (`LiveMessage.show`, `post_call`). The reply hands the click over to the live message
once; both write through it, so the first answer is sent once and the message that became the
original response is known to whichever writes next (`hook`).
"""

import asyncio
import logging
from typing import Any

import discord

from cogs.payday.live._hook import Hook

log = logging.getLogger(__name__)


class Click:
    """One interaction and the rule that it gets one first answer: the message clicked edited, a new
    message, a private line, a form or a deferral; later writes edit or follow up."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self._original: int | None = None
        """The message that is the interaction's original response, once an answer made it so."""
        self._first = asyncio.Lock()
        """Held while the first answer (or the deferral) is on its way: there can be only one."""

    @property
    def clicked(self) -> int | None:
        """The message clicked (None: a slash command)."""
        message = self.interaction.message
        return None if message is None else message.id

    @property
    def attachments(self) -> list[discord.Attachment]:
        """What the message clicked held when it was clicked."""
        message = self.interaction.message
        return [] if message is None else list(message.attachments)

    @property
    def answered(self) -> bool:
        """Whether the first answer (or the deferral) was sent."""
        return self.interaction.response.is_done()

    def hook(self, message_id: int, lifetime: float) -> Hook:
        """The click as a way to write `message_id` for `lifetime` seconds: its original response,
        or a follow-up."""
        return Hook.of(self.interaction, message_id, original=message_id == self._original, lifetime=lifetime)

    async def edit(self, fields: dict[str, Any]) -> object:
        """Edit the message the click was on; returns the edited message when Discord's answer
        carries it."""
        async with self._first:
            if self.answered:
                return await self.interaction.edit_original_response(**fields)
            self._original = self.clicked  # a click answered by editing its message: that is the original
            return getattr(await self.interaction.response.edit_message(**fields), "resource", None)

    async def send_new(self, fields: dict[str, Any]) -> tuple[int, object]:
        """A new public message as the answer (or a follow-up, after a deferral): its id, and the
        message as far as Discord's answer says."""
        async with self._first:
            response = self.interaction.response
            if response.is_done():
                sent = await self.interaction.followup.send(wait=True, **fields)
                return sent.id, sent
            answered = await response.send_message(**fields)
            assert answered.message_id is not None, "Discord names the message an answer posted"
            self._original = answered.message_id
            return answered.message_id, getattr(answered, "resource", None)

    async def post(self, fields: dict[str, Any]) -> int | None:
        """A public message as the answer; after a deferral, in place of "thinking…" (where the
        board's picture is one of the message's attachments). Returns its id."""
        async with self._first:
            if self.answered:
                if "file" in fields:
                    fields = dict(fields)
                    fields["attachments"] = [fields.pop("file")]
                return (await self.interaction.edit_original_response(**fields)).id
            return (await self.interaction.response.send_message(**fields)).message_id

    async def say(self, fields: dict[str, Any]) -> None:
        """A private answer (a follow-up, after a deferral)."""
        async with self._first:
            if self.answered:
                await self.interaction.followup.send(ephemeral=True, **fields)
            else:
                await self.interaction.response.send_message(ephemeral=True, **fields)

    async def form(self, modal: discord.ui.Modal) -> None:
        async with self._first:
            await self.interaction.response.send_modal(modal)

    async def acknowledge(self) -> None:
        """Nothing to say: the click is acknowledged, unless it was deferred already."""
        async with self._first:
            if not self.answered:
                await self.interaction.response.defer()

    async def follow_up(self, fields: dict[str, Any]) -> discord.WebhookMessage | None:
        """A message after the answer; None if Discord refused it (logged)."""
        try:
            return await self.interaction.followup.send(wait=True, **fields)
        except discord.HTTPException:
            log.warning("follow-up failed", exc_info=True, extra={"channel": self.interaction.channel_id})
            return None

    async def defer(self, *, public: bool) -> None:
        """Tell Discord an answer is coming, unless one went already: a click keeps its message as it
        is; a command shows "thinking", privately unless its answer will be `public`."""
        is_click = self.interaction.type is discord.InteractionType.component
        async with self._first:
            if not self.answered:
                await self._send_deferral(is_click, public)

    async def _send_deferral(self, is_click: bool, public: bool) -> None:
        try:
            if is_click:
                await self.interaction.response.defer()
                self._original = self.clicked  # its answer will edit the message clicked
            else:
                await self.interaction.response.defer(ephemeral=not public, thinking=True)
        except discord.HTTPException:
            log.warning(
                "interaction not deferred", exc_info=True, extra={"channel": self.interaction.channel_id}
            )
        else:
            log.info("interaction deferred", extra={"channel": self.interaction.channel_id})
