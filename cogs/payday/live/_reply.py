"""One interaction's answer: decided under the channel's lock, sent after it is released.

Discord wants a first answer within 3 seconds. The answer is sent only once the game's lock is let
go, so a rate-limited or slow Discord never holds up the next player's click; and if the work under
the lock takes long (a busy database, a queue of clicks), the interaction is deferred at
DEFER_AFTER and the answer arrives as an edit of the deferred response or a follow-up.

A click on the live message is answered by the live message itself (`LiveMessage.show`,
`post_call`), which writes through the reply (`edit_clicked`, `send_new`): one request, the same
frame the channel's worker would have written with the bot's token. The click then lends the worker
its interaction (`hook`) to write the live message for a few minutes more, exempt from Discord's
global limit (cogs/payday/live/_hook.py).
"""

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.render.components import Message, Rows
from bot.render.embeds import safe
from bot.render.i18n import Lang
from bot.render.notices import cannot_post
from bot.service import Loaded
from cogs.payday._controls import message_fields, view
from cogs.payday.live._hook import Hook
from cogs.payday.live._message import LiveMessage

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds after which a still unanswered interaction is deferred (Discord's limit is 3)."""


class Reply:
    """What to answer: a private line (`say`), the message clicked edited (`edit`), the channel's
    board through the click (`board`), a public message (`post`, `post_board`, whose id `flush`
    returns), a form (`form`) and public follow-ups (`follow`). `L` is the language of the person
    who asked, for what the reply adds itself (the warning that posting fails)."""

    def __init__(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        live: LiveMessage,
        L: Lang,
        *,
        public: bool = False,
    ) -> None:
        self.interaction = interaction
        self.channel_id = channel_id
        self.live = live
        self.L = L
        self.public = public
        self.text: str | None = None
        self.embeds: tuple[discord.Embed, ...] = ()
        self.rows: Rows = ()
        self.files: tuple[discord.File, ...] = ()
        self.edited: dict[str, Any] | None = None
        self.shows_board = False
        self.calling = False
        """The answer posts the live message anew with its call (`LiveMessage.claim`)."""
        self.message: Message | None = None
        self.board_post: Loaded | None = None
        self.modal: discord.ui.Modal | None = None
        self.followups: list[Message] = []
        self.posted: int | None = None
        """The id of the `post`ed message, once sent."""
        self.original: int | None = None
        """The message that is the interaction's original response, once the answer made it so."""
        self._deferring: asyncio.Task[None] | None = None
        self._first = asyncio.Lock()
        """Held while the first answer (or the deferral) is on its way: there can be only one."""
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer_soon)

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

    def on(self, message_id: int | None) -> bool:
        """Whether the interaction is a click on that message."""
        return message_id is not None and self.clicked == message_id

    # -- deciding, under the lock ---------------------------------------------------------------
    def say(
        self,
        text: str | None = None,
        *,
        embed: discord.Embed | tuple[discord.Embed, ...] | None = None,
        rows: Rows = (),
        files: Sequence[discord.File] = (),
    ) -> None:
        """Answer privately (names in `text` are escaped like on the board), with an embed or
        several (a look at the board is its two) and any files (a replay's board, an export)."""
        self.text = None if text is None else safe(text)
        self.embeds = (embed,) if isinstance(embed, discord.Embed) else embed or ()
        self.rows = rows
        self.files = tuple(files)

    def edit(
        self, message: Message, *, text: bool = False, files: Sequence[discord.File] | None = None
    ) -> None:
        """Answer by editing the message the click was on (a page turned, the hand panel again);
        its text is replaced only if `text` (by the message's, None taking away the line an earlier
        answer left above the panel), its attachments only if `files` are given (a replay's board)."""
        self.edited = {"embed": message.embed, "view": view(message.rows)}
        if text:
            self.edited["content"] = message.content
        if files is not None:
            self.edited["attachments"] = list(files)

    def board(self, *, call: bool = False) -> None:
        """Show the channel's newest board (or lobby) as the click's own answer, if the click was on
        the live message; otherwise just acknowledge, and the channel's worker edits it. With `call`,
        the board is posted anew calling the players by name, if the call is still to be made."""
        self.shows_board = True
        if call:
            self.calling = self.live.claim(self.channel_id)

    def post(self, message: Message) -> None:
        """Answer with a public message (the standings shown again)."""
        self.message = message

    def post_board(self, loaded: Loaded) -> None:
        """Answer with the live message of `loaded` as a new public message (its picture is drawn
        once the lock is let go)."""
        self.board_post = loaded

    def form(self, modal: discord.ui.Modal) -> None:
        """Answer with a form (Borrow… / Repay…)."""
        self.modal = modal

    def follow(self, message: Message) -> None:
        """A public message after the answer (the final standings)."""
        self.followups.append(message)

    def cancel(self) -> None:
        """Nothing will be sent (the work was cancelled): stop the timer."""
        self._timer.cancel()

    # -- sending, after the lock ----------------------------------------------------------------
    async def flush(self) -> int | None:
        """Send the answer and the follow-ups; returns the id of the `post`ed message, if any.

        A failed answer is logged and the game stays saved: the channel's worker still brings the
        live message up to date with the bot's own edit.
        """
        channel_id = self.channel_id
        posted = None
        try:
            posted = await self._answer(channel_id)
        except discord.HTTPException:
            if self.message is not None or self.board_post is not None:
                raise  # the caller must know its message was never posted
            log.warning("interaction answer failed", exc_info=True, extra={"channel": channel_id})
        finally:
            self._timer.cancel()
        unsent = []
        for message in self.followups:
            sent = await self._follow_up(message_fields(message))
            if sent is None:
                unsent.append(message)
            else:
                await self.live.sent(message, sent.id)  # a game's standings: history links to them
        if self.modal is None and self.live.warning(channel_id):  # a form takes no follow-up
            await self._follow_up({"content": cannot_post(self.L), "ephemeral": True})
        self.live.done(channel_id, unsent)
        self.posted = posted
        return posted

    async def _answer(self, channel_id: int) -> int | None:
        if self.calling:
            await self.live.post_call(channel_id, self)
            return None
        if self.shows_board and await self.live.show(channel_id, self):
            return None
        if self.board_post is not None:
            return await self._post(await self.live.new_message(self.board_post))
        if self.message is not None:
            return await self._post(message_fields(self.message))
        async with self._first:
            response = self.interaction.response
            if self.modal is not None:
                await response.send_modal(self.modal)
            elif self.edited is not None:
                await self._edit(self.edited)
            elif self.text is not None or self.embeds or self.files:
                await self._say(channel_id)
            elif not response.is_done():
                await response.defer()
        return None

    async def _post(self, fields: dict[str, Any]) -> int | None:
        """A public message as the answer; after a deferral, in place of "thinking…" (where the
        board's picture is one of the message's attachments)."""
        async with self._first:
            if self.interaction.response.is_done():
                if "file" in fields:
                    fields = dict(fields)
                    fields["attachments"] = [fields.pop("file")]
                return (await self.interaction.edit_original_response(**fields)).id
            return (await self.interaction.response.send_message(**fields)).message_id

    async def _say(self, channel_id: int) -> None:
        warning = cannot_post(self.L) if self.live.warning(channel_id) else None
        fields: dict[str, Any] = {"content": "\n".join(t for t in (self.text, warning) if t) or None}
        if self.embeds:
            fields["embeds"] = list(self.embeds)
        if self.files:
            fields["files"] = list(self.files)
        controls = view(self.rows)
        if controls is not None:
            fields["view"] = controls
        if self.interaction.response.is_done():
            await self.interaction.followup.send(ephemeral=True, **fields)
        else:
            await self.interaction.response.send_message(ephemeral=True, **fields)

    # -- how the live message writes through the click ---------------------------------------------
    async def edit_clicked(self, fields: dict[str, Any]) -> object:
        """Edit the message the click was on; returns the edited message when Discord's answer
        carries it."""
        async with self._first:
            return await self._edit(fields)

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
            self.original = answered.message_id
            return answered.message_id, getattr(answered, "resource", None)

    def hook(self, message_id: int, lifetime: float) -> Hook:
        """The click as a way to write `message_id` for `lifetime` seconds: its original response,
        or a follow-up."""
        return Hook.of(self.interaction, message_id, original=message_id == self.original, lifetime=lifetime)

    async def _edit(self, fields: dict[str, Any]) -> object:
        if self.interaction.response.is_done():
            return await self.interaction.edit_original_response(**fields)
        self.original = self.clicked  # a click answered by editing its message: that is the original
        return getattr(await self.interaction.response.edit_message(**fields), "resource", None)

    async def _follow_up(self, fields: dict[str, Any]) -> discord.WebhookMessage | None:
        try:
            return await self.interaction.followup.send(wait=True, **fields)
        except discord.HTTPException:
            log.warning("follow-up failed", exc_info=True, extra={"channel": self.interaction.channel_id})
            return None

    def _defer_soon(self) -> None:
        if not self.interaction.response.is_done():
            self._deferring = asyncio.create_task(self._defer())

    async def _defer(self) -> None:
        """Tell Discord an answer is coming: a click keeps its message as it is; a command shows
        "thinking", privately unless its answer will be public."""
        is_click = self.interaction.type is discord.InteractionType.component
        async with self._first:
            if not self.interaction.response.is_done():
                await self._send_deferral(is_click)

    async def _send_deferral(self, is_click: bool) -> None:
        try:
            if is_click:
                await self.interaction.response.defer()
                self.original = self.clicked  # its answer will edit the message clicked
            else:
                await self.interaction.response.defer(ephemeral=not self.public, thinking=True)
        except discord.HTTPException:
            log.warning(
                "interaction not deferred", exc_info=True, extra={"channel": self.interaction.channel_id}
            )
        else:
            log.info("interaction deferred", extra={"channel": self.interaction.channel_id})
