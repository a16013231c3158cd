"""Whether the bot still reaches a channel, judged by what Discord answers a write to it.

A channel a moderator deleted answers every request 404, and one the bot may no longer see answers
403; Discord asks apps not to retry what answered 404, and every 403 counts towards the invalid
requests (10,000 in 10 minutes) past which the whole bot is locked out. So after the first such
answer nothing more is sent to that channel, and its game ends (`LiveMessage` is told). A game's
thread that was archived or locked is reopened once, if the bot may, and the write tried again.
"""

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
ARCHIVED_THREAD = 50083
"""Discord's "Operation cannot be performed on archived thread"."""
LOCKED_THREAD = 160005
"""Discord's "Thread is locked"."""
REOPENED = "A game of Pay Day goes on in this thread."
"""The audit log's reason for reopening a game's thread (for moderators; in English)."""

Sent = TypeVar("Sent")
Lost = Callable[[int, str], None]
"""`lost(channel_id, why)`: the channel is out of reach from now on (called once per channel)."""


class Unreachable(Exception):
    """The channel is gone or out of the bot's reach: nothing is sent to it any more."""


class Reach:
    """The channels the bot no longer reaches, and every write to a channel: with the bot's token,
    or through a click's interaction (cogs/payday/live/_hook.py)."""

    def __init__(self, client: discord.Client, lost: Lost) -> None:
        self._client = client
        self._on_lost = lost
        self._lost: set[int] = set()

    def reaches(self, channel_id: int) -> bool:
        return channel_id not in self._lost

    def lose(self, channel_id: int, why: str) -> None:
        """The channel is out of reach (Discord said so, or told the bot it was deleted)."""
        if channel_id not in self._lost:
            self._lost.add(channel_id)
            self._on_lost(channel_id, why)

    def found(self, channel_id: int) -> None:
        """A member opened a new game in the channel: it may be reached again (its access given back)."""
        self._lost.discard(channel_id)

    async def write(self, channel_id: int, request: Callable[[], Awaitable[Sent]]) -> Sent:
        """Send `request` to the channel; an archived or locked thread is reopened and the request
        sent once more. Raises `Unreachable` (and nothing is sent) once the channel is out of reach;
        any other failure as discord.py raised it."""
        if channel_id in self._lost:
            raise Unreachable(channel_id)
        try:
            return await request()
        except discord.HTTPException as error:
            if error.code not in (ARCHIVED_THREAD, LOCKED_THREAD):
                self._judge(channel_id, error)
                raise
            await self._reopen(channel_id, unlock=error.code == LOCKED_THREAD)
        try:
            return await request()
        except discord.HTTPException as error:
            self._judge(channel_id, error)
            raise

    def _judge(self, channel_id: int, error: discord.HTTPException) -> None:
        """Raise `Unreachable` if `error` says the channel is gone or out of the bot's reach."""
        gone = isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
        if gone or (isinstance(error, discord.Forbidden) and error.code == MISSING_ACCESS):
            self.lose(channel_id, error.text or str(error.code))
            raise Unreachable(channel_id) from error

    async def _reopen(self, channel_id: int, *, unlock: bool) -> None:
        """Unarchive the thread (and unlock it, which takes Manage Threads): one request, no fetch.
        A thread the bot may not reopen is out of reach."""
        changes = {"archived": False, "locked": False} if unlock else {"archived": False}
        try:
            await self._client.http.edit_channel(channel_id, reason=REOPENED, **changes)
        except discord.HTTPException as error:
            self._judge(channel_id, error)
            if isinstance(error, discord.Forbidden | discord.NotFound):
                self.lose(channel_id, "thread not reopened: " + (error.text or str(error.code)))
                raise Unreachable(channel_id) from error
            raise
        log.info("thread reopened", extra={"channel": channel_id, "action": "reopen", "unlocked": unlock})
