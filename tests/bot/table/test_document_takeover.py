"""`Table.take_over`: a member plays a computer's seat from now on, its money and place untouched;
tables saved before requests existed load with none."""

import json

from bot.game import events as ev
from bot.game.state import to_json
from bot.game.strengths import Strength
from bot.table import Seat, Stint, Table, TableKind, lobby


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
    assert table.seats[1] == Seat(user_id=9, name="olga", stints=[Stint(user_id=9, name="olga")])


def test_the_seat_changes_hands_and_nothing_else_of_the_game_does():
    table = started()
    before = json.loads(to_json(table.game))
    was = table.seats[1].name

    table.take_over(1, 9, "olga")

    after = json.loads(to_json(table.game))
    assert after["players"][1].pop("name") == "olga"
    before["players"][1].pop("name")
    assert after == before
    assert table.latest[-1] == ev.Event(TableKind.TOOK_OVER, 1, reason=was)
    assert table.computers() == frozenset()


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


def rolls(table: Table, seat: int, count: int, reason: str = "") -> None:
    table.count_turns([ev.Event(ev.EventKind.ROLLED, seat, value=3, reason=reason)] * count)


def test_each_seats_turns_are_counted_for_whoever_plays_them_and_who_left_in_order():
    table = started()
    rolls(table, 1, 6)
    rolls(table, 1, 2, ev.Reason.LOTTERY_DRAW)  # not a turn: only a movement roll is
    table.take_over(1, 9, "olga")
    rolls(table, 1, 4)
    rolls(table, 0, 10)

    worth = table.game.net_worth(1)
    lobby.leave_game(table, 9)
    table.take_over(1, 5, "dan")
    table.game.players[1].cash += 1000
    lobby.leave_game(table, 5)

    assert (table.seats[0].turns, table.seats[0].stints) == (10, [Stint(user_id=1, name="alice", turns=10)])
    assert table.seats[1].turns == 10 and table.seats[
        1
    ].stints == [  # each with the seat's worth as they left
        Stint(user_id=9, name="olga", turns=4, left=1, net_worth=worth, seat_turns=10),
        Stint(user_id=5, name="dan", turns=0, left=2, net_worth=worth + 1000, seat_turns=10),
    ]


def test_a_table_saved_before_stints_counts_its_players_turns_from_then_on():
    saved = json.loads(started().model_dump_json())
    for seat in saved["seats"]:
        del seat["turns"], seat["stints"]

    table = Table.model_validate_json(json.dumps(saved))
    rolls(table, 0, 2)
    lobby.leave_game(table, 1)

    assert table.seats[0].turns == 2 and table.seats[0].stints == [
        Stint(user_id=1, name="alice", turns=2, left=1, net_worth=table.game.net_worth(0), seat_turns=2)
    ]
