"""The Banker and the Loan Record Keeper: every dollar moves through `transfer`, which records it.

Views over the recorded events give the bank statement and the loan book, so the books can never
disagree with the money.
"""

from collections.abc import Iterable

from bot.game import events as ev
from bot.game.context import Game


def transfer(g: Game, src: int, dst: int, amount: int, reason: str) -> None:
    """Move money between accounts (a seat, BANK, JACKPOT or POT) and write the ledger line."""
    if amount <= 0:
        return
    st = g.state
    if src >= 0:
        payer = st.players[src]
        if payer.cash < amount:
            raise AssertionError(f"seat {src} would go negative paying {amount} ({reason})")
        payer.cash -= amount
    elif src == ev.BANK:
        st.bank_paid += amount
    elif src == ev.JACKPOT:
        st.jackpot -= amount
    else:
        st.pot -= amount
    if dst >= 0:
        st.players[dst].cash += amount
    elif dst == ev.BANK:
        st.bank_received += amount
    elif dst == ev.JACKPOT:
        st.jackpot += amount
    else:
        st.pot += amount
    mover = st.players[st.turn]
    loan = st.players[dst].loan if reason in (ev.LOAN, ev.AUTO_LOAN) else 0
    # Positional, in field order (kind, seat, amount, value, src, dst, reason, month, day): keywords
    # to a class call cost about twice as much, and every dollar that moves comes through here.
    g.events.append(
        ev.Event(ev.TRANSFER, -1, amount, loan, src, dst, reason, mover.months_done + 1, mover.day)
    )


def pay(g: Game, seat: int, dst: int, amount: int, reason: str) -> None:
    """A player pays; if their cash falls short, the smallest loan in whole steps covers it."""
    if amount > g.state.players[seat].cash:
        cover(g, seat, amount)
    transfer(g, seat, dst, amount, reason)


def cover(g: Game, seat: int, amount: int) -> None:
    short = amount - g.state.players[seat].cash
    if short > 0:
        step = g.rules.loan_step
        borrow(g, seat, -(-short // step) * step, automatic=True)


def borrow(g: Game, seat: int, amount: int, *, automatic: bool = False) -> None:
    g.state.players[seat].loan += amount
    transfer(g, ev.BANK, seat, amount, ev.AUTO_LOAN if automatic else ev.LOAN)


def repay(g: Game, seat: int, amount: int) -> None:
    player = g.state.players[seat]
    player.loan -= amount
    transfer(g, seat, ev.BANK, amount, ev.REPAYMENT)
    g.events[-1].value = player.loan


def charge_interest(g: Game, seat: int, balance: int, pct: int, reason: str) -> None:
    pay(g, seat, ev.BANK, balance * pct // 100, reason)


def loan_book(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Loan Record Keeper's pad: every loan, repayment and interest charge."""
    return [e for e in events if e.kind == ev.TRANSFER and e.reason in ev.LOAN_REASONS]


def bank_statement(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Banker's book: every payment into or out of the Bank."""
    return [e for e in events if e.kind == ev.TRANSFER and ev.BANK in (e.src, e.dst)]
