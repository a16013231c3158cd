"""`Takeovers.ask`, `approve`, `decline`: a member who is not seated asks for a computer's
seat, the host answers. Approval hands the seat over with its money, between its turns; every refusal
changes nothing; every change leaves the channel's timer armed."""

import pytest

from bot.features.takeover.service import TakeoverCode, TakeoverNote, Takeovers
from bot.game import events as ev
from bot.game.orders import NONE, Orders
from bot.service import LobbyOptions, Note, Person, Refused, Service, ServiceCode
from bot.table import COMPUTER_DELAY, Seat, SeatRequest, Stint, TableKind
from bot.table.document import REQUEST_TIME
from tests.bot.service.test_lobbies_kick import CAROL, books, stored
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, GUILD, OLGA

DAVE = Person(4, "dave")


async def with_computers(service: Service, computers: int = 1) -> int:
    """alice hosts, bob joins, alice adds `computers` computer players (Bot Penny, Bot Nickel) and
    starts; returns the game's id."""
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.join(CHANNEL, BOB)
    for _ in range(computers):
        await service.lobbies.add_computer(CHANNEL, ALICE)
    return (await service.lobbies.start(CHANNEL, ALICE)).game_id


async def table(service: Service):
    return (await service.tables.load(CHANNEL)).table


async def script(service: Service, *faces: int) -> None:
    """The next die faces."""
    async with service.tables.lock(CHANNEL):
        loaded = await service.tables.load(CHANNEL)
        loaded.table.state.script.extend(faces)
        await service.tables.save(loaded)


def armed(service: Service, table) -> bool:
    return service.timers.armed(CHANNEL) == table.wake_at()


async def test_the_host_approves_and_the_member_plays_the_seat_with_its_money(service):
    game_id = await with_computers(service)
    before = await table(service)
    penny = before.state.players[2]

    asked = await Takeovers(service.core).ask(CHANNEL, OLGA, " bot PENNY ")

    expires = service.now() + REQUEST_TIME
    assert asked.answer.said == Note(TakeoverNote.SEAT_ASKED, {"request": 1})
    assert asked.loaded.table.requests == [
        SeatRequest(number=1, user_id=9, name="olga", seat=2, expires=expires)
    ]
    assert asked.live is None and armed(service, asked.loaded.table)

    approved = await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)

    after = approved.loaded.table
    assert approved.answer.said == Note(
        TakeoverNote.SEAT_TAKEN, {"name": "olga", "seat": "Bot Penny", "host": "alice"}
    )
    assert after.seats[2] == Seat(user_id=OLGA.user_id, name="olga", stints=[Stint(user_id=9, name="olga")])
    assert after.state.players[2] == type(penny)(**{**vars_of(penny), "name": "olga"})
    assert after.latest[-1] == ev.Event(TableKind.TOOK_OVER, 2, reason="Bot Penny")  # the seat's name before
    assert approved.events == (after.latest[-1],)
    assert after.requests == [] and 2 not in after.computers()
    assert approved.live is not None and service.screen.updates[-1] is approved
    assert armed(service, after) and after.deadline == before.deadline  # alice's clock runs on as it was
    [row] = await service.tables.store.events(game_id, limit=1, kinds=[TableKind.TOOK_OVER])
    assert row.data == {
        "kind": "took_over",
        "seat": 2,
        "user": 9,
        "name": "olga",
        "by": 1,
        "request": 1,
    }
    assert await books(service, game_id, after.state) == []


def vars_of(player) -> dict:
    return {name: getattr(player, name) for name in player.__slots__}


async def test_the_seat_of_a_player_who_left_starts_afresh_without_their_orders(service):
    game_id = await with_computers(service, 0)
    await service.playing.set_orders(CHANNEL, BOB, Orders(roll=True, table_rolls=True), game_id)
    await service.lobbies.leave(CHANNEL, BOB)
    assert (await table(service)).seats[1].orders.roll

    await Takeovers(service.core).ask(CHANNEL, OLGA, "bob")
    approved = await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)

    seat = approved.loaded.table.seats[1]
    assert seat.orders == NONE and seat.notices and not seat.away and seat.replaced is None
    assert seat.name == "olga"


async def test_the_host_declines_and_the_request_is_gone(service):
    game_id = await with_computers(service)
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")

    declined = await Takeovers(service.core).decline(CHANNEL, ALICE, game_id, 1)

    assert declined.answer.said == Note(
        TakeoverNote.SEAT_DECLINED, {"name": "olga", "seat": "Bot Penny", "host": "alice"}
    )
    assert declined.loaded.table.requests == [] and declined.loaded.table.seats[2].computer
    assert armed(service, declined.loaded.table)
    with pytest.raises(Refused) as again:
        await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)
    assert again.value.code is TakeoverCode.GONE


