"""The timers' work: when a channel's timer fires, computer players act, or time runs out, or the
players still asked are reminded, or a lobby nobody started closes, or a game nobody plays (or one
left paused) ends by itself. Nobody waits for an answer, so
the screen is told when the lock is let go (`Screen.released`) and sends what changed then.

Time is not charged to a player whose board Discord has not shown yet (an answer or an edit
failed): they get their full time again, and the live message another try.
"""

import logging
from collections.abc import Iterator
from datetime import datetime

from bot.game import ai, engine
from bot.game.actions import Action
from bot.service import restart
from bot.service.core import Core, log_change
from bot.service.moves import Played, ended_early, ordered_answer, reminder
from bot.service.playing import Playing
from bot.service.tables import Loaded
from bot.service.timers import RETRY_FIRST
from bot.service.values import Answer, Ending, LiveView, Note, NoteCode, Show, Update, Warning, WarningCode

log = logging.getLogger(__name__)


class Waking:
    """What each channel's timer does when it fires, and re-arming every timer after a start."""

    def __init__(self, core: Core, playing: Playing) -> None:
        self.core = core
        self.playing = playing

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
        reach whose game did not end when it was lost (the save failed) has it ended now instead."""
        if not self.core.screen.reaches(channel_id):
            await self.playing.channel_gone(channel_id)
            return
        async with self.core.tables.lock(channel_id):
            await self._due(channel_id)
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
            self.core.screen.publish(Update(channel_id, notices=[Warning(WarningCode.SAVE_FAILED)]))
            self.core.screen.released(channel_id)

    async def _due(self, channel_id: int) -> None:
        loaded = await self.core.load(channel_id)
        if loaded is None:
            return
        table, now = loaded.table, self.core.now()
        if table.state is None:
            await self._lobby_due(loaded)
            return
        if table.state.over:
            return
        if table.paused is not None:
            await self._paused_due(loaded, now)
            return
        idle_ends = table.idle_ends()
        if idle_ends is not None and now >= idle_ends:
            await self._ended_by_itself(loaded, Ending.IDLE)
            return
        passed = table.deadline is not None and now >= table.deadline
        if ordered_answer(table) is not None:  # saved before orders could answer it (an upgrade)
            await self.playing.automatic(loaded, Played(records=[{"kind": "orders_resumed"}]), [], [])
        elif table.computer_at is not None and now >= table.computer_at:
            await self.playing.automatic(loaded, Played(), _computer_answers(loaded), table.watching)
        elif passed and self.core.screen.behind(channel_id):
            await self._time_again(loaded, now)
        elif passed:
            await self._time_out(loaded)
        elif table.remind_at is not None and now >= table.remind_at:
            await self._remind(loaded)
        else:
            self.core.arm(loaded)

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
        played = ended_early(loaded.table, {"kind": ending.value})
        update, standings = await self.core.game_over(loaded, played, ending, Answer(Show.BOARD))
        update.notices.append(standings)
        self.core.show(update)

    async def _time_again(self, loaded: Loaded, now: datetime) -> None:
        """Time ran out on a board Discord has not shown: the question's full time starts `now`."""
        table = loaded.table
        prompt = table.game.prompt
        table.restart_clock(now)
        loaded = await self.core.tables.save(loaded, [{"kind": "clock_restarted", "prompt": prompt}])
        log_change("time not charged: the board was not shown", loaded, prompt=prompt)
        self.core.publish(Update(loaded.row.channel_id, loaded, live=LiveView(loaded)))

    async def _time_out(self, loaded: Loaded) -> None:
        """Time ran out: the players still asked get the cautious default, and nobody was looking. A
        player who keeps letting time run out is taken for away (a computer plays for them)."""
        table = loaded.table
        humans = set(table.waiting_humans())
        actions = [a for a in engine.timeout_actions(table.game) if a.seat in humans]
        log_change("timed out", loaded, seats=sorted(humans), prompt=table.game.prompt)
        away = table.timed_out(sorted(humans))
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
    a computer seat plays to win; a player who is away gets the cautious default."""
    table = loaded.table
    state = table.game
    prompt = state.prompt
    for seat in table.waiting_computers():
        if state.prompt == prompt and state.pending is not None and seat in state.pending.seats:
            yield engine.default_action(state, seat) if table.seats[seat].away else ai.choose(state, seat)
