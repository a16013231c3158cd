"""What a click on a request to take over a seat carries: the host's Approve or Decline, written as
its custom_id (bot/render/custom_ids.py). The control that answers the click sits beside the cog
whose handler it calls (cog.py): the cog posts the request with these targets, so this module
cannot import it."""

from dataclasses import dataclass

from bot.render.components import InGame
from bot.render.custom_ids import CHANNEL, GAME, NUMBER, Part, clicks

APPROVE, DECLINE = "approve", "decline"


@clicks("pdt", channel_id=CHANNEL, game_id=GAME, number=NUMBER, verdict=Part(f"{APPROVE}|{DECLINE}", str))
@dataclass(frozen=True, slots=True)
class SeatVerdict(InGame):
    """The host's answer to request `number` to take over a computer's seat (`verdict`: APPROVE or
    DECLINE)."""

    number: int
    verdict: str
