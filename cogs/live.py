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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import discord

from bot.render import components, hand_view
from bot.render.board_attachment import board_file, picture, render, show_board
from bot.render.board_picture import table_board
from bot.render.calls import call_line
from bot.render.embeds import game_embed, lobby_embed, payday_notices
from bot.render.i18n import Lang, lang
from bot.render.notes import note_text
from bot.render.notices import notice_message
from bot.render.prompts import choices
from bot.service import Call, Loaded, Note, PayDays, Update
from bot.table import Table

if TYPE_CHECKING:
    from bot.service.tables import GameRow  # the store's row, as the service hands it over in `Loaded`

log = logging.getLogger(__name__)

POST_PAUSE = 60.0
"""Seconds without trying to post after a post failed (then doubled, up to POST_PAUSE_MAX): a
channel where the bot lost Send Messages is not asked again on every action."""
POST_PAUSE_MAX = 3600.0

Moved = Callable[[Loaded, int], Awaitable[Loaded | None]]
"""`moved(shown, message_id)`: save that the live message is now `message_id`, showing the snapshot
`shown`. Returns the saved snapshot, or None if the game is gone."""


def clicked(interaction: discord.Interaction, message_id: int | None) -> bool:
    """Whether the interaction is a click on that message."""
    return interaction.message is not None and message_id is not None and interaction.message.id == message_id


@dataclass(eq=False, slots=True)
class Channel:
    """What one channel's live message should show, and what it shows."""

    _row: "GameRow | None" = None
    _table: Table | None = None
    """The newest saved snapshot (`loaded`), as its row and its table; the table is let go while the
    channel rests (`rest`)."""
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
    posts: list[dict] = field(default_factory=list)
    worker: asyncio.Task[None] | None = None
    paused_until: float = 0.0
    pause: float = POST_PAUSE
    warn: bool = False
    """Posting failed and no player has been told yet."""
    answering: set[int] = field(default_factory=set)
    """Old live messages whose buttons a click's own answer removes after a repost (saves a request)."""
    call: Call | None = None
    """Players to call by name: the next showing is a new live message with the call as its text."""
    claimed: bool = False
    """A click on the live message posts the call as its own answer (the worker leaves it alone)."""
    carried: str | None = None
    """The Pay Day summaries riding on the live message as its text, known for the message
    `known_id` (posted by this process); they stay in the channel when the message is replaced."""
    known_id: int | None = None
    retire: list[tuple[int, str | None]] = field(default_factory=list)
    """Old live messages replaced by a call, with the Pay Day lines they carried: each is deleted,
    or cut down to those lines."""
    attachments: tuple[int, list[discord.Attachment]] | None = None
    """(message id, its attachments) as Discord last returned them for a live message, so an edit
    that keeps the board picture can list it instead of uploading it again."""

    @property
    def loaded(self) -> Loaded | None:
        """The newest saved snapshot (after the game ended or the lobby closed, its last one)."""
        if self._row is None:
            return None
        if self._table is None:
            self._table = Table.model_validate_json(self._row.data)
        return Loaded(self._row, self._table)

    @loaded.setter
    def loaded(self, loaded: Loaded) -> None:
        self._row, self._table = loaded

    def rest(self) -> None:
        """Nothing left to send: keep the snapshot's row only (the service's cache of saved rows
        holds the same one) and read its table again should it be needed before the next change.
        A running game's or a lobby's snapshot is its row as saved; a finished game's last one is
        not (it went to history), so it is kept until the channel is forgotten."""
        if not self.closed:
            self._table = None

    @property
    def behind(self) -> bool:
        return self._row is not None and self.shown != self.seq


