"""The lobby's use cases: open one (or a rematch), sit down, leave, add a computer player, start,
cancel, remove a player. Who may do what is the table's rules (`bot.table.lobby`); here each is
loaded, saved and shown.

Leaving, or being removed from, a game that has started is the same use case as in the lobby: the
player's seat passes to a computer player, so the others can finish.
"""

import secrets
from collections.abc import Awaitable, Callable, Mapping
from datetime import timedelta
from types import MappingProxyType
from typing import Any

from bot.game.events import Event
from bot.game.house import HouseValue, house_rules_of
from bot.game.strengths import DEFAULT_STRENGTH, Strength
from bot.service.core import Core, UseCases, house_refused, log_change, rules_refuse, unpaused
from bot.service.moves import ended_early, next_call
from bot.service.reads import HouseView
from bot.service.tables import Loaded
from bot.service.values import (
    Answer,
    Ending,
    Kicked,
    LiveView,
    LobbyChange,
    LobbyOptions,
    Note,
    NoteCode,
    Notice,
    Person,
    Refused,
    ServiceCode,
    Show,
    Update,
)
from bot.table import LogKind, Table, TableKind, lobby
from bot.table.settings import ServerSettings, house_changed, house_marked, house_shown, house_turned

LobbyUseCase = Callable[[int, Person, int | None], Awaitable[Update]]
"""A lobby button's use case: (channel id, who pressed it, the lobby's game id) -> Update."""


