"""The use cases: open a lobby, sit, start, answer, time out, end. No Discord, no words.

Every change follows one path: take the channel's lock, load the table, change it (the lobby's
rules or the engine), save the table and its event-log rows in one transaction, hand the `Update`
to the `Screen` (still under the lock, so the live message sees changes in save order), re-arm the
channel's timer, and return the `Update`. Whoever called then answers the person who asked, with
the lock let go, so a slow Discord never holds a game.
"""

import dataclasses
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

from bot.game import actions as act
from bot.game import ai, engine, orders
from bot.game import events as ev
from bot.game.actions import Action, IllegalAction
from bot.game.bank import bank_statement, loan_book
from bot.game.events import Event, EventKind
from bot.game.rulesets import DEFAULT_RULESET, RULESETS
from bot.service import restart
from bot.service.tables import Loaded, Tables
from bot.service.timers import DeadlineScheduler
from bot.service.values import (
    Answer,
    Call,
    Ending,
    HandView,
    Kicked,
    LedgerPage,
    LiveView,
    LobbyChange,
    LobbyOptions,
    Move,
    Note,
    NoteCode,
    Notice,
    PayDays,
    Person,
    Refused,
    RulesView,
    ServiceCode,
    Show,
    Standings,
    StoryRows,
    Update,
    Warning,
    WarningCode,
)
from bot.table import Table, TableKind, attention, lobby

log = logging.getLogger(__name__)

LEDGER_PAGE = 15
"""Ledger lines per page."""
BOOKS = {"bank": bank_statement, "loans": loan_book}
"""Which view of the ledger each book is: the engine's, so the books can't disagree with the money."""


@dataclass(slots=True)
class Played:
    """What one or more applied actions did: the events, and the event-log records to save."""

    events: list[Event] = field(default_factory=list)
    records: list[dict] = field(default_factory=list)

    def extend(self, other: "Played") -> None:
        self.events += other.events
        self.records += other.records


def play(table: Table, action: Action, now: datetime, *, ordered: bool = False) -> Played:
    """Apply one action to the table's game; raises IllegalAction with the table untouched.
    `ordered`: given by the player's standing orders (the event log says so; the table sees it as
    the player's answer)."""
    state = table.state
    prompt, pending = state.prompt, state.pending
    events = engine.apply(state, action)
    answered = {
        "kind": "action",
        "seat": action.seat,
        "action": action.kind,
        "value": action.value,
        "prompt": prompt,
        "question": pending.kind if pending else None,
        "timed_out": action.timed_out,
    }
    if ordered:
        answered["ordered"] = True
    table.remember(events)
    table.set_timers(now)
    return Played(events, [answered, *(e.to_dict() for e in events)])


ORDERED_BOUND = 10_000
"""More answers in a row than any game has (a 12-month game of six has about 3,000): a guard, so a
rules bug could never spin a channel's lock forever."""


def play_orders(table: Table, played: Played, now: datetime) -> None:
    """Standing orders answer at once, through the same path as every answer: each question they
    cover, one after another, until a real decision, a computer or a player without orders is asked.
    A player who is away is the computer's (`Seat.automatic`)."""
    for _ in range(ORDERED_BOUND):
        action = ordered_answer(table)
        if action is None:
            return
        played.extend(play(table, action, now, ordered=True))
    raise RuntimeError("standing orders kept answering past any game's length")


def ordered_answer(table: Table) -> Action | None:
    """The first answer a waiting player's standing orders give to the current question, if any."""
    state = table.state
    if state is None or state.over or state.pending is None:
        return None
    for seat in state.pending.seats:
        player = table.seats[seat]
        if not player.automatic:
            action = orders.auto_answer(state, seat, player.orders)
            if action is not None:
                return action
    return None


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


@dataclass(frozen=True, slots=True)
class Settings:
    """The bot's defaults for new games."""

    turn_seconds: int = 300
    interrupt_seconds: int = 60
    lobby_minutes: int = 30
    seed: int | None = None
    """Reproducible games (seed + game id), for tests; None: truly random."""


