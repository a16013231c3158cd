"""The garbage collector set up for a long-running bot, once it is ready.

Everything alive at that point (modules, caches) lives as long as the bot: it is frozen, out of the
collector's sight. Full collections then walk every long-lived object still tracked -- about 120,000
with 1,000 live games, 80-100 ms during which no click is answered (bench/load.py) -- so they are
made ten times rarer. Garbage in cycles is still freed by the younger generations, where nearly all
of it dies (a click's table, its events and its answer); CPython also waits until a quarter
of the long-lived objects are new before a full collection, so the old generation cannot grow
without bound.
"""

import gc

FULL_EVERY = 100
"""Collections of the middle generation between two full collections (CPython's default is 10)."""


def settle() -> None:
    """Freeze what is alive now, and space full collections out."""
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_EVERY)
