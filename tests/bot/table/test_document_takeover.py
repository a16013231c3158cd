"""`Table.take_over`: a member plays a computer's seat from now on, its money and place untouched;
tables saved before requests existed load with none."""

import json

from bot.game import events as ev
from bot.game.state import to_json
from bot.game.strengths import Strength
from bot.table import Seat, Table, TableKind, lobby


def started() -> Table:
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=7)
    lobby.join(table, 1, "alice")
    lobby.add_computer(table, 1)
    lobby.start(table, 1)
    return table


def test_a_table_saved_before_requests_loads_with_none_and_can_take_over():
    saved = json.loads(started().model_dump_json())
    del saved["requests"], saved["requests_made"]

    table = Table.model_validate_json(json.dumps(saved))

    assert table.requests == [] and table.requests_made == 0
    table.take_over(1, 9, "olga")
    assert table.seats[1] == Seat(user_id=9, name="olga")


def test_the_seat_changes_hands_and_nothing_else_of_the_game_does():
    table = started()
    before = json.loads(to_json(table.game))

    table.take_over(1, 9, "olga")

    after = json.loads(to_json(table.game))
    assert after["players"][1].pop("name") == "olga"
    before["players"][1].pop("name")
    assert after == before
    assert table.latest[-1] == ev.Event(TableKind.TOOK_OVER, 1) and table.computers() == frozenset()


def test_a_seat_taken_over_from_a_hard_computer_plays_normal_when_a_computer_has_it_again():
    """The host chose Hard for the computer player, not for whoever plays the seat after it: once
    its member leaves, the computer that takes the seat back plays Normal."""
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=7)
    lobby.join(table, 1, "alice")
    lobby.add_computer(table, 1, Strength.HARD)
    lobby.start(table, 1)
    assert table.seats[1].strength is Strength.HARD

    table.take_over(1, 9, "olga")
    lobby.leave_game(table, 9)

    assert table.seats[1].computer and table.seats[1].strength is Strength.NORMAL


def test_a_table_saved_before_strengths_loads_its_computers_as_normal():
    saved = json.loads(started().model_dump_json())
    for seat in saved["seats"]:
        del seat["strength"]

    table = Table.model_validate_json(json.dumps(saved))

    assert [seat.strength for seat in table.seats] == [Strength.NORMAL, Strength.NORMAL]
