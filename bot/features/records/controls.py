"""The click targets of the records' page buttons, each carrying its custom_id's codec (`clicks`).
The buttons that read them (`DynamicItem`s) live beside the handlers they call, in cog.py: the words
put these targets on their buttons, and a control names its cog."""

from dataclasses import dataclass

from bot.features.records.service import Period
from bot.game.rulesets import RULESETS
from bot.render.custom_ids import PAGE, Part, Target, clicks


@clicks("pdhist", user_id=Part(r"[0-9]{1,20}", int), page=PAGE)
@dataclass(frozen=True, slots=True)
class HistoryTurn(Target):
    """A page of the server's finished games (`/payday history`): everyone's (`user_id` 0) or one
    member's; the server is the one clicked in."""

    user_id: int
    page: int


@clicks("pdrank", ruleset=Part("|".join(RULESETS), str), period=Part("|".join(Period), str), page=PAGE)
@dataclass(frozen=True, slots=True)
class LeaderboardTurn(Target):
    """A page of the server's leaderboard of an edition this version has, over a period
    (`bot.features.records.service.Period`)."""

    ruleset: str
    period: str
    page: int
