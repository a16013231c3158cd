"""One channel's live message as state: what it should show, what it shows, and what is waiting to
be sent (cogs/payday/live/_message.py runs it).

Its fields are read from outside and changed only by its own methods, which keep these invariants:
- `seq` counts the saved changes; the worker shows one no more than once (`to_show`), and the
  message is `behind` while the newest one is not known to be shown.
- A call is `claimed` by at most one click's answer, and only while there is a call.
- The snapshot is let go only when nothing waits on it (`rest`).
- Posting is paused after a failure, twice as long each time up to POST_PAUSE_MAX, and the next
  player is told once (`take_warning`); a success lifts both.
- A channel keeps at most HOOKS_KEPT clicks, one per message, and only fresh ones are handed out.
"""

import asyncio
import time
from collections.abc import Coroutine, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import discord

from bot.render.components import Message
from bot.render.frame import Text, call_text, still_called
from bot.service import Call, Loaded, Note
from cogs.payday.live._hook import Hook

POST_PAUSE = 60.0
"""Seconds without trying to post after a post failed (then doubled, up to POST_PAUSE_MAX): a
channel where the bot lost Send Messages is not asked again on every action."""
POST_PAUSE_MAX = 3600.0
HOOKS_KEPT = 4
"""Messages a channel keeps a click for: the live message and the old ones being retired."""

Retirement = tuple[int, str | None]
"""An old live message replaced by a call, with the Pay Day lines it carried: it is deleted, or
cut down to those lines."""


