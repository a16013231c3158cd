"""`Lobbies.kick`: the host or a moderator removes a player. A lobby seat is freed; a running game's
seat goes to a computer player exactly as when the player leaves, every dollar through the ledger and
the channel's timer armed."""

from datetime import timedelta

import pytest

from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.events import EventKind
from bot.game.invariants import books_mismatches
from bot.service import (
    Answer,
    Ending,
    Kicked,
    LobbyOptions,
    Move,
    Note,
    NoteCode,
    Person,
    Refused,
    Service,
    ServiceCode,
    Show,
    Standings,
)
from bot.table import COMPUTER_DELAY, Seat, Stint, Table, TableKind, lobby
from bot.table.lobby import LobbyCode
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA, started

CAROL = Person(3, "carol")
MOD = Person(OLGA.user_id, OLGA.name, manages_channel=True)


async def books(service: Service, game_id: int, state) -> list[str]:
    """Every account of `state` against the ledger rebuilt from the event log ([] if equal)."""
    rows = await service.tables.store.events(game_id, limit=1_000_000, kinds=[EventKind.TRANSFER])
    return books_mismatches(state, [ev.Event.from_record(row.data) for row in rows])


async def stored(service: Service) -> tuple[int, str] | None:
    row = await service.tables.store.get(CHANNEL)
    return None if row is None else (row.version, row.data)


async def three_seated(service: Service) -> None:
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.join(CHANNEL, CAROL)


async def bobs_turn(service: Service):
    """A game of alice, bob and carol in which alice rolled a 2 (nothing to decide): bob is asked."""
    await three_seated(service)
    begun = await service.lobbies.start(CHANNEL, ALICE)
    async with service.tables.lock(CHANNEL):
        loaded = await service.tables.load(CHANNEL)
        loaded.table.state.script.append(2)
        await service.tables.save(loaded)
    rolled = await service.playing.act(
        CHANNEL, ALICE, Move(ActionKind.ROLL, 0, begun.loaded.table.state.prompt, begun.game_id)
    )
    assert rolled.loaded.table.state.pending.seats == [1]
    return rolled


async def test_the_host_frees_a_lobby_seat_and_the_player_may_join_again(service):
    await three_seated(service)

    removed = await service.lobbies.kick(CHANNEL, ALICE, BOB)

    note = Note(NoteCode.REMOVED, {"name": "bob", "by": "alice"})
    assert removed.answer == Answer(Show.BOARD, note) and removed.live.note == note
    assert [seat.name for seat in removed.loaded.table.seats] == ["alice", "carol"]
    assert service.screen.updates[-1] is removed
    rows = await service.tables.store.events(removed.game_id, limit=10, kinds=["lobby"])
    assert rows[0].data == {"kind": "lobby", "removed": BOB.user_id, "by": ALICE.user_id}
    rejoined = await service.lobbies.join(CHANNEL, BOB)  # no ban list
    assert [seat.name for seat in rejoined.loaded.table.seats] == ["alice", "carol", "bob"]


async def test_a_moderator_removes_the_lobby_host_and_the_last_human_closes_it(service):
    await three_seated(service)

    await service.lobbies.kick(CHANNEL, MOD, ALICE)
    await service.lobbies.kick(CHANNEL, MOD, CAROL)
    table = (await service.tables.load(CHANNEL)).table
    assert table.host_id == BOB.user_id and [seat.name for seat in table.seats] == ["bob"]

    closed = await service.lobbies.kick(CHANNEL, MOD, BOB)

    assert closed.live.closed and closed.live.note == Note(NoteCode.EVERYONE_LEFT)
    assert await service.tables.load(CHANNEL) is None
    assert service.timers.armed(CHANNEL) is None


async def test_kicking_the_player_asked_hands_the_turn_to_a_computer_with_the_timer_armed(service):
    rolled = await bobs_turn(service)
    game_id, prompt = rolled.game_id, rolled.loaded.table.state.prompt

    removed = await service.lobbies.kick(CHANNEL, ALICE, BOB)

    table = removed.loaded.table
    assert removed.answer.said == Note(NoteCode.YOU_REMOVED, {"name": "bob"})
    assert removed.notices == [Kicked("bob", "alice")] and removed.live is not None
    assert service.screen.updates[-1] is removed
    worth = table.game.net_worth(1)
    left = [Stint(user_id=BOB.user_id, name="bob", left=1, net_worth=worth, seat_turns=0)]  # rated, last
    assert table.seats[1] == Seat(name="bob", replaced=BOB.user_id, stints=left)  # the name and money stay
    assert table.latest[-1] == ev.Event(TableKind.KICKED, 1)
    assert table.deadline is None and table.computer_at == service.now() + COMPUTER_DELAY
    assert service.timers.armed(CHANNEL) == table.computer_at  # never waits for a restart
    [row] = await service.tables.store.events(game_id, limit=1, kinds=[TableKind.KICKED])
    assert row.data == {"kind": "kicked", "user": BOB.user_id, "seat": 1, "by": ALICE.user_id}

    service.now.now += COMPUTER_DELAY
    await service.wake(CHANNEL)

    table = (await service.tables.load(CHANNEL)).table
    assert table.state.prompt > prompt and table.state.players[1].day > 0  # the computer rolled
    assert await books(service, game_id, table.state) == []


