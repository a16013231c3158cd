"""What the My review button carries: the finished game's number, so it works after a restart and
each click looks the review up again for whoever clicked (`ReviewButton`, beside the cog)."""

from dataclasses import dataclass

from bot.render.custom_ids import GAME, Target, clicks


@clicks("pdv", game_id=GAME)
@dataclass(frozen=True, slots=True)
class OpenReview(Target):
    """On a finished game's standings: the clicker's own review of it, privately."""

    game_id: int
