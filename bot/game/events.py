"""Events: what happened, in order, as small records of codes and numbers, never of words.

An event names cards, Deals and spaces by index (`ref`) and players by seat, and says why with a
`Reason` code; `bot/render/language/events.py` writes it in a player's language. The event log stores each
event as its `to_dict`, so a ledger can be read back (and shown in any language) long after.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

# Ledger accounts that are not players (players are their seat number, 0-5).
BANK = -1
JACKPOT = -2
POT = -3
SAVINGS_BASE = -10
"""Classic savings accounts: seat s keeps its savings in account SAVINGS_BASE - s (-10 to -15)."""


def savings_account(seat: int) -> int:
    return SAVINGS_BASE - seat


def savings_owner(account: int) -> int:
    """The seat whose savings account this is (the inverse of `savings_account`)."""
    return SAVINGS_BASE - account


class EventKind(StrEnum):
    """What happened. The values are what the event log has always stored."""

    ROLLED = "rolled"
    """`value`: the face; `reason`: what the roll was for (none: a movement roll)."""
    MOVED = "moved"
    """`value`: the day the token now stands on."""
    TRANSFER = "transfer"
    """A ledger line: `amount` from `src` to `dst` for `reason`, dated `month`/`day`; `value`: the
    loan or savings balance after, for loan and savings reasons."""
    DREW_MAIL = "drew_mail"
    DREW_DEAL = "drew_deal"
    BOUGHT = "bought"
    DECLINED = "declined"
    SOLD = "sold"
    KEPT = "kept"
    ANTED = "anted"
    """`amount`: the ante; `value`: the Lottery number."""
    SAT_OUT = "sat_out"
    """`reason`: POKER for the Poker Game, none for the Lottery."""
    RESHUFFLED = "reshuffled"
    """`reason`: MAIL_PILE or DEAL_PILE."""
    TIMED_OUT = "timed_out"
    """`reason`: the kind of question the bot answered for the player."""
    CARRIED = "carried"
    NEW_MONTH = "new_month"
    RETIRED = "retired"
    GAME_OVER = "game_over"
    """`amount`: the best net worth; `value`: how many share it; `ref`: their seats, bit s for seat s."""
    NOTHING = "nothing"
    """A note for the table, usually why nothing happened: `reason` says which."""
    INSURED = "insured"
    CANCELLED = "cancelled"
    VOIDED = "voided"
    PUT_IN = "put_in"
    BET = "bet"
    DISCARDED = "discarded"
    """A retiring player's unsold Deal (`value`), discarded because Deals are worth nothing at the end."""


