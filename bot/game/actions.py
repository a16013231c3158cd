"""What a player can send to the engine, and the typed refusals the engine answers with.

A refusal carries a code and the numbers it is about (seats, dollars, a Lottery number), never a
sentence: bot/render/refusals.py says it in the player's language.
"""

from dataclasses import dataclass
from enum import StrEnum


class ActionKind(StrEnum):
    # Answers to a pending question:
    ROLL = "roll"
    BUY = "buy"
    DECLINE = "decline"
    SELL = "sell"
    KEEP = "keep"
    TARGET = "target"
    MOVE = "move"
    REPAY = "repay"
    PAY_ALL = "pay_all"
    CARRY = "carry"
    ANTE = "ante"
    SIT_OUT = "sit_out"
    DONE = "done"
    BET = "bet"
    PUT_IN = "put_in"
    # Standing actions, allowed whatever the game waits for (WITHDRAW and DEPOSIT also answer the
    # classic Pay Day's banking question; a withdrawal anywhere else costs a fee):
    LOAN = "loan"
    WITHDRAW = "withdraw"
    DEPOSIT = "deposit"


@dataclass(frozen=True, slots=True)
class Action:
    """One answer to the question the game waits on, or a standing action (a loan, say)."""

    seat: int
    kind: str
    """An ActionKind; a button's custom_id brings it back as a plain string, which compares equal,
    and the engine refuses any string that is not one."""
    value: int = 0
    """SELL: Deal card; TARGET: seat; MOVE: day; REPAY/LOAN/DEPOSIT/WITHDRAW/BET: dollars;
    ANTE: lottery number."""
    prompt: int | None = None
    """The prompt number the button was made for; None means "the current one" (slash commands)."""
    timed_out: bool = False
    """Chosen by the bot for a player whose time ran out."""


class RefusalCode(StrEnum):
    """Why the engine refused; the refusal's `params` hold what the sentence needs (listed here)."""

    # Starting a game:
    NO_RULESET = "no_ruleset"
    """ruleset: what was asked for; choices: the rulesets there are."""
    PLAYER_COUNT = "player_count"
    """least, most: the players the ruleset allows."""
    MONTHS = "months"
    """least, most."""
    NAME_LENGTH = "name_length"
    """most: characters."""
    # Any action:
    GAME_OVER = "game_over"
    NOT_IN_GAME = "not_in_game"
    STALE = "stale"
    ALREADY_ANSWERED = "already_answered"
    NOT_YOUR_TURN = "not_your_turn"
    """seats: who the game is waiting for."""
    NOT_A_CHOICE = "not_a_choice"
    # Loans and repayments:
    LOAN_STEP = "loan_step"
    """step."""
    BORROW_WITH_SAVINGS = "borrow_with_savings"
    """savings."""
    LOAN_CAP = "loan_cap"
    """cap."""
    REPAY_PASSED = "repay_passed"
    REPAY_AT_PAY_DAY = "repay_at_pay_day"
    REPAY_STEP = "repay_step"
    """step."""
    LOAN_ONLY = "loan_only"
    """loan: the player's whole loan, less than asked."""
    CASH_ONLY = "cash_only"
    """cash."""
    REPAY_CHOICE = "repay_choice"
    """step: a Pay Day repayment outside the offered amounts."""
    # Savings (classic):
    NO_SAVINGS = "no_savings"
    DEPOSIT_AT_PAY_DAY = "deposit_at_pay_day"
    NOTHING_TO_WITHDRAW = "nothing_to_withdraw"
    WITHDRAW_STEP = "withdraw_step"
    """step."""
    SAVINGS_ONLY = "savings_only"
    """savings."""
    FEE_TOO_BIG = "fee_too_big"
    """fee: a withdrawal must be more than the fee."""
    OWE_BEFORE_SAVING = "owe_before_saving"
    """loan."""
    WITHDREW_THIS_PAY_DAY = "withdrew_this_pay_day"
    DEPOSITED_THIS_PAY_DAY = "deposited_this_pay_day"
    BANK_STEP = "bank_step"
    """step."""
    # Answers:
    NUMBER_TAKEN = "number_taken"
    """number, seat: the Lottery number and who holds it (or asked for it first)."""
    NOT_HELD = "not_held"


class IllegalAction(Exception):
    """Refused: the state is unchanged; `code` says why and `params` hold the numbers it is about."""

    def __init__(self, code: StrEnum, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        details = ", ".join(f"{key}={value!r}" for key, value in self.params.items())
        return f"{self.code}({details})" if details else str(self.code)


class GameOver(IllegalAction):
    pass


class NotInGame(IllegalAction):
    pass


class NotYourTurn(IllegalAction):
    pass


class AlreadyAnswered(IllegalAction):
    pass


class StalePrompt(IllegalAction):
    pass


class InvalidChoice(IllegalAction):
    pass
