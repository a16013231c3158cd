"""The standings' extra buttons: each feature's joins once, after Rematch, in the game's language;
two writers under one name are refused, and a module imported again takes its own place."""

import pytest

from bot.render.components import Button, Rematch
from bot.render.language.i18n import Lang, lang
from bot.render.standings_buttons import StandingsButtons


def look(game_id: int, L: Lang) -> Button:
    return Button(L._("Rematch"), Rematch(game_id))


def other(game_id: int, L: Lang) -> Button:
    return Button("other", Rematch(game_id))


def test_a_button_joins_once_and_is_made_for_the_game_in_its_language():
    buttons = StandingsButtons()
    buttons.register("look", look)
    buttons.register("look", look)  # its module imported again

    [made] = buttons.buttons(12, lang("it"))
    assert made.target == Rematch(12) and made.label == "Rivincita"


def test_two_writers_under_one_name_are_refused():
    buttons = StandingsButtons()
    buttons.register("look", look)
    with pytest.raises(ValueError, match="look"):
        buttons.register("look", other)
