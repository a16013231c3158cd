"""The one live game message per channel: edited in place, reposted when it goes stale.

Nothing here runs under a channel's game lock. The service saves a change, hands the `Update` to
`publish` (a plain call, no waiting) and lets go of the lock; then the click's own answer shows the
board (`cogs/reply.py`), and one worker task per channel does everything sent with the bot's token:
edits, reposts, Pay Day notices, reminders, standings. discord.py sleeps in-line on a 429 and
retries a 5xx after a pause; only that channel's worker waits, never a player's click.

The worker always shows the newest snapshot, so a burst of changes costs one edit, and a lost
answer to a click (Discord's 5xx, or the 3 s window passed) is made good by the bot's own edit.
"""

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.render import components
from bot.render.embeds import game_embed, lobby_embed, payday_notices
from bot.render.i18n import Lang, lang
from bot.render.notes import note_text
from bot.render.notices import notice_message
from bot.render.prompts import choices
from bot.service import Loaded, Note, PayDays, Update

log = logging.getLogger(__name__)

POST_PAUSE = 60.0
"""Seconds without trying to post after a post failed (then doubled, up to POST_PAUSE_MAX): a
channel where the bot lost Send Messages is not asked again on every action."""
POST_PAUSE_MAX = 3600.0

Moved = Callable[[int, int, int, int], Awaitable[Loaded | None]]
"""`moved(channel_id, game_id, message_id, version)`: save that the live message is now
`message_id`, showing that row version. Returns the saved snapshot, or None if the game is gone."""


def clicked(interaction: discord.Interaction, message_id: int | None) -> bool:
    """Whether the interaction is a click on that message."""
    return interaction.message is not None and message_id is not None and interaction.message.id == message_id


@dataclass(eq=False)
class Channel:
    """What one channel's live message should show, and what it shows."""

    loaded: Loaded | None = None
    """The newest saved snapshot (after the game ended or the lobby closed, its last one)."""
    note: Note | None = None
    """The lobby's footer line (who joined or left), written when shown."""
    closed: bool = False
    """The lobby closed or the game ended: the message keeps no buttons."""
    seq: int = 0
    """Bumped by every update: the order changes were saved in."""
    shown: int = 0
    """The `seq` of the last write to the live message that completed."""
    tried: int = 0
    """The `seq` the worker last tried to show (it does not try the same one twice)."""
    notices: list[str] = field(default_factory=list)
    posts: deque[dict] = field(default_factory=deque)
    worker: asyncio.Task[None] | None = None
    paused_until: float = 0.0
    pause: float = POST_PAUSE
    warn: bool = False
    """Posting failed and no player has been told yet."""
    answering: set[int] = field(default_factory=set)
    """Old live messages whose buttons a click's own answer removes after a repost (saves a request)."""

    @property
    def behind(self) -> bool:
        return self.loaded is not None and self.shown != self.seq


