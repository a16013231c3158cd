"""How well a computer player plays: the strength a host picks when adding one to a lobby.

Every strength answers only legally; they differ in how much they weigh the calendar and the money.
Easy (bot/game/easy.py) is a beginner who buys what it can afford and picks at random; Normal
(bot/game/ai.py) follows a rule per question; Hard (bot/game/hard.py) plays sampled futures of the
game forward for each answer, never seeing the deck's order or the dice to come.
"""

from enum import StrEnum

from bot.game import ai, easy, hard
from bot.game.actions import Action
from bot.game.state import GameState


class Strength(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


DEFAULT_STRENGTH = Strength.NORMAL


def choose(
    state: GameState,
    seat: int,
    strength: Strength = DEFAULT_STRENGTH,
    seed: int = 0,
    *,
    budget: int = hard.BUDGET,
) -> Action:
    """The answer of a computer player of `strength` to the question `seat` is asked now.

    `seed` drives any sampling the strength does, derived from the game, so a game replays exactly.
    `budget` is how much of the game Hard plays forward for one decision (its thinking time); the
    other strengths ignore it. `state` is never changed.
    """
    if strength == Strength.EASY:
        return easy.choose(state, seat, seed)
    if strength == Strength.HARD:
        return hard.choose(state, seat, seed, budget)
    return ai.choose(state, seat)