class Service:
    """Every game of the bot, one channel at a time."""

    def __init__(
        self, tables: Tables, settings: Settings, screen: Screen, now: Callable[[], datetime]
    ) -> None:
        self.tables = tables
        self.settings = settings
        self.screen = screen
        self.now = now
        tables.on_set_aside = self._set_aside
        self.timers = DeadlineScheduler(self.wake, self._wake_failed)

    # -- running ----------------------------------------------------------------------------------
    async def resume(self) -> None:
        """Re-arm every stored timer after a start, from the store's (channel, time) index only.

        Timers that passed while the bot was down wake spread out (`bot.restart`), and a player's
        time limit that ran out meanwhile is extended when the game is next loaded: the time the bot
        was away is not theirs.
        """
        plan = restart.resume(await self.tables.wakeups(), self.now())
        self.tables.resume(plan)
        for channel_id, when in plan.arm.items():
            self.timers.arm(channel_id, when)
        log.info("timers re-armed", extra={"timers": len(plan.arm), "overdue": len(plan.grace)})

    async def close(self) -> None:
        await self.timers.cancel_all()

    def lock(self, channel_id: int):
        """The channel's lock (for tests that change a table the way a use case does)."""
        return self.tables.lock(channel_id)

    @asynccontextmanager
    async def _locked(self, channel_id: int, *, answering: bool = True) -> AsyncIterator[None]:
        """The channel's lock around one use case; work that answers nobody (a timer) tells the
        screen when the lock is let go, as an answer to a person is sent by its caller first."""
        async with self.tables.lock(channel_id):
            yield
        if not answering:
            self.screen.released(channel_id)

    def _publish(self, update: Update) -> Update:
        """After a save: the screen shows it and the channel's timer is re-armed."""
        self.screen.publish(update)
        if update.loaded is not None:
            self._arm(update.loaded)
        return update

    def _arm(self, loaded: Loaded) -> None:
        wake = loaded.table.wake_at()
        if wake is None:
            self.timers.cancel(loaded.row.channel_id)
        else:
            self.timers.arm(loaded.row.channel_id, wake)

    async def _set_aside(self, channel_id: int, game_id: int) -> None:
        """Once, in the channel of a saved game the bot could not read (see Tables)."""
        self.timers.cancel(channel_id)
        self.screen.publish(Update(channel_id, notices=[Warning(WarningCode.SET_ASIDE, game_id)]))

    # -- the lobby --------------------------------------------------------------------------------
    async def open_lobby(
        self, channel_id: int, guild_id: int | None, host: Person, options: LobbyOptions
    ) -> Update:
        """A new lobby with its host seated, saved; the caller posts it (`Show.POST`) and then says
        where with `moved`, or `discard`s it if it could not be posted."""
        async with self._locked(channel_id):
            if await self.tables.load(channel_id) is not None:
                raise Refused(ServiceCode.GAME_OPEN)
            turn = options.turn_seconds or self.settings.turn_seconds
            table = Table(
                host_id=host.user_id,
                months=options.months,
                ruleset=options.ruleset,
                language=options.language,
                turn_seconds=turn,
                interrupt_seconds=min(self.settings.interrupt_seconds, turn),
                seed=secrets.randbits(62),
            )
            lobby.join(table, host.user_id, host.name)
            return await self._post_lobby(
                channel_id, guild_id, table, {"kind": "lobby", "host": host.user_id}
            )

    async def rematch(self, channel_id: int, guild_id: int | None, person: Person, game_id: int) -> Update:
        """A lobby for the same table as the finished game `game_id`: same settings and seats, the
        person who asked seated as host, every other player's seat kept until they press Join
        (`lobby.rematch`). Posted like a new lobby (`Show.POST`, then `moved`)."""
        async with self._locked(channel_id):
            if await self.tables.load(channel_id) is not None:
                raise Refused(ServiceCode.GAME_OPEN)
            finished = await self.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(ServiceCode.REMATCH_GONE)
            try:
                table = lobby.rematch(finished.table, person.user_id, person.name, secrets.randbits(62))
            except IllegalAction as refusal:
                raise Refused(refusal.code, **refusal.params) from None
            record = {"kind": "lobby", "host": person.user_id, "rematch": game_id}
            update = await self._post_lobby(channel_id, guild_id, table, record)
        _log("rematch", update.loaded, of=game_id)
        return update

    async def _post_lobby(self, channel_id: int, guild_id: int | None, table: Table, record: dict) -> Update:
        """Save a new lobby (it closes by itself if nobody starts it); the caller posts it."""
        table.lobby_closes = self.now() + timedelta(minutes=self.settings.lobby_minutes)
        loaded = await self.tables.create(channel_id, guild_id, table)
        if self.settings.seed is not None:  # reproducible games for tests: seed + game id
            table.seed = self.settings.seed + loaded.row.game_id
        loaded = await self.tables.save(loaded, [record])
        return self._publish(Update(channel_id, loaded, live=LiveView(loaded), answer=Answer(Show.POST)))

    async def discard(self, channel_id: int, game_id: int) -> None:
        """A lobby nobody can see (its message was never posted), so nobody could close it."""
        async with self._locked(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is not None and loaded.row.game_id == game_id:
                await self.tables.discard(loaded)
                self.timers.cancel(channel_id)

    async def moved(self, shown: Loaded, message_id: int) -> Loaded | None:
        """The live message is now `message_id`, a new message showing the snapshot `shown`: saved
        under the lock, before anyone is told. None if the game is gone meanwhile.

        The last save is saved again with the new id (a click may have been saved since `shown`);
        only the message's two numbers change, so nothing is serialised whole, nor parsed while
        `shown` is the last save."""
        channel_id = shown.row.channel_id
        async with self._locked(channel_id):
            saved = await self.tables.saved(channel_id, shown)
            if saved is None or saved.row.game_id != shown.row.game_id:
                return None
            unchanged = saved.row.version == shown.row.version
            loaded = await self.tables.save_message(saved, message_id, saved.table.leading_month())
            self.screen.publish(Update(channel_id, loaded, live=LiveView(loaded, shown=unchanged)))
        _log("live message moved", loaded, message_id=message_id)
        return loaded

    async def join(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        return await self.lobby(channel_id, person, LobbyChange.JOIN, game_id)

    async def leave(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        """Leave the lobby, or a running game (a computer player takes the seat)."""
        return await self.lobby(channel_id, person, LobbyChange.LEAVE, game_id)

    async def lobby(
        self, channel_id: int, person: Person, change: LobbyChange, game_id: int | None = None
    ) -> Update:
        """A lobby button or command: join, leave, add a computer player, start or cancel."""
        async with self._locked(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
                raise Refused(ServiceCode.LOBBY_CLOSED if game_id else ServiceCode.NO_GAME)
            table, user_id = loaded.table, person.user_id
            try:
                if table.state is not None and change is LobbyChange.LEAVE:
                    return await self._hand_over(loaded, user_id)
                if change is LobbyChange.CANCEL:
                    lobby.cancel(table, user_id, person.manages_channel)
                    update = await self._close_lobby(loaded, Note(NoteCode.CANCELLED, {"name": person.name}))
                    _log("lobby cancelled", loaded, user=user_id)
                    return update
                if change is LobbyChange.START:
                    return await self._begin(loaded, lobby.start(table, user_id), table.seat_of(user_id))
                if change is LobbyChange.JOIN:
                    note = Note(NoteCode.JOINED, {"name": lobby.join(table, user_id, person.name)})
                elif change is LobbyChange.LEAVE:
                    note = Note(NoteCode.LEFT_LOBBY, {"name": lobby.leave_lobby(table, user_id)})
                else:
                    note = Note(NoteCode.COMPUTER_JOINED, {"name": lobby.add_computer(table, user_id)})
            except IllegalAction as refusal:
                raise Refused(refusal.code, **refusal.params) from None
            return await self._seated(loaded, note, {"kind": "lobby", "change": change, "user": user_id})

    async def kick(self, channel_id: int, person: Person, member: Person) -> Update:
        """The host or someone with Manage Channels removes `member`. From a lobby their seat is freed
        (nobody is banned: they may join again); from a running game it is exactly as if they had
        left (`_hand_over`), and the table is told who removed them."""
        async with self._locked(channel_id):
            loaded = await self._here(channel_id)
            table = loaded.table
            try:
                lobby.may_kick(table, person.user_id, person.manages_channel, member.user_id, member.name)
                if table.state is not None:
                    return await self._hand_over(loaded, member.user_id, by=person)
                name = lobby.leave_lobby(table, member.user_id)
            except IllegalAction as refusal:
                raise Refused(refusal.code, **refusal.params) from None
            _log("player removed", loaded, user=member.user_id, by=person.user_id)
            note = Note(NoteCode.REMOVED, {"name": name, "by": _board_name(table, person)})
            return await self._seated(
                loaded, note, {"kind": "lobby", "removed": member.user_id, "by": person.user_id}
            )

    async def _seated(self, loaded: Loaded, note: Note, record: dict) -> Update:
        """The lobby's seats changed: saved with `record`, its footer says `note`; a lobby with no
        human left closes."""
        if not loaded.table.humans():
            return await self._close_lobby(loaded, Note(NoteCode.EVERYONE_LEFT))
        loaded = await self.tables.save(loaded, [record])
        answer = Answer(Show.BOARD, note)
        return self._publish(
            Update(loaded.row.channel_id, loaded, live=LiveView(loaded, note), answer=answer)
        )

    async def _close_lobby(self, loaded: Loaded, note: Note, said: Note | None = None) -> Update:
        """The lobby is gone from the store and its message keeps `note` and no buttons."""
        await self.tables.discard(loaded)
        self.timers.cancel(loaded.row.channel_id)
        update = Update(
            loaded.row.channel_id,
            loaded,
            live=LiveView(loaded, note, closed=True),
            answer=Answer(Show.NOTHING, said) if said is not None else Answer(Show.BOARD, note),
        )
        self.screen.publish(update)
        return update

    async def _begin(self, loaded: Loaded, opening: list[ev.Event], starter: int | None) -> Update:
        """The lobby message becomes the live game message; the `opening` events (the Banker paying
        the start cash) go into the event log, so the ledger shows where every dollar came from. The
        first player is called by name, unless they pressed Start (`starter`)."""
        table = loaded.table
        table.set_timers(self.now())
        table.message_month = 1
        call = _call(table, () if starter is None else (starter,))
        started = {"kind": "started", "seats": [s.name for s in table.seats]}
        loaded = await self.tables.save(loaded, [started, *(e.to_dict() for e in opening)])
        _log("game started", loaded, players=len(table.seats))
        answer = Answer(Show.BOARD, Note(NoteCode.GAME_STARTED))
        update = Update(loaded.row.channel_id, loaded, tuple(opening), LiveView(loaded), answer, call=call)
        return self._publish(update)

    async def _hand_over(self, loaded: Loaded, user_id: int, by: Person | None = None) -> Update:
        """A computer player takes over `user_id`'s seat of a running game: they left, or `by` (the
        host or a moderator) removed them, and the table is told who did. The seat keeps its money;
        whatever the game waits on from it, the computer answers when the channel's timer fires,
        through the engine and the ledger like any answer. With no human left the game is over, its
        stakes refunded through the ledger."""
        table = loaded.table
        why = TableKind.LEFT if by is None else TableKind.KICKED
        seat = lobby.leave_game(table, user_id, why)
        name = table.seats[seat].name
        record = {"kind": why.value, "user": user_id, "seat": seat}
        if by is not None:
            record["by"] = by.user_id
        told = [] if by is None else [Kicked(name, _board_name(table, by))]
        if not table.humans():
            ended = {"kind": "abandoned"}
            if by is not None:
                ended.update(removed=user_id, by=by.user_id)
            played = _ended_early(table, ended)
            said = (
                Note(NoteCode.YOU_LEFT_LAST)
                if by is None
                else Note(NoteCode.YOU_REMOVED_LAST, {"name": name})
            )
            return await self._conclude(
                loaded, played, Ending.ABANDONED, answering=True, said=said, notices=told
            )
        table.set_timers(self.now())
        loaded = await self.tables.save(loaded, [record])
        _log("player left" if by is None else "player removed", loaded, user=user_id, seat=seat)
        said = Note(NoteCode.YOU_LEFT) if by is None else Note(NoteCode.YOU_REMOVED, {"name": name})
        update = Update(
            loaded.row.channel_id, loaded, live=LiveView(loaded), answer=Answer(said=said), notices=told
        )
        return self._publish(update)

    # -- playing ----------------------------------------------------------------------------------
    async def act(self, channel_id: int, person: Person, move: Move) -> Update:
        """One player's answer, from a button (with its prompt and game) or a slash command."""
        async with self._locked(channel_id):
            loaded = await self._running(channel_id, move.game_id, locked=True)
            seat = _seat(loaded, person)
            back = loaded.table.present(seat)
            action = Action(seat, move.kind, move.value, move.prompt)
            return await self._apply(loaded, [action], move, back=back)

    async def _apply(
        self,
        loaded: Loaded,
        actions: Iterable[Action],
        move: Move | None,
        *,
        back: bool = False,
        computers: bool = False,
        noted: dict | None = None,
    ) -> Update:
        """Apply, save, then tell the table. A refused first action changes nothing in the game
        (`back`: the player had been taken for away, which is undone even if the action is refused;
        `computers`: the actions are computer players' moves, which the table watches).

        `actions` may be a generator, so each computer player decides after seeing the last answer.
        `move` is the player's own answer; None for a timer's (computer players, timeouts). Then the
        players' standing orders answer what they cover (`play_orders`), in the same save. `noted`:
        a change of the table itself to save first (a player's new orders).
        """
        table = loaded.table
        channel_id = loaded.row.channel_id
        now = self.now()
        played = Played(records=[] if noted is None else [noted])
        # Who had answered the question before this click: looking at the board if the click closes it.
        question, asked_at = table.state.pending, table.state.prompt
        answered = [] if question is None else list(question.done)
        for action in actions:
            asked = table.state.prompt
            try:
                played.extend(play(table, action, now))
            except IllegalAction as refusal:
                if played.records:
                    break  # a later timeout/computer answer lost a race: keep what was applied
                if move is None:
                    # A bug, not a player: the cautious default keeps the game moving instead.
                    _log(
                        "automatic action refused", loaded, action=action.kind, seat=action.seat, why=refusal
                    )
                    played.extend(play(table, engine.default_action(table.state, action.seat), now))
                    continue
                if back:
                    table.set_timers(now)
                    loaded = await self.tables.save(loaded, [{"kind": "back", "seat": action.seat}])
                    _log("player back", loaded, seat=action.seat)
                    self._publish(Update(channel_id, loaded, live=LiveView(loaded)))
                return self._refused(loaded, action, move, refusal)
            if move is not None:  # only the player's own answers make a later click a double
                table.last_answer = (asked, action.seat)
            _log(
                "applied",
                loaded,
                action=action.kind,
                seat=action.seat,
                value=action.value,
                prompt=action.prompt,
            )
        if not played.records:
            return Update(channel_id, loaded)
        said = (
            Note(NoteCode.DONE, {"events": tuple(played.events)}) if move is not None and move.slash else None
        )
        play_orders(table, played, now)
        answering = move is not None
        if table.state.over:
            return await self._conclude(loaded, played, Ending.RETIRED, answering=answering, said=said)
        if move is not None:  # a person's own answer: they, and maybe others, look at the board
            actor = played.records[0]["seat"]
            closed = question if table.state.prompt != asked_at else None
            table.watching = sorted(attention.looking(actor, closed, answered))
        elif noted is not None and "seat" in noted:  # a player set their orders: they are looking
            table.watching = sorted({*table.watching, noted["seat"]})
        elif not computers:  # time ran out: nobody was looking
            table.watching = []
        call = _call(table, table.watching)
        loaded = await self.tables.save(loaded, played.records)
        update = Update(
            channel_id,
            loaded,
            tuple(played.events),
            LiveView(loaded),
            Answer(Show.BOARD) if said is None else Answer(said=said),
            call=call,
        )
        paydays = _paydays(table, played.events)
        if paydays is not None:
            update.notices.append(paydays)
        return self._publish(update)

    def _refused(self, loaded: Loaded, action: Action, move: Move, refusal: IllegalAction) -> Update:
        """A refused answer: a double click is told it counted; a click on an old question of a board
        Discord has not shown anew (an answer or an edit was lost) gets the board it should have
        seen; anything else is refused."""
        table = loaded.table
        double = isinstance(refusal, act.StalePrompt) and table.last_answer == (action.prompt, action.seat)
        if double or isinstance(refusal, act.AlreadyAnswered):
            raise Refused(ServiceCode.ALREADY_DONE)
        if (
            isinstance(refusal, act.StalePrompt)
            and move.message_id is not None
            and move.message_id == table.message_id
            and self.screen.behind(loaded.row.channel_id)
        ):
            return Update(loaded.row.channel_id, loaded, answer=Answer(Show.BOARD))
        params = refusal.params
        if refusal.code == act.RefusalCode.NOT_YOUR_TURN:  # the seats waited on that the computer plays
            computers = table.computers()
            params = {**params, "computers": tuple(seat for seat in params["seats"] if seat in computers)}
        raise Refused(refusal.code, [seat.name for seat in table.seats], **params)

    async def _conclude(
        self,
        loaded: Loaded,
        played: Played,
        ending: Ending,
        *,
        answering: bool,
        said: Note | None = None,
        ended_by: str = "",
        notices: Iterable[Notice] = (),
    ) -> Update:
        """Game over: move it to history, freeze the live message, announce the standings.

        A click is answered with the frozen board, a slash command with `said`; the standings then
        follow that answer (which needs no permission to post in the channel). A game ended by its
        timer posts them in the channel. `notices` are posted in the channel first.
        """
        table = loaded.table
        table.deadline = table.remind_at = table.computer_at = None
        summary = {"reason": ending.value, "winners": table.state.winners, "ended_by": ended_by}
        await self.tables.finish(loaded, played.records, summary)
        self.timers.cancel(loaded.row.channel_id)
        _log("game over", loaded, reason=ending.value, winners=table.state.winners)
        # The last player to retire gets their Pay Day summary too, on the standings message.
        standings = Standings(loaded.row.game_id, table, ending, ended_by, _paydays(table, played.events))
        update = Update(
            loaded.row.channel_id,
            loaded,
            tuple(played.events),
            LiveView(loaded, closed=True),
            Answer(Show.BOARD) if said is None else Answer(said=said),
            notices=list(notices),
        )
        (update.follow if answering else update.notices).append(standings)
        self.screen.publish(update)
        return update

    async def end(self, channel_id: int, person: Person) -> Update:
        """Stop the game here now and show the standings (host or Manage Channels); a lobby closes."""
        async with self._locked(channel_id):
            loaded = await self._here(channel_id)
            table = loaded.table
            try:
                lobby.may_stop(table, person.user_id, person.manages_channel)
            except IllegalAction as refusal:
                raise Refused(refusal.code, **refusal.params) from None
            if table.state is None:
                return await self._close_lobby(
                    loaded, Note(NoteCode.CLOSED), said=Note(NoteCode.LOBBY_CLOSED)
                )
            played = _ended_early(table, {"kind": "ended", "by": person.user_id})
            return await self._conclude(
                loaded,
                played,
                Ending.ENDED,
                answering=True,
                said=Note(NoteCode.YOU_ENDED),
                ended_by=person.name,
            )

    # -- timers: computer players, time limits, reminders, lobbies ---------------------------------
    async def wake(self, channel_id: int) -> None:
        """A timer fired: computer players act, or time ran out, or the player gets a reminder, or an
        unstarted lobby closes.

        Time is not charged to a player whose board Discord has not shown yet (an answer or an edit
        failed): they get their full time again, and the live message another try.
        """
        async with self._locked(channel_id, answering=False):
            loaded = await self.tables.load(channel_id)
            if loaded is not None and loaded.table.state is None:
                await self._lobby_timer(loaded)
                return
            if loaded is None or loaded.table.state.over:
                return
            table, now = loaded.table, self.now()
            state = table.state
            if ordered_answer(table) is not None:  # saved before orders could answer it (an upgrade)
                await self._apply(loaded, [], None, noted={"kind": "orders_resumed"})
            elif table.computer_at is not None and now >= table.computer_at:
                prompt = state.prompt
                # Computer seats play to win; a player who is away gets the cautious default.
                answers = (
                    engine.default_action(state, seat) if table.seats[seat].away else ai.choose(state, seat)
                    for seat in table.waiting_computers()
                    if state.prompt == prompt and state.pending is not None and seat in state.pending.seats
                )
                await self._apply(loaded, answers, None, computers=True)
            elif table.deadline is not None and now >= table.deadline and self.screen.behind(channel_id):
                table.restart_clock(now)
                loaded = await self.tables.save(loaded, [{"kind": "clock_restarted", "prompt": state.prompt}])
                _log("time not charged: the board was not shown", loaded, prompt=state.prompt)
                self._publish(Update(channel_id, loaded, live=LiveView(loaded)))
            elif table.deadline is not None and now >= table.deadline:
                humans = set(table.waiting_humans())
                actions = [a for a in engine.timeout_actions(state) if a.seat in humans]
                _log("timed out", loaded, seats=sorted(humans), prompt=state.prompt)
                away = table.timed_out(sorted(humans))
                if away:
                    _log("taken for away", loaded, seats=away)
                await self._apply(loaded, actions, None)
            elif table.remind_at is not None and now >= table.remind_at:
                table.remind_at = None
                call = _remind(table)
                loaded = await self.tables.save(loaded)
                live = None if call is None else LiveView(loaded)
                self._publish(Update(channel_id, loaded, live=live, call=call))
            else:
                self._arm(loaded)

    async def _lobby_timer(self, loaded: Loaded) -> None:
        """A lobby nobody started closes by itself at the time it states, freeing the channel."""
        closes = loaded.table.lobby_closes
        if closes is None or self.now() < closes:
            self._arm(loaded)
            return
        await self._close_lobby(
            loaded, Note(NoteCode.LOBBY_EXPIRED, {"minutes": self.settings.lobby_minutes})
        )
        _log("lobby expired", loaded)

    async def _wake_failed(self, channel_id: int, failures: int, error: BaseException) -> None:
        """A timer's work could not be saved: the scheduler tries again later; the table hears about it
        once, at the first failure in a row, rather than wondering why nothing happens."""
        if failures == 1:
            self.screen.publish(Update(channel_id, notices=[Warning(WarningCode.SAVE_FAILED)]))
            self.screen.released(channel_id)

    # -- looking at the game ----------------------------------------------------------------------
    async def status(self, channel_id: int, person: Person) -> Update:
        """The game here shown again: reposted at the bottom of the channel (`Show.POST`; the caller
        then says where with `moved`), or, for someone not seated in a running game, a private look
        (`Show.LOOK`), so onlookers can't flood the channel; an open lobby is reposted for anyone."""
        async with self._locked(channel_id):
            loaded = await self.tables.load(channel_id)
            if loaded is None:
                return await self._last_standings(channel_id)
            table = loaded.table
            if table.seat_of(person.user_id) is None and table.state is not None:
                return Update(channel_id, loaded, answer=Answer(Show.LOOK))
            return Update(channel_id, loaded, answer=Answer(Show.POST))

    async def _last_standings(self, channel_id: int) -> Update:
        """After a game, the channel's last standings (from history) instead of "no game"."""
        finished = await self.tables.finished(channel_id)
        if finished is None:
            raise Refused(ServiceCode.NO_GAME)
        summary = finished.summary
        ending = Ending(summary.get("reason", Ending.RETIRED))
        standings = Standings(finished.game_id, finished.table, ending, summary.get("ended_by", ""))
        return Update(channel_id, answer=Answer(Show.STANDINGS), follow=[standings])

    async def live_message(self, channel_id: int) -> tuple[int | None, int] | None:
        """(guild id, message id) of the channel's live message, for a link back to it (read
        without the lock); None when the channel has none."""
        loaded = await self.tables.peek(channel_id)
        if loaded is None or loaded.table.message_id is None:
            return None
        return loaded.row.guild_id, loaded.table.message_id

    async def hand(self, channel_id: int, person: Person, game_id: int | None = None) -> HandView:
        """What a player holds, read without the lock (`game_id`: from a button of that game), and
        when it was read."""
        loaded = await self._running(channel_id, game_id, locked=False)
        return HandView(loaded.table, _seat(loaded, person), loaded.row.game_id, self.now())

    async def set_orders(
        self, channel_id: int, person: Person, chosen: orders.Orders, game_id: int | None = None
    ) -> Update:
        """A player's standing orders, saved with their seat; in the same save they answer whatever
        they now cover (the question of the moment, and every one after it that they cover)."""
        async with self._locked(channel_id):
            loaded = await self._running(channel_id, game_id, locked=True)
            seat = _seat(loaded, person)
            table = loaded.table
            table.present(seat)
            table.seats[seat].orders = chosen
            noted = {"kind": "orders", "seat": seat, **dataclasses.asdict(chosen)}
            _log("orders set", loaded, seat=seat, orders=noted)
            return await self._apply(loaded, [], None, noted=noted)

    async def ledger(self, channel_id: int, book: str, page: int, game_id: int | None = None) -> LedgerPage:
        """A page of the Bank's statement or the loan book of this channel's running game, or of its
        last finished one (`game_id`: of that game, from a page button)."""
        loaded = await self.tables.peek(channel_id)
        if game_id is None and loaded is not None and loaded.table.state is not None:
            game_id, table = loaded.row.game_id, loaded.table
        elif game_id is not None and loaded is not None and loaded.row.game_id == game_id:
            table = loaded.table
        else:
            finished = await self.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(ServiceCode.NO_LEDGER if game_id is None else ServiceCode.LEDGER_GONE)
            game_id, table = finished.game_id, finished.table
        transfers = await self.tables.transfers(game_id)
        entries = BOOKS[book](ev.Event.from_record(row.data) for row in transfers)
        pages = max(1, -(-len(entries) // LEDGER_PAGE))
        page = min(page, pages)
        players = table.state.players
        rules = RULESETS[table.state.ruleset]
        return LedgerPage(
            game_id=game_id,
            book=book,
            page=page,
            pages=pages,
            entries=entries[(page - 1) * LEDGER_PAGE : page * LEDGER_PAGE],
            names=[seat.name for seat in table.seats],
            loans=[p.loan for p in players],
            savings=[p.savings for p in players] if rules.rules.savings else None,
            ruleset=rules,
        )

    async def switch_calls(self, channel_id: int, person: Person, on: bool) -> Update:
        """A player turns their calls by name on or off (stored with their seat, for this game)."""
        async with self._locked(channel_id):
            loaded = await self._here(channel_id)
            seat = _seat(loaded, person)
            loaded.table.seats[seat].notices = on
            loaded = await self.tables.save(loaded)
            _log("calls switched", loaded, seat=seat, on=on)
            said = Note(NoteCode.CALLS_ON if on else NoteCode.CALLS_OFF)
            return Update(channel_id, loaded, answer=Answer(said=said))

    async def story(self, channel_id: int, game_id: int | None = None, after: int = 0) -> StoryRows:
        """The log rows of this channel's running game, or of its last finished one (`game_id`: of
        that game, from a page button), after the first `after` (a story already read that far)."""
        loaded = await self.tables.peek(channel_id)
        if loaded is not None and loaded.table.state is not None and game_id in (None, loaded.row.game_id):
            game_id, table = loaded.row.game_id, loaded.table
        else:
            finished = await self.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(ServiceCode.NO_STORY if game_id is None else ServiceCode.STORY_GONE)
            game_id, table = finished.game_id, finished.table
        rows, total = await self.tables.log_after(game_id, after)
        return StoryRows(game_id, table, rows, after, total)

    async def rules(self, channel_id: int, topic: str, edition: str | None) -> RulesView:
        """A rules topic, of `edition` or else of the game in this channel (or the default one)."""
        if edition is None:
            loaded = await self.tables.peek(channel_id)
            edition = loaded.table.ruleset if loaded is not None else DEFAULT_RULESET
        return RulesView(topic, edition, self.settings.turn_seconds, self.settings.interrupt_seconds)

    # -- shared -----------------------------------------------------------------------------------
    async def _here(self, channel_id: int) -> Loaded:
        """The channel's lobby or running game (read under its lock), or the refusal that it has none."""
        loaded = await self.tables.load(channel_id)
        if loaded is None:
            raise Refused(ServiceCode.NO_GAME)
        return loaded

    async def _running(self, channel_id: int, game_id: int | None, *, locked: bool) -> Loaded:
        """The channel's running game, or a refusal; `locked=False` for read-only looks."""
        loaded = await (self.tables.load(channel_id) if locked else self.tables.peek(channel_id))
        if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
            raise Refused(ServiceCode.GAME_ENDED if game_id else ServiceCode.NO_GAME)
        if loaded.table.state is None:
            raise Refused(ServiceCode.NOT_STARTED)
        return loaded


def _seat(loaded: Loaded, person: Person) -> int:
    table = loaded.table
    seat = table.seat_of(person.user_id)
    if seat is None:
        taken_over = table.taken_over_from(person.user_id)
        raise Refused(ServiceCode.TAKEN_OVER if taken_over else act.RefusalCode.NOT_IN_GAME)
    return seat


def _paydays(table: Table, events: Iterable[ev.Event]) -> PayDays | None:
    """The Pay Days finished by these events, for the whole table; None if none."""
    seats = tuple(
        (e.seat, e.kind == EventKind.RETIRED)
        for e in events
        if e.kind in (EventKind.NEW_MONTH, EventKind.RETIRED)
    )
    return PayDays(table, seats) if seats else None


def _call(table: Table, looking: Iterable[int] = ()) -> Call | None:
    """After the game moved on: who it calls by name now (bot/table/attention.py), noted with the table so
    nobody is called twice for one question; None when nobody."""
    state = table.state
    key, table.calls, table.spared, calling = attention.calls_after(
        state, table.seats, table.calls_for, table.calls, table.spared, looking=set(looking)
    )
    table.calls_for = key
    if not calling:
        return None
    return Call(state.pending.kind, tuple(table.seats[seat].user_id for seat in calling))


def _remind(table: Table) -> Call | None:
    """Halfway through the time: the players still asked who were not called (they were looking)."""
    state = table.state
    key = attention.question_key(state)
    called = table.calls if table.calls_for == key else []
    calling = attention.to_remind(state, table.seats, called=called)
    if not calling:
        return None
    table.calls, table.calls_for = [*called, *calling], key
    return Call(state.pending.kind, tuple(table.seats[seat].user_id for seat in calling), reminder=True)


def _board_name(table: Table, person: Person) -> str:
    """The name the board shows for `person`: their seat's, else (a moderator not playing) their own."""
    seat = table.seat_of(person.user_id)
    return person.name if seat is None else table.seats[seat].name


def _ended_early(table: Table, record: dict) -> Played:
    """Stop the game now: the refunds of stakes still in the pot go into the event log, like every
    other dollar, after `record` (who or what ended it)."""
    events = engine.end_early(table.state)
    table.remember(events)
    return Played(events, [record, *(e.to_dict() for e in events)])


def _log(message: str, loaded: Loaded, **fields) -> None:
    log.info(message, extra={"channel": loaded.row.channel_id, "game": loaded.row.game_id, **fields})
