"""What a player can send to the engine, and the typed refusals the engine answers with."""

from dataclasses import dataclass

# Action kinds. Answers to a pending question:
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

KINDS = frozenset(
    {
        ROLL,
        BUY,
        DECLINE,
        SELL,
        KEEP,
        TARGET,
        MOVE,
        REPAY,
        PAY_ALL,
        CARRY,
        ANTE,
        SIT_OUT,
        DONE,
        BET,
        PUT_IN,
        LOAN,
        WITHDRAW,
        DEPOSIT,
    }
)


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: str
    value: int = 0
    """SELL: Deal card; TARGET: seat; MOVE: day; REPAY/LOAN/DEPOSIT/WITHDRAW/BET: dollars;
    ANTE: lottery number."""
    prompt: int | None = None
    """The prompt number the button was made for; None means "the current one" (slash commands)."""
    timed_out: bool = False
    """Chosen by the bot for a player whose time ran out."""


class IllegalAction(Exception):
    """Refused: the state is unchanged and `message` is one sentence a player can act on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
