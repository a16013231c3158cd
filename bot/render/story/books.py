"""What the story counts while it reads the log, for lines that say more than one event: a Pay
Day's result and where it leaves the player, a Deal's profit when it is sold.
"""

from dataclasses import dataclass, field

from bot.game import events as ev
from bot.game.events import Event, Reason
from bot.game.payday import result_share


@dataclass(slots=True)
class Books:
    """What the story keeps track of while reading the log: each player's month, cash and loan, what
    each Deal was bought for, and the Pay Day being added up."""

    months: list[int]
    cash: list[int]
    loans: list[int]
    paid: dict[int, int] = field(default_factory=dict)
    """Deal card -> what its holder paid for it (the cost, or a Yard Sale's price)."""
    last_paid: dict[int, int] = field(default_factory=dict)
    """Seat -> its latest payment to the Bank (a Deal's BOUGHT follows the payment for it)."""
    payday: dict[int, int] = field(default_factory=dict)
    """Seat -> the result of the Pay Day it stands on (`result_share` summed), until it starts its
    next month."""

    def count(self, e: Event) -> None:
        """Follow one transfer: balances, purchase prices and the Pay Day's result."""
        if 0 <= e.src < len(self.cash):
            self.cash[e.src] -= e.amount
            if e.dst == ev.BANK:
                self.last_paid[e.src] = e.amount
        if 0 <= e.dst < len(self.cash):
            self.cash[e.dst] += e.amount
        if e.reason in (Reason.LOAN, Reason.AUTO_LOAN, Reason.REPAYMENT):
            seat = e.dst if e.reason != Reason.REPAYMENT else e.src
            if 0 <= seat < len(self.loans):
                self.loans[seat] = e.value
        for seat in self.payday:
            self.payday[seat] += result_share(e, seat)
