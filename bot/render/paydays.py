"""A Pay Day's breakdown: what its salary, interest, bills and Monster Charges earned and cost (the
Pay Day's result, `bot.game.payday.result_share`, the one figure every screen shows), and apart
from it what moved between the player's cash, loan and savings (a repayment, a loan, banking),
summed from the Pay Day's own events (codes and numbers) and written as one short line the whole
table reads under the Pay Day's result.

Sums rather than one line per payment: a Pay Day with six bills stays one line on a phone, and
/payday ledger still lists every payment with its reason.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from bot.game import events as ev
from bot.game.events import Event, EventKind, Reason
from bot.game.payday import PAYDAY_REASONS, result_share
from bot.render.language.i18n import Lang


@dataclass(slots=True)
class Breakdown:
    """One player's Pay Day in sums: each a gain or loss (bills and charges negative), or a move of
    the player's own money (`repaid`, `borrowed`, `banked`: the change of cash they made)."""

    salary: int | None = None
    """None when no salary was paid (the classic edition's last month)."""
    interest: int = 0
    savings_interest: int = 0
    repaid: int = 0
    bills: int = 0
    bill_count: int = 0
    charges: int = 0
    carried: int = 0
    """Monster Charge balances carried to next month (not paid: no change of cash)."""
    fees: int = 0
    """Withdrawal fees paid (negative)."""
    borrowed: int = 0
    banked: int = 0
    """Cash put into savings (negative) or taken out of them (positive)."""
    result: int = 0
    """The Pay Day's result: its gains and losses (`result_share`), not the own money moved."""
    complete: bool = False
    """Whether the events hold the Pay Day from its first step (its salary, or the note that there
    is none): a Pay Day whose start is no longer at hand shows no breakdown rather than a wrong one."""

    def count(self, e: Event, seat: int) -> None:
        """Add one of the Pay Day's events."""
        if e.kind == EventKind.CARRIED:
            self.carried += e.amount
        elif e.kind == EventKind.NOTHING and e.reason == Reason.NO_FINAL_SALARY:
            self.complete = True
        elif e.kind == EventKind.TRANSFER and e.reason in PAYDAY_REASONS:
            self._transfer(e, seat)

    def _transfer(self, e: Event, seat: int) -> None:
        savings = ev.savings_account(seat)
        self.result += result_share(e, seat)
        if e.reason == Reason.SAVINGS_INTEREST:
            self.savings_interest += e.amount
            return
        cash = e.amount if e.dst == seat else -e.amount if e.src == seat else 0
        if e.reason == Reason.SALARY:
            self.salary, self.complete = (self.salary or 0) + cash, True
        elif e.reason == Reason.INTEREST:
            self.interest += cash
        elif e.reason == Reason.REPAYMENT:
            self.repaid += cash
        elif e.reason == Reason.BILL:
            self.bills += cash
            self.bill_count += 1
        elif e.reason in (Reason.CHARGE_INTEREST, Reason.CHARGE_PAID):
            self.charges += cash
        elif e.reason in (Reason.AUTO_LOAN, Reason.LOAN):
            self.borrowed += cash
        elif e.reason == Reason.WITHDRAW_FEE:
            self.fees -= e.amount
        elif savings in (e.src, e.dst):
            self.banked += cash


def breakdown(events: Iterable[Event], seat: int) -> Breakdown:
    """The sums of one player's Pay Day from its events."""
    sums = Breakdown()
    for e in events:
        sums.count(e, seat)
    return sums


def breakdown_line(sums: Breakdown, L: Lang) -> str:
    """ "salary +$3,500 · loan interest -$300 · 2 bills -$800 = +$2,400 · repaid $1,000": what
    was earned and paid, its result, then the player's own money moved (no gain, no loss)."""
    parts = []
    if sums.salary is None:
        parts.append(L._("no salary"))
    else:
        parts.append(L._("salary {amount}", amount=L.signed(sums.salary)))
    if sums.interest:
        parts.append(L._("loan interest {amount}", amount=L.signed(sums.interest)))
    if sums.savings_interest:
        parts.append(L._("savings interest {amount}", amount=L.signed(sums.savings_interest)))
    if sums.bill_count:
        parts.append(
            L.ngettext(
                "{n} bill {amount}", "{n} bills {amount}", sums.bill_count, amount=L.signed(sums.bills)
            )
        )
    if sums.charges:
        parts.append(L._("Monster Charges {amount}", amount=L.signed(sums.charges)))
    if sums.fees:
        parts.append(L._("withdrawal fees {amount}", amount=L.signed(sums.fees)))
    apart = []
    if sums.carried:
        apart.append(L._("Monster Charges carried {amount}", amount=L.money(sums.carried)))
    if sums.repaid:
        apart.append(L._("repaid {amount}", amount=L.money(-sums.repaid)))
    if sums.borrowed:
        apart.append(L.pgettext("payday", "borrowed {amount}", amount=L.money(sums.borrowed)))
    if sums.banked < 0:
        apart.append(L._("deposited {amount}", amount=L.money(-sums.banked)))
    elif sums.banked > 0:
        apart.append(L._("withdrew {amount}", amount=L.money(sums.banked)))
    return " · ".join([f"{' · '.join(parts)} = {L.signed(sums.result)}", *apart])
