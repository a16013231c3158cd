"""Fixtures for end-to-end tests through simcord: a fresh bot per test, every one closed at teardown."""

import importlib
from pathlib import Path

import pytest
import pytest_asyncio
from discord.ext.commands.bot import BotBase

from bot.app.bot import PaydayBot, create_bot

REVIEWS = "bot.features.review"
REVIEW_TESTS = Path(__file__).parent / "bot" / "features" / "review"


@pytest.fixture
def bots() -> list[PaydayBot]:
    """Every bot built during the test, so teardown can close them all."""
    return []


@pytest.fixture
def database_path(tmp_path):
    """The test's SQLite file, shared by every bot it builds so a restart finds the same data."""
    return tmp_path / "payday.sqlite3"


@pytest.fixture
def make_bot(database_path, bots):
    """Build an unstarted bot on the test's database; `options` go to create_bot (e.g. turn_seconds)."""

    def factory(**options) -> PaydayBot:
        # simcord cannot ask Discord for the recommended shard count: one shard unless a test says.
        options.setdefault("shard_count", 1)
        bots.append(create_bot(database_path, **options))
        return bots[-1]

    return factory


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "bot(**options): create_bot options for the bot a test starts with, e.g. bot(seed=7)"
    )


@pytest.fixture
def simcord_bot(make_bot, request) -> PaydayBot:
    """The bot simcord's `simcord_env` starts; `@pytest.mark.bot(...)` passes it create_bot options."""
    marker = request.node.get_closest_marker("bot")
    return make_bot(**(marker.kwargs if marker else {}))


@pytest_asyncio.fixture
async def env(simcord_env, bots):
    """The running simcord world. simcord never calls bot.close(), and an aiosqlite connection left
    open keeps a non-daemon thread alive that can hang pytest at exit, so close every bot here."""
    yield simcord_env
    for bot in bots:
        if not bot.is_closed():
            await bot.close()


@pytest.fixture(autouse=True)
def no_reviews(monkeypatch, request):
    """Finished games are not reviewed in tests (a review is seconds of CPU in a process of its
    own), but in the review's own tests (tests/bot/features/review/, which make them quickly).
    discord.py imports an extension afresh at each load (a restart), so the worker is stopped
    before each load of the feature."""
    if REVIEW_TESTS in Path(request.node.path).parents:
        return
    load = BotBase.load_extension

    async def load_without_reviews(bot, name, *, package=None):
        if name == REVIEWS:
            worker = importlib.import_module(f"{REVIEWS}.worker")
            monkeypatch.setattr(worker.ReviewWorker, "_work", lambda self: None)
        await load(bot, name, package=package)

    monkeypatch.setattr(BotBase, "load_extension", load_without_reviews)