class LiveMessage:
    """Every channel's live message, kept up to date with the bot's token by one worker per channel:
    the service's `Screen`.

    A Discord failure here is logged, never raised: the game is already saved, so nobody is told
    to try again, and the next update brings the message up to date.
    """

    def __init__(self, bot: discord.Client, moved: Moved) -> None:
        self.bot = bot
        self._moved = moved
        self._channels: dict[int, Channel] = {}

    # -- what the service tells it (under the channel's lock, so in save order) ------------------
    def publish(self, update: Update) -> None:
        """A change was saved: the live message is to show it, with the Pay Day summaries as its text;
        the other notices are messages of their own. All in the game's language."""
        L = self._language(update)
        view = update.live
        if view is not None:
            paydays = [notice for notice in update.notices if isinstance(notice, PayDays)]
            text = "\n".join(filter(None, (payday_notices(p, L) for p in paydays))) or None
            seq = self.update(view.loaded, text, note=view.note, closed=view.closed)
            if view.shown:
                self.shown(view.loaded, seq)
        for notice in update.notices:
            if view is None or not isinstance(notice, PayDays):
                self.post(update.channel_id, **notice_message(notice, L))

    def released(self, channel_id: int) -> None:
        """A timer's work let go of the channel's lock: send what it changed."""
        self.kick(channel_id)

    def _language(self, update: Update) -> Lang:
        """The game's language; a notice with no table (a set-aside game) follows the last one shown."""
        loaded = update.loaded
        if loaded is None:
            ch = self._channels.get(update.channel_id)
            loaded = None if ch is None else ch.loaded
        return lang(None if loaded is None else loaded.table.language)

    def update(
        self, loaded: Loaded, notices: str | None = None, *, note: Note | None = None, closed: bool = False
    ) -> int:
        """A change was saved: show `loaded` next. `notices` (Pay Day summaries) go out with it;
        `note` is the lobby's footer (None keeps the one shown). Returns the snapshot's number."""
        ch = self._channel(loaded.row.channel_id)
        same = ch.loaded is not None and ch.loaded.row.game_id == loaded.row.game_id
        ch.note = note if note is not None else ch.note if same else None
        ch.loaded, ch.closed = loaded, closed or _over(loaded)
        ch.seq += 1
        if notices:
            ch.notices.append(notices)
        return ch.seq

    def post(self, channel_id: int, **message) -> None:
        """Queue a message of its own (reminder, standings, warning) for the channel's worker."""
        self._channel(channel_id).posts.append(message)

    def kick(self, channel_id: int) -> None:
        """Start the channel's worker if it has anything to do and is not running already; a channel
        whose game is over and fully shown is forgotten."""
        ch = self._channels.get(channel_id)
        if ch is None or (ch.worker is not None and not ch.worker.done()):
            return
        if (ch.behind and ch.tried != ch.seq) or ch.notices or ch.posts:
            ch.worker = asyncio.create_task(self._work(channel_id, ch), name=f"live:{channel_id}")
        elif ch.closed and not ch.behind:
            del self._channels[channel_id]

    def forget(self, channel_id: int) -> None:
        """The channel's game never reached Discord (its first message failed): nothing to show."""
        ch = self._channels.pop(channel_id, None)
        if ch is not None and ch.worker is not None:
            ch.worker.cancel()

    async def idle(self, channel_id: int, answering: int) -> None:
        """Run the channel's worker now and wait for it: a click on the old copy of a board that
        must be posted anew waits for the new one, then its answer removes the old one's buttons."""
        ch = self._channel(channel_id)
        ch.answering.add(answering)
        try:
            self.kick(channel_id)
            if ch.worker is not None:
                await asyncio.shield(ch.worker)
        finally:
            ch.answering.discard(answering)

    async def close(self) -> None:
        """Stop every worker (the bot is shutting down)."""
        workers = [ch.worker for ch in self._channels.values() if ch.worker is not None]
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)

    # -- what the cog and the answers ask ---------------------------------------------------------
    def behind(self, channel_id: int) -> bool:
        """Whether the live message may not show the newest saved change (an answer or an edit
        failed, or is still on its way): a player can't be blamed for not answering it."""
        ch = self._channels.get(channel_id)
        return ch is not None and ch.behind

    def newest(self, channel_id: int) -> tuple[Loaded, int] | None:
        ch = self._channels.get(channel_id)
        return None if ch is None or ch.loaded is None else (ch.loaded, ch.seq)

    def needs_repost(self, loaded: Loaded) -> bool:
        """A month change or an hour-old message gets a new live message (while posting works)."""
        table = loaded.table
        return (
            _running(loaded)
            and table.live_message_stale(discord.utils.utcnow())
            and self._may_post(self._channel(loaded.row.channel_id))
        )

    def shown(self, loaded: Loaded, seq: int) -> None:
        """The snapshot `seq` of `loaded`'s game was just written to the live message (by a click's
        own answer, or as a new live message)."""
        ch = self._channels.get(loaded.row.channel_id)
        if ch is not None and ch.loaded is not None and ch.loaded.row.game_id == loaded.row.game_id:
            ch.shown = seq

    def warning(self, channel_id: int) -> bool:
        """Whether the next answer to a player is to say that posting fails (once; then False)."""
        ch = self._channels.get(channel_id)
        if ch is None or not ch.warn:
            return False
        ch.warn = False
        return True

    def render(self, channel_id: int) -> tuple[discord.Embed, discord.ui.View | None]:
        """The live message for the channel's newest snapshot."""
        ch = self._channels[channel_id]
        return _render(ch.loaded, ch.note, ch.closed)

    @staticmethod
    def draw(loaded: Loaded) -> dict:
        """The live message for `loaded`, as `embed` and `view` keywords for a new message."""
        embed, view = _render(loaded, None, False)
        return {"embed": embed, "view": view}

    # -- the worker ---------------------------------------------------------------------------------
    def _channel(self, channel_id: int) -> Channel:
        ch = self._channels.get(channel_id)
        if ch is None:
            ch = self._channels[channel_id] = Channel()
        return ch

    async def _work(self, channel_id: int, ch: Channel) -> None:
        """Bring the live message up to the newest snapshot, then send what is queued, until nothing
        is left; the channel is forgotten once its game is over and everything went out."""
        while True:
            if ch.behind and ch.tried != ch.seq:
                await self._show(channel_id, ch)
            elif ch.notices:
                content = "\n\n".join(ch.notices)
                ch.notices.clear()
                await self._send(ch, channel_id, content=content)
            elif ch.posts:
                await self._send(ch, channel_id, **ch.posts.popleft())
            else:
                break
        if ch.closed and not ch.behind and self._channels.get(channel_id) is ch:
            del self._channels[channel_id]

    async def _show(self, channel_id: int, ch: Channel) -> None:
        seq, loaded = ch.seq, ch.loaded
        ch.tried = seq
        embed, view = self.render(channel_id)
        if self.needs_repost(loaded) and await self._repost(channel_id, ch, embed, view):
            return
        edited = await self._edit(loaded, embed, view)
        if edited:
            ch.shown = seq
        elif edited is None and _running(loaded) and self._may_post(ch):  # deleted by someone: post anew
            await self._repost(channel_id, ch, embed, view)

    async def _repost(
        self, channel_id: int, ch: Channel, embed: discord.Embed, view: discord.ui.View | None
    ) -> bool:
        """Post the board as a new message with the queued notices as its text (never two new
        messages for one change); the old one loses its buttons only once the new one is saved."""
        loaded = ch.loaded
        old = loaded.table.message_id
        notices = ch.notices[:]
        ch.notices.clear()
        message = await self._send(
            ch, channel_id, content="\n\n".join(notices) or None, embed=embed, view=view
        )
        if message is None:
            ch.notices[:0] = notices
            return False
        log.info("live message posted", extra={**_where(ch.loaded), "message_id": message.id})
        try:
            saved = await self._moved(channel_id, loaded.row.game_id, message.id, loaded.row.version)
        except Exception:
            log.exception("new live message not saved", extra=_where(ch.loaded))
            saved = None
        if saved is None:  # nobody will know this message: it must not take clicks
            await self.strip_buttons(channel_id, message.id)
            return True
        if old is not None and old != message.id and old not in ch.answering:
            await self.strip_buttons(channel_id, old)
        return True

    async def _edit(self, loaded: Loaded, embed: discord.Embed, view: discord.ui.View | None) -> bool | None:
        """Edit the live message: True if done, None if it is gone (deleted), False if Discord failed."""
        message_id = loaded.table.message_id
        if message_id is None:
            return None
        channel = self.bot.get_partial_messageable(loaded.row.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(embed=embed, view=view)
        except discord.NotFound:
            return None
        except discord.HTTPException:
            log.warning("live message edit failed", exc_info=True, extra=_where(loaded))
            return False
        return True

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An older copy of the board loses its buttons, so only one message can be answered."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("old live message not edited", extra={"channel": channel_id, "message_id": message_id})

    async def _send(self, ch: Channel, channel_id: int, **message) -> discord.Message | None:
        """Post a message unless posting is paused; a failure pauses posting, longer each time, and
        the next player to act is told (once)."""
        if not self._may_post(ch):
            log.info("message not sent: posting is paused", extra={"channel": channel_id})
            return None
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            sent = await channel.send(**message)
        except discord.HTTPException:
            log.warning("message not sent", exc_info=True, extra={"channel": channel_id, "pause_s": ch.pause})
            ch.paused_until = time.monotonic() + ch.pause
            ch.pause = min(ch.pause * 2, POST_PAUSE_MAX)
            ch.warn = True
            return None
        ch.pause, ch.warn = POST_PAUSE, False
        return sent

    @staticmethod
    def _may_post(ch: Channel) -> bool:
        return time.monotonic() >= ch.paused_until


def _render(loaded: Loaded, note: Note | None, closed: bool) -> tuple[discord.Embed, discord.ui.View | None]:
    """The lobby, or the board with buttons for the question the game waits on (none once it is
    over or `closed`), in the game's language."""
    table, channel_id, game_id = loaded.table, loaded.row.channel_id, loaded.row.game_id
    L = lang(table.language)
    if table.state is None:
        view = None if closed else components.lobby_view(channel_id, game_id, L)
        return lobby_embed(table, "" if note is None else note_text(note, L), L), view
    embed = game_embed(table, game_id, L)
    state = table.state
    if closed or state.over or state.pending is None:
        return embed, None
    return embed, components.game_view(channel_id, game_id, state.prompt, choices(state, L))


def _running(loaded: Loaded) -> bool:
    state = loaded.table.state
    return state is not None and not state.over


def _over(loaded: Loaded) -> bool:
    state = loaded.table.state
    return state is not None and state.over


def _where(loaded: Loaded) -> dict:
    return {"channel": loaded.row.channel_id, "game": loaded.row.game_id}