class Lobbies(UseCases):
    """Opening, filling, starting and closing a channel's lobby; leaving and removing players."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.buttons: Mapping[LobbyChange, LobbyUseCase] = MappingProxyType(
            {
                LobbyChange.JOIN: self.join,
                LobbyChange.LEAVE: self.leave,
                LobbyChange.ADD_COMPUTER: self.add_computer,
                LobbyChange.START: self.start,
                LobbyChange.CANCEL: self.cancel,
            }
        )
        """The use case of each lobby button (its custom_id carries the `LobbyChange`)."""

    # -- a new lobby ------------------------------------------------------------------------------
    async def open_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        host: Person,
        options: LobbyOptions,
        *,
        parent_id: int | None = None,
    ) -> Update:
        """A new lobby with its host seated, saved; the caller posts it (`Show.POST`) and then says
        where with `moved`, or `discard`s it if it could not be posted. What the host did not choose
        is the server's setting (its house rules for the edition included), else the bot's.
        `parent_id`: the channel whose thread `channel_id` is, opened for this game alone. A lobby
        here whose message was never posted is posted instead (`_unseen`)."""
        bot = self.core.settings
        server = await self.core.tables.server_settings(guild_id)
        async with self.core.changing(channel_id):
            unseen = await self._unseen(channel_id)
            if unseen is not None:
                return unseen
            turn, interrupt = server.times(options.turn_seconds, bot.turn_seconds, bot.interrupt_seconds)
            ruleset = options.ruleset or server.ruleset
            table = Table(
                host_id=host.user_id,
                months=options.months or server.months,
                ruleset=ruleset,
                language=_language(options, server),
                turn_seconds=turn,
                interrupt_seconds=interrupt,
                idle_end_days=server.idle_end_days,
                pause_end_days=server.pause_end_days,
                seed=secrets.randbits(62),
                parent_id=parent_id,
                house_rules=server.house_rules(ruleset),
                board_pictures=server.board_pictures,
                call_by_name=server.calls,
                hints=True if server.hints else None,
            )
            lobby.join(table, host.user_id, host.name)
            return await self._post(
                channel_id, guild_id, table, {"kind": LogKind.LOBBY, "host": host.user_id}
            )

    async def language(self, guild_id: int | None, options: LobbyOptions) -> str:
        """The language a new game with `options` will speak, for what is said before its lobby
        opens (a thread game's line in the channel and its thread's name)."""
        return _language(options, await self.core.tables.server_settings(guild_id))

    async def thread_per_game(self, guild_id: int | None) -> bool:
        """Whether a new game here opens a thread of its own when its host does not say."""
        return (await self.core.tables.server_settings(guild_id)).thread_per_game

    async def rematch(self, channel_id: int, guild_id: int | None, person: Person, game_id: int) -> Update:
        """A lobby for the same table as the finished game `game_id`: same settings and seats, the
        person who asked seated as host, every other player's seat kept until they press Join
        (`lobby.rematch`). Posted like a new lobby (`Show.POST`, then `moved`)."""
        async with self.core.changing(channel_id):
            unseen = await self._unseen(channel_id)
            if unseen is not None:
                return unseen
            finished = await self.core.tables.finished(channel_id, game_id)
            if finished is None:
                raise Refused(ServiceCode.REMATCH_GONE)
            with rules_refuse():
                table = lobby.rematch(finished.table, person.user_id, person.name, secrets.randbits(62))
            record = {"kind": LogKind.LOBBY, "host": person.user_id, "rematch": game_id}
            update = await self._post(channel_id, guild_id, table, record)
        assert update.loaded is not None
        log_change("rematch", update.loaded, of=game_id)
        return update

    async def _unseen(self, channel_id: int) -> Update | None:
        """None when the channel is free for a new lobby, else the refusal that it has a game;
        but a lobby whose message was never posted (its create's answer was lost, yet it landed;
        or the process stopped before posting it) nobody could see, join or close, so it is posted
        now (`Show.POST`, then `moved`), as `/payday status` posts an open lobby again."""
        loaded = await self.core.settled(channel_id, await self.core.load(channel_id), _free_or_unseen)
        return None if loaded is None else Update(channel_id, loaded, answer=Answer(Show.POST))

    async def _post(
        self, channel_id: int, guild_id: int | None, table: Table, record: dict[str, Any]
    ) -> Update:
        """Save a new lobby (it closes by itself if nobody starts it); the caller posts it."""
        core = self.core
        table.lobby_closes = core.now() + timedelta(minutes=core.settings.lobby_minutes)
        loaded = await core.tables.create(channel_id, guild_id, table)
        if core.settings.seed is not None:  # reproducible games for tests: seed + game id
            table.seed = core.settings.seed + loaded.row.game_id
        loaded = await core.tables.save(loaded, [record])
        return core.publish(Update(channel_id, loaded, live=LiveView(loaded), answer=Answer(Show.POST)))

    async def discard(self, channel_id: int, game_id: int) -> None:
        """A lobby nobody can see (its message was never posted), so nobody could close it."""
        async with self.core.tables.lock(channel_id):
            loaded = await self.core.load(channel_id)
            if loaded is not None and loaded.row.game_id == game_id:
                await self.core.tables.discard(loaded)
                self.core.timers.cancel(channel_id)

    # -- the lobby's buttons ----------------------------------------------------------------------
    async def join(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        """Take a seat (`game_id`: in that lobby, from its button)."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            with rules_refuse():
                name = lobby.join(loaded.table, person.user_id, person.name)
            note = Note(NoteCode.JOINED, {"name": name})
            return await self._seated(loaded, note, _change(LobbyChange.JOIN, person))

    async def leave(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        """Leave the lobby, or a running game (a computer player takes the seat)."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            if loaded.table.state is not None:
                return await self._hand_over(loaded, person.user_id)
            with rules_refuse():
                name = lobby.leave_lobby(loaded.table, person.user_id)
            note = Note(NoteCode.LEFT_LOBBY, {"name": name})
            return await self._seated(loaded, note, _change(LobbyChange.LEAVE, person))

    async def add_computer(
        self,
        channel_id: int,
        person: Person,
        game_id: int | None = None,
        strength: Strength = DEFAULT_STRENGTH,
    ) -> Update:
        """The host seats a computer player of `strength` (the lobby's menu; the old lobby button,
        which names none, seats a Normal one)."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            with rules_refuse():
                name = lobby.add_computer(loaded.table, person.user_id, strength)
            note = Note(NoteCode.COMPUTER_JOINED, {"name": name, "strength": strength})
            record = {**_change(LobbyChange.ADD_COMPUTER, person), "strength": strength.value}
            return await self._seated(loaded, note, record)

    async def start(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        """The host starts the game: the lobby message becomes the live game message."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            table = loaded.table
            with rules_refuse():
                opening = lobby.start(table, person.user_id)
            await self._preferred(table)
            return await self._begin(loaded, opening, table.seat_of(person.user_id))

    async def house_rules(self, channel_id: int, person: Person, game_id: int) -> HouseView:
        """The lobby's house rules, for its host's editor."""
        async with self.core.changing(channel_id):
            table = (await self._lobby(channel_id, game_id)).table
            with rules_refuse():
                lobby.may_change_house(table, person.user_id)
            return HouseView(table.ruleset, dict(table.house_rules))

    async def set_house_rule(
        self,
        channel_id: int,
        person: Person,
        game_id: int,
        key: str,
        value: HouseValue,
        shown: str | None = None,
    ) -> Update:
        """The host sets one house rule (within its limits in the edition) before Start, from the
        value their form `shown` (`_as_shown`); everyone seated sees it in the lobby."""
        return await self._change_house(
            channel_id,
            person,
            game_id,
            lambda table: house_changed(table.ruleset, _as_shown(table, key, shown), key, value),
        )

    async def turn_house_rule(
        self, channel_id: int, person: Person, game_id: int, key: str, shown: str | None = None
    ) -> Update:
        """The host moves a house rule that is a switch or a choice on from the value it has now
        (read under the table's lock: two clicks at once move it twice), the one their editor
        `shown` (`_as_shown`)."""
        return await self._change_house(
            channel_id,
            person,
            game_id,
            lambda table: house_turned(table.ruleset, _as_shown(table, key, shown), key),
        )

    async def _change_house(
        self,
        channel_id: int,
        person: Person,
        game_id: int,
        change: Callable[[Table], dict[str, HouseValue]],
    ) -> Update:
        """The host's change of the lobby's house rules, worked out from the lobby as it is under the
        table's lock; one out of its limits is refused, naming them, and changes nothing."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            with rules_refuse():
                lobby.may_change_house(loaded.table, person.user_id)
            with house_refused():
                house = change(loaded.table)
            return await self._house_set(loaded, person, house)

    async def reset_house_rules(
        self, channel_id: int, person: Person, game_id: int, shown: str | None = None
    ) -> Update:
        """The host puts the edition's own rules back, if they are those their editor `shown`
        (`house_mark`; else another editor of theirs changed them meanwhile: refused)."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            if not house_marked(loaded.table.house_rules, shown):
                raise Refused(ServiceCode.CHANGED_MEANWHILE)
            return await self._house_set(loaded, person, {})

    async def _house_set(self, loaded: Loaded, person: Person, house: dict[str, HouseValue]) -> Update:
        table = loaded.table
        with rules_refuse():
            lobby.set_house(table, person.user_id, house)
        note = Note(NoteCode.HOUSE_RULES_CHANGED, {"name": table.board_name(person.user_id, person.name)})
        loaded = await self.core.tables.save(
            loaded, [{"kind": LogKind.LOBBY, "house": house, "user": person.user_id}]
        )
        log_change("house rules changed", loaded, user=person.user_id, house=house)
        view = LiveView(loaded, note)
        return self.core.publish(Update(loaded.row.channel_id, loaded, live=view, answer=Answer(said=note)))

    async def cancel(self, channel_id: int, person: Person, game_id: int | None = None) -> Update:
        """The host (or someone with Manage Channels) closes the lobby."""
        async with self.core.changing(channel_id):
            loaded = await self._lobby(channel_id, game_id)
            with rules_refuse():
                lobby.cancel(loaded.table, person.user_id, person.manages_channel)
            update = await self.core.close_lobby(loaded, Note(NoteCode.CANCELLED, {"name": person.name}))
        log_change("lobby cancelled", loaded, user=person.user_id)
        return update

    async def kick(self, channel_id: int, person: Person, member: Person) -> Update:
        """The host or someone with Manage Channels removes `member`. From a lobby their seat is freed
        (nobody is banned: they may join again); from a running game it is exactly as if they had
        left (`_hand_over`), and the table is told who removed them."""
        async with self.core.changing(channel_id):
            loaded = await self.core.here(channel_id)
            table = loaded.table
            with rules_refuse():
                lobby.may_kick(table, person.user_id, person.manages_channel, member.user_id, member.name)
            if table.state is not None:
                return await self._hand_over(loaded, member.user_id, by=person)
            with rules_refuse():
                name = lobby.leave_lobby(table, member.user_id)
            log_change("player removed", loaded, user=member.user_id, by=person.user_id)
            note = Note(NoteCode.REMOVED, {"name": name, "by": table.board_name(person.user_id, person.name)})
            record = {"kind": LogKind.LOBBY, "removed": member.user_id, "by": person.user_id}
            return await self._seated(loaded, note, record)

    # -- shared -----------------------------------------------------------------------------------
    async def _lobby(self, channel_id: int, game_id: int | None) -> Loaded:
        """The channel's lobby or game (`game_id`: the one a button was made for), or the refusal."""

        def lobby_of(loaded: Loaded | None) -> Loaded:
            if loaded is None or (game_id is not None and loaded.row.game_id != game_id):
                raise Refused(ServiceCode.LOBBY_CLOSED if game_id else ServiceCode.NO_GAME)
            return loaded

        return await self.core.settled(channel_id, await self.core.load(channel_id), lobby_of)

    async def _seated(self, loaded: Loaded, note: Note, record: dict[str, Any]) -> Update:
        """The lobby's seats changed: saved with `record`, its footer says `note`; a lobby with no
        human left closes."""
        if not loaded.table.humans():
            return await self.core.close_lobby(loaded, Note(NoteCode.EVERYONE_LEFT))
        loaded = await self.core.tables.save(loaded, [record])
        answer = Answer(Show.BOARD, note)
        view = LiveView(loaded, note)
        return self.core.publish(Update(loaded.row.channel_id, loaded, live=view, answer=answer))

    async def _preferred(self, table: Table) -> None:
        """Each player's lasting choices (`/payday notices`, given in any channel, in a game or not)
        hold at this table from its start; a player who never chose is called by name as the server
        chose (`Table.call_by_name`)."""
        chosen = await self.core.tables.preferences(table.humans())
        for seat in table.seats:
            if seat.user_id is not None:
                preferences = chosen.get(seat.user_id)
                seat.notices = table.call_by_name if preferences is None else preferences.calls

    async def _begin(self, loaded: Loaded, opening: list[Event], starter: int | None) -> Update:
        """The lobby message becomes the live game message; the `opening` events (the Banker paying
        the start cash) go into the event log, so the ledger shows where every dollar came from. The
        first player is called by name, unless they pressed Start (`starter`)."""
        table = loaded.table
        table.set_timers(self.core.now())
        table.message_month = 1
        call = next_call(table, () if starter is None else (starter,))
        started = {"kind": LogKind.STARTED, "seats": [s.name for s in table.seats]}
        loaded = await self.core.tables.save(loaded, [started, *(e.to_dict() for e in opening)])
        house = ",".join(
            f"{key}={value}" for key, value in house_rules_of(table.ruleset, table.game.rules).items()
        )
        log_change(
            "game started",
            loaded,
            players=len(table.seats),
            ruleset=table.ruleset,
            house_rules=house or "none",
        )
        answer = Answer(Show.BOARD, Note(NoteCode.GAME_STARTED))
        update = Update(loaded.row.channel_id, loaded, tuple(opening), LiveView(loaded), answer, call=call)
        return self.core.publish(update)

    async def _hand_over(self, loaded: Loaded, user_id: int, by: Person | None = None) -> Update:
        """A computer player takes over `user_id`'s seat of a running game: they left, or `by` (the
        host or a moderator) removed them, and the table is told who did. The seat keeps its money;
        whatever the game waits on from it, the computer answers when the channel's timer fires,
        through the engine and the ledger like any answer. With no human left the game is over, its
        stakes refunded through the ledger."""
        table = loaded.table
        unpaused(table)
        why = TableKind.LEFT if by is None else TableKind.KICKED
        with rules_refuse():
            seat = lobby.leave_game(table, user_id, why)
        name = table.seats[seat].name
        told: list[Notice] = [] if by is None else [Kicked(name, table.board_name(by.user_id, by.name))]
        if not table.humans():
            return await self._abandoned(loaded, user_id, name, by, told)
        record = {"kind": LogKind(why), "user": user_id, "seat": seat}
        if by is not None:
            record["by"] = by.user_id
        table.set_timers(self.core.now())
        loaded = await self.core.tables.save(loaded, [record])
        log_change("player left" if by is None else "player removed", loaded, user=user_id, seat=seat)
        said = Note(NoteCode.YOU_LEFT) if by is None else Note(NoteCode.YOU_REMOVED, {"name": name})
        live, answer = LiveView(loaded), Answer(said=said)
        return self.core.publish(
            Update(loaded.row.channel_id, loaded, live=live, answer=answer, notices=told)
        )

    async def _abandoned(
        self, loaded: Loaded, user_id: int, name: str, by: Person | None, told: list[Notice]
    ) -> Update:
        """The last human (`user_id`, whose seat is `name`) left a running game, or `by` removed
        them: it is over, its stakes refunded through the ledger."""
        ended: dict[str, object] = {"kind": LogKind.ABANDONED}
        if by is not None:
            ended.update(removed=user_id, by=by.user_id)
        played = ended_early(loaded.table, ended)
        said = Note(NoteCode.YOU_LEFT_LAST) if by is None else Note(NoteCode.YOU_REMOVED_LAST, {"name": name})
        update, standings = await self.core.game_over(
            loaded, played, Ending.ABANDONED, Answer(said=said), notices=told
        )
        update.follow.append(standings)
        return self.core.show(update)


def _as_shown(table: Table, key: str, shown: str | None) -> dict[str, HouseValue]:
    """The lobby's house rules, if rule `key` still has the value the host's editor `shown`
    (`house_shown`): else it was changed from another editor of theirs meanwhile, and is refused
    rather than set back."""
    if not house_shown(table.ruleset, table.house_rules, key, shown):
        raise Refused(ServiceCode.CHANGED_MEANWHILE)
    return dict(table.house_rules)


def _change(change: LobbyChange, person: Person) -> dict[str, Any]:
    """The event-log record of a lobby button pressed by `person`."""
    return {"kind": LogKind.LOBBY, "change": change, "user": person.user_id}


def _free_or_unseen(loaded: Loaded | None) -> Loaded | None:
    """None if the channel has no lobby or game; its lobby if that was never posted; else the
    refusal that it has one."""
    if loaded is None or (loaded.table.state is None and loaded.table.message_id is None):
        return loaded
    raise Refused(ServiceCode.GAME_OPEN)


def _language(options: LobbyOptions, server: ServerSettings) -> str:
    """A new game's language: the host's choice, else the server's setting, else the server's
    preferred language."""
    return options.language or server.language or options.server_language
