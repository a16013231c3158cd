"""The Banker and the Loan Record Keeper: every dollar moves through `transfer`, which records it.

Views over the recorded events give the bank statement and the loan book, so the books can never
disagree with the money.
"""

from collections.abc import Iterable

from bot.game import events as ev
from bot.game.context import Game
from bot.game.events import BANK, JACKPOT, POT, Event, EventKind, Reason
from bot.game.state import GameState


def transfer(
    g: Game, src: int, dst: int, amount: int, reason: Reason, ref: int = -1, balance: int = 0
) -> None:
    """Move money between accounts (a seat, BANK, JACKPOT, POT or a savings account) and write the
    ledger line: `ref` is the card, Deal or day the reason names; `balance`, for a loan or savings
    reason, the loan or savings balance after."""
    if amount <= 0:
        return
    state = g.state
    _take(state, src, amount, reason)
    _give(state, dst, amount)
    if not g.record:
        return
    dated = state.players[_calendar_seat(state.turn, src, dst)]
    g.events.append(
        Event(
            EventKind.TRANSFER,
            amount=amount,
            value=balance,
            src=src,
            dst=dst,
            reason=reason,
            month=min(dated.months_done + 1, state.months),
            day=dated.day,
            ref=ref,
        )
    )


def _take(state: GameState, account: int, amount: int, reason: Reason) -> None:
    """Take `amount` out of an account; a player's cash or savings never goes below zero (the rules
    borrow first, `cover`), so that would be a bug in them."""
    if account == BANK:
        state.bank_paid += amount
    elif account == JACKPOT:
        state.jackpot -= amount
    elif account == POT:
        state.pot -= amount
    elif account >= 0:
        player = state.players[account]
        if player.cash < amount:
            raise AssertionError(f"seat {account} would go negative paying {amount} ({reason})")
        player.cash -= amount
    else:
        saver = state.players[ev.savings_owner(account)]
        if saver.savings < amount:
            raise AssertionError(f"savings of seat {saver.seat} would go negative paying {amount} ({reason})")
        saver.savings -= amount


def _give(state: GameState, account: int, amount: int) -> None:
    if account == BANK:
        state.bank_received += amount
    elif account == JACKPOT:
        state.jackpot += amount
    elif account == POT:
        state.pot += amount
    elif account >= 0:
        state.players[account].cash += amount
    else:
        state.players[ev.savings_owner(account)].savings += amount


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
    transfer(g, ev.BANK, seat, amount, Reason.AUTO_LOAN if automatic else Reason.LOAN, balance=player.loan)


def repay(g: Game, seat: int, amount: int) -> None:
    player = g.state.players[seat]
    player.loan -= amount
    transfer(g, seat, ev.BANK, amount, Reason.REPAYMENT, balance=player.loan)


def deposit(g: Game, seat: int, amount: int) -> None:
    after = g.state.players[seat].savings + amount
    transfer(g, seat, ev.savings_account(seat), amount, Reason.DEPOSIT, balance=after)


def withdraw(g: Game, seat: int, amount: int, *, automatic: bool = False, fee: int = 0) -> None:
    """Savings back to cash; `fee` (a withdrawal outside Pay Day) then goes to the Bank."""
    after = g.state.players[seat].savings - amount
    reason = Reason.SAVINGS_COVER if automatic else Reason.WITHDRAWAL
    transfer(g, ev.savings_account(seat), seat, amount, reason, balance=after)
    if fee:
        pay(g, seat, ev.BANK, fee, Reason.WITHDRAW_FEE)


def savings_interest(g: Game, seat: int) -> None:
    player = g.state.players[seat]
    interest = player.savings * g.rules.savings_interest_pct // 100
    if interest > 0:
        after = player.savings + interest
        transfer(g, ev.BANK, ev.savings_account(seat), interest, Reason.SAVINGS_INTEREST, balance=after)


def charge_interest(g: Game, seat: int, balance: int, pct: int, reason: ev.Reason, ref: int = -1) -> None:
    pay(g, seat, ev.BANK, interest_on(balance, pct), reason, ref)


def interest_on(balance: int, pct: int) -> int:
    """What a balance costs at a Pay Day at `pct` percent (whole dollars, rounded down)."""
    return balance * pct // 100


def loan_book(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Loan Record Keeper's pad: every loan, repayment and interest charge, and (classic, the
    1975 "Savings and Loan" pad) every savings deposit, withdrawal, fee and interest payment."""
    return [
        e
        for e in events
        if e.kind == EventKind.TRANSFER and (e.reason in ev.LOAN_REASONS or e.reason in ev.SAVINGS_REASONS)
    ]


def bank_statement(events: Iterable[ev.Event]) -> list[ev.Event]:
    """The Banker's book: every payment into or out of the Bank."""
    return [e for e in events if e.kind == EventKind.TRANSFER and ev.BANK in (e.src, e.dst)]