async def refusal(service: Service, asking) -> tuple[str, dict]:
    """The refusal of `asking()`, which must leave the stored game exactly as it was."""
    before = await stored(service)
    with pytest.raises(Refused) as refused:
        await asking()
    assert await stored(service) == before
    return refused.value.code, refused.value.params


async def test_asking_is_refused_to_a_seated_member_and_for_a_seat_that_is_not_the_computers(service):
    with pytest.raises(Refused) as none:
        await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")
    assert none.value.code is ServiceCode.NO_GAME
    await with_computers(service, 2)
    free = ("Bot Penny", "Bot Nickel")

    assert await refusal(service, lambda: Takeovers(service.core).ask(CHANNEL, BOB, "Bot Penny")) == (
        TakeoverCode.SEATED,
        {"name": "bob"},
    )
    assert await refusal(service, lambda: Takeovers(service.core).ask(CHANNEL, OLGA, "alice")) == (
        TakeoverCode.NOT_COMPUTER,
        {"name": "alice", "free": free},
    )
    assert await refusal(service, lambda: Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Dime")) == (
        TakeoverCode.NO_SUCH_SEAT,
        {"name": "Bot Dime", "free": free},
    )
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")
    code, params = await refusal(service, lambda: Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny"))
    assert code is TakeoverCode.ASKED_ALREADY and params == {
        "name": "Bot Penny",
        "until": service.now() + REQUEST_TIME,
    }


async def test_the_answer_is_refused_to_all_but_the_host_and_for_a_stale_or_outrun_request(service):
    game_id = await with_computers(service, 2)
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")  # 1
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Nickel")  # 2
    await Takeovers(service.core).ask(CHANNEL, DAVE, "Bot Penny")  # 3

    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, BOB, game_id, 1)) == (
        TakeoverCode.HOST_ANSWERS,
        {"host": "alice"},
    )
    assert await refusal(service, lambda: Takeovers(service.core).decline(CHANNEL, OLGA, game_id, 1)) == (
        TakeoverCode.HOST_ANSWERS,
        {"host": "alice"},
    )
    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 99)) == (
        TakeoverCode.GONE,
        {},
    )
    code, _ = await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id + 1, 1))
    assert code is ServiceCode.GAME_ENDED

    await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)

    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 2)) == (
        TakeoverCode.SAT_ELSEWHERE,
        {"name": "olga", "seat": "olga"},
    )
    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 3)) == (
        TakeoverCode.TAKEN,
        {"name": "olga"},
    )
    service.now.now += REQUEST_TIME
    await service.wake(CHANNEL)  # the time limit that ran out meanwhile, first
    assert await refusal(service, lambda: Takeovers(service.core).decline(CHANNEL, ALICE, game_id, 2)) == (
        TakeoverCode.EXPIRED,
        {"name": "olga"},
    )


async def test_the_seat_is_not_taken_over_in_the_middle_of_its_turn(service):
    game_id = await with_computers(service, 0)
    await service.lobbies.leave(CHANNEL, ALICE)  # her roll is asked: the computer's now, and bob hosts
    await Takeovers(service.core).ask(CHANNEL, CAROL, "alice")

    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, BOB, game_id, 1)) == (
        TakeoverCode.MID_TURN,
        {"name": "alice"},
    )

    await script(service, 2)  # a day with nothing to decide
    service.now.now += COMPUTER_DELAY
    await service.wake(CHANNEL)  # the computer rolls for her seat: its turn is over
    assert (await table(service)).state.turn == 1

    approved = await Takeovers(service.core).approve(CHANNEL, BOB, game_id, 1)
    assert approved.loaded.table.seats[0].user_id == CAROL.user_id


async def test_an_expired_request_is_refused_as_such_then_dropped_by_the_next(service):
    game_id = await with_computers(service)
    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")
    service.now.now += REQUEST_TIME
    await service.wake(CHANNEL)  # the time limit that ran out meanwhile, first

    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)) == (
        TakeoverCode.EXPIRED,
        {"name": "olga"},
    )
    again = await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")  # she may ask again: a new request

    assert [request.number for request in again.loaded.table.requests] == [2]
    assert await refusal(service, lambda: Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)) == (
        TakeoverCode.GONE,
        {},
    )


async def test_a_member_who_turned_calls_off_keeps_them_off_in_the_seat_taken_over(service):
    game_id = await with_computers(service)
    await service.looks.switch_calls(CHANNEL, OLGA, False)  # olga is not seated: her lasting choice

    await Takeovers(service.core).ask(CHANNEL, OLGA, "Bot Penny")
    approved = await Takeovers(service.core).approve(CHANNEL, ALICE, game_id, 1)

    stints = [Stint(user_id=OLGA.user_id, name="olga")]
    assert approved.loaded.table.seats[2] == Seat(
        user_id=OLGA.user_id, name="olga", notices=False, stints=stints
    )