class LiveMessage:
    """Every channel's live message, kept up to date with the bot's token by one worker per channel:
    the service's `Screen`.

    A Discord failure here is logged, never raised: the game is already saved, so nobody is told
    to try again, and the next update brings the message up to date.
    """

    def __init__(self, bot: discord.Client, moved: Moved, *, pictures: bool = True) -> None:
        self.bot = bot
        self._moved = moved
        self.pictures = pictures
        """Whether the live message carries the drawn board (the `BOARD_PICTURES` setting)."""
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
            if update.call is not None:
                ch = self._channel(update.channel_id)
                ch.call, ch.claimed = update.call, False
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
        same = ch._row is not None and ch._row.game_id == loaded.row.game_id
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
        if (ch.behind and ch.tried != ch.seq) or ch.notices or ch.posts or ch.retire:
            ch.worker = asyncio.create_task(self._work(channel_id, ch), name=f"live:{channel_id}")
        elif ch.closed and not ch.behind:
            del self._channels[channel_id]
        elif not ch.behind:
            ch.rest()

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
        if ch is not None and ch._row is not None and ch._row.game_id == loaded.row.game_id:
            ch.shown = max(ch.shown, seq)  # a later snapshot may have been shown meanwhile

    def holds(self, channel_id: int, message_id: int, attachments: list[discord.Attachment] | None) -> None:
        """What Discord says a live message now holds, after a write to it (None: it did not say)."""
        ch = self._channels.get(channel_id)
        if ch is not None:
            ch.attachments = None if attachments is None else (message_id, attachments)

    def held(self, channel_id: int, message_id: int) -> list[discord.Attachment] | None:
        """The attachments `message_id` was last known to hold (None: not known)."""
        ch = self._channels.get(channel_id)
        known = None if ch is None else ch.attachments
        return known[1] if known is not None and known[0] == message_id else None

    async def picture(
        self, loaded: Loaded, current: list[discord.Attachment] | None
    ) -> list[discord.Attachment | discord.File] | None:
        """The `attachments` of an edit showing `loaded`: the message's own picture if it already
        shows this board (`current`: its attachments, None if not known), else a new one drawn off
        the event loop. None for a lobby, which has no picture."""
        table = loaded.table
        if table.state is None:
            return None
        if not self.pictures:
            return []  # and a picture drawn before the setting changed goes
        return await picture(*table_board(table), current)

    async def _new_picture(self, loaded: Loaded) -> dict:
        """`file=` for a new message showing `loaded`'s game; nothing for a lobby, or with pictures
        off."""
        table = loaded.table
        if table.state is None or not self.pictures:
            return {}
        scene, key = table_board(table)
        return {"file": board_file(await render(scene), scene, key)}

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
        return _render(ch.loaded, ch.note, ch.closed, self.pictures)

    async def draw(self, loaded: Loaded) -> dict:
        """The live message for `loaded`, as the keywords of a new message (with its picture)."""
        embed, view = _render(loaded, None, False, self.pictures)
        return {"embed": embed, "view": view, **await self._new_picture(loaded)}

    # -- calls: the live message posted anew, the call as its text -------------------------------
    def claim(self, channel_id: int) -> bool:
        """A click on the live message will post the waiting call as its own answer (one request
        instead of the worker's post); False if there is none. Called before anything is awaited
        after the service published the update, so the worker cannot have taken the call first."""
        ch = self._channels.get(channel_id)
        if ch is None or ch.call is None or ch.claimed:
            return False
        ch.claimed = True
        return True

    async def call_message(self, channel_id: int) -> tuple[dict, tuple]:
        """The claimed call as a new live message (`content`, `embed`, `view`, `allowed_mentions` and
        the board's picture), and what `call_posted` or `call_failed` need back."""
        ch = self._channels[channel_id]
        loaded, seq = ch.loaded, ch.seq
        embed, view = self.render(channel_id)
        carried = "\n\n".join(ch.notices) or None
        ch.notices.clear()
        call = _seated(ch.call, loaded.table)
        message = {"embed": embed, "view": view, **_call_text(call, carried, _language(loaded))}
        message.update(await self._new_picture(loaded))
        return message, (loaded, seq, carried)

    async def call_posted(self, channel_id: int, message_id: int, posted: tuple, sent: object = None) -> None:
        """The click's answer posted the call (`sent`: the new message, as far as Discord's answer
        says): it is the live message now, and the old one is retired by the worker."""
        loaded, seq, carried = posted
        ch = self._channel(channel_id)
        ch.call, ch.claimed = None, False
        self.holds(channel_id, message_id, attachments_of(sent))
        await self._replaced(channel_id, ch, loaded, message_id, carried, seq)

    def call_failed(self, channel_id: int, posted: tuple) -> None:
        """The click's answer could not post the call: the worker posts it (or edits) instead."""
        ch = self._channel(channel_id)
        _, _, carried = posted
        if carried:
            ch.notices.insert(0, carried)
        ch.claimed, ch.tried = False, 0

    def content(self, channel_id: int) -> dict:
        """The live message's text for an edit: the Pay Day lines it carries and the call of the
        players still asked, so the call goes away as they answer (an edit notifies nobody again).
        Empty when this process did not post the message (after a restart): its text is left as is."""
        ch = self._channels.get(channel_id)
        if ch is None or ch.loaded is None or ch.known_id != ch.loaded.table.message_id:
            return {}
        table = ch.loaded.table
        waiting = _still_called(table)
        call = None if not waiting else Call(table.state.pending.kind, waiting)
        text = _call_text(call, ch.carried, _language(ch.loaded))
        return {"content": text.get("content"), "allowed_mentions": text["allowed_mentions"]}

    async def _replaced(
        self,
        channel_id: int,
        ch: Channel,
        loaded: Loaded,
        message_id: int,
        carried: str | None,
        seq: int,
    ) -> None:
        """`message_id` now shows `loaded`: saved as the live message; the old one is retired."""
        old = loaded.table.message_id
        try:
            saved = await self._moved(loaded, message_id)
        except Exception:
            log.exception("new live message not saved", extra=_where(loaded))
            saved = None
        if saved is None:  # nobody will know this message: it must not take clicks
            await self.strip_buttons(channel_id, message_id)
            return
        before = ch.carried if ch.known_id == old else None
        ch.known_id, ch.carried = message_id, carried
        self.shown(loaded, seq)
        if old is not None and old != message_id:
            ch.retire.append((old, before))
        self.kick(channel_id)

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
            elif ch.retire:
                await self._retire(channel_id, *ch.retire.pop(0))
            elif ch.notices:
                content = "\n\n".join(ch.notices)
                ch.notices.clear()
                await self._send(ch, channel_id, content=content)
            elif ch.posts:
                await self._send(ch, channel_id, **ch.posts.pop(0))
            else:
                break
        if ch.closed and not ch.behind and self._channels.get(channel_id) is ch:
            del self._channels[channel_id]
        elif not ch.behind:
            ch.rest()
        if ch.worker is asyncio.current_task():
            ch.worker = None  # done: nothing to keep per channel

    async def _show(self, channel_id: int, ch: Channel) -> None:
        seq, loaded = ch.seq, ch.loaded
        ch.tried = seq
        if ch.call is not None and ch.claimed:
            return  # a click's answer is posting this change with its call
        embed, view = self.render(channel_id)
        if ch.call is not None:
            call, ch.call = ch.call, None
            if (
                _running(loaded)
                and self._may_post(ch)
                and await self._post_call(channel_id, ch, call, embed, view)
            ):
                return
        if self.needs_repost(loaded) and await self._repost(channel_id, ch, embed, view):
            return
        edited = await self._edit(loaded, embed, view, self.content(channel_id))
        if edited:
            ch.shown = max(ch.shown, seq)
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
        content = "\n\n".join(notices) or None
        message = await self._send(
            ch, channel_id, content=content, embed=embed, view=view, **await self._new_picture(loaded)
        )
        if message is None:
            ch.notices[:0] = notices
            return False
        self.holds(channel_id, message.id, attachments_of(message))
        log.info("live message posted", extra={**_where(ch.loaded), "message_id": message.id})
        try:
            saved = await self._moved(loaded, message.id)
        except Exception:
            log.exception("new live message not saved", extra=_where(ch.loaded))
            saved = None
        if saved is None:  # nobody will know this message: it must not take clicks
            await self.strip_buttons(channel_id, message.id)
            return True
        ch.known_id, ch.carried = message.id, "\n\n".join(notices) or None
        if old is not None and old != message.id and old not in ch.answering:
            await self.strip_buttons(channel_id, old)
        return True

    async def _post_call(
        self, channel_id: int, ch: Channel, call: Call, embed: discord.Embed, view: discord.ui.View | None
    ) -> bool:
        """Post the live message anew with the call as its text (and the queued Pay Day summaries,
        which stay in the channel when it is replaced); the old one is retired. False if posting
        failed: the change is then shown by an edit, and the call is lost (the table says whose move
        it is)."""
        loaded, seq = ch.loaded, ch.seq
        carried = "\n\n".join(ch.notices) or None
        ch.notices.clear()
        text = _call_text(_seated(call, loaded.table), carried, _language(loaded))
        message = await self._send(
            ch, channel_id, embed=embed, view=view, **text, **await self._new_picture(loaded)
        )
        if message is None:
            if carried:
                ch.notices.insert(0, carried)
            return False
        self.holds(channel_id, message.id, attachments_of(message))
        await self._replaced(channel_id, ch, loaded, message.id, carried, seq)
        return True

    async def _retire(self, channel_id: int, message_id: int, carried: str | None) -> None:
        """An old live message replaced by a call goes: deleted, or cut down to the Pay Day summaries
        it carried, so they stay in the channel in their place. One request either way."""
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            if carried:
                await message.edit(content=carried, embed=None, view=None, attachments=[])
            else:
                await message.delete()
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.info("old live message not retired", extra={"channel": channel_id, "message_id": message_id})
            await self.strip_buttons(channel_id, message_id)

    async def _edit(
        self, loaded: Loaded, embed: discord.Embed, view: discord.ui.View | None, text: dict
    ) -> bool | None:
        """Edit the live message (its text, the board and its picture, kept or replaced): True if
        done, None if it is gone (deleted), False if Discord failed."""
        channel_id, message_id = loaded.row.channel_id, loaded.table.message_id
        if message_id is None:
            return None
        fields = {"embed": embed, "view": view, **text}
        attachments = await self.picture(loaded, self.held(channel_id, message_id))
        if attachments is not None:
            fields["attachments"] = attachments
        self.holds(channel_id, message_id, None)  # until Discord says what the message now holds
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            edited = await channel.get_partial_message(message_id).edit(**fields)
        except discord.NotFound:
            return None
        except discord.HTTPException:
            log.warning("live message edit failed", exc_info=True, extra=_where(loaded))
            return False
        self.holds(channel_id, message_id, attachments_of(edited))
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