async def test_a_running_game_refuses_outsiders_self_kicks_strangers_and_seats_already_given_up(service):
    with pytest.raises(Refused) as no_game:
        await service.lobbies.kick(CHANNEL, ALICE, BOB)
    assert no_game.value.code is ServiceCode.NO_GAME
    await bobs_turn(service)
    await service.lobbies.kick(CHANNEL, ALICE, CAROL)
    before = await stored(service)
    published = len(service.screen.updates)

    refusals = {}
    for who, whom in ((BOB, ALICE), (ALICE, ALICE), (ALICE, OLGA), (ALICE, CAROL), (MOD, MOD)):
        with pytest.raises(Refused) as refused:
            await service.lobbies.kick(CHANNEL, who, whom)
        refusals[who.name, whom.name] = (refused.value.code, refused.value.params)

    assert refusals == {
        ("bob", "alice"): (LobbyCode.HOST_OR_MANAGER, {"host": "alice"}),
        ("alice", "alice"): (LobbyCode.KICK_SELF, {}),
        ("alice", "olga"): (LobbyCode.NOT_SEATED, {"name": "olga"}),
        ("alice", "carol"): (LobbyCode.REPLACED, {"name": "carol"}),
        ("olga", "olga"): (LobbyCode.KICK_SELF, {}),
    }
    assert await stored(service) == before and len(service.screen.updates) == published


async def test_a_moderator_removing_the_last_human_ends_the_game_with_the_books_whole(service):
    await started(service)  # alice and bob
    await service.lobbies.leave(CHANNEL, BOB)

    removed = await service.lobbies.kick(CHANNEL, MOD, ALICE)

    assert removed.answer.said == Note(NoteCode.YOU_REMOVED_LAST, {"name": "alice"})
    assert removed.notices == [Kicked("alice", "olga")]
    [standings] = removed.follow
    assert isinstance(standings, Standings) and standings.ending is Ending.ABANDONED
    assert await service.tables.load(CHANNEL) is None and service.timers.armed(CHANNEL) is None
    assert await books(service, removed.game_id, removed.loaded.table.state) == []
    [row] = await service.tables.store.events(removed.game_id, limit=1, kinds=["abandoned"])
    assert row.data == {"kind": "abandoned", "removed": ALICE.user_id, "by": OLGA.user_id}


async def test_a_moderator_who_plays_is_named_as_the_board_names_them(service):
    await three_seated(service)
    await service.lobbies.start(CHANNEL, ALICE)
    moderator = Person(CAROL.user_id, "Carol the Mod", manages_channel=True)

    removed = await service.lobbies.kick(CHANNEL, moderator, ALICE)

    assert removed.notices == [Kicked("alice", "carol")]
    assert removed.loaded.table.host_id == BOB.user_id  # the host role passes on, as when leaving


def test_a_seat_handed_to_a_computer_is_played_to_win_even_if_its_player_was_away():
    table = Table(host_id=1, turn_seconds=60, interrupt_seconds=30, seed=1)
    table.seats = [Seat(user_id=1, name="alice"), Seat(user_id=2, name="bob")]
    lobby.start(table, 1)
    table.seats[1].away, table.seats[1].timeouts = True, 2
    table.latest = []

    lobby.leave_game(table, 2, TableKind.KICKED)

    left = Stint(user_id=2, name="bob", left=1, net_worth=table.game.net_worth(1), seat_turns=0)
    assert table.seats[1] == Seat(name="bob", replaced=2, stints=[left])
    assert table.latest == [ev.Event(TableKind.KICKED, 1)]


async def test_removing_a_player_who_is_not_asked_leaves_the_clock_of_the_one_asked(service):
    rolled = await bobs_turn(service)
    deadline = rolled.loaded.table.deadline
    service.now.now += timedelta(seconds=5)

    removed = await service.lobbies.kick(CHANNEL, ALICE, CAROL)

    assert removed.loaded.table.deadline == deadline  # bob's time is not restarted
    assert service.timers.armed(CHANNEL) == removed.loaded.table.wake_at()
