"""The timers' work: when a channel's timer fires, computer players act, or time runs out, or the
players still asked are reminded, or a lobby nobody started closes, or a game nobody plays (or one
left paused) ends by itself. Nobody waits for an answer, so
the screen is told when the lock is let go (`Screen.released`) and sends what changed then.

Time is not charged to a player whose board Discord has not shown yet (an answer or an edit
failed): they get their full time again, and the live message another try.

A Hard computer player thinks off the event loop and without the channel's lock
(bot/service/thinking.py); its answer is applied only to the game it thought about.
"""

import logging
import pickle
from collections.abc import Awaitable, Iterator
from datetime import datetime

from bot.game import engine, strengths
from bot.game.actions import Action
from bot.service import restart
from bot.service.core import Core, log_change
from bot.service.moves import Played, ended_early, ordered_answer, reminder
from bot.service.playing import Playing
from bot.service.tables import Loaded
from bot.service.thinking import Thinker, Thought, decision_seed, thinks_off_loop
from bot.service.timers import RETRY_FIRST
from bot.service.values import Alert, AlertCode, Answer, Ending, LiveView, Note, NoteCode, Show, Update
from bot.table import LogKind, Table
from db.interface import StaleVersion

log = logging.getLogger(__name__)


class Waking:
    """What each channel's timer does when it fires, and re-arming every timer after a start."""

    def __init__(self, core: Core, playing: Playing, thinker: Thinker) -> None:
        self.core = core
        self.playing = playing
        self.thinker = thinker
        self._thinking: set[int] = set()
        """Channels whose computer player is thinking now (in this process)."""

    async def resume(self) -> None:
        """Re-arm every stored timer after a start, from the store's (channel, time) index only.

        Timers that passed while the bot was down wake spread out (`bot.service.restart`), and a
        player's time limit that ran out meanwhile is extended when the game is next loaded: the time
        the bot was away is not theirs.
        """
        core = self.core
        plan = restart.resume(await core.tables.wakeups(), core.now())
        core.tables.resume(plan)
        for channel_id, when in plan.arm.items():
            core.timers.arm(channel_id, when)
        log.info("timers re-armed", extra={"timers": len(plan.arm), "overdue": len(plan.grace)})

    async def wake(self, channel_id: int) -> None:
        """The channel's timer fired: do what is due, then let the screen send it. A channel out of
        reach whose game did not end when it was lost (the save failed) has it ended now instead. A
        Hard computer player thinks with the lock let go (`Thinker`), so the table's clicks go on
        meanwhile; its answer is applied only if nothing was saved since, else it thinks again on the
        game of now. While it thinks, the channel's timer may fire again: that wake leaves the
        thought be."""
        if not self.core.screen.reaches(channel_id):
            await self.playing.channel_gone(channel_id)
            return
        if channel_id in self._thinking:
            return
        async with self.core.tables.lock(channel_id):
            thought = await self._unless_lost(channel_id, self._due(channel_id))
        self.core.screen.released(channel_id)
        while thought is not None:
            self._thinking.add(channel_id)
            try:
                answer = await self.thinker.think(thought)
                async with self.core.tables.lock(channel_id):
                    thought = await self._unless_lost(channel_id, self._thought(thought, answer))
            finally:
                self._thinking.discard(channel_id)
            self.core.screen.released(channel_id)

    async def channel_gone(self, channel_id: int) -> Update | None:
        """The channel is out of reach: its lobby closes, its game ends (`Playing.channel_gone`). If
        that fails (the save went stale, the database is busy), its timer tries again soon, and
        again later while it fails, rather than leave a game nobody can see running."""
        try:
            return await self.playing.channel_gone(channel_id)
        except Exception:
            self.core.timers.arm(channel_id, self.core.now() + RETRY_FIRST)
            raise

    async def failed(self, channel_id: int, failures: int, error: BaseException) -> None:
        """A timer's work could not be saved: the scheduler tries again later; the table hears about it
        once, at the first failure in a row, rather than wondering why nothing happens."""
        if failures == 1:
            self.core.screen.publish(Update(channel_id, notices=[Alert(AlertCode.SAVE_FAILED)]))
            self.core.screen.released(channel_id)

    async def _unless_lost(self, channel_id: int, work: Awaitable[Thought | None]) -> Thought | None:
        """`work`, the timer's, under the channel's lock. If its save lost a race (another process
        sharing the database saved the game first), nothing of it was written, and the timer is
        set again from the game stored now (`Core.overtaken`). Like a click, a lost race is not
        retried here: the work due now, if any, is done when that timer fires, on the game of now."""
        try:
            return await work
        except StaleVersion as lost:
            await self.core.overtaken(channel_id, lost, "rearm")
            return None

    async def _due(self, channel_id: int) -> Thought | None:
        """Do what is due now; a Hard computer player's turn to answer is returned as its thought,
        which the caller runs with the lock let go (nothing is saved before it). A game of a server
        this process does not serve is left alone: its own process times it."""
        loaded = await self.core.load(channel_id)
        if loaded is None or not self.core.ours(loaded, "wake"):
            return None
        table, now = loaded.table, self.core.now()
        if table.state is None:
            await self._lobby_due(loaded)
            return None
        if table.state.over:
            return None
        if table.paused is not None:
            await self._paused_due(loaded, now)
            return None
        passed = table.deadline is not None and now >= table.deadline
        idle_ends = table.idle_ends()
        if ordered_answer(table) is not None:  # saved before orders could answer it (an upgrade)
            await self.playing.automatic(loaded, Played(records=[{"kind": LogKind.ORDERS_RESUMED}]), [], [])
        elif table.computer_at is not None and now >= table.computer_at:
            thinking = _thinking_seat(table)
            if thinking is not None:
                return _thought_of(loaded, thinking)
            await self.playing.automatic(loaded, Played(), _computer_answers(loaded), table.watching)
        elif passed and self.core.screen.behind(channel_id):
            await self._time_again(loaded, now)
        elif passed:  # before the idle end, so a question due at the same time gets its default first
            await self._time_out(loaded)
        elif idle_ends is not None and now >= idle_ends:
            await self._ended_by_itself(loaded, Ending.IDLE)
        elif table.remind_at is not None and now >= table.remind_at:
            await self._remind(loaded)
        else:
            self.core.arm(loaded)
        return None

    async def _thought(self, thought: Thought, answer: Action) -> Thought | None:
        """A computer player's thought is done: its answer is applied if the game is still the one
        it thought about (the same game, nothing saved since); else what is due now is done, which
        may be to think again."""
        loaded = await self.core.load(thought.channel_id)
        if loaded is None:
            return None
        row = loaded.row
        if (row.game_id, row.version) != (thought.game_id, thought.version):
            log_change("thought dropped: the game moved on", loaded, seat=thought.seat, action="think")
            return await self._due(thought.channel_id)
        await self.playing.automatic(loaded, Played(), [answer], loaded.table.watching)
        return None

    async def _lobby_due(self, loaded: Loaded) -> None:
        """A lobby nobody started closes by itself at the time it states, freeing the channel."""
        closes = loaded.table.lobby_closes
        if closes is None or self.core.now() < closes:
            self.core.arm(loaded)
            return
        minutes = self.core.settings.lobby_minutes
        await self.core.close_lobby(loaded, Note(NoteCode.LOBBY_EXPIRED, {"minutes": minutes}))
        log_change("lobby expired", loaded)

    async def _paused_due(self, loaded: Loaded, now: datetime) -> None:
        """A paused game's only clock: it ends by itself once it has been paused too long."""
        ends = loaded.table.pause_ends()
        if ends is not None and now >= ends:
            await self._ended_by_itself(loaded, Ending.PAUSE_EXPIRED)
        else:
            self.core.arm(loaded)

    async def _ended_by_itself(self, loaded: Loaded, ending: Ending) -> None:
        """Nobody played for days, or the game stayed paused: it ends now, its stakes refunded
        through the ledger, and the standings are posted in the channel."""
        played = ended_early(loaded.table, {"kind": LogKind(ending)})
        update, standings = await self.core.game_over(loaded, played, ending, Answer(Show.BOARD))
        update.notices.append(standings)
        self.core.show(update)

    async def _time_again(self, loaded: Loaded, now: datetime) -> None:
        """Time ran out on a board Discord has not shown: the question's full time starts `now`."""
        table = loaded.table
        prompt = table.game.prompt
        table.restart_clock(now)
        loaded = await self.core.tables.save(loaded, [{"kind": LogKind.CLOCK_RESTARTED, "prompt": prompt}])
        log_change("time not charged: the board was not shown", loaded, prompt=prompt)
        self.core.publish(Update(loaded.row.channel_id, loaded, live=LiveView(loaded)))

    async def _time_out(self, loaded: Loaded) -> None:
        """Time ran out: the players still asked get the cautious default, and nobody was looking. A
        player who keeps letting time run out is taken for away (a computer plays for them)."""
        table = loaded.table
        humans = set(table.waiting_humans())
        actions = [a for a in engine.timeout_actions(table.game) if a.seat in humans]
        log_change("timed out", loaded, seats=sorted(humans), prompt=table.game.prompt)
        away = table.timed_out(sorted(humans), self.core.now())
        if away:
            log_change("taken for away", loaded, seats=away)
        await self.playing.automatic(loaded, Played(), actions, [])

    async def _remind(self, loaded: Loaded) -> None:
        """A reminder is due (halfway through the time, and by post shortly before it runs out): the
        players still asked are called (`moves.reminder` says which)."""
        table = loaded.table
        table.remind_at = table.next_reminder(self.core.now())
        call = reminder(table)
        loaded = await self.core.tables.save(loaded)
        live = None if call is None else LiveView(loaded)
        self.core.publish(Update(loaded.row.channel_id, loaded, live=live, call=call))


