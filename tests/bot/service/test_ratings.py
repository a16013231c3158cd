"""The rating players are ranked by: openskill's Plackett–Luce model (bot/service/ratings.py)."""

from bot.service import ratings
from db import Skill


def test_the_rating_learns_from_the_finishing_order_and_ties_rate_alike():
    first, tied, also_tied = ratings.rate([None, None, None], [1, 2, 2])
    assert first.mu > 25 > tied.mu and tied == also_tied
    assert first.sigma < 25 / 3  # each game makes the rating surer
    again = ratings.rate([first, tied], [1, 2])[0]
    assert again.mu > first.mu
    assert ratings.points(Skill(25, 25 / 3)) == ratings.BASE  # a newcomer: conservative rating 0


def test_a_steady_player_outranks_a_lucky_newcomer():
    newcomer = ratings.rate([None, None], [1, 2])[0]
    steady = Skill(27.0, 1.5)
    assert newcomer.mu > steady.mu  # a better guess of skill, but a far less certain one
    assert ratings.points(newcomer) < ratings.points(steady)
