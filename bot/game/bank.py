"""The Banker and the Loan Record Keeper: every dollar moves through `transfer`, which records it.

Views over the recorded events give the bank statement and the loan book, so the books can never
disagree with the money.
"""

from collections.abc import Iterable

from bot.game import events as ev
from bot.game.context import Game
from bot.game.events import BANK, JACKPOT, POT, SAVINGS_BASE, TRANSFER, Event, new_event


def transfer(
    g: Game, src: int, dst: int, amount: int, reason: ev.Reason, ref: int = -1, balance: int = 0
) -> None:
    """Move money between accounts (a seat, BANK, JACKPOT, POT or a savings account) and write the
    ledger line: `ref` is the card, Deal or day the reason names; `balance`, for a loan or savings
    reason, the loan or savings balance after.

    Every dollar comes through here (about one line per action), so the accounts are tested in
    the order the games use them: a player paying first, and the pot before the Bank."""
    if amount <= 0:
        return
    st = g.state
    players = st.players
    if src >= 0:  # a player pays, and their own calendar dates the line
        dated = players[src]
        if dated.cash < amount:
            raise AssertionError(f"seat {src} would go negative paying {amount} ({reason})")
        dated.cash -= amount
    else:
        if src == BANK:
            st.bank_paid += amount
        elif src == POT:
            st.pot -= amount
        elif src == JACKPOT:
            st.jackpot -= amount
        else:
            saver = players[SAVINGS_BASE - src]
            if saver.savings < amount:
                raise AssertionError(
                    f"savings of seat {saver.seat} would go negative paying {amount} ({reason})"
                )
            saver.savings -= amount
        dated = players[dst if dst >= 0 and src > SAVINGS_BASE else _calendar_seat(st.turn, src, dst)]
    if dst >= 0:
        players[dst].cash += amount
    elif dst == POT:
        st.pot += amount
    elif dst == BANK:
        st.bank_received += amount
    elif dst == JACKPOT:
        st.jackpot += amount
    else:
        players[SAVINGS_BASE - dst].savings += amount
    month = dated.months_done + 1 if dated.months_done < st.months else st.months
    line = (TRANSFER, -1, amount, balance, src, dst, reason, month, dated.day, ref)
    g.events.append(new_event(Event, line))


def _calendar_seat(mover: int, src: int, dst: int) -> int:
    """Whose calendar dates a ledger line (docs/RULES.md §6.3): the payer's own month and day when a
    player pays (their savings are theirs), else the payee's, else (the Bank paying the pot) the
    player whose turn it is. A retired player's line is dated on their last Pay Day."""
    for account in (src, dst):
        if account >= 0:
            return account
        if account <= ev.SAVINGS_BASE:
            return ev.savings_owner(account)
    return mover


def pay(g: Game, seat: int, dst: int, amount: int, reason: ev.Reason, ref: int = -1) -> None:
    """A player pays; if their cash falls short, savings (classic) and then the smallest loan in
    whole steps cover it."""
    if amount > g.state.players[seat].cash:
        cover(g, seat, amount)
    transfer(g, seat, dst, amount, reason, ref)


def whole_steps(amount: int, step: int) -> int:
    """The smallest whole number of `step`s covering `amount` (0 if nothing is needed)."""
    return -(-amount // step) * step if amount > 0 else 0


def cover(g: Game, seat: int, amount: int) -> None:
    """Make the player's cash reach `amount`: savings first (classic), then the smallest loan."""
    player = g.state.players[seat]
    short = amount - player.cash
    if short > 0 and player.savings:
        # No withdrawal fee: the bot moves the money for the player, it is not their choice.
        withdraw(g, seat, min(player.savings, whole_steps(short, g.rules.savings_step)), automatic=True)
        short = amount - player.cash
    if short > 0:
        borrow(g, seat, whole_steps(short, g.rules.loan_step), automatic=True)


def borrow(g: Game, seat: int, amount: int, *, automatic: bool = False) -> None:
    player = g.state.players[seat]
    player.loan += amount
    transfer(g, ev.BANK, seat, amount, ev.AUTO_LOAN if automatic else ev.LOAN, balance=player.loan)


def repay(g: Game, seat: int, amount: int) -> None:
    player = g.state.players[seat]
    player.loan -= amount
    transfer(g, seat, ev.BANK, amount, ev.REPAYMENT, balance=player.loan)


def deposit(g: Game, seat: int, amount: int) -> None:
    after = g.state.players[seat].savings + amount
    transfer(g, seat, ev.savings_account(seat), amount, ev.DEPOSIT, balance=after)


def withdraw(g: Game, seat: int, amount: int, *, automatic: bool = False, fee: int = 0) -> None:
    """Savings back to cash; `fee` (a withdrawal outside Pay Day) then goes to the Bank."""
    after = g.state.players[seat].savings - amount
    reason = ev.SAVINGS_COVER if automatic else ev.WITHDRAWAL
    transfer(g, ev.savings_account(seat), seat, amount, reason, balance=after)
    if fee:
        pay(g, seat, ev.BANK, fee, ev.WITHDRAW_FEE)


def savings_interest(g: Game, seat: int) -> None:
    player = g.state.players[seat]
    interest = player.savings * g.rules.savings_interest_pct // 100
    if interest > 0:
        after = player.savings + interest
        transfer(g, ev.BANK, ev.savings_account(seat), interest, ev.SAVINGS_INTEREST, balance=after)


def charge_interest(g: Game, seat: int, balance: int, pct: int, reason: ev.Reason, ref: int = -1) -> None:
    pay(g, seat, ev.BANK, balance * pct // 100, reason, ref)


def loan_book(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Loan Record Keeper's pad: every loan, repayment and interest charge, and (classic, the
    1975 "Savings and Loan" pad) every savings deposit, withdrawal, fee and interest payment."""
    return [
        e
        for e in events
        if e.kind == ev.TRANSFER and (e.reason in ev.LOAN_REASONS or e.reason in ev.SAVINGS_REASONS)
    ]


def bank_statement(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Banker's book: every payment into or out of the Bank."""
    return [e for e in events if e.kind == ev.TRANSFER and ev.BANK in (e.src, e.dst)]
