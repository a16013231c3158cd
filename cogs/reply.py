"""One interaction's answer: decided under the channel's lock, sent after it is released.

Discord wants a first answer within 3 seconds. The answer is sent only once the game's lock is let
go, so a rate-limited or slow Discord never holds up the next player's click; and if the work under
the lock takes long (a busy database, a queue of clicks), the interaction is deferred at
DEFER_AFTER and the answer arrives as an edit of the deferred response or a follow-up.
"""

import asyncio
import logging
from typing import Any

import discord

from bot.render.embeds import safe
from bot.render.i18n import Lang
from bot.render.notices import cannot_post
from bot.service import Loaded
from cogs.live import LiveMessage, attachments_of, clicked

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0
"""Seconds after which a still unanswered interaction is deferred (Discord's limit is 3)."""


class Reply:
    """What to answer: a private line (`say`), the channel's board through the click (`board`), a
    public message (`post`, whose id `flush` returns) and public follow-ups (`follow`). `L` is the
    language of the person who asked, for what the reply adds itself (the warning that posting fails).
    """

    def __init__(
        self, interaction: discord.Interaction, live: LiveMessage, L: Lang, *, public: bool = False
    ) -> None:
        self.interaction = interaction
        self.live = live
        self.L = L
        self.public = public
        self.text: str | None = None
        self.embed: discord.Embed | None = None
        self.view: discord.ui.View | None = None
        self.edit_fields: dict[str, Any] | None = None
        self.show_board = False
        self.calling = False
        """The answer posts the live message anew with its call (`LiveMessage.claim`)."""
        self.message: dict[str, Any] | None = None
        self.board_post: Loaded | None = None
        self.followups: list[dict[str, Any]] = []
        self.posted: int | None = None
        """The id of the `post`ed message, once sent."""
        self._deferring: asyncio.Task[None] | None = None
        self._first = asyncio.Lock()
        """Held while the first answer (or the deferral) is on its way: there can be only one."""
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer_soon)

    # -- deciding, under the lock ---------------------------------------------------------------
    def say(
        self,
        text: str | None = None,
        *,
        embed: discord.Embed | None = None,
        view: discord.ui.View | None = None,
    ) -> None:
        """Answer privately (names in `text` are escaped like on the board)."""
        self.text = None if text is None else safe(text)
        self.embed, self.view = embed, view

    def edit(self, **fields: Any) -> None:
        """Answer by editing the message the click was on (a ledger page turned)."""
        self.edit_fields = fields

    def board(self) -> None:
        """Show the channel's newest board (or lobby) as the click's own answer, if the click was on
        the live message; otherwise just acknowledge, and the channel's worker edits it."""
        self.show_board = True

    def post_call(self) -> None:
        """Answer with the live message posted anew, calling players by name: the board the click
        was on is retired by the channel's worker (the live message claimed the call for this)."""
        self.calling = True

    def post(self, **message: Any) -> None:
        """Answer with a public message (a new lobby, the standings shown again)."""
        self.message = message

    def post_board(self, loaded: Loaded) -> None:
        """Answer with the live message of `loaded` as a new public message (its picture is drawn
        once the lock is let go)."""
        self.board_post = loaded

    def follow(self, **message: Any) -> None:
        """A public message after the answer (the final standings)."""
        self.followups.append(message)

    def cancel(self) -> None:
        """Nothing will be sent (the work failed and the error handler answers): stop the timer."""
        self._timer.cancel()

    # -- sending, after the lock ----------------------------------------------------------------
    async def flush(self) -> int | None:
        """Send the answer and the follow-ups; returns the id of the `post`ed message, if any.

        A failed answer is logged and the game stays saved: the channel's worker still brings the
        live message up to date with the bot's own edit.
        """
        channel_id = self.interaction.channel_id
        posted = None
        try:
            posted = await self._answer(channel_id)
        except discord.HTTPException:
            if self.message is not None:
                raise  # the caller must know its message was never posted
            log.warning("interaction answer failed", exc_info=True, extra={"channel": channel_id})
        finally:
            self._timer.cancel()
        for message in self.followups:
            if not await self._follow_up(message):
                self.live.post(channel_id, **message)
        if self.live.warning(channel_id):
            await self._follow_up({"content": cannot_post(self.L), "ephemeral": True})
        self.live.kick(channel_id)
        self.posted = posted
        return posted

    async def _answer(self, channel_id: int) -> int | None:
        if self.calling:
            async with self._first:
                await self._answer_with_call(channel_id)
            return None
        if self.board_post is not None:
            self.message = await self.live.draw(self.board_post)
        reposted = await self._wait_for_repost(channel_id)
        async with self._first:
            return await self._answer_once(channel_id, reposted)

    async def _wait_for_repost(self, channel_id: int) -> bool:
        """A click on the board that must be posted anew (a new month, an hour-old message) waits
        for the new one (deferred if that takes long); True if the board moved to a new message."""
        newest = self.live.newest(channel_id) if self.show_board else None
        if newest is None or not clicked(self.interaction, newest[0].table.message_id):
            return False
        if not self.live.needs_repost(newest[0]):
            return False
        clicked_id = self.interaction.message.id
        await self.live.idle(channel_id, clicked_id)
        moved = self.live.newest(channel_id)
        return moved is not None and moved[0].table.message_id != clicked_id

    async def _answer_once(self, channel_id: int, reposted: bool) -> int | None:
        response = self.interaction.response
        deferred = response.is_done()
        if reposted:  # the new board is up: the old copy loses its buttons through this answer
            try:
                await self._edit_clicked(deferred, view=None)
            except discord.HTTPException:
                await self.live.strip_buttons(channel_id, self.interaction.message.id)
                raise
            return None
        if self.message is not None:
            if deferred:
                return (await self.interaction.edit_original_response(**self.message)).id
            return (await response.send_message(**self.message)).message_id
        if self.edit_fields is not None:
            await self._edit_clicked(deferred, **self.edit_fields)
            return None
        if self.text is not None or self.embed is not None:
            warning = cannot_post(self.L) if self.live.warning(channel_id) else None
            text = "\n".join(t for t in (self.text, warning) if t) or None
            extra = {
                key: value for key, value in (("embed", self.embed), ("view", self.view)) if value is not None
            }
            if deferred:
                await self.interaction.followup.send(text, ephemeral=True, **extra)
            else:
                await response.send_message(text, ephemeral=True, **extra)
            return None
        newest = self.live.newest(channel_id) if self.show_board else None
        if newest is not None:
            loaded, seq = newest
            if clicked(self.interaction, loaded.table.message_id):
                await self._show_board(deferred, loaded, seq)
                return None
        if not deferred:
            await response.defer()
        return None

    async def _show_board(self, deferred: bool, loaded: Loaded, seq: int) -> None:
        """The clicked live message shows the newest board, in this one request: its picture kept
        when the board looks the same, else the new picture uploaded with the answer."""
        embed, view = self.live.render(loaded.row.channel_id)
        fields: dict[str, Any] = {"embed": embed, "view": view, **self.live.content(loaded.row.channel_id)}
        attachments = await self.live.picture(loaded, list(self.interaction.message.attachments))
        if attachments is not None:
            fields["attachments"] = attachments
        answered = await self._edit_clicked(deferred, **fields)
        kept = attachments if attachments is not None and all(_known(a) for a in attachments) else None
        self.live.holds(loaded.row.channel_id, self.interaction.message.id, attachments_of(answered) or kept)
        self.live.shown(loaded, seq)

    async def _answer_with_call(self, channel_id: int) -> None:
        """One request: a new live message whose text calls the players (an interaction's answer may
        mention, and needs no Send Messages); then it is saved as the live message. If Discord
        refuses, the channel's worker posts the call itself."""
        message, posted = await self.live.call_message(channel_id)
        response = self.interaction.response
        try:
            if response.is_done():
                sent = await self.interaction.followup.send(wait=True, **message)
                message_id = sent.id
            else:
                answered = await response.send_message(**message)
                message_id, sent = answered.message_id, getattr(answered, "resource", None)
        except discord.HTTPException:
            self.live.call_failed(channel_id, posted)
            raise
        await self.live.call_posted(channel_id, message_id, posted, sent)

    async def _edit_clicked(self, deferred: bool, **fields: Any) -> object:
        """Edit the message the click was on, as the answer or after a deferral; returns the edited
        message when Discord's answer carries it."""
        if deferred:
            return await self.interaction.edit_original_response(**fields)
        response = await self.interaction.response.edit_message(**fields)
        return getattr(response, "resource", None)

    async def _follow_up(self, message: dict[str, Any]) -> bool:
        try:
            await self.interaction.followup.send(**message)
        except discord.HTTPException:
            log.warning("follow-up failed", exc_info=True, extra={"channel": self.interaction.channel_id})
            return False
        return True

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
            else:
                await self.interaction.response.defer(ephemeral=not self.public, thinking=True)
        except discord.HTTPException:
            log.warning(
                "interaction not deferred", exc_info=True, extra={"channel": self.interaction.channel_id}
            )
        else:
            log.info("interaction deferred", extra={"channel": self.interaction.channel_id})


def _known(attachment: object) -> bool:
    """An attachment Discord already holds (not a file this answer uploads)."""
    return isinstance(attachment, discord.Attachment)
