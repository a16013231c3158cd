"""The skill rating of the leaderboard: openskill's Plackett–Luce model, learning from each rated
game's finishing order (ties share a place), and the conservative figure players are ranked by.

A maintained library rather than a home-made formula: Plackett–Luce rates any number of players
from one ranking, and its uncertainty (sigma) lets a newcomer's rating move fast, then settle.
"""

from collections.abc import Sequence

from openskill.models import PlackettLuce

from db.interface import Skill

MODEL = PlackettLuce()
"""openskill's defaults: a newcomer at mu 25, sigma 25/3."""
SCALE = 40
"""Display points per unit of the conservative rating."""
BASE = 1000
"""The display figure of a newcomer (conservative rating 0)."""


def rate(before: Sequence[Skill | None], places: Sequence[int]) -> list[Skill]:
    """New ratings of a rated game's people from their ratings before (None: a newcomer) and their
    places (1 the best), in the same order: a `db.interface.Rater`."""
    teams = [[MODEL.rating() if skill is None else MODEL.rating(skill.mu, skill.sigma)] for skill in before]
    rated = MODEL.rate(teams, ranks=list(places))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def conservative(skill: Skill) -> float:
    """What a player is ranked by: a skill they very likely have at least (mu − 3σ), so a lucky
    newcomer with two wins does not outrank a steady player with fifty games."""
    return skill.mu - 3 * skill.sigma


def points(skill: Skill) -> int:
    """The conservative rating on the leaderboard's friendly scale: 1000 for a newcomer."""
    return round(BASE + SCALE * conservative(skill))
