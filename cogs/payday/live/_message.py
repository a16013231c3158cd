"""The one live game message per channel: edited in place, reposted when it goes stale.

Nothing here runs under a channel's game lock. The service saves a change, hands the `Update` to
`publish` (a plain call, no waiting) and lets go of the lock; then the click's own answer shows the
board through the click (`show`, `post_call`), and one worker task per channel does everything
else: edits, reposts, Pay Day notices, reminders, standings. The worker writes (`Writer`) through
the newest fresh click on the live message where it can (cogs/payday/live/_hook.py: exempt from
Discord's global limit for 15 minutes), else with the bot's token. discord.py sleeps in-line on a
429 and retries a 5xx after a pause; only that channel's worker waits, never a player's click.
Either way the message shows a frame built from the snapshot alone (bot/render/frame.py).

The worker always shows the newest snapshot, so a burst of changes costs one edit, and a lost
answer to a click (Discord's 5xx, or the 3 s window passed) is made good by the bot's own edit.

A channel that is gone (deleted, or out of the bot's reach: cogs/payday/live/_reach.py) is written
to no more: its game ends there (`Gone`), and the standings go to the parent channel of a thread.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.render.components import Message
from bot.render.embeds import payday_notices
from bot.render.frame import Frame, Text, call_text, frame, language, seated
from bot.render.language.i18n import Lang, lang
from bot.render.notices import notice_message
from bot.service import Call, Loaded, PayDays, Standings, Update
from cogs.payday.live._channel import Channel
from cogs.payday.live._click import Click
from cogs.payday.live._controls import message_fields
from cogs.payday.live._hook import HOOK_LIFETIME
from cogs.payday.live._panels import OpenPanels
from cogs.payday.live._reach import Reach, Unreachable
from cogs.payday.live._writer import Writer, where
from cogs.payday.live._writes import attachments_of, edit_fields, held_after, new_fields

log = logging.getLogger(__name__)

Moved = Callable[[Loaded, int], Awaitable[Loaded | None]]
"""`moved(shown, message_id)`: save that the live message is now `message_id`, showing the snapshot
`shown`. Returns the saved snapshot, or None if the game is gone."""
Posted = Callable[[int, int], Awaitable[object]]
"""`posted(game_id, message_id)`: game `game_id`'s standings were posted as `message_id` (the
tables' `standings_posted`: history links to them)."""
Gone = Callable[[int], Awaitable[object]]
"""`gone(channel_id)`: the channel is out of reach; its lobby closes, its game ends (the service's
`channel_gone`, whose standings come back through `publish`)."""


