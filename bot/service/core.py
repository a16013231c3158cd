"""What every use case shares: the tables and their locks, the screen, one clock, the timers, and
the steps that end a lobby or a game.

A change follows one path: take the channel's lock, load the table, change it (the lobby's rules or
the engine), save it with its event-log rows in one transaction, hand the `Update` to the `Screen`
(still under the lock, so the live message sees changes in save order), re-arm the channel's timer,
and return the `Update`. Whoever called then answers the person who asked, with the lock let go, so
a slow Discord never holds a game.
"""

import logging
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot.game.actions import IllegalAction, RefusalCode
from bot.game.house import HouseRuleError
from bot.service.lost import NotSaved, Unconfirmed
from bot.service.moves import Played, paydays_in
from bot.service.results import result_of
from bot.service.tables import Landed, Loaded, SetAside, Tables, summary_of
from bot.service.timers import RETRY_FIRST, Clock, DeadlineScheduler
from bot.service.values import (
    Alert,
    AlertCode,
    Answer,
    Ending,
    LiveView,
    Note,
    Notice,
    Person,
    Refused,
    ServiceCode,
    Show,
    Standings,
    Update,
)
from bot.table import Table
from db.interface import GameExists, StaleVersion

log = logging.getLogger(__name__)

Checked = TypeVar("Checked")


class Screen(Protocol):
    """Where updates go: the live message and the channel's notices (the cog's `LiveMessage`)."""

    def publish(self, update: Update) -> None:
        """A change was saved: show it. Called under the channel's lock, in save order; must not wait."""
        ...

    def released(self, channel_id: int) -> None:
        """Work nobody is waiting an answer for (a timer) let go of the channel's lock: send now."""
        ...

    def behind(self, channel_id: int) -> bool:
        """Whether the live message may not show the newest saved change yet (an answer or an edit
        failed, or is on its way): nobody can be blamed for not answering it."""
        ...

    def reaches(self, channel_id: int) -> bool:
        """Whether the channel may still be shown anything: False once it is deleted or out of the
        bot's reach, when its game is to end (`channel_gone`)."""
        ...

    def overtaken(self, channel_id: int) -> None:
        """Another process saved the channel's game after this one's last save: a change of this
        process's not shown yet is older than the stored game, and must not be written over the
        board the other process shows. Called under the channel's lock; must not wait."""
        ...


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How the bot runs new games: the time limits unless the host picks one, how long a lobby
    waits for its start, and the seed of reproducible games."""

    turn_seconds: int = 300
    interrupt_seconds: int = 60
    lobby_minutes: int = 30
    seed: int | None = None
    """Reproducible games (seed + game id), for tests; None: truly random."""


GameEnded = Callable[[int], None]
"""Told a game's number once its end is saved (`Core.game_over`); returns at once (queues its work)."""


