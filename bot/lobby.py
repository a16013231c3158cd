"""Who may sit, leave, add computers, start or stop: the table's house rules, without Discord."""

from enum import StrEnum

from bot.game import engine
from bot.game.actions import IllegalAction
from bot.game.events import Event
from bot.table import Seat, Table, TableKind, clean_name


class LobbyCode(StrEnum):
    """Why a lobby or table request is refused (bot/render/refusals.py says it in words)."""

    STARTED = "started"
    ALREADY_JOINED = "already_joined"
    TABLE_FULL = "table_full"
    """most: the players the table seats."""
    NOT_JOINED = "not_joined"
    NOT_PLAYING = "not_playing"
    HOST_ADDS_COMPUTERS = "host_adds_computers"
    HOST_STARTS = "host_starts"
    PLAYER_COUNT = "lobby_player_count"
    """least, most: the players a game needs."""
    HOST_OR_MANAGER = "host_or_manager"


class Refusal(IllegalAction):
    """A lobby or table request that is not allowed; its code says what to do instead."""


def _before_start(table: Table) -> None:
    """Seats change only in the lobby: a running game keeps its players (leaving hands a seat over)."""
    if table.state is not None:
        raise Refusal(LobbyCode.STARTED)


def join(table: Table, user_id: int, name: str) -> str:
    """Take a seat in the lobby; returns the name the board shows (numbered if taken)."""
    _before_start(table)
    if table.seat_of(user_id) is not None:
        raise Refusal(LobbyCode.ALREADY_JOINED)
    if len(table.seats) >= table.max_players:
        raise Refusal(LobbyCode.TABLE_FULL, most=table.max_players)
    seat = Seat(user_id=user_id, name=_unique(table, clean_name(name)))
    table.seats.append(seat)
    return seat.name


def leave_lobby(table: Table, user_id: int) -> str:
    """Leave before the start; the host's role passes to the next human. Returns the name that left."""
    _before_start(table)
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(LobbyCode.NOT_JOINED)
    name = table.seats.pop(seat).name
    if user_id == table.host_id and table.humans():
        table.host_id = table.humans()[0]
    return name


def leave_game(table: Table, user_id: int) -> int:
    """Leave a running game: a computer player takes the seat (returned) so the others can finish."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(LobbyCode.NOT_PLAYING)
    table.seats[seat].user_id = None
    if user_id == table.host_id and table.humans():
        table.host_id = table.humans()[0]
    table.remember([Event(TableKind.LEFT, seat)])
    return seat


def add_computer(table: Table, user_id: int) -> str:
    """The host seats a computer player; returns its name."""
    _before_start(table)
    if user_id != table.host_id:
        raise Refusal(LobbyCode.HOST_ADDS_COMPUTERS)
    if len(table.seats) >= table.max_players:
        raise Refusal(LobbyCode.TABLE_FULL, most=table.max_players)
    return table.add_computer().name


def start(table: Table, user_id: int) -> list[Event]:
    """Deal the game in; returns its opening events (the Banker paying each player's start cash)."""
    _before_start(table)
    if user_id != table.host_id:
        raise Refusal(LobbyCode.HOST_STARTS)
    if not table.min_players <= len(table.seats) <= table.max_players:
        raise Refusal(LobbyCode.PLAYER_COUNT, least=table.min_players, most=table.max_players)
    table.state, opening = engine.start(
        [seat.name for seat in table.seats], ruleset=table.ruleset, months=table.months, seed=table.seed
    )
    table.lobby_closes = None
    table.remember([Event(TableKind.BEGAN)])
    return opening


def cancel(table: Table, user_id: int, manages_channel: bool) -> None:
    """Close a lobby that never started."""
    _before_start(table)
    may_stop(table, user_id, manages_channel)


def may_stop(table: Table, user_id: int, manages_channel: bool) -> None:
    if user_id != table.host_id and not manages_channel:
        raise Refusal(LobbyCode.HOST_OR_MANAGER)


def _unique(table: Table, name: str) -> str:
    """Two players called "Alex" would make the board ambiguous: number the second one."""
    taken = {seat.name for seat in table.seats}
    if name not in taken:
        return name
    return next(
        f"{name[: engine.MAX_NAME - 3]} #{n}" for n in range(2, 10) if f"{name[:29]} #{n}" not in taken
    )
