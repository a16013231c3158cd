"""A question only the computer answers (a computer player's, or a seat a computer took over when
its player left or was removed) says so and offers no answer: nobody at the table could click it.
Among several players asked (the Lottery), the humans keep their buttons and the computer's seat is
marked as such."""

from bot.game.actions import ActionKind
from bot.game.state import PendingKind
from bot.render.language.i18n import lang
from bot.render.prompts.answers import choices
from bot.render.prompts.questions import computer_only, question
from tests.bot.game.scripted import ANN, BOB, CAT, ENGLISH, act, asked, game, land

NAMES = ["Ann", "Bob", "Cat"]
ITALIAN = lang("it")


def test_a_turn_only_the_computer_plays_names_the_seat_and_has_no_buttons():
    st = game(3)
    assert asked(st) == (PendingKind.ROLL, [ANN])

    assert question(st, NAMES, ENGLISH, {ANN}) == "The computer is playing for **Ann**…"
    assert question(st, NAMES, ITALIAN, {ANN}) == "Il computer sta giocando per **Ann**…"
    assert choices(st, ENGLISH, {ANN}) == [] and choices(st, ITALIAN, {ANN}) == []
    assert computer_only(st, {ANN})


def test_a_human_s_turn_is_asked_as_before_whoever_else_the_computer_plays():
    st = game(3)
    assert question(st, NAMES, ENGLISH, {BOB, CAT}) == "**Ann**, roll the die."
    assert [c.label for c in choices(st, ENGLISH, {BOB, CAT})] == ["Roll the die"]
    assert not computer_only(st, {BOB, CAT})


def test_a_lottery_keeps_the_humans_buttons_until_only_the_computer_is_left_to_answer():
    st = game(3)
    land(st, ANN, 6)
    assert asked(st) == (PendingKind.LOTTERY, [ANN, BOB, CAT])

    text = question(st, NAMES, ENGLISH, {BOB})
    assert text.splitlines()[0].endswith("Waiting for **Ann**, **Bob** (computer) and **Cat**.")
    assert "**Bob** (computer)" in question(st, NAMES, ITALIAN, {BOB})
    assert [c.label for c in choices(st, ENGLISH, {BOB})] == ["1", "2", "3", "4", "5", "6", "Sit out"]

    act(st, ANN, ActionKind.ANTE, 2)
    act(st, CAT, ActionKind.SIT_OUT)

    assert asked(st) == (PendingKind.LOTTERY, [BOB])
    assert question(st, NAMES, ENGLISH, {BOB}) == "The computer is playing for **Bob**…"
    assert choices(st, ENGLISH, {BOB}) == []


def test_several_computer_seats_asked_at_once_are_named_together():
    st = game(3)
    land(st, ANN, 6)
    act(st, ANN, ActionKind.SIT_OUT)
    assert question(st, NAMES, ENGLISH, {BOB, CAT}) == "The computer is playing for **Bob** and **Cat**…"
    assert question(st, NAMES, ITALIAN, {BOB, CAT}) == "Il computer sta giocando per **Bob** e **Cat**…"
