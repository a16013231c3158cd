"""The modern edition's questions in words: a Monster Charge at a month's Pay Day and at the last."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "game"))

from scripted import ANN, act, asked, game, hold_mail, land

from bot.game import actions as a
from bot.game import cards as c
from bot.game import state as s
from bot.render.prompts import question

NAMES = ["Ann", "Bob"]


def test_a_monster_charge_is_carried_to_next_month_only_while_a_month_remains():
    st = game(2, months=2)
    hold_mail(st, ANN, (c.MONSTER, 3000))
    land(st, ANN, 31)
    assert asked(st) == (s.CHARGE, [ANN])
    assert question(st, NAMES) == (
        "**Ann**, Monster Charge of $3,000: pay it all, or pay $300 interest and carry it to next month?"
    )
    act(st, ANN, a.CARRY)
    st.players[ANN].day = 0
    land(st, ANN, 31)  # the last Pay Day
    assert question(st, NAMES) == (
        "**Ann**, Monster Charge of $3,000: pay it all, or pay $300 interest and keep owing it "
        "(it counts against your net worth at the end)?"
    )
