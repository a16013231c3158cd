"""Seats change only in the lobby: a forged or stale lobby button can't reshape a running game."""

import pytest

from bot.game.orders import NONE, LotteryOrder, Orders
from bot.game.rulesets import RULESETS
from bot.game.strengths import Strength
from bot.render.language.events import describe
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.table import Table, lobby


def started() -> Table:
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=3)
    lobby.join(table, 1, "alice")
    lobby.join(table, 2, "bob")
    lobby.start(table, 1)
    return table


@pytest.mark.parametrize(
    "change",
    [
        lambda t: lobby.join(t, 3, "carol"),
        lambda t: lobby.leave_lobby(t, 2),
        lambda t: lobby.add_computer(t, 1),
        lambda t: lobby.start(t, 1),
        lambda t: lobby.cancel(t, 1, manages_channel=True),
    ],
    ids=["join", "leave", "addbot", "start", "cancel"],
)
def test_a_running_game_refuses_every_lobby_change(change):
    table = started()
    before = table.model_dump_json()

    with pytest.raises(lobby.Refusal) as refused:
        change(table)

    assert refused.value.code == lobby.LobbyCode.STARTED
    assert "already started" in refusal_text(refused.value, lang("en"))
    assert table.model_dump_json() == before


def test_leaving_a_running_game_hands_the_seat_to_a_computer_and_the_host_role_on():
    table = started()
    seat = lobby.leave_game(table, 1)
    assert seat == 0 and table.seats[0].computer and table.host_id == 2
    names = [s.name for s in table.seats]
    latest = describe(table.latest[-1], names, RULESETS[table.ruleset], lang("en"))
    assert latest == "alice left; a computer player takes over their seat."


# -- Rematch (issue 9.7) ------------------------------------------------------------------------------
def finished() -> Table:
    """alice (host), a computer, bob and carol; carol left mid-game, so a computer played her seat."""
    table = Table(host_id=1, months=2, ruleset="family", turn_seconds=120, interrupt_seconds=45, seed=3)
    table.house_rules, table.board_pictures, table.call_by_name = {"salary": 4000}, False, False
    lobby.join(table, 1, "alice")
    lobby.add_computer(table, 1)
    lobby.join(table, 2, "bob")
    lobby.join(table, 3, "carol")
    lobby.start(table, 1)
    lobby.leave_game(table, 3)
    table.state.over = True
    return table


def test_a_rematch_keeps_the_settings_and_the_seats_in_order_and_seats_the_one_who_asked():
    old = finished().model_copy(
        update={"idle_end_days": 3, "pause_end_days": 2, "hints": False, "hinted": True}
    )
    table = lobby.rematch(old, 2, "Bobby", seed=11)
    assert (table.months, table.ruleset, table.turn_seconds, table.interrupt_seconds) == (
        2,
        "family",
        120,
        45,
    )
    assert (table.idle_end_days, table.pause_end_days) == (3, 2)
    assert (table.hints, table.hinted) == (False, False), "the host's no to hints, and no hint taken yet"
    assert table.state is None and table.seed == 11 and table.host_id == 2
    assert (table.house_rules, table.board_pictures, table.call_by_name) == ({"salary": 4000}, False, False)
    seats = [(s.user_id, s.name, s.invited) for s in table.seats]
    assert seats == [
        (1, "alice", True),
        (None, "Bot Penny", False),
        (2, "Bobby", False),
        (None, "Bot Nickel", False),
    ]
    assert table.humans() == [2]


def test_a_rematch_keeps_each_computer_player_s_strength_and_the_seat_of_one_who_left_plays_normal():
    old = finished()
    old.seats[1].strength = Strength.HARD

    table = lobby.rematch(old, 2, "Bobby", seed=11)

    assert [(s.name, s.strength) for s in table.seats if s.computer] == [
        ("Bot Penny", Strength.HARD),
        ("Bot Nickel", Strength.NORMAL),
    ]


