"""The buttons a finished game's standings carry besides Rematch, which features add (a feature's
My review, say): each joins at the import of the module that writes it, as its words join the
phrasebooks (bot/render/phrasebook.py), so the core's standings name no feature."""

from collections.abc import Callable

from bot.render.components import Button
from bot.render.language.i18n import Lang

StandingsButton = Callable[[int, Lang], Button]
"""(the finished game's number, the game's language) -> its button."""


class StandingsButtons:
    """The standings' extra buttons by name, in the order they joined; a name given twice by two
    different writers is refused (one re-imported with its module takes its own place)."""

    def __init__(self) -> None:
        self._makers: dict[str, StandingsButton] = {}

    def register(self, name: str, maker: StandingsButton) -> None:
        known = self._makers.get(name)
        if known is not None and known.__qualname__ != maker.__qualname__:
            raise ValueError(f"standings button {name!r} is given by {known.__qualname__} already")
        self._makers[name] = maker

    def buttons(self, game_id: int, L: Lang) -> tuple[Button, ...]:
        return tuple(maker(game_id, L) for maker in self._makers.values())


STANDINGS_BUTTONS = StandingsButtons()