class Core:
    """The parts every group of use cases works with, and the steps they share."""

    def __init__(
        self, tables: Tables, settings: GameSettings, screen: Screen, now: Clock, timers: DeadlineScheduler
    ) -> None:
        self.tables = tables
        self.settings = settings
        self.screen = screen
        self.now = now
        self.timers = timers
        self.ended: list[GameEnded] = []
        """Who is told of each game whose end this process saved: a feature's work that follows a
        game (its review) joins here, as the core names no feature. A hook on the one step every
        game's end passes rather than a scan of history, so the work starts with no delay and no
        query while nothing ends; what a restart loses, the feature finds again in the store."""

    # -- changing the channel's game --------------------------------------------------------------
    @asynccontextmanager
    async def changing(self, channel_id: int) -> AsyncIterator[None]:
        """The channel's lock, around a use case someone asked for. Within one process the lock
        keeps changes in turn; with several processes sharing the database, the store's version
        check does: a save that finds the game saved by another process since this one read it
        (`StaleVersion`) wrote nothing, and the person is refused (`CHANGED_MEANWHILE`); a new
        lobby in a channel another process just opened one in is refused as any open game is.

        A lost race is never retried (read again, the change made again): the person decided on
        a game that is no longer the stored one. A button's question number would refuse a retry
        once the game moved on, but a slash command carries none, and a retry would apply it to a
        game its author has not seen. Lost races happen only while a server moves between
        processes, so the person is asked to look at the latest message and try again, which
        then works: the out-of-date copy is gone.

        A write (a save, a new lobby) whose answer was lost and that reading the game again shows
        unwritten is refused as nothing done (`NOT_SAVED`); one the store could not even be read to
        confirm is refused as unknown (`UNCONFIRMED`). Either way the channel's timer wakes soon to
        read the game again and show the write if it landed after all (`load`), so the timer
        never runs on a board nobody saw.
        """
        async with self.tables.lock(channel_id):
            try:
                yield
            except StaleVersion as lost:
                await self.overtaken(channel_id, lost, "refuse")
                raise Refused(ServiceCode.CHANGED_MEANWHILE) from None
            except GameExists:
                raise Refused(ServiceCode.GAME_OPEN) from None
            except NotSaved:
                self._look_soon(channel_id)
                raise Refused(ServiceCode.NOT_SAVED) from None
            except Unconfirmed:
                self._look_soon(channel_id)
                raise Refused(ServiceCode.UNCONFIRMED) from None

    def _look_soon(self, channel_id: int) -> None:
        """The channel's timer wakes within RETRY_FIRST (or when it would anyway, if sooner), to
        read a game whose last write is unsure."""
        soon, armed = self.now() + RETRY_FIRST, self.timers.armed(channel_id)
        self.timers.arm(channel_id, soon if armed is None else min(armed, soon))

    async def overtaken(self, channel_id: int, lost: StaleVersion, action: str) -> None:
        """A save of this process's lost a race (`lost`): another process saved the game first, and
        nothing of this change was written. For a click and a timer alike, the screen drops what it
        has not shown yet (`Screen.overtaken`: the other process shows its newer board), and the
        game is read from the store (the failed save dropped the kept row) to set the channel's
        timer from the deadline stored now, if the game is this process's: the winner may have
        brought it forward (a computer's move 1.5 s on), which must not wait for the old one."""
        self.screen.overtaken(channel_id)
        loaded = await self.load(channel_id)
        if loaded is None:
            self.timers.cancel(channel_id)
            return
        log_change("another process saved the game first: read again", loaded, action=action, why=str(lost))
        self.arm(loaded)

    # -- finding the channel's game ---------------------------------------------------------------
    async def settled(
        self, channel_id: int, loaded: Loaded | None, check: Callable[[Loaded | None], Checked]
    ) -> Checked:
        """`check(loaded)`, a use case's test of the channel's game before it changes it. When it
        refuses and several processes share the store, `loaded` may be this process's copy of a
        game another one has since finished, closed or replaced (the kept row is dropped only when
        a save fails, and a refusal saves nothing): the copy is forgotten, the store read once, and
        that checked instead. One process's copy is always the stored game, so its refusals still
        read nothing."""
        try:
            return check(loaded)
        except Refused:
            if loaded is None or self.tables.shards is None:
                raise
        return check(await self.reread(channel_id, loaded, "refused on the kept game: read again"))

    async def reread(self, channel_id: int, kept: Loaded, why: str, **fields: Any) -> Loaded | None:
        """The channel's game read from the store, the copy `kept` forgotten (logged `why`)."""
        log_change(why, kept, **fields)
        self.tables.forget(channel_id)
        return await self.load(channel_id)

    async def load(self, channel_id: int, known: Loaded | None = None) -> Loaded | None:
        """The channel's table, for a use case holding its lock (`known`: see `Tables.load`). A game
        found unreadable is set aside: its timer goes, its channel is told once, it has no game. A
        save that landed though nobody could confirm it (`Landed`) is shown now, and the channel's
        timer set from it."""
        found = await self.tables.load(channel_id, known)
        if isinstance(found, SetAside):
            self.timers.cancel(channel_id)
            alert = Alert(AlertCode.SET_ASIDE, found.game_id)
            self.screen.publish(Update(channel_id, notices=[alert]))
            return None
        if isinstance(found, Landed):
            loaded = Loaded(*found)
            log_change("a save nobody could confirm landed: shown now", loaded)
            self.publish(Update(channel_id, loaded, live=LiveView(loaded)))
            return loaded
        return found

    async def here(self, channel_id: int) -> Loaded:
        """The channel's lobby or running game (read under its lock), or the refusal that it has none."""
        loaded = await self.load(channel_id)
        if loaded is None:
            raise Refused(ServiceCode.NO_GAME)
        return loaded

    async def running(self, channel_id: int, game_id: int | None, prompt: int | None = None) -> Loaded:
        """The channel's running game (`game_id`: that one, from a button of question `prompt`), read
        under its lock to be changed, or a refusal. With several processes sharing the database, a
        button of another game than this process's copy, or of a later question, shows that
        another process saved it since, and so may a refusal (`settled`): the copy is dropped and
        the store read again. One process's copy is always the stored game: it reads nothing."""
        loaded = await self.load(channel_id)
        if self.tables.shards is not None and loaded is not None and _newer(game_id, prompt, loaded):
            why = "button newer than the kept game: read again"
            return _running(await self.reread(channel_id, loaded, why, button=(game_id, prompt)), game_id)
        return await self.settled(channel_id, loaded, lambda found: _running(found, game_id))

    async def playing(self, channel_id: int, game_id: int | None, prompt: int | None = None) -> Loaded:
        """The channel's running game as `running` finds it, to be played on: refused while paused."""
        loaded = await self.running(channel_id, game_id, prompt)
        unpaused(loaded.table)
        return loaded

    async def glance(self, channel_id: int, game_id: int | None) -> Loaded:
        """The channel's running game as `running` finds it, read without the lock, for a look."""
        return _running(await self.tables.peek(channel_id), game_id)

    # -- telling the screen -----------------------------------------------------------------------
    def publish(self, update: Update) -> Update:
        """A saved change: the screen shows it and the channel's timer is re-armed for the table."""
        self.screen.publish(update)
        if update.loaded is not None:
            self.arm(update.loaded)
        return update

    def show(self, update: Update) -> Update:
        """The screen shows `update`, and no timer changes (the game or lobby is gone, or only where
        its message is changed)."""
        self.screen.publish(update)
        return update

    def arm(self, loaded: Loaded) -> None:
        """The channel's timer set to the table's next wake-up, if the game is this process's."""
        wake = loaded.table.wake_at()
        if wake is None or not self.ours(loaded, "arm"):
            self.timers.cancel(loaded.row.channel_id)
        else:
            self.timers.arm(loaded.row.channel_id, wake)

    def ours(self, loaded: Loaded, action: str) -> bool:
        """Whether this process times the game: it serves the game's server. Another process's game
        (changed here by a click during a shard move) is timed by that process alone, so its
        computer players never move twice; declining one is logged, with what was declined."""
        if self.tables.owns(loaded.row.guild_id):
            return True
        log_change("another process's game: its timer is left to it", loaded, action=action)
        return False

    # -- the end of a lobby or a game -------------------------------------------------------------
    async def close_lobby(self, loaded: Loaded, note: Note, said: Note | None = None) -> Update:
        """The lobby is gone from the store and its message keeps `note` and no buttons; the person
        who closed it sees the lobby, or is told `said`."""
        await self.tables.discard(loaded)
        self.timers.cancel(loaded.row.channel_id)
        answer = Answer(Show.BOARD, note) if said is None else Answer(Show.NOTHING, said)
        view = LiveView(loaded, note, closed=True)
        return self.show(Update(loaded.row.channel_id, loaded, live=view, answer=answer))

    async def game_over(
        self,
        loaded: Loaded,
        played: Played,
        ending: Ending,
        answer: Answer,
        *,
        ended_by: str = "",
        notices: Iterable[Notice] = (),
    ) -> tuple[Update, Standings]:
        """Game over: moved to history with the last `played` records, its timer gone, the live
        message frozen; `notices` are posted in the channel before the standings.

        Nothing is shown yet: the caller puts the standings where they belong (after the answer of
        the person who ended the game, which needs no permission to post in the channel; in the
        channel when nobody's answer carries them) and `show`s the update.
        """
        table = loaded.table
        state = table.game
        table.deadline = table.remind_at = table.computer_at = None
        why = {"reason": ending.value, "winners": state.winners, "ended_by": ended_by}
        tallied = await self.tables.tallied(
            loaded.row.game_id, played.events, len(table.seats), state.ruleset
        )
        summary = summary_of(table, why, tallied)
        await self.tables.finish(loaded, played.records, summary, result_of(summary, table.message_id))
        self.timers.cancel(loaded.row.channel_id)
        log_change("game over", loaded, reason=ending.value, winners=state.winners)
        for told in self.ended:
            told(loaded.row.game_id)
        # The last player to retire gets their Pay Day summary too, on the standings message.
        paydays = paydays_in(table, played.events)
        standings = Standings(loaded.row.game_id, table, ending, ended_by, paydays, tallied)
        events, view = tuple(played.events), LiveView(loaded, closed=True)
        update = Update(loaded.row.channel_id, loaded, events, view, answer, notices=list(notices))
        return update, standings


