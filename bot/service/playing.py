"""Playing: a player's answer, standing orders, stopping the game, and the answers nobody clicked
(computer players, time limits, standing orders), which the timers' work hands in here.

Every answer takes the same way: the engine applies it (a refusal changes nothing), the players'
standing orders answer what they cover, in the same save; a game that is over goes to history,
else the table notes who is looking at the board, who to call by name, and is saved and shown.
"""

import dataclasses
from collections.abc import Iterable
from datetime import datetime

from bot.game import engine, orders
from bot.game.actions import Action, AlreadyAnswered, IllegalAction, RefusalCode, StalePrompt
from bot.service.core import UseCases, log_change, refused, rules_refuse, seat_of
from bot.service.moves import Played, ended_early, next_call, paydays_in, play, play_orders
from bot.service.reads import EndAsked
from bot.service.tables import Loaded
from bot.service.tallies import tallies
from bot.service.values import (
    Answer,
    Ending,
    LiveView,
    Move,
    Note,
    NoteCode,
    Person,
    Refused,
    ServiceCode,
    Show,
    Standings,
    Update,
)
from bot.table import LogKind, attention, lobby


class Playing(UseCases):
    """The use cases that move a running game on, and the one path their answers take."""

    async def act(self, channel_id: int, person: Person, move: Move) -> Update:
        """One player's answer, from a button (with its prompt and game) or a slash command. A board
        button is answered with the new board, a command with what it did; if that ends the game, the
        standings follow the answer."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, move.game_id, move.prompt)
            seat = seat_of(loaded, person)
            table = loaded.table
            state = table.game
            now = self.core.now()
            was_away = table.present(seat, now)
            # Who had answered the question before this click: looking at the board if it closes it.
            question, asked_at = state.pending, state.prompt
            answered_before = [] if question is None else list(question.done)
            action = Action(seat, move.kind, move.value, move.prompt)
            try:
                played = play(table, action, now)
            except IllegalAction as refusal:
                if was_away:  # being back holds even if the answer is refused
                    loaded = await self._back(loaded, seat, now)
                return self._refused(loaded, action, move, refusal)
            table.last_answer = (asked_at, seat)  # only a player's own answer makes a later click a double
            _log_applied(loaded, action)
            said = Note(NoteCode.DONE, {"events": tuple(played.events), "seat": seat}) if move.slash else None
            answer = Answer(Show.BOARD) if said is None else Answer(said=said)
            play_orders(table, played, now)
            if table.game.over:
                update, standings = await self.core.game_over(loaded, played, Ending.RETIRED, answer)
                update.follow.append(standings)
                return self.core.show(update)
            closed = question if table.game.prompt != asked_at else None
            table.watching = sorted(attention.looking(seat, closed, answered_before))
            return await self._moved_on(loaded, played, answer)

    async def set_orders(
        self, channel_id: int, person: Person, chosen: orders.Orders, game_id: int | None = None
    ) -> Update:
        """A player's standing orders, saved with their seat; in the same save they answer whatever
        they now cover (the question of the moment, and every one after it that they cover)."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, game_id)
            seat = seat_of(loaded, person)
            table = loaded.table
            table.present(seat, self.core.now())
            table.seats[seat].orders = chosen
            noted = {"kind": LogKind.ORDERS, "seat": seat, **dataclasses.asdict(chosen)}
            log_change("orders set", loaded, seat=seat, orders=noted)
            return await self.automatic(loaded, Played(records=[noted]), [], {*table.watching, seat})

    async def ask_end(self, channel_id: int, person: Person) -> Update | EndAsked:
        """/payday end (host or Manage Channels): a lobby closes at once; a running game is not
        touched, and the host is shown the standings ending it now would give, to confirm (`end`).
        A slip must never end a long game."""
        async with self.core.changing(channel_id):
            loaded = await self.core.here(channel_id)
            table = loaded.table
            with rules_refuse():
                lobby.may_stop(table, person.user_id, person.manages_channel)
            if table.state is None:
                return await self.core.close_lobby(
                    loaded, Note(NoteCode.CANCELLED, {"name": person.name}), said=Note(NoteCode.LOBBY_CLOSED)
                )
            prompt = table.game.prompt
            # `load` parsed this table for this call alone: ended here only to be shown, never saved.
            played = ended_early(table, {})
            tallied = tallies(played.events, len(table.seats))  # what ending does: Deals bought back
            preview = Standings(loaded.row.game_id, table, Ending.ENDED, person.name, tallies=tallied)
            return EndAsked(channel_id, prompt, preview, leaves=table.seat_of(person.user_id) is not None)

    async def end(self, channel_id: int, person: Person, game_id: int, prompt: int) -> Update:
        """The host confirmed: stop game `game_id` now, if it still waits on question `prompt` (what
        the host was shown), and show the standings. A player who ends it leaves it, so it is
        rated with them last; an end by a moderator not playing leaves it unrated."""
        async with self.core.changing(channel_id):
            loaded = await self.core.running(channel_id, game_id, prompt)
            table = loaded.table
            with rules_refuse():
                lobby.may_stop(table, person.user_id, person.manages_channel)
            if table.game.prompt != prompt:
                raise Refused(ServiceCode.MOVED_ON)
            played = ended_early(table, {"kind": LogKind.ENDED, "by": person.user_id})
            seat = table.seat_of(person.user_id)
            if seat is not None:  # ending early is leaving, for a player: rated last (RULES.md §5.10)
                table.leaves(seat, person.user_id)
            answer = Answer(said=Note(NoteCode.YOU_ENDED))
            update, standings = await self.core.game_over(
                loaded, played, Ending.ENDED, answer, ended_by=person.name
            )
            update.follow.append(standings)
            return self.core.show(update)

    async def channel_gone(self, channel_id: int) -> Update | None:
        """Discord says the channel (or the game's thread) is gone, or the bot may no longer see it:
        nothing can be shown there again, so its lobby closes and its game ends now, the standings
        kept in history; its timer goes. The standings are the update's notice: the screen posts
        them where the table can still read them (a thread's parent channel), if anywhere. None if
        the channel had no game."""
        async with self.core.tables.lock(channel_id):
            loaded = await self.core.load(channel_id)
            if loaded is None:
                self.core.timers.cancel(channel_id)
                return None
            if loaded.table.state is None:
                return await self.core.close_lobby(loaded, Note(NoteCode.LOBBY_CLOSED))
            played = ended_early(loaded.table, {"kind": LogKind.GONE})
            update, standings = await self.core.game_over(loaded, played, Ending.GONE, Answer())
            update.notices.append(standings)
            return self.core.show(update)

    async def automatic(
        self, loaded: Loaded, played: Played, actions: Iterable[Action], watching: Iterable[int]
    ) -> Update:
        """Answers nobody clicked: computer players', the cautious defaults of a time limit, standing
        orders'. `played` holds what was done already (a change of the table to save first);
        `actions` may be a generator, so each computer player decides after seeing the last answer;
        `watching`: the seats looking at the board afterwards. Nobody's answer carries the standings
        if the game ends: they are posted in the channel."""
        table, now = loaded.table, self.core.now()
        for action in actions:
            try:
                played.extend(play(table, action, now))
            except IllegalAction as refusal:
                if played.records:
                    break  # a later timeout or computer answer lost a race: keep what was applied
                # A bug, not a player: the cautious default keeps the game moving instead.
                where = {"action": action.kind, "seat": action.seat, "why": refusal}
                log_change("automatic action refused", loaded, **where)
                played.extend(play(table, engine.default_action(table.game, action.seat), now))
                continue
            _log_applied(loaded, action)
        if not played.records:
            return Update(loaded.row.channel_id, loaded)
        play_orders(table, played, now)
        if table.game.over:
            update, standings = await self.core.game_over(loaded, played, Ending.RETIRED, Answer(Show.BOARD))
            update.notices.append(standings)
            return self.core.show(update)
        table.watching = sorted(watching)
        return await self._moved_on(loaded, played, Answer(Show.BOARD))

    async def _moved_on(self, loaded: Loaded, played: Played, answer: Answer) -> Update:
        """The game moved on and is not over: the players it waits for are called by name (unless
        they look at the board), and the table is saved with `played`'s records and shown."""
        table = loaded.table
        call = next_call(table, table.watching)
        loaded = await self.core.tables.save(loaded, played.records)
        events = tuple(played.events)
        update = Update(loaded.row.channel_id, loaded, events, LiveView(loaded), answer, call=call)
        paydays = paydays_in(table, played.events)
        if paydays is not None:
            update.notices.append(paydays)
        return self.core.publish(update)

    async def _back(self, loaded: Loaded, seat: int, now: datetime) -> Loaded:
        """A player taken for away clicked: they are back (saved), whatever became of the click."""
        loaded.table.set_timers(now)
        loaded = await self.core.tables.save(loaded, [{"kind": LogKind.BACK, "seat": seat}])
        log_change("player back", loaded, seat=seat)
        self.core.publish(Update(loaded.row.channel_id, loaded, live=LiveView(loaded)))
        return loaded

    def _refused(self, loaded: Loaded, action: Action, move: Move, refusal: IllegalAction) -> Update:
        """A refused answer: a double click is told it counted; a click on an old question of a board
        Discord has not shown anew (an answer or an edit was lost) gets the board it should have
        seen; anything else is refused, naming the seats the game waits on (and which of them the
        computer plays)."""
        table = loaded.table
        double = isinstance(refusal, StalePrompt) and table.last_answer == (action.prompt, action.seat)
        if double or isinstance(refusal, AlreadyAnswered):
            raise Refused(ServiceCode.ALREADY_DONE)
        if (
            isinstance(refusal, StalePrompt)
            and move.message_id is not None
            and move.message_id == table.message_id
            and self.core.screen.behind(loaded.row.channel_id)
        ):
            return Update(loaded.row.channel_id, loaded, answer=Answer(Show.BOARD))
        names = [seat.name for seat in table.seats]
        if refusal.code == RefusalCode.NOT_YOUR_TURN:
            computers = table.computers()
            waited_on = refusal.params["seats"]  # who the game waits for, as the engine says
            assert isinstance(waited_on, tuple)
            raise refused(refusal, names, computers=tuple(seat for seat in waited_on if seat in computers))
        raise refused(refusal, names)


def _log_applied(loaded: Loaded, action: Action) -> None:
    where = {"action": action.kind, "seat": action.seat, "value": action.value, "prompt": action.prompt}
    log_change("applied", loaded, **where)
