"""Seats change only in the lobby: a forged or stale lobby button can't reshape a running game."""

import pytest

from bot import lobby
from bot.game.rulesets import RULESETS
from bot.render.events import describe
from bot.render.i18n import lang
from bot.render.refusals import refusal_text
from bot.table import Table


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