class Reason(StrEnum):
    """Why money moved, or what a roll or a note is about; `ref` holds the card, Deal or day named.

    Reasons that games saved before issue 8 already stored keep those strings as values, so their
    ledgers still read as ledger lines; an older free-text reason (a space or card name) is simply
    not a member, and the ledger shows it as it was stored.
    """

    START_CASH = "start cash"
    SALARY = "salary"
    LOAN = "loan"
    AUTO_LOAN = "loan to cover a payment"
    REPAYMENT = "loan repayment"
    INTEREST = "loan interest"
    DEPOSIT = "savings deposit"
    WITHDRAWAL = "savings withdrawal"
    SAVINGS_COVER = "savings to cover a payment"
    SAVINGS_INTEREST = "savings interest"
    WITHDRAW_FEE = "savings withdrawal fee"
    CHARGE_INTEREST = "Monster Charge interest"
    CHARGE_PAID = "Monster Charge paid in full"
    SIX = "rolled a 6"
    """The Jackpot, won by a movement 6 (or any 6, a house rule)."""
    JACKPOT_SEED = "the Bank's Jackpot seed"
    """A house rule: the Bank seeds the Jackpot at the start."""
    LOTTERY_ANTE = "Lottery ante"
    LOTTERY_STAKE = "the Bank's Lottery stake"
    LOTTERY_WIN = "Lottery win"
    SWELLFARE_WIN = "Swellfare win"
    SWELLFARE_LOST = "Swellfare bet lost"
    DAYLIGHT_START = "Daylight Savings on START"
    POKER_ALONE = "Poker Game: nobody to play, stake returned"
    # Reasons that name something (`ref`):
    SPACE = "space"
    """`ref`: the day of the space (Sweepstakes, a fee, Happy Birthday, the Radio Contest ...)."""
    MAIL = "mail"
    """`ref`: the Mail card paid or collected (a charity, Mad Money, a collection ...)."""
    BILL = "bill"
    """`ref`: the bill paid at Pay Day."""
    TICKET = "ticket"
    """`ref`: the Lottery Ticket cashed at a Lottery Draw."""
    DEAL_BOUGHT = "deal_bought"
    """`ref`: the Deal."""
    DEAL_SOLD = "deal_sold"
    """`ref`: the Deal."""
    COMMISSION = "commission"
    """`ref`: the Deal whose commission is rolled for and paid."""
    # Money given back when a game ends early:
    ANTE_RETURNED = "ante_returned"
    STAKE_RETURNED = "stake_returned"
    POT_SHARED = "pot_shared"
    DEAL_RETURNED = "deal_returned"
    """`ref`: a Deal still held, bought back by the Bank at its cost."""
    # What a roll is for (a roll of a SPACE or a COMMISSION also has a `ref`):
    YARD_SALE_PRICE = "yard_sale_price"
    SWELLFARE = "swellfare"
    LOTTERY_DRAW = "lottery_draw"
    # The Poker Game, for SAT_OUT; the piles, for RESHUFFLED:
    POKER = "poker"
    MAIL_PILE = "mail_pile"
    DEAL_PILE = "deal_pile"
    # Notes (NOTHING events):
    NO_DEAL_LEFT = "no_deal_left"
    NO_DEAL_TO_SELL = "no_deal_to_sell"
    NO_YARD_SALE_DEAL = "no_yard_sale_deal"
    NO_TICKET = "no_ticket"
    DAYLIGHT_ONCE = "daylight_once"
    NO_FINAL_SALARY = "no_final_salary"
    NO_MOVE_AHEAD = "no_move_ahead"
    SWELLFARE_UNUSED = "swellfare_unused"
    """`ref`: the Swellfare card."""
    ALREADY_INSURED = "already_insured"
    """`ref`: the insurance card drawn again."""
    INSURANCE_DECLINED = "insurance_declined"
    """`ref`: the insurance card."""
    NO_NEIGHBOUR = "no_neighbour"
    """`ref`: the Mad Money or Pay a Neighbor card, which does nothing with every other player retired."""
    NO_ANTES = "no_antes"
    NO_RADIO_WINNER = "no_radio_winner"
    """`value`: the number nobody rolled."""
    NO_POKER = "no_poker"
    NUMBER_TAKEN = "number_taken"
    """Lottery: a player earlier in turn order took the number (`value`) this player asked for."""


LOAN_REASONS = frozenset({Reason.LOAN, Reason.AUTO_LOAN, Reason.REPAYMENT, Reason.INTEREST})
SAVINGS_REASONS = frozenset(
    {Reason.DEPOSIT, Reason.WITHDRAWAL, Reason.SAVINGS_COVER, Reason.SAVINGS_INTEREST, Reason.WITHDRAW_FEE}
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened; which fields mean something depends on `kind`."""

    kind: str
    """An EventKind, or a `bot.table.TableKind` for the table's own events (a plain string in a
    record read back from an older log)."""
    seat: int = -1
    amount: int = 0
    value: int = 0
    """Die face, day, card index, lottery number, or loan or savings balance after, depending on `kind`."""
    src: int = 0
    dst: int = 0
    reason: str = ""
    """A Reason (or, in a record from before issue 8, the free text it was stored with)."""
    month: int = 0
    day: int = 0
    ref: int = -1
    """The card, Deal or day the reason names (see `Reason`); -1 when it names none."""

    def to_dict(self) -> dict[str, Any]:
        """The event as the log stores it: every field, in declaration order."""
        return {name: getattr(self, name) for name in _FIELDS}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "Event":
        """An event back from the stored log (which may carry extra keys, such as an old `text`)."""
        return cls(**{name: record[name] for name in _FIELDS if name in record})


_FIELDS = tuple(field.name for field in fields(Event))
