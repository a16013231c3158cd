"""The records read what the results' tests write: the same store on the same clock."""

from tests.bot.service.test_results import clock, store  # noqa: F401 - fixtures