class UseCases:
    """A group of the service's use cases: each works through the `Core` they all share."""

    def __init__(self, core: Core) -> None:
        self.core = core


def _running(loaded: Loaded | None, game_id: int | None) -> Loaded:
    """`loaded` if it is a running game (of `game_id`, when a button names one), else the refusal."""
    if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
        raise Refused(ServiceCode.GAME_ENDED if game_id else ServiceCode.NO_GAME)
    if loaded.table.state is None:
        raise Refused(ServiceCode.NOT_STARTED)
    return loaded


def _newer(game_id: int | None, prompt: int | None, loaded: Loaded) -> bool:
    """Whether a button of game `game_id`, question `prompt`, may have been made after `loaded` was
    saved: it names another game (a closed lobby gives its number back, so a different number may
    be older or newer), or a later question of this one (question numbers only grow)."""
    if game_id is None:
        return False
    state = loaded.table.state
    return game_id != loaded.row.game_id or (
        prompt is not None and state is not None and prompt > state.prompt
    )


def unpaused(table: Table) -> None:
    """A paused game changes only by `/payday resume` (or its end): anything else is refused."""
    if table.paused is not None:
        raise Refused(ServiceCode.PAUSED, name=table.paused.name)


def seat_of(loaded: Loaded, person: Person) -> int:
    """The person's seat at the table, or the refusal that they have none (any more)."""
    table = loaded.table
    seat = table.seat_of(person.user_id)
    if seat is None:
        taken_over = table.taken_over_from(person.user_id)
        raise Refused(ServiceCode.TAKEN_OVER if taken_over else RefusalCode.NOT_IN_GAME)
    return seat


