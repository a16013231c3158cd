"""The modern edition's questions in words: a Monster Charge at a month's Pay Day, and at the last
(docs/RULES.md §2.9), where only a game saved mid-question still asks."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "game"))

from scripted import ANN, BOB, ENGLISH, act, asked, game, hold_mail, land

from bot.game import actions as a
from bot.game import cards as c
from bot.game import state as s
from bot.game.state import from_json
from bot.render.prompts import choices, question

NAMES = ["Ann", "Bob", "Cat"]
FIXTURES = Path(__file__).parents[1] / "game" / "fixtures"


def test_a_monster_charge_offers_paying_it_off_with_interest_or_carrying_it():
    st = game(2, months=2)
    hold_mail(st, ANN, (c.MONSTER, 3000))
    land(st, ANN, 31)
    assert asked(st) == (s.CHARGE, [ANN])
    assert question(st, NAMES, ENGLISH) == (
        "**Ann**, Monster Charge of $3,000: pay it off ($3,300 with the interest), "
        "or pay $300 interest and carry the balance to next month?"
    )
    assert [(x.label, x.kind) for x in choices(st, ENGLISH)] == [
        ("Pay it off: $3,300", a.PAY_ALL),
        ("Pay $300 interest and carry", a.CARRY),
    ]
    act(st, ANN, a.CARRY)
    st.players[ANN].day = 0
    land(st, ANN, 31)  # the last Pay Day: paid off without a question
    assert asked(st) == (s.ROLL, [BOB]) and st.players[ANN].carried == []


def test_a_game_saved_at_a_last_pay_days_charge_question_offers_only_paying_off():
    st = from_json((FIXTURES / "saved-charge-question.json").read_text())
    assert asked(st) == (s.CHARGE, [BOB])
    assert (
        question(st, NAMES, ENGLISH) == "**Bob**, last Pay Day: pay off your $3,000 Monster Charge ($3,300)."
    )
    assert [(x.label, x.kind) for x in choices(st, ENGLISH)] == [("Pay it off: $3,300", a.PAY_ALL)]
