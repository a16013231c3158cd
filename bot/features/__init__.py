"""The satellite features, one package each: its use cases over the service's `Core` (service.py,
no discord.py), its words (words.py, translated in its own catalogs, locale/), its click targets and controls
(controls.py) and its part of the /payday cog (cog.py), loaded as an extension whose `setup` is all
its `__init__.py` holds. The core (bot/service, bot/render, cogs/payday) imports none of them, and
none imports another: a feature is added, or taken away, by its folder alone.
"""

import pkgutil


def extensions() -> list[str]:
    """Every feature's extension, found by its folder (the order they join /payday in)."""
    return sorted(f"{__name__}.{found.name}" for found in pkgutil.iter_modules(__path__) if found.ispkg)