def refused(refusal: IllegalAction, names: Sequence[str] = (), **params: Any) -> Refused:
    """The one place where the rules' no (`IllegalAction`, the engine's or the lobby's) becomes the
    service's, `Refused`, with its code and parameters (and any `params` added); `names`: the
    players by seat, for the refusals that name one."""
    return Refused(refusal.code, names, **{**refusal.params, **params})


@contextmanager
def rules_refuse() -> Iterator[None]:
    """Around a rule of the table: its no leaves as `refused` says."""
    try:
        yield
    except IllegalAction as refusal:
        raise refused(refusal) from None


@contextmanager
def house_refused() -> Iterator[None]:
    """A house rule changed in the block (a lobby's or a server's): no such rule (a forged menu
    option), or a value outside its limits in the edition, is refused, naming them."""
    try:
        yield
    except HouseRuleError as error:
        if error.low == error.high == 0:
            raise Refused(ServiceCode.BAD_SETTING, setting=error.key) from None
        raise Refused(ServiceCode.HOUSE_VALUE, rule=error.key, least=error.low, most=error.high) from None


def log_change(message: str, loaded: Loaded, **fields: Any) -> None:
    """One line per change, with the channel and the game, so a stuck game can be followed."""
    log.info(message, extra={"channel": loaded.row.channel_id, "game": loaded.row.game_id, **fields})
