"""The live message's requests to a channel: each through a fresh click that can make it
(cogs/payday/live/_hook.py: exempt from Discord's global limit), else with the bot's token, and
every one through `Reach` (cogs/payday/live/_reach.py), so nothing is sent to a channel out of reach.

These are the worker's writes (cogs/payday/live/_message.py); a click's own answer writes through
the click instead (cogs/payday/live/_click.py).
"""

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

import discord

from bot.render.frame import Frame
from bot.service import Loaded
from cogs.payday.live._channel import Channel
from cogs.payday.live._hook import Hook, expired
from cogs.payday.live._reach import Reach, Unreachable
from cogs.payday.live._writes import attachments_of, edit_fields

log = logging.getLogger(__name__)

Written = TypeVar("Written")


class Writer:
    """Edits, posts, retirements and archives of the channels in `channels` (the live message's
    own, read at each write: a click Discord refused is let go from the channel as it is then)."""

    def __init__(self, bot: discord.Client, reach: Reach, channels: Mapping[int, Channel]) -> None:
        self._bot = bot
        self._reach = reach
        self._channels = channels

    async def edit(self, ch: Channel, loaded: Loaded, shown: Frame) -> bool | None:
        """Edit the live message (its text, the board and its picture, kept or replaced): True if
        done, None if it is gone (deleted), False if Discord failed."""
        channel_id, message_id = loaded.row.channel_id, loaded.table.message_id
        if message_id is None:
            return None
        fields, _ = await edit_fields(shown, ch.text(), ch.held(message_id))
        ch.hold(message_id, None)  # until Discord says what the message now holds
        message = self._bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            edited = await self._write(
                channel_id, ch.hook_for(message_id), lambda h: h.edit(fields), lambda: message.edit(**fields)
            )
        except discord.NotFound:
            return None
        except discord.HTTPException:
            log.warning("live message edit failed", exc_info=True, extra=where(loaded))
            return False
        ch.hold(message_id, attachments_of(edited))
        return True

    async def send(
        self, ch: Channel, channel_id: int, fields: dict[str, Any], *, live: bool = False
    ) -> discord.Message | None:
        """Post a message unless posting is paused, as a follow-up of the newest fresh click if there
        is one (a new `live` message is then written through that click later too); a failure
        pauses posting, longer each time, and the next player to act is told (once)."""
        if not ch.may_post:
            log.info("message not sent: posting is paused", extra={"channel": channel_id})
            return None
        channel = self._bot.get_partial_messageable(channel_id)

        async def follow_up(hook: Hook) -> discord.Message:
            sent = await hook.post(fields)
            if live:
                ch.hooked(hook.on(sent.id))
            return sent

        try:
            sent = await self._write(channel_id, ch.newest(), follow_up, lambda: channel.send(**fields))
        except discord.HTTPException:
            pause = ch.failed_to_post()
            log.warning("message not sent", exc_info=True, extra={"channel": channel_id, "pause_s": pause})
            return None
        ch.posted()
        return sent

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An older copy of the board loses its buttons, so only one message can be answered."""
        message = self._bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        ch = self._channels.get(channel_id)
        hook = None if ch is None else ch.parting(message_id)
        try:
            await self._write(
                channel_id, hook, lambda h: h.edit({"view": None}), lambda: message.edit(view=None)
            )
        except (discord.HTTPException, Unreachable):
            log.info("old live message not edited", extra={"channel": channel_id, "message_id": message_id})

    async def retire(self, ch: Channel, channel_id: int, message_id: int, carried: str | None) -> None:
        """An old live message replaced by a call goes: deleted, or cut down to the Pay Day summaries
        it carried, so they stay in the channel in their place. One request either way."""
        message = self._bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        cut_down: dict[str, Any] = {"content": carried, "embed": None, "view": None, "attachments": []}

        async def with_token() -> None:
            if carried:
                await message.edit(**cut_down)
            else:
                await message.delete()

        async def via_hook(hook: Hook) -> None:
            if carried:
                await hook.edit(cut_down)
            else:
                await hook.delete()

        try:
            await self._write(channel_id, ch.parting(message_id), via_hook, with_token)
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.info("old live message not retired", extra={"channel": channel_id, "message_id": message_id})
            await self.strip_buttons(channel_id, message_id)

    async def archive(self, channel_id: int) -> None:
        """A game's own thread is archived once its lobby closed or its game ended and everything
        (the standings) went out: it leaves the channel's list of threads, and anyone may still
        read it (a write reopens it: a rematch, or the next game)."""
        try:
            await self._reach.write(
                channel_id, lambda: self._bot.http.edit_channel(channel_id, archived=True)
            )
        except (discord.HTTPException, Unreachable):
            log.info("thread not archived", extra={"channel": channel_id, "action": "archive"})
            return
        log.info("thread archived", extra={"channel": channel_id, "action": "archive"})

    async def _write(
        self,
        channel_id: int,
        hook: Hook | None,
        via_hook: Callable[[Hook], Awaitable[Written]],
        with_token: Callable[[], Awaitable[Written]],
    ) -> Written:
        """One write to the channel: `via_hook` with the fresh click `hook` if there is one (exempt
        from the global limit), else `with_token`, with the bot's token. A click whose token Discord
        no longer takes is let go and the bot's token writes instead, once."""
        if hook is not None:
            try:
                return await self._reach.write(channel_id, lambda: via_hook(hook))
            except discord.HTTPException as error:
                if not expired(error):
                    raise
                log.info(
                    "interaction expired: the bot's token writes",
                    extra={"channel": channel_id, "status": error.status, "code": error.code},
                )
                ch = self._channels.get(channel_id)
                if ch is not None:
                    ch.unhook(hook)
        return await self._reach.write(channel_id, with_token)


def where(loaded: Loaded) -> dict[str, int]:
    """A game's channel and id, for a log line's `extra`."""
    return {"channel": loaded.row.channel_id, "game": loaded.row.game_id}
