"""One interaction's answer: decided under the channel's lock, sent after it is released.

Discord wants a first answer within 3 seconds. The answer is sent only once the game's lock is let
go, so a rate-limited or slow Discord never holds up the next player's click; and if the work under
the lock takes long (a busy database, a queue of clicks), the interaction is deferred at
DEFER_AFTER and the answer arrives as an edit of the deferred response or a follow-up.

A click on the live message is answered by the live message itself (`LiveMessage.show`,
`post_call`): the reply hands it the click (cogs/payday/live/_click.py), through which it writes the
same frame the channel's worker would have written with the bot's token, in one request, and keeps
the click to write the live message for a few minutes more, exempt from Discord's global limit
(cogs/payday/live/_hook.py).
"""

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.render.components import Message, Rows
from bot.render.embeds import safe
from bot.render.language.i18n import Lang
from bot.render.notices import cannot_post
from bot.service import Loaded
from cogs.payday.live._click import Click
from cogs.payday.live._controls import message_fields, view
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
        self._click = Click(interaction)
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
        self._deferring: asyncio.Task[None] | None = None
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer_soon)

    def on(self, message_id: int | None) -> bool:
        """Whether the interaction is a click on that message."""
        return message_id is not None and self._click.clicked == message_id

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
            sent = await self._click.follow_up(message_fields(message))
            if sent is None:
                unsent.append(message)
            else:
                await self.live.sent(message, sent.id)  # a game's standings: history links to them
        if self.modal is None and self.live.warning(channel_id):  # a form takes no follow-up
            await self._click.follow_up({"content": cannot_post(self.L), "ephemeral": True})
        self.live.done(channel_id, unsent)
        self.posted = posted
        return posted

    async def _answer(self, channel_id: int) -> int | None:
        """The first answer; the board through the click is the live message's to write, the click
        handed over to it."""
        click = self._click
        if self.calling:
            await self.live.post_call(channel_id, click)
            return None
        if self.shows_board and await self.live.show(channel_id, click):
            return None
        if self.board_post is not None:
            return await click.post(await self.live.new_message(self.board_post))
        if self.message is not None:
            return await click.post(message_fields(self.message))
        if self.modal is not None:
            await click.form(self.modal)
        elif self.edited is not None:
            await click.edit(self.edited)
        elif self.text is not None or self.embeds or self.files:
            await click.say(self._said(channel_id))
        else:
            await click.acknowledge()
        return None

    def _said(self, channel_id: int) -> dict[str, Any]:
        """The private answer, with the warning that posting fails if no player was told yet."""
        warning = cannot_post(self.L) if self.live.warning(channel_id) else None
        fields: dict[str, Any] = {"content": "\n".join(t for t in (self.text, warning) if t) or None}
        if self.embeds:
            fields["embeds"] = list(self.embeds)
        if self.files:
            fields["files"] = list(self.files)
        controls = view(self.rows)
        if controls is not None:
            fields["view"] = controls
        return fields

    def _defer_soon(self) -> None:
        if not self._click.answered:
            self._deferring = asyncio.create_task(self._click.defer(public=self.public))
