"""Every bot of the slice's tests reviews in a thread, with the fast fake (fakes.py). discord.py
imports an extension's modules afresh at each load (a restart), so the fake is put in before each
load of the feature."""

import importlib

import pytest
from discord.ext.commands.bot import BotBase

from tests.bot.features.review.fakes import inline_pool, quick_review

FEATURE = "bot.features.review"


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    load = BotBase.load_extension

    async def load_with_fakes(bot, name, *, package=None):
        if name == FEATURE:
            worker = importlib.import_module(f"{FEATURE}.worker")
            monkeypatch.setattr(worker, "review_game", quick_review)
            monkeypatch.setattr(worker, "review_pool", inline_pool)
        await load(bot, name, package=package)

    monkeypatch.setattr(BotBase, "load_extension", load_with_fakes)
