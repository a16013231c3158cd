"""Standing orders: answers a player gives in advance to questions that decide nothing.

Three orders, each off until the player turns it on in their hand panel (issue 9.5):
- `roll`: roll my die on my turn (the movement roll, where rolling is the only choice);
- `table_rolls`: roll for me in the Radio Contest, the Walk for Charity and every roll-off (the
  family Radio Contest, the classic commission and Poker roll-offs): rolling is all anyone can do;
- `lottery`: ALWAYS ante on my favourite number (the nearest free one when it is taken), NEVER
  ante, or ASK me.

`auto_answer` never answers a real decision: buying, selling, choosing a player or a space,
repaying, Monster Charges, banking, Swellfare, insurance and the Poker Game are always asked. A
Lottery ante that the cash does not cover would borrow, so ALWAYS then asks too. Its answers are
ordinary actions, checked by the engine like any click.
"""

from dataclasses import dataclass
from enum import StrEnum

from bot.game.actions import Action, ActionKind
from bot.game.engine import QUESTIONS
from bot.game.interrupts import LOTTERY_NUMBERS, lottery_free
from bot.game.state import GameState, PendingKind


class LotteryOrder(StrEnum):
    ASK = "ask"
    ALWAYS = "always"
    NEVER = "never"


@dataclass(frozen=True, slots=True)
class Orders:
    """One seat's standing orders; the defaults ask everything, as a table without orders does."""

    roll: bool = False
    table_rolls: bool = False
    lottery: LotteryOrder = LotteryOrder.ASK
    number: int = 0
    """The favourite Lottery number, 1-6; 0: none chosen yet (`favourite` picks one by seat)."""

    @property
    def any(self) -> bool:
        """Whether any order is on: the board marks the player's name then."""
        return self.roll or self.table_rolls or self.lottery != LotteryOrder.ASK


NONE = Orders()

OWN_ROLLS = frozenset({PendingKind.ROLL})
TABLE_ROLLS = frozenset({PendingKind.RADIO, PendingKind.WALK, PendingKind.ROLL_OFF})
"""Questions whose only answer is a roll, put to the table rather than to the player on their turn."""
ONLY_ROLL = [(ActionKind.ROLL, 0)]


def favourite(orders: Orders, seat: int) -> int:
    """The player's favourite number, or one spread by seat when they chose none (seat 0 takes 1,
    seat 1 takes 2...), so players who never chose do not all want the same number."""
    return orders.number if orders.number in LOTTERY_NUMBERS else seat % len(LOTTERY_NUMBERS) + 1


def auto_answer(state: GameState, seat: int, orders: Orders | None) -> Action | None:
    """The answer `seat`'s standing orders give to the current question, or None: ask the player."""
    pending = state.pending
    if orders is None or state.over or pending is None or seat not in pending.seats:
        return None
    kind = pending.kind
    if kind == PendingKind.LOTTERY:
        return _lottery(state, seat, orders)
    wanted = (orders.roll and kind in OWN_ROLLS) or (orders.table_rolls and kind in TABLE_ROLLS)
    if not wanted or QUESTIONS[kind].options(state, seat) != ONLY_ROLL:
        return None
    return Action(seat, ActionKind.ROLL, 0, state.prompt)


def _lottery(state: GameState, seat: int, orders: Orders) -> Action | None:
    if orders.lottery == LotteryOrder.NEVER:
        return Action(seat, ActionKind.SIT_OUT, 0, state.prompt)
    if orders.lottery != LotteryOrder.ALWAYS or state.players[seat].cash < state.asked.amount:
        return None
    free = lottery_free(state, seat)
    if not free:
        return None
    want = favourite(orders, seat)
    number = min(free, key=lambda n: (abs(n - want), n))
    return Action(seat, ActionKind.ANTE, number, state.prompt)