class LiveMessage:
    """Every channel's live message, kept up to date with the bot's token by one worker per channel:
    the service's `Screen`, and what a click's answer shows through the click.

    A Discord failure here is logged, never raised to the service: the game is already saved, so
    nobody is told to try again, and the next update brings the message up to date.
    """

    def __init__(
        self, bot: discord.Client, moved: Moved, gone: Gone, posted: Posted, *, pictures: bool = True
    ) -> None:
        self.bot = bot
        self._moved = moved
        self._gone = gone
        self._posted = posted
        self.pictures = pictures
        """Whether the live message carries the drawn board (the `BOARD_PICTURES` setting)."""
        self._channels: dict[int, Channel] = {}
        self.reach = Reach(bot, self._lost)
        self._writer = Writer(bot, self.reach, self._channels)
        self._ending: set[asyncio.Task[None]] = set()
        """Games ending because their channel is out of reach."""
        self.panels = OpenPanels()  # the hand panels open now, shown their players' questions
        self.hook_lifetime = HOOK_LIFETIME
        """Seconds after a click that the worker writes through it (0: with the bot's token only)."""

    # -- the service's Screen (called under the channel's lock, so in save order) ---------------------
    def publish(self, update: Update) -> None:
        """A change was saved: the live message is to show it, with the Pay Day summaries as its text;
        the other notices are messages of their own. All in the game's language."""
        L = self._language(update)
        if not self.reach.reaches(update.channel_id):
            self._elsewhere(update, L)
            return
        live = update.live
        if live is not None:
            paydays = [notice for notice in update.notices if isinstance(notice, PayDays)]
            text = "\n".join(filter(None, (payday_notices(p, L) for p in paydays))) or None
            ch = self._channel(live.loaded.row.channel_id)
            ch.update(live.loaded, text, live.note, live.closed, update.call)
            self.panels.published(update.channel_id, live.loaded.table, live.loaded.row.game_id)
            if live.shown:
                self._shown(live.loaded, ch.seq)
        for notice in update.notices:
            if live is None or not isinstance(notice, PayDays):
                self._channel(update.channel_id).queue([notice_message(notice, L)])

    def released(self, channel_id: int) -> None:
        self.kick(channel_id)  # a timer's work let go of the channel's lock: send what it changed

    def behind(self, channel_id: int) -> bool:
        """Whether the live message may not show the newest saved change (an answer or an edit
        failed, or is still on its way): a player can't be blamed for not answering it."""
        ch = self._channels.get(channel_id)
        return ch is not None and ch.behind

    def reaches(self, channel_id: int) -> bool:
        """Whether the channel is still in the bot's reach (its game ends when it is not)."""
        return self.reach.reaches(channel_id)

    def overtaken(self, channel_id: int) -> None:
        """Another process saved the channel's game after this one's newest snapshot (a server moving
        between processes): it is not shown, so no edit of ours writes an older board over the other
        process's. The messages already queued (Pay Day summaries, standings) tell what did happen."""
        ch = self._channels.get(channel_id)
        if ch is not None:
            ch.overtaken()

    # -- what a click's answer asks, the click handed over (cogs/payday/live/_reply.py) ----------
    def claim(self, channel_id: int) -> bool:
        """A click on the live message will post the waiting call as its own answer (one request
        instead of the worker's post); False if there is none. Called before anything is awaited
        after the service published the update, so the worker cannot have taken the call first."""
        ch = self._channels.get(channel_id)
        return ch is not None and ch.claim()

    async def post_call(self, channel_id: int, click: Click) -> None:
        """The claimed call as the click's answer: a new live message whose text calls the players
        (an interaction's answer may mention, and needs no Send Messages), with the Pay Day
        summaries waiting; it is saved as the live message, and the worker retires the old one. If
        Discord refuses, the worker posts the call itself (or edits)."""
        ch = self._channels[channel_id]
        loaded, seq = ch.loaded, ch.seq
        assert loaded is not None, "a claimed call belongs to a published snapshot"
        shown = self._frame(ch, loaded)
        carried = ch.take_notices()
        call = None if ch.call is None else seated(ch.call, loaded.table)
        fields = await new_fields(shown, call_text(call, carried, loaded.table))
        try:
            message_id, sent = await click.send_new(fields)
        except discord.HTTPException:
            ch.unclaim(carried)
            raise
        ch.called()
        ch.hooked(click.hook(message_id, self.hook_lifetime))
        ch.hold(message_id, attachments_of(sent))
        await self._replaced(channel_id, ch, loaded, message_id, carried, seq)

    async def show(self, channel_id: int, click: Click) -> bool:
        """Show the newest board as the answer to a click on the live message, in that one request:
        its picture kept when the board looks the same, else the new one uploaded with it. A click
        on a board that must be posted anew (a new month, an hour-old message) waits for the worker
        to post it, then its answer removes the old copy's buttons. False if the click was not on the
        live message (the worker edits it), or if the channel rests: the message shows the newest
        board already."""
        clicked = click.clicked
        ch = self._channels.get(channel_id)
        if clicked is None or ch is None or ch.loaded is None or ch.loaded.table.message_id != clicked:
            return False
        loaded = ch.loaded
        if self._needs_repost(ch, loaded):
            await self.idle(channel_id, clicked)
            now = self._channels.get(channel_id)
            if now is None or now.loaded is None:
                return False
            if now.loaded.table.message_id != clicked:
                try:
                    await click.edit({"view": None})
                except discord.HTTPException:
                    await self._writer.strip_buttons(channel_id, clicked)
                    raise
                return True
            ch, loaded = now, now.loaded
        seq = ch.seq
        fields, attachments = await edit_fields(self._frame(ch, loaded), ch.text(), click.attachments)
        answered = await click.edit(fields)
        ch.hooked(click.hook(clicked, self.hook_lifetime))
        ch.hold(clicked, held_after(answered, attachments))
        self._shown(loaded, seq)
        return True

    async def new_message(self, loaded: Loaded) -> dict[str, Any]:
        """The live message for `loaded` as the keywords of a new message (with its picture)."""
        row = loaded.row
        pictures = self._pictures(loaded)
        return await new_fields(frame(loaded.table, row.channel_id, row.game_id, None, False, pictures))

    def warning(self, channel_id: int) -> bool:
        """Whether the next answer to a player is to say that posting fails (once; then False)."""
        ch = self._channels.get(channel_id)
        return ch is not None and ch.take_warning()

    def done(self, channel_id: int, unsent: Sequence[Message] = ()) -> None:
        """A click's answer went out: the follow-ups it could not send go as messages of their own,
        and the worker sends what the change left to send."""
        if unsent and self.reach.reaches(channel_id):
            self._channel(channel_id).queue(unsent)
        self.kick(channel_id)

    async def sent(self, message: Message, message_id: int) -> None:
        """`message` was posted as `message_id`: if it is a game's standings, history links to it. A
        failure to save that is logged; history then links to the game's last board."""
        if message.standings is None:
            return
        try:
            await self._posted(message.standings, message_id)
        except Exception:
            log.exception("standings' message not saved", extra={"game": message.standings})

    # -- what the cog asks ----------------------------------------------------------------------------
    def forget(self, channel_id: int) -> None:
        """The channel's game never reached Discord (its first message failed): nothing to show."""
        ch = self._channels.pop(channel_id, None)
        if ch is not None:
            ch.stop()

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An older copy of the board loses its buttons, so only one message can be answered."""
        await self._writer.strip_buttons(channel_id, message_id)

    async def idle(self, channel_id: int, answering: int) -> None:
        """Run the channel's worker now and wait for it: a click on the old copy of a board that
        must be posted anew waits for the new one, then its answer removes the old one's buttons."""
        ch = self._channel(channel_id)
        with ch.answering_on(answering):
            self.kick(channel_id)
            if ch.worker is not None:
                await asyncio.shield(ch.worker)

    async def close(self) -> None:
        """Stop every worker, and the games ending meanwhile (the bot is shutting down)."""
        tasks = [ch.worker for ch in self._channels.values() if ch.worker is not None]
        tasks += self._ending
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, self.panels.close(), return_exceptions=True)

    def lose(self, channel_id: int, why: str) -> None:
        """Discord says the channel was deleted: nothing more is sent to it, and its game ends."""
        self.reach.lose(channel_id, why)

    def found(self, channel_id: int) -> None:
        """A member opens a game in the channel: the bot may reach it again."""
        self.reach.found(channel_id)

    def kick(self, channel_id: int) -> None:
        """Start the channel's worker if it has anything to do and is not running already; a channel
        whose game is over and fully shown, or which only received messages, is forgotten. Nothing
        starts for a channel out of reach."""
        ch = self._channels.get(channel_id)
        if ch is None or not self.reach.reaches(channel_id) or ch.working:
            return
        if ch.has_work:
            ch.start(self._work(channel_id, ch), name=f"live:{channel_id}")
        elif ch.done_with:
            del self._channels[channel_id]
        else:
            ch.rest()

    # -- a channel out of reach ---------------------------------------------------------------------
    def _lost(self, channel_id: int, why: str) -> None:
        """The channel is out of reach: what waited to be sent there goes, and its game ends."""
        ch = self._channels.pop(channel_id, None)
        # Any deleted channel is heard of; one this process showed a game in is worth a warning.
        log.log(
            logging.INFO if ch is None else logging.WARNING,
            "channel out of reach: its game ends",
            extra={
                "channel": channel_id,
                "game": None if ch is None else ch.game_id,
                "action": "end",
                "why": why,
            },
        )
        ending = asyncio.create_task(self._end(channel_id), name=f"gone:{channel_id}")
        self._ending.add(ending)
        ending.add_done_callback(self._ending.discard)

    async def _end(self, channel_id: int) -> None:
        try:
            await self._gone(channel_id)
        except Exception:
            # The service's timer for the channel tries again (`Waking.channel_gone`).
            log.exception("game of a channel out of reach not ended", extra={"channel": channel_id})

    def _elsewhere(self, update: Update, L: Lang) -> None:
        """An update of a channel out of reach: the standings go to the channel a game's thread was
        opened from, if the bot reaches it; nothing else is sent."""
        parent = None if update.loaded is None else update.loaded.table.parent_id
        standings = [notice for notice in update.notices if isinstance(notice, Standings)]
        if parent is None or not standings or not self.reach.reaches(parent):
            return
        self._channel(parent).queue(notice_message(notice, L) for notice in standings)
        self.kick(parent)

    # -- the state per channel ----------------------------------------------------------------------
    def _channel(self, channel_id: int) -> Channel:
        ch = self._channels.get(channel_id)
        if ch is None:
            ch = self._channels[channel_id] = Channel()
        return ch

    def _shown(self, loaded: Loaded, seq: int) -> None:
        """The snapshot `seq` of `loaded`'s game was just written (by a click's answer, or posted)."""
        ch = self._channels.get(loaded.row.channel_id)
        if ch is not None and ch.game_id == loaded.row.game_id:
            ch.showed(seq)

    def _language(self, update: Update) -> Lang:
        """The game's language; a notice with no table (a set-aside game) follows the last one shown."""
        if update.loaded is not None:
            return language(update.loaded.table)
        ch = self._channels.get(update.channel_id)
        return lang(None if ch is None else ch.language)

    def _needs_repost(self, ch: Channel, loaded: Loaded) -> bool:
        """A month change or an hour-old message gets a new live message (while posting works)."""
        return _running(loaded) and loaded.table.live_message_stale(discord.utils.utcnow()) and ch.may_post

    def _frame(self, ch: Channel, loaded: Loaded) -> Frame:
        row = loaded.row
        return frame(loaded.table, row.channel_id, row.game_id, ch.note, ch.closed, self._pictures(loaded))

    def _pictures(self, loaded: Loaded) -> bool:
        """The drawn board: if the operator allows it (`BOARD_PICTURES`) and the server chose it."""
        return self.pictures and loaded.table.board_pictures

    # -- the worker -----------------------------------------------------------------------------------
    async def _work(self, channel_id: int, ch: Channel) -> None:
        """Bring the live message up to the newest snapshot, then send what is queued, until nothing
        is left; the channel is forgotten once its game is over and everything went out, or it
        showed no game (a thread's parent given the standings), or at once when it is out of reach
        (`_lost` forgot it)."""
        try:
            while True:
                if ch.to_show:
                    await self._show(channel_id, ch)
                elif ch.retire:
                    await self._writer.retire(ch, channel_id, *ch.next_retirement())
                elif ch.notices:
                    await self._writer.send(ch, channel_id, {"content": ch.take_notices()})
                elif ch.posts:
                    message = ch.next_post()
                    sent = await self._writer.send(ch, channel_id, message_fields(message))
                    if sent is not None:
                        await self.sent(message, sent.id)
                else:
                    break
        except Unreachable:
            return
        if ch.done_with and self._channels.get(channel_id) is ch:
            del self._channels[channel_id]
            if ch.finished_thread:
                await self._writer.archive(channel_id)
        else:
            ch.rest()
        ch.worked()

    async def _show(self, channel_id: int, ch: Channel) -> None:
        seq, loaded = ch.seq, ch.loaded
        assert loaded is not None, "a channel behind has a snapshot to show"
        ch.try_now()
        if ch.call is not None and ch.claimed:
            return  # a click's answer is posting this change with its call
        shown = self._frame(ch, loaded)
        call = ch.take_call()
        if (
            call is not None
            and _running(loaded)
            and ch.may_post
            and await self._post_call(channel_id, ch, loaded, shown, call)
        ):
            return
        if self._needs_repost(ch, loaded) and await self._repost(channel_id, ch, loaded, shown):
            return
        edited = await self._writer.edit(ch, loaded, shown)
        if edited:
            ch.showed(seq)
        elif edited is None and _running(loaded) and ch.may_post:  # deleted by someone: post anew
            await self._repost(channel_id, ch, loaded, shown)

    async def _repost(self, channel_id: int, ch: Channel, loaded: Loaded, shown: Frame) -> bool:
        """Post the board as a new message with the queued notices as its text (never two new
        messages for one change); the old one loses its buttons only once the new one is saved."""
        old = loaded.table.message_id
        carried = ch.take_notices()
        fields = await new_fields(shown, Text(carried, None))
        message = await self._writer.send(ch, channel_id, fields, live=True)
        if message is None:
            ch.put_back(carried)
            return False
        ch.hold(message.id, attachments_of(message))
        log.info("live message posted", extra={**where(loaded), "message_id": message.id})
        if not await self._save_moved(channel_id, loaded, message.id):
            return True
        ch.carries(message.id, carried)
        if old is not None and old != message.id and not ch.answers_on(old):
            await self._writer.strip_buttons(channel_id, old)
        return True

    async def _post_call(
        self, channel_id: int, ch: Channel, loaded: Loaded, shown: Frame, call: Call
    ) -> bool:
        """Post the live message anew with the call as its text (and the queued Pay Day summaries,
        which stay in the channel when it is replaced); the old one is retired. False if posting
        failed: the change is then shown by an edit, and the call is lost (the table says whose move
        it is)."""
        seq = ch.seq
        carried = ch.take_notices()
        text = call_text(seated(call, loaded.table), carried, loaded.table)
        message = await self._writer.send(ch, channel_id, await new_fields(shown, text), live=True)
        if message is None:
            ch.put_back(carried)
            return False
        ch.hold(message.id, attachments_of(message))
        await self._replaced(channel_id, ch, loaded, message.id, carried, seq)
        return True

    async def _replaced(
        self, channel_id: int, ch: Channel, loaded: Loaded, message_id: int, carried: str | None, seq: int
    ) -> None:
        """`message_id` now shows `loaded` with the call: saved as the live message; the old one is
        retired by the worker."""
        old = loaded.table.message_id
        if not await self._save_moved(channel_id, loaded, message_id):
            return
        ch.replaced(old, message_id, carried)
        self._shown(loaded, seq)
        self.kick(channel_id)

    async def _save_moved(self, channel_id: int, loaded: Loaded, message_id: int) -> bool:
        """Save that the live message is now `message_id`; if that fails (or the game is gone),
        nobody will know the new message, so it must not take clicks."""
        try:
            saved = await self._moved(loaded, message_id)
        except Exception:
            log.exception("new live message not saved", extra=where(loaded))
            saved = None
        if saved is None:
            await self._writer.strip_buttons(channel_id, message_id)
            return False
        return True


def _running(loaded: Loaded) -> bool:
    state = loaded.table.state
    return state is not None and not state.over
