"""The collector once the bot is ready: start-up objects frozen, full collections spaced out."""

import gc

from bot.app import collector


def test_settling_freezes_what_is_alive_and_spaces_full_collections_out():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # CPython's defaults: a bot started by an earlier test settled already
    alive = [object() for _ in range(3)]  # noqa: F841 -- alive while settling
    try:
        collector.settle()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (700, 10, collector.FULL_EVERY)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
