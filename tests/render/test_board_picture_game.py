"""The board picture through whole computer games: the scene read from the engine, and a new
picture exactly when a token, the asked players, the Jackpot or the month changed."""

import pytest

from bot.game.ai import choose
from bot.game.engine import apply
from bot.game.simulate import start
from bot.render.board_picture import game_scene, render_png, scene_key


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
