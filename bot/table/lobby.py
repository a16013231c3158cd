"""Who may sit, leave, remove a player, add computers, start or stop: the table's house rules,
without Discord."""

from enum import StrEnum

from bot.game import engine
from bot.game.actions import IllegalAction
from bot.game.events import Event
from bot.game.house import HouseValue
from bot.game.strengths import DEFAULT_STRENGTH, Strength
from bot.table import COMPUTER_NAMES, Seat, Table, TableKind, clean_name

COMPUTER_SEATS = frozenset(f"Bot {name}" for name in COMPUTER_NAMES)
"""The names `Table.add_computer` gives."""


class LobbyCode(StrEnum):
    """Why a lobby or table request is refused (bot/render/refusals.py says it in words)."""

    STARTED = "started"
    ALREADY_JOINED = "already_joined"
    TABLE_FULL = "table_full"
    """most: the players the table seats."""
    NOT_JOINED = "not_joined"
    NOT_PLAYING = "not_playing"
    HOST_ADDS_COMPUTERS = "host_adds_computers"
    """host: the host's name, so the player knows whom to ask (empty: the host has no seat)."""
    HOST_STARTS = "host_starts"
    """host"""
    PLAYER_COUNT = "lobby_player_count"
    """least, most: the players a game needs."""
    HOST_OR_MANAGER = "host_or_manager"
    """host"""
    REMATCH_PLAYERS = "rematch_players"
    """Only a player of the finished game asks for its rematch."""
    KICK_SELF = "kick_self"
    """The host or moderator named themselves: /payday leave is how one leaves."""
    NOT_SEATED = "not_seated"
    """name: the member named has no seat at this table."""
    REPLACED = "replaced"
    """name: the member named already left or was removed; a computer player plays their seat."""
    HOST_HOUSE_RULES = "host_house_rules"
    """host"""


class Refusal(IllegalAction):
    """A lobby or table request that is not allowed; its code says what to do instead."""


def _not_host(table: Table, code: LobbyCode) -> Refusal:
    """A refusal of what only the host may do, naming the host (an empty name if no seat is theirs,
    which a table passing the role on at every departure never has)."""
    return Refusal(code, host=table.host_name())


def _before_start(table: Table) -> None:
    """Seats change only in the lobby: a running game keeps its players (leaving hands a seat over)."""
    if table.state is not None:
        raise Refusal(LobbyCode.STARTED)


def join(table: Table, user_id: int, name: str) -> str:
    """Take a seat in the lobby, or (in a rematch) the seat kept for you; returns the name the
    board shows (numbered if taken)."""
    _before_start(table)
    taken = table.seat_of(user_id)
    if taken is not None and table.seats[taken].invited:
        return _confirm(table, taken, name)
    if taken is not None:
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


