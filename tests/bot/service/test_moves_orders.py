"""Standing orders through the service (issue 9.5): stored with the seat, answering at once as the
player, in the same save, never a real decision; a seat saved before orders loads with none."""

from datetime import timedelta

import pytest

from bot.game.actions import ActionKind
from bot.game.orders import NONE, LotteryOrder, Orders
from bot.game.state import PendingKind
from bot.service import LobbyOptions, Move, Refused, Service
from bot.service.moves import ordered_answer
from bot.table import Table
from tests.bot.service.test_service import ALICE, BOB, CHANNEL, FIXTURES, GUILD, OLGA, started

ALL_ON = Orders(roll=True, table_rolls=True, lottery=LotteryOrder.ALWAYS, number=3)


async def table(service: Service) -> Table:
    return (await service.tables.load(CHANNEL)).table


async def records(service: Service) -> list[dict]:
    loaded = await service.tables.load(CHANNEL)
    return [row.data for row in await service.tables.store.events(loaded.row.game_id, limit=1000)]


async def test_orders_are_stored_with_the_seat_and_answer_at_once_as_the_player(service):
    await started(service)
    assert (await table(service)).state.pending.kind == PendingKind.ROLL  # alice's first roll
    update = await service.playing.set_orders(CHANNEL, ALICE, Orders(roll=True))
    after = update.loaded.table
    assert after.seats[0].orders == Orders(roll=True) and after.seats[1].orders == NONE
    assert after.state.players[0].day > 0, "alice's die was rolled in the same save"
    assert update.live is not None, "the table sees it"
    ordered = [r for r in await records(service) if r.get("ordered")]
    assert ordered and all(r["seat"] == 0 and r["action"] == ActionKind.ROLL for r in ordered)
    assert not any(r.get("timed_out") for r in ordered)
    assert (await table(service)).seats[0].orders == Orders(roll=True), "saved"


async def test_an_order_answers_after_another_players_click(service):
    await started(service)
    await service.playing.set_orders(CHANNEL, BOB, Orders(roll=True))
    loaded = await service.tables.load(CHANNEL)
    state = loaded.table.state
    state.script.extend([2, 2])  # alice lands on the Sweepstakes (nothing to ask), then bob's die
    await service.tables.save(loaded)
    await service.playing.act(
        CHANNEL, ALICE, Move(ActionKind.ROLL, prompt=state.prompt, game_id=loaded.row.game_id)
    )
    after = (await table(service)).state
    assert after.players[1].day == 2, "bob's die was rolled by his order, in alice's click"
    assert after.pending.kind == PendingKind.ROLL and after.pending.seats == [0], "alice's turn again"


async def test_orders_never_answer_a_real_decision(service):
    """Every order on for both players: the game plays itself up to the first real decision, and
    stops there, waiting for the player."""
    await started(service)
    await service.playing.set_orders(CHANNEL, BOB, ALL_ON)
    update = await service.playing.set_orders(CHANNEL, ALICE, ALL_ON)
    table_after = update.loaded.table
    state = table_after.state
    assert ordered_answer(table_after) is None
    assert state.over or state.pending.kind not in {
        PendingKind.ROLL,
        PendingKind.RADIO,
        PendingKind.WALK,
        PendingKind.ROLL_OFF,
    }
    assert state.players[0].day > 0, "alice rolled by her order"


async def test_only_a_seated_player_sets_orders(service):
    await started(service)
    with pytest.raises(Refused):
        await service.playing.set_orders(CHANNEL, OLGA, ALL_ON)
    assert all(seat.orders == NONE for seat in (await table(service)).seats)


async def test_a_table_saved_before_orders_loads_with_none():
    text = (FIXTURES / "table-before-issue-8.json").read_text()
    table = Table.model_validate_json(text)
    assert table.seats and all(seat.orders == NONE for seat in table.seats)


async def test_after_a_computer_moves_the_players_order_answers_in_the_same_save(service):
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, LobbyOptions(months=1))
    await service.lobbies.add_computer(CHANNEL, ALICE)
    await service.lobbies.start(CHANNEL, ALICE)
    loaded = await service.tables.load(CHANNEL)
    loaded.table.state.script.extend([2, 2, 2])  # alice, the computer, alice: Sweepstakes, Mail ×2...
    await service.tables.save(loaded)
    await service.playing.set_orders(CHANNEL, ALICE, Orders(roll=True))
    assert (await table(service)).state.pending.seats == [1], "alice rolled; the computer's turn"
    service.now.now += timedelta(seconds=2)

    await service.wake(CHANNEL)

    state = (await table(service)).state
    assert state.players[1].day == 2, "the computer rolled"
    assert state.players[0].day > 2, "then alice's order rolled for her, without waiting"