def _computer_answers(loaded: Loaded) -> Iterator[Action]:
    """The computer seats' answers to the question of now, each decided after the answer before it:
    a computer seat plays to win at its strength; a player who is away gets the cautious default.
    They stop at a seat that thinks off the event loop: it answers when the timer fires next."""
    table = loaded.table
    state = table.game
    prompt = state.prompt
    for seat in table.waiting_computers():
        if state.prompt != prompt or state.pending is None or seat not in state.pending.seats:
            continue
        player = table.seats[seat]
        if player.away:
            yield engine.default_action(state, seat)
        elif thinks_off_loop(player.strength):
            return
        else:
            yield strengths.choose(state, seat, player.strength, decision_seed(table.seed, prompt, seat))


def _thinking_seat(table: Table) -> int | None:
    """The computer seat to answer first, if it thinks off the event loop."""
    seats = table.waiting_computers()
    if not seats:
        return None
    first = table.seats[seats[0]]
    return seats[0] if not first.away and thinks_off_loop(first.strength) else None


def _thought_of(loaded: Loaded, seat: int) -> Thought:
    """`seat`'s thought about the game of now, on a copy of it."""
    table, row = loaded.table, loaded.row
    state = table.game
    seed = decision_seed(table.seed, state.prompt, seat)
    snapshot = pickle.dumps(state)
    strength = table.seats[seat].strength
    log_change("thinking", loaded, seat=seat, strength=strength.value, prompt=state.prompt, action="think")
    return Thought(row.channel_id, row.game_id, row.version, seat, strength, seed, snapshot)
