"""The collector once the bot is ready: start-up objects frozen, full collections spaced out."""

import gc

from bot.app import collector


def test_settling_freezes_what_is_alive_and_spaces_full_collections_out():
    before = gc.get_threshold()
    alive = [object() for _ in range(3)]  # noqa: F841 -- alive while settling
    try:
        collector.settle()
        young, middle, full = gc.get_threshold()
        assert gc.get_freeze_count() > 0
        assert (young, middle) == before[:2] and full == collector.FULL_EVERY > before[2]
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
