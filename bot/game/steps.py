"""The kinds of agenda task: one step of rules still to run (`state.Task`), each with a handler.

The values are what saved games hold in their agenda, so they never change.
"""

from enum import StrEnum


class Step(StrEnum):
    SPACE = "space"
    """Resolve the space on day `arg` for `seat` (spaces.py)."""
    END_TURN = "end_turn"
    MAIL = "mail"
    """Resolve Mail card `arg`, drawn by `seat` (mail.py)."""
    DAYLIGHT_BACK = "daylight_back"
    # Pay Day (payday.py); a ruleset lists the first eight in its own order (`Ruleset.payday`).
    PAY_SALARY = "payday_salary"
    PAY_INTEREST = "payday_interest"
    """Loan interest, and savings interest where the ruleset has savings."""
    PAY_REPAY = "payday_repay"
    """Modern: one question, repay how much of the loan."""
    PAY_BILLS = "payday_pay_bills"
    PAY_CHARGES = "payday_charges"
    """One pay-all-or-carry question per Monster Charge."""
    PAY_BANKING = "payday_banking"
    """Classic: repay, deposit or withdraw in steps, asked again until the player is done."""
    PAY_TICKETS = "payday_tickets"
    """Classic: unused Lottery Tickets are void."""
    PAY_MONTH_END = "payday_month_end"
    """Back to START, or retire (discarding any Deals still held) after the last month."""
    PAY_MONSTER = "payday_monster"
    """One carried Monster Charge card (`arg`: the card)."""
    PAY_CHARGE = "payday_charge"
    """One balance of a game saved before issue 6 (`arg`: its place in `Player.charges`)."""
    PAY_CHARGES_DONE = "payday_charges_done"
