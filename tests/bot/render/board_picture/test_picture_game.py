"""The board picture through whole computer games: the scene read from the engine, and a new
picture exactly when a token, the asked players, the Jackpot or the month changed."""

import random

import pytest

from bot.game.ai import choose
from bot.game.engine import apply
from bot.game.orders import Orders
from bot.game.simulate import start
from bot.render.board_picture import (
    Scene,
    Token,
    game_scene,
    render_png,
    scene_key,
    table_board,
    token_letters,
)
from bot.render.language.i18n import lang
from bot.table import Seat, Table


def shown(state) -> tuple:
    """What a player sees change on the board, read straight from the engine."""
    asked = () if state.over else tuple(sorted(state.pending.seats))
    return tuple((p.day, p.retired) for p in state.players), asked, state.jackpot, state.over


@pytest.mark.parametrize("ruleset", ["modern", "family", "classic"])
def test_the_picture_changes_exactly_when_what_it_shows_changes(ruleset):
    state, _ = start(11, players=4, months=1, ruleset=ruleset)
    before, key, png = shown(state), scene_key(game_scene(state, 1)), render_png(game_scene(state, 1))
    moves = 0
    while not state.over:
        apply(state, choose(state, state.pending.seats[0]))
        scene = game_scene(state, 1)
        now, new_key, new_png = shown(state), scene_key(scene), render_png(scene)
        assert (new_key != key) == (now != before) == (new_png != png)
        moves += now[0] != before[0]
        before, key, png = now, new_key, new_png
    assert moves > 10, "tokens moved during the game"
    assert scene.month_label == "Game over" and not scene.asked
    assert all(t.retired for t in scene.tokens)


def test_the_scene_names_every_player_once_with_distinct_letters():
    state, _ = start(2, players=6, months=2)
    scene = game_scene(state, 1)
    assert [t.name for t in scene.tokens] == [p.name for p in state.players]
    assert len({t.letter for t in scene.tokens}) == 6
    assert scene.asked == frozenset(state.pending.seats)
    assert scene.month_label == "Month 1 of 2"


def test_a_tables_scene_and_key_are_those_of_its_players_as_they_stand_now():
    """Through a whole game, with orders, names and the language changing now and then and players
    leaving (a computer taking their seat), a table's scene is its players as they stand at that
    moment, and its key is `scene_key`'s."""
    rnd = random.Random(5)
    state, _ = start(6, players=4, months=1, ruleset="classic")
    seats = [Seat(user_id=100 + p.seat, name=p.name) for p in state.players]
    language, marks = "en", set()
    while not state.over:
        seat = rnd.randrange(4)
        if rnd.random() < 0.2:
            seats[seat] = seats[seat].model_copy(update={"orders": Orders(roll=not seats[seat].orders.roll)})
        if rnd.random() < 0.1:
            language = "it" if language == "en" else "en"
        if rnd.random() < 0.03:  # the player leaves: a computer takes the seat over
            seats[seat] = seats[seat].model_copy(update={"user_id": None, "replaced": 100 + seat})
        if rnd.random() < 0.05:
            state.players[seat].name = rnd.choice(["Zed", "Ann", "**Bo**"])
        table = Table(
            host_id=100,
            seats=seats,
            state=state,
            language=language,
            seed=0,
            turn_seconds=60,
            interrupt_seconds=60,
        )
        scene, key = table_board(table)
        L = lang(language)
        label = "Game over" if state.over else "Month {month} of {months}"
        assert scene == Scene(
            state.ruleset,
            L._(label, month=table.month(), months=state.months),
            state.jackpot,
            tuple(
                Token(
                    p.seat,
                    letter,
                    p.name,
                    p.day,
                    p.seat,
                    p.retired,
                    seats[p.seat].orders.any,
                    seats[p.seat].replaced is not None,
                )
                for p, letter in zip(
                    state.players, token_letters([p.name for p in state.players]), strict=True
                )
            ),
            frozenset(state.pending.seats),
            language,
        )
        assert key == scene_key(scene)
        replaced_now = {seat for seat, player in enumerate(seats) if player.replaced is not None}
        marks |= {frozenset(replaced_now)}
        apply(state, choose(state, state.pending.seats[0]))
    assert len(marks) > 1, "someone left during the game"