def _render(
    loaded: Loaded, note: Note | None, closed: bool, pictures: bool
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The lobby, or the board with buttons for the question the game waits on (none once it is
    over or `closed`), in the game's language; with the drawn board as its image if `pictures`."""
    table, channel_id, game_id = loaded.table, loaded.row.channel_id, loaded.row.game_id
    L = lang(table.language)
    if table.state is None:
        view = None if closed else components.lobby_view(channel_id, game_id, L)
        return lobby_embed(table, "" if note is None else note_text(note, L), L), view
    embed = game_embed(table, game_id, L)
    if pictures:
        show_board(embed, table_board(table)[1])
    state = table.state
    if closed or state.over or state.pending is None:
        return embed, None
    mine = [hand_view.hand_button(channel_id, game_id, L)]
    answers = choices(state, L, table.computers())
    return embed, components.game_view(channel_id, game_id, state.prompt, answers, mine)


def _language(loaded: Loaded | None) -> Lang:
    return lang(None if loaded is None else loaded.table.language)


def _still_called(table: Table) -> tuple[int, ...]:
    """The players called for the question the game waits on who have not answered it yet."""
    state = table.state
    if state is None or state.over or state.pending is None or not table.calls:
        return ()
    asked = set(state.pending.seats) | set(state.pending.order)
    return tuple(
        table.seats[seat].user_id
        for seat in table.calls
        if seat in asked and table.seats[seat].user_id is not None
    )


def _seated(call: Call | None, table: Table) -> Call | None:
    """The call without anyone who no longer holds a seat: a player who left (or was removed) after
    the question called them and before the call went out is not called for a seat the computer
    plays now."""
    if call is None:
        return None
    users = tuple(user_id for user_id in call.user_ids if table.seat_of(user_id) is not None)
    return call if users == call.user_ids else replace(call, user_ids=users)


def _call_text(call: Call | None, carried: str | None, L: Lang) -> dict:
    """A live message's text: the Pay Day summaries it carries, then the call; mentions allowed for
    exactly the players called (names in the text never ping: they are escaped, and not allowed)."""
    lines = [carried] if carried else []
    users: list[discord.Object] = []
    if call is not None and call.user_ids:
        lines.append(call_line(call.kind, call.user_ids, L, reminder=call.reminder))
        users = [discord.Object(user_id) for user_id in call.user_ids]
    return {
        "content": "\n\n".join(lines) or None,
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=users),
    }


def _running(loaded: Loaded) -> bool:
    state = loaded.table.state
    return state is not None and not state.over


def _over(loaded: Loaded) -> bool:
    state = loaded.table.state
    return state is not None and state.over


def _where(loaded: Loaded) -> dict:
    return {"channel": loaded.row.channel_id, "game": loaded.row.game_id}


def attachments_of(message: object) -> list[discord.Attachment] | None:
    """What Discord says a message now holds (None when the answer did not say)."""
    attachments = getattr(message, "attachments", None)
    return None if attachments is None else list(attachments)