class Channel:
    """The state of one channel's live message; see the module for the invariants its methods keep."""

    __slots__ = (
        "_answering",
        "_attachments",
        "_call",
        "_carried",
        "_claimed",
        "_closed",
        "_game_id",
        "_hooks",
        "_known_id",
        "_language",
        "_loaded",
        "_note",
        "_notices",
        "_pause",
        "_paused_until",
        "_posts",
        "_retire",
        "_seq",
        "_shown",
        "_tried",
        "_warn",
        "_worker",
    )

    def __init__(self) -> None:
        self._loaded: Loaded | None = None
        self._game_id: int | None = None
        self._language: str | None = None
        self._note: Note | None = None
        self._closed = False
        self._seq = 0
        self._shown = 0
        """The `seq` of the last write to the live message that completed."""
        self._tried = 0
        """The `seq` the worker last tried to show (it does not try the same one twice)."""
        self._notices: list[str] = []
        self._posts: list[Message] = []
        self._worker: asyncio.Task[None] | None = None
        self._paused_until = 0.0
        self._pause = POST_PAUSE
        self._warn = False
        """Posting failed and no player has been told yet."""
        self._answering: set[int] = set()
        """Old live messages whose buttons a click's own answer removes after a repost (saves a request)."""
        self._call: Call | None = None
        self._claimed = False
        self._carried: str | None = None
        """The Pay Day summaries riding on the live message as its text, known for the message
        `_known_id` (posted by this process); they stay in the channel when the message is replaced."""
        self._known_id: int | None = None
        self._retire: list[Retirement] = []
        self._attachments: tuple[int, list[discord.Attachment]] | None = None
        """(message id, its attachments) as Discord last returned them for a live message, so an edit
        that keeps the board picture can list it instead of uploading it again."""
        self._hooks: dict[int, Hook] = {}

    # -- what it shows ------------------------------------------------------------------------------
    @property
    def loaded(self) -> Loaded | None:
        """The newest saved snapshot (after the game ended or the lobby closed, its last one), until
        the channel rests (`rest`). The service parses a fresh table for every snapshot it hands
        over, so nothing changes it later."""
        return self._loaded

    @property
    def game_id(self) -> int | None:
        """The game the live message shows, kept at rest."""
        return self._game_id

    @property
    def language(self) -> str | None:
        """Its language, kept at rest (for a notice that comes without a table)."""
        return self._language

    @property
    def note(self) -> Note | None:
        """The lobby's footer line (who joined or left), written when shown."""
        return self._note

    @property
    def closed(self) -> bool:
        """The lobby closed or the game ended: the message keeps no buttons."""
        return self._closed

    @property
    def seq(self) -> int:
        """Bumped by every update: the order changes were saved in."""
        return self._seq

    @property
    def behind(self) -> bool:
        """Whether the live message may not show the newest snapshot."""
        return self._loaded is not None and self._shown != self._seq

    @property
    def to_show(self) -> bool:
        """Whether the worker has a snapshot to show that it has not tried yet."""
        return self.behind and self._tried != self._seq

    @property
    def done_with(self) -> bool:
        """Whether nothing need be kept once the queue is empty: its game is over and fully shown,
        or it never showed a game here (a thread's parent that received the standings)."""
        return (self._closed and not self.behind) or self._game_id is None

    @property
    def finished_thread(self) -> bool:
        """Whether the channel is a game's own thread whose lobby closed or whose game ended, shown."""
        loaded = self._loaded
        return self._closed and not self.behind and loaded is not None and loaded.table.parent_id is not None

    def update(
        self, loaded: Loaded, notices: str | None, note: Note | None, closed: bool, call: Call | None = None
    ) -> None:
        """A change was saved: show `loaded` next. `notices` (Pay Day summaries) go out with it;
        `note` is the lobby's footer (None keeps the one shown, for the same game); `call` names the
        players to call by name: the next showing is a new live message with the call as its text."""
        # A closed lobby gives its id back to the next lobby: after a close, the same id is new.
        same = self._game_id == loaded.row.game_id and not self._closed
        self._note = note if note is not None else self._note if same else None
        state = loaded.table.state
        self._loaded, self._closed = loaded, closed or (state is not None and state.over)
        self._game_id, self._language = loaded.row.game_id, loaded.table.language
        self._seq += 1
        if notices:
            self._notices.append(notices)
        if call is not None:
            self._call, self._claimed = call, False

    def try_now(self) -> None:
        """The worker shows the newest snapshot now, and does not try it again."""
        self._tried = self._seq

    def showed(self, seq: int) -> None:
        """The snapshot `seq` was written to the live message (a later one may have been already)."""
        self._shown = max(self._shown, seq)

    def overtaken(self) -> None:
        """The newest snapshot is out of date (another process saved the game since): it is taken
        for shown, and its call of the players, unless a click's answer is posting it already, is
        left to the process that saved the newer one."""
        self._tried = self._shown = self._seq
        if not self._claimed:
            self._call = None

    def rest(self) -> None:
        """Everything is shown and no answer waits on the snapshot (to post its call, or to take the
        buttons off the copy it replaced): it goes, as the message shows it and the next change
        brings a new one: a parsed table is hundreds of objects the garbage collector would walk,
        kept for every live game. Its expired clicks go too (a paused game may rest for days);
        the fresh ones stay, to write a computer's move or a timeout."""
        if not self.behind and not self._claimed and not self._answering:
            self._loaded = None
        self._hooks = {m: h for m, h in self._hooks.items() if h.fresh()}

    @contextmanager
    def answering_on(self, message_id: int) -> Iterator[None]:
        """A click's answer on the old live message `message_id` removes its buttons after a repost:
        the worker leaves them to it meanwhile, and the snapshot is kept."""
        self._answering.add(message_id)
        try:
            yield
        finally:
            self._answering.discard(message_id)

    def answers_on(self, message_id: int) -> bool:
        """Whether a click's answer removes the buttons of `message_id`."""
        return message_id in self._answering

    # -- its text and the call of the players ----------------------------------------------------------
    @property
    def call(self) -> Call | None:
        """Players to call by name: the next showing is a new live message with the call as its text."""
        return self._call

    @property
    def claimed(self) -> bool:
        """A click on the live message posts the call as its own answer (the worker leaves it alone)."""
        return self._claimed

    def claim(self) -> bool:
        """A click's answer will post the waiting call; False if there is none, or one took it."""
        if self._call is None or self._claimed:
            return False
        self._claimed = True
        return True

    def unclaim(self, carried: str | None) -> None:
        """The click's answer could not post the call: the worker will (or edit), with `carried`."""
        self.put_back(carried)
        self._claimed, self._tried = False, 0

    def take_call(self) -> Call | None:
        """The call, taken by the worker to be posted (it is made once, or lost if posting fails)."""
        call, self._call = self._call, None
        return call

    def called(self) -> None:
        """A click's answer posted the claimed call."""
        self._call, self._claimed = None, False

    def carries(self, message_id: int, carried: str | None) -> None:
        """This process posted `message_id` as the live message, with `carried` as its text."""
        self._known_id, self._carried = message_id, carried

    def replaced(self, old: int | None, message_id: int, carried: str | None) -> None:
        """`message_id`, carrying `carried`, replaced the live message `old`, which is to be retired
        with the Pay Day lines it carried (if this process knows them)."""
        before = self._carried if self._known_id == old else None
        self.carries(message_id, carried)
        if old is not None and old != message_id:
            self._retire.append((old, before))

    def text(self) -> Text | None:
        """The live message's text for an edit: the Pay Day lines it carries and the call of the
        players still asked, so the call goes away as they answer (an edit notifies nobody again).
        None when this process did not post the message (after a restart): its text is left as is."""
        loaded = self._loaded
        if loaded is None or self._known_id != loaded.table.message_id:
            return None
        return call_text(still_called(loaded.table), self._carried, loaded.table)

    # -- what waits to be sent -----------------------------------------------------------------------
    @property
    def notices(self) -> Sequence[str]:
        """Pay Day summaries waiting to go out: on a new live message, else as a message of their own."""
        return self._notices

    @property
    def posts(self) -> Sequence[Message]:
        """Messages of their own waiting to go out (reminders, standings, warnings)."""
        return self._posts

    @property
    def retire(self) -> Sequence[Retirement]:
        """Old live messages replaced by a call, to be retired."""
        return self._retire

    @property
    def has_work(self) -> bool:
        """Whether the worker has anything to do."""
        return bool(self.to_show or self._notices or self._posts or self._retire or self.finished_thread)

    def take_notices(self) -> str | None:
        """The Pay Day summaries waiting, taken to go out on the message being posted."""
        carried = "\n\n".join(self._notices) or None
        self._notices.clear()
        return carried

    def put_back(self, carried: str | None) -> None:
        """Summaries taken for a message that was not posted wait again, first."""
        if carried:
            self._notices.insert(0, carried)

    def queue(self, messages: Iterable[Message]) -> None:
        self._posts.extend(messages)

    def next_post(self) -> Message:
        return self._posts.pop(0)

    def next_retirement(self) -> Retirement:
        return self._retire.pop(0)

    # -- the worker ------------------------------------------------------------------------------------
    @property
    def worker(self) -> asyncio.Task[None] | None:
        """The task writing this channel, while it runs."""
        return self._worker

    @property
    def working(self) -> bool:
        return self._worker is not None and not self._worker.done()

    def start(self, work: Coroutine[Any, Any, None], name: str) -> None:
        self._worker = asyncio.create_task(work, name=name)

    def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def worked(self) -> None:
        """The running worker is done: nothing to keep of it."""
        if self._worker is asyncio.current_task():
            self._worker = None

    # -- posting and what Discord said ------------------------------------------------------------------
    @property
    def may_post(self) -> bool:
        return time.monotonic() >= self._paused_until

    def failed_to_post(self) -> float:
        """Posting failed: pause it, longer each time, and tell the next player (once). Returns the
        pause."""
        pause = self._pause
        self._paused_until = time.monotonic() + pause
        self._pause = min(pause * 2, POST_PAUSE_MAX)
        self._warn = True
        return pause

    def posted(self) -> None:
        self._pause, self._warn = POST_PAUSE, False

    def take_warning(self) -> bool:
        """Whether the next answer to a player is to say that posting fails (once; then False)."""
        if not self._warn:
            return False
        self._warn = False
        return True

    def hold(self, message_id: int, attachments: list[discord.Attachment] | None) -> None:
        """What Discord says a live message now holds, after a write to it (None: it did not say)."""
        self._attachments = None if attachments is None else (message_id, attachments)

    def held(self, message_id: int) -> list[discord.Attachment] | None:
        """The attachments `message_id` was last known to hold (None: not known)."""
        known = self._attachments
        return known[1] if known is not None and known[0] == message_id else None

    # -- the clicks it writes through ------------------------------------------------------------------
    @property
    def hooks(self) -> Mapping[int, Hook]:
        """message id -> the newest click that can write it (cogs/payday/live/_hook.py): the live
        message, and an old one still to be retired."""
        return self._hooks

    def hooked(self, hook: Hook) -> None:
        """`hook` can write its message from now on; clicks no longer fresh are let go."""
        others = [h for h in self._hooks.values() if h.fresh() and h.message_id != hook.message_id]
        others.sort(key=lambda h: h.expires)
        self._hooks = {h.message_id: h for h in others[1 - HOOKS_KEPT :]}
        self._hooks[hook.message_id] = hook

    def hook_for(self, message_id: int | None) -> Hook | None:
        """A fresh click that can write `message_id`, if any."""
        return _fresh(None if message_id is None else self._hooks.get(message_id))

    def parting(self, message_id: int) -> Hook | None:
        """A fresh click that can write `message_id` one last time (to delete it or take its
        buttons off): it is kept no more."""
        return _fresh(self._hooks.pop(message_id, None))

    def newest(self) -> Hook | None:
        """The freshest click, to post a message as its follow-up, if it is fresh still."""
        return _fresh(max(self._hooks.values(), key=lambda h: h.expires, default=None))

    def unhook(self, hook: Hook) -> None:
        """Discord no longer takes that click's token: nothing is written through it again."""
        self._hooks = {m: h for m, h in self._hooks.items() if h.interaction is not hook.interaction}


def _fresh(hook: Hook | None) -> Hook | None:
    return hook if hook is not None and hook.fresh() else None
