"""What a replay's buttons carry: the game and the step each leads to (`ReplayTurn`), so they work
after a restart and every click looks the game up in history again. The button that reads one back
(`ReplayButton`) sits beside the cog it calls (cog.py), whose words build these targets."""

from dataclasses import dataclass

from bot.render.custom_ids import GAME, PAGE, Part, Target, clicks

FIRST, BACK, NEXT, LAST, PAYDAY = "first", "back", "next", "last", "payday"
WAYS = (FIRST, BACK, NEXT, LAST, PAYDAY)
"""Where each replay button leads, carried in its custom_id so a message's buttons never share one."""


@clicks("pdw", game_id=GAME, step=PAGE, way=Part("|".join(WAYS), str))
@dataclass(frozen=True, slots=True)
class ReplayTurn(Target):
    """A step of a finished game's replay; `way` names the button (start, back, next, end, next Pay
    Day), so two buttons leading to the same step still have custom_ids of their own."""

    game_id: int
    step: int
    way: str