def leave_game(table: Table, user_id: int, why: TableKind = TableKind.LEFT) -> int:
    """Leave a running game (`why`: LEFT, or KICKED when the host or a moderator removed the player):
    a computer player takes the seat (returned) so the others can finish."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal(LobbyCode.NOT_PLAYING)
    table.leaves(seat, user_id)
    player = table.seats[seat]
    player.user_id, player.replaced = None, user_id
    player.away, player.timeouts = False, 0  # a computer player now: it plays to win, not cautiously
    player.strength = DEFAULT_STRENGTH
    if user_id == table.host_id and table.humans():
        table.host_id = table.humans()[0]
    table.remember([Event(why, seat)])
    return seat


def seat_name(table: Table, name: str, seat: int) -> str:
    """The name `seat` would show for a member called `name` who took it over: made safe, and
    numbered if another seat has it."""
    return _unique(table, clean_name(name), besides=seat)


def add_computer(table: Table, user_id: int, strength: Strength = DEFAULT_STRENGTH) -> str:
    """The host seats a computer player of `strength`; returns its name."""
    _before_start(table)
    if user_id != table.host_id:
        raise _not_host(table, LobbyCode.HOST_ADDS_COMPUTERS)
    if len(table.seats) >= table.max_players:
        raise Refusal(LobbyCode.TABLE_FULL, most=table.max_players)
    return table.add_computer(strength).name


def start(table: Table, user_id: int) -> list[Event]:
    """Deal the game in; returns its opening events (the Banker paying each player's start cash).
    Seats a rematch kept for players who never pressed Join are let go."""
    _before_start(table)
    if user_id != table.host_id:
        raise _not_host(table, LobbyCode.HOST_STARTS)
    waiting = [seat for seat in table.seats if seat.invited]
    if waiting and table.min_players <= len(table.seats) - len(waiting):
        table.seats = [seat for seat in table.seats if not seat.invited]
    if not table.min_players <= len(table.seats) <= table.max_players:
        raise Refusal(LobbyCode.PLAYER_COUNT, least=table.min_players, most=table.max_players)
    table.state, opening = engine.start(
        [seat.name for seat in table.seats],
        ruleset=table.ruleset,
        months=table.months,
        seed=table.seed,
        rules=table.rules,
    )
    table.lobby_closes = None
    table.remember([Event(TableKind.BEGAN)])
    return opening


def may_change_house(table: Table, user_id: int) -> None:
    """Only the host changes the house rules, and only before Start (the game's `Rules` are its own
    from then on)."""
    _before_start(table)
    if user_id != table.host_id:
        raise _not_host(table, LobbyCode.HOST_HOUSE_RULES)


def set_house(table: Table, user_id: int, house: dict[str, HouseValue]) -> None:
    """The host's house rules for this lobby (already checked against the edition's limits)."""
    may_change_house(table, user_id)
    table.house_rules = house


def cancel(table: Table, user_id: int, manages_channel: bool) -> None:
    """Close a lobby that never started."""
    _before_start(table)
    may_stop(table, user_id, manages_channel)


def may_stop(table: Table, user_id: int, manages_channel: bool) -> None:
    if user_id != table.host_id and not manages_channel:
        raise _not_host(table, LobbyCode.HOST_OR_MANAGER)


def may_kick(table: Table, user_id: int, manages_channel: bool, member_id: int, name: str) -> None:
    """Whether `user_id` may remove the member `member_id` (called `name`): the host or a moderator,
    as for stopping the game, removes someone else who still holds a seat. Nobody is banned: a member
    removed from a lobby may join it again (docs/RULES.md §5.1)."""
    may_stop(table, user_id, manages_channel)
    if member_id == user_id:
        raise Refusal(LobbyCode.KICK_SELF)
    if table.seat_of(member_id) is None:
        replaced = table.taken_over_from(member_id)
        raise Refusal(LobbyCode.REPLACED if replaced else LobbyCode.NOT_SEATED, name=name)


def _unique(table: Table, name: str, besides: int | None = None) -> str:
    """Two players called "Alex" would make the board ambiguous: number the second one (`besides`:
    the seat being named, whose own name does not count)."""
    taken = {seat.name for i, seat in enumerate(table.seats) if i != besides}
    if name not in taken:
        return name
    return next(
        f"{name[: engine.MAX_NAME - 3]} #{n}" for n in range(2, 10) if f"{name[:29]} #{n}" not in taken
    )


def rematch(finished: Table, user_id: int, name: str, seed: int) -> Table:
    """A lobby for the same table again: the finished game's settings and seats in their order.
    Computer seats sit down again; the player who asked is seated and hosts; every other player's
    seat is kept for them until they confirm with Join, with their standing orders and their notices
    switch as they left them (their own choices, like the table's settings). The seat of a player
    who left the last game (played by a computer since) goes to a computer player (of Normal strength,
    like every seat a computer takes over); computer players keep their strength."""
    asker = finished.seat_of(user_id)
    if asker is None:
        raise Refusal(LobbyCode.REMATCH_PLAYERS)
    table = Table(
        host_id=user_id,
        months=finished.months,
        ruleset=finished.ruleset,
        house_rules=finished.house_rules,
        language=finished.language,
        turn_seconds=finished.turn_seconds,
        interrupt_seconds=finished.interrupt_seconds,
        idle_end_days=finished.idle_end_days,
        pause_end_days=finished.pause_end_days,
        seed=seed,
        parent_id=finished.parent_id,
        board_pictures=finished.board_pictures,
        call_by_name=finished.call_by_name,
        hints=finished.hints,
    )
    for seat in finished.seats:
        if not seat.computer:
            table.seats.append(
                Seat(
                    user_id=seat.user_id,
                    name=seat.name,
                    invited=True,
                    orders=seat.orders,
                    notices=seat.notices,
                )
            )
        elif seat.name in COMPUTER_SEATS and seat.name not in {s.name for s in table.seats}:
            table.seats.append(Seat(name=seat.name, strength=seat.strength))
        else:
            table.add_computer()
    _confirm(table, asker, name)
    return table


def _confirm(table: Table, seat: int, name: str) -> str:
    """The player takes the seat kept for them, under their name of today (returned)."""
    player = table.seats[seat]
    player.invited = False
    player.name = _unique(table, clean_name(name), besides=seat)
    return player.name
