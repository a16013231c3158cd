"""One channel's live message as state: what it should show, what it shows, and what is waiting to
be sent (cogs/payday/live/_message.py runs it)."""

import asyncio
import time
from dataclasses import dataclass, field

import discord

from bot.render.components import Message
from bot.service import Call, Loaded, Note
from cogs.payday.live._hook import Hook

POST_PAUSE = 60.0
"""Seconds without trying to post after a post failed (then doubled, up to POST_PAUSE_MAX): a
channel where the bot lost Send Messages is not asked again on every action."""
POST_PAUSE_MAX = 3600.0
HOOKS_KEPT = 4
"""Messages a channel keeps a click for: the live message and the old ones being retired."""


@dataclass(eq=False, slots=True)
class Channel:
    loaded: Loaded | None = None
    """The newest saved snapshot (after the game ended or the lobby closed, its last one), until
    the channel rests (`rest`). The service parses a fresh table for every snapshot it hands over,
    so nothing changes it later."""
    game_id: int | None = None
    """The game the live message shows, kept at rest."""
    language: str | None = None
    """Its language, kept at rest (for a notice that comes without a table)."""
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
    """Pay Day summaries waiting to go out: on a new live message, else as a message of their own."""
    posts: list[Message] = field(default_factory=list)
    """Messages of their own waiting to go out (reminders, standings, warnings)."""
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
    hooks: dict[int, Hook] = field(default_factory=dict)
    """message id -> the newest click that can write it (cogs/payday/live/_hook.py): the live message,
    and an old one still to be retired."""

    @property
    def behind(self) -> bool:
        """Whether the live message may not show the newest snapshot."""
        return self.loaded is not None and self.shown != self.seq

    @property
    def may_post(self) -> bool:
        return time.monotonic() >= self.paused_until

    def update(self, loaded: Loaded, notices: str | None, note: Note | None, closed: bool) -> None:
        """A change was saved: show `loaded` next. `notices` (Pay Day summaries) go out with it;
        `note` is the lobby's footer (None keeps the one shown, for the same game)."""
        # A closed lobby gives its id back to the next lobby: after a close, the same id is new.
        same = self.game_id == loaded.row.game_id and not self.closed
        self.note = note if note is not None else self.note if same else None
        state = loaded.table.state
        self.loaded, self.closed = loaded, closed or (state is not None and state.over)
        self.game_id, self.language = loaded.row.game_id, loaded.table.language
        self.seq += 1
        if notices:
            self.notices.append(notices)

    def overtaken(self) -> None:
        """The newest snapshot is out of date (another process saved the game since): it is taken
        for shown, and its call of the players, unless a click's answer is posting it already, is
        left to the process that saved the newer one."""
        self.tried = self.shown = self.seq
        if not self.claimed:
            self.call = None

    def rest(self) -> None:
        """Everything is shown and no answer waits on the snapshot (to post its call, or to take the
        buttons off the copy it replaced): it goes, as the message shows it and the next change
        brings a new one: a parsed table is hundreds of objects the garbage collector would walk,
        kept for every live game. Its expired clicks go too (a paused game may rest for days);
        the fresh ones stay, to write a computer's move or a timeout."""
        if not self.behind and not self.claimed and not self.answering:
            self.loaded = None
        self.hooks = {m: h for m, h in self.hooks.items() if h.fresh()}

    def take_notices(self) -> str | None:
        """The Pay Day summaries waiting, taken to go out on the message being posted."""
        carried = "\n\n".join(self.notices) or None
        self.notices.clear()
        return carried

    def hold(self, message_id: int, attachments: list[discord.Attachment] | None) -> None:
        """What Discord says a live message now holds, after a write to it (None: it did not say)."""
        self.attachments = None if attachments is None else (message_id, attachments)

    def held(self, message_id: int) -> list[discord.Attachment] | None:
        """The attachments `message_id` was last known to hold (None: not known)."""
        known = self.attachments
        return known[1] if known is not None and known[0] == message_id else None

    def hooked(self, hook: Hook) -> None:
        """`hook` can write its message from now on; clicks no longer fresh are let go."""
        others = [h for h in self.hooks.values() if h.fresh() and h.message_id != hook.message_id]
        others.sort(key=lambda h: h.expires)
        self.hooks = {h.message_id: h for h in others[1 - HOOKS_KEPT :]}
        self.hooks[hook.message_id] = hook

    def hook_for(self, message_id: int | None) -> Hook | None:
        """A fresh click that can write `message_id`, if any."""
        return _fresh(None if message_id is None else self.hooks.get(message_id))

    def parting(self, message_id: int) -> Hook | None:
        """A fresh click that can write `message_id` one last time (to delete it or take its
        buttons off): it is kept no more."""
        return _fresh(self.hooks.pop(message_id, None))

    def newest(self) -> Hook | None:
        """The freshest click, to post a message as its follow-up, if it is fresh still."""
        return _fresh(max(self.hooks.values(), key=lambda h: h.expires, default=None))

    def unhook(self, hook: Hook) -> None:
        """Discord no longer takes that click's token: nothing is written through it again."""
        self.hooks = {m: h for m, h in self.hooks.items() if h.interaction is not hook.interaction}

    def failed_to_post(self) -> float:
        """Posting failed: pause it, longer each time, and tell the next player (once). Returns the
        pause."""
        pause = self.pause
        self.paused_until = time.monotonic() + pause
        self.pause = min(pause * 2, POST_PAUSE_MAX)
        self.warn = True
        return pause

    def posted(self) -> None:
        self.pause, self.warn = POST_PAUSE, False


def _fresh(hook: Hook | None) -> Hook | None:
    return hook if hook is not None and hook.fresh() else None