def test_a_rematch_keeps_each_players_standing_orders_and_notices_switch():
    old = finished()
    orders = Orders(roll=True, lottery=LotteryOrder.ALWAYS, number=5)
    old.seats[0].orders, old.seats[0].notices = orders, False  # alice's own choices

    table = lobby.rematch(old, 2, "bob", seed=11)
    lobby.join(table, 1, "alice")
    lobby.start(table, 2)

    alice, bob = table.seats[table.seat_of(1)], table.seats[table.seat_of(2)]
    assert (alice.orders, alice.notices) == (orders, False)
    assert (bob.orders, bob.notices) == (NONE, True)


def test_each_human_confirms_with_join_and_keeps_their_place():
    table = lobby.rematch(finished(), 2, "bob", seed=11)
    assert lobby.join(table, 1, "alice") == "alice"
    assert table.seats[0].user_id == 1 and not table.seats[0].invited
    assert table.humans() == [1, 2]
    with pytest.raises(lobby.Refusal) as again:
        lobby.join(table, 1, "alice")
    assert again.value.code == lobby.LobbyCode.ALREADY_JOINED


def test_a_kept_seat_counts_toward_a_full_table_and_goes_when_the_host_starts_without_it():
    table = lobby.rematch(finished(), 2, "bob", seed=11)  # the family table seats 4: all 4 are taken
    with pytest.raises(lobby.Refusal) as full:
        lobby.join(table, 9, "dave")
    assert full.value.code == lobby.LobbyCode.TABLE_FULL
    lobby.start(table, 2)  # alice never confirmed: her seat goes
    assert [s.name for s in table.seats] == ["Bot Penny", "bob", "Bot Nickel"]
    assert [p.name for p in table.state.players] == ["Bot Penny", "bob", "Bot Nickel"]


def test_a_player_whose_kept_seat_waits_may_decline_it_with_leave():
    table = lobby.rematch(finished(), 2, "bob", seed=11)
    lobby.leave_lobby(table, 1)
    assert [s.user_id for s in table.seats] == [None, 2, None]


def test_only_a_player_of_the_finished_game_asks_for_its_rematch():
    with pytest.raises(lobby.Refusal) as refused:
        lobby.rematch(finished(), 9, "dave", seed=11)
    assert refused.value.code == lobby.LobbyCode.REMATCH_PLAYERS
    assert refusal_text(refused.value, lang("en")) == (
        "Only the players of that game can ask for a rematch: start a new game with /payday start."
    )


def test_a_refusal_of_what_only_the_host_does_names_the_host():
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=3)
    lobby.join(table, 1, "alice")
    lobby.join(table, 2, "bob")

    for change in (lambda: lobby.start(table, 2), lambda: lobby.add_computer(table, 2)):
        with pytest.raises(lobby.Refusal) as refused:
            change()
        assert refused.value.params == {"host": "alice"}
    with pytest.raises(lobby.Refusal) as refused:
        lobby.cancel(table, 2, manages_channel=False)
    assert refusal_text(refused.value, lang("en")) == (
        "Only the host, alice, or someone with Manage Channels can do that."
    )


def test_the_lobbys_house_rules_are_the_games_rules_and_only_the_host_changes_them():
    table = Table(host_id=1, turn_seconds=300, interrupt_seconds=60, seed=3, ruleset="classic")
    lobby.join(table, 1, "alice")
    lobby.join(table, 2, "bob")
    before = table.model_dump_json()
    with pytest.raises(lobby.Refusal) as refused:
        lobby.set_house(table, 2, {"salary": 400})
    assert refused.value.code == lobby.LobbyCode.HOST_HOUSE_RULES
    assert table.model_dump_json() == before

    lobby.set_house(table, 1, {"salary": 400, "repay_anytime": True})
    lobby.start(table, 1)

    rules = table.game.rules
    assert (rules.salary, rules.repay_anytime, rules.start_cash) == (
        400,
        True,
        RULESETS["classic"].rules.start_cash,
    )
    assert table.game.players[0].cash == RULESETS["classic"].rules.start_cash
    with pytest.raises(lobby.Refusal):
        lobby.set_house(table, 1, {})
    assert table.game.rules.salary == 400


def test_a_lobby_saved_before_house_rules_plays_its_editions_own():
    saved = started().model_dump(exclude={"house", "board_pictures", "call_by_name"})
    table = Table.model_validate(saved)
    assert (table.house_rules, table.board_pictures, table.call_by_name) == ({}, True, True)
