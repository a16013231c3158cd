"""The calendar board: which space is on which day.

A month is START (day 0, a Sunday) then days 1-31; day 1 is a Monday, so day d falls on weekday
d mod 7 and the Sundays are 7, 14, 21 and 28. Day 31 is Pay Day, where every token stops.
"""

from dataclasses import dataclass
from enum import StrEnum

PAYDAY_DAY = 31


class SpaceKind(StrEnum):
    """What a space does: each kind has a handler in spaces.py."""

    START = "start"
    MAIL = "mail"
    SWEEPSTAKES = "sweepstakes"
    DEAL = "deal"
    LOTTERY = "lottery"
    FEE = "fee"
    RADIO = "radio"
    BUYER = "buyer"
    BIRTHDAY = "birthday"
    YARD_SALE = "yard_sale"
    WALK = "walk"
    PAYDAY = "payday"
    CASINO = "casino"
    LOTTERY_DRAW = "lottery_draw"
    SUNDAY = "sunday"
    POKER = "poker"
    ELECTION = "election"
    DAYLIGHT = "daylight"


@dataclass(frozen=True, slots=True)
class Space:
    kind: SpaceKind
    name: str
    """The English name, also the message id that translates it (`L.pgettext("space", name)`)."""
    count: int = 0
    amount: int = 0


Board = tuple[Space, ...]
"""Index = day of the month, 0 (START) to 31 (Pay Day)."""


def weekday(day: int) -> int:
    """The day of the week, 0 for Sunday to 6 for Saturday (bot/render/language/cards.py names it)."""
    return day % 7


def build_board(layout: dict[int, Space]) -> Board:
    """Turn a day -> space table into a full calendar, refusing gaps so a preset can't be half made."""
    missing = [d for d in range(1, PAYDAY_DAY + 1) if d not in layout]
    if missing:
        raise ValueError(f"board has no space on days {missing}")
    return (Space(SpaceKind.START, "Start"), *(layout[d] for d in range(1, PAYDAY_DAY + 1)))


def _mail(n: int) -> Space:
    return Space(SpaceKind.MAIL, f"Mail ×{n}", count=n)


_DEAL = Space(SpaceKind.DEAL, "Deal")
_BUYER = Space(SpaceKind.BUYER, "Found a Buyer")
_LOTTERY = Space(SpaceKind.LOTTERY, "Lottery")

_SHARED: dict[int, Space] = {
    1: _mail(1),
    11: _mail(1),
    19: _mail(1),
    22: _mail(1),
    5: _mail(2),
    24: _mail(2),
    3: _mail(3),
    16: _mail(3),
    4: _DEAL,
    12: _DEAL,
    15: _DEAL,
    25: _DEAL,
    6: _LOTTERY,
    13: _LOTTERY,
    20: _LOTTERY,
    27: _LOTTERY,
    8: Space(SpaceKind.RADIO, "Radio Contest"),  # its prize is `Rules.radio_prize`
    9: _BUYER,
    17: _BUYER,
    23: _BUYER,
    26: _BUYER,
    29: _BUYER,
    10: Space(SpaceKind.BIRTHDAY, "Happy Birthday", amount=100),
    21: Space(SpaceKind.YARD_SALE, "Yard Sale", amount=100),
    30: Space(SpaceKind.WALK, "Walk for Charity", amount=100),
    31: Space(SpaceKind.PAYDAY, "Pay Day"),
}

MODERN_BOARD: Board = build_board(
    {
        **_SHARED,
        2: Space(SpaceKind.SWEEPSTAKES, "Sweepstakes", amount=5000),
        7: Space(SpaceKind.FEE, "Ski Weekend", amount=500),
        14: Space(SpaceKind.FEE, "Charity Concert", amount=400),
        18: Space(SpaceKind.FEE, "Food for the Month", amount=600),
        28: Space(SpaceKind.FEE, "Shopping Spree", amount=500),
    }
)

FAMILY_BOARD: Board = build_board(
    {
        **_SHARED,
        2: Space(SpaceKind.SWEEPSTAKES, "Sweepstakes", amount=1000),
        7: Space(SpaceKind.FEE, "Fun Day", amount=200),
        14: Space(SpaceKind.CASINO, "Family Casino Night", amount=500),
        18: Space(SpaceKind.FEE, "Buy Groceries", amount=200),
        28: Space(SpaceKind.CASINO, "Family Casino Night", amount=500),
    }
)

CLASSIC_BOARD: Board = build_board(
    {
        # A reconstruction: the 1975 rule texts name these spaces but no published list places them.
        1: _mail(1),
        2: _DEAL,
        3: _mail(2),
        4: Space(SpaceKind.BUYER, "Buyer"),
        5: Space(SpaceKind.POKER, "Poker Game", amount=100),
        6: Space(SpaceKind.LOTTERY_DRAW, "Lottery Draw"),
        8: _mail(1),
        9: _DEAL,
        10: Space(SpaceKind.BUYER, "Buyer"),
        11: _mail(3),
        12: Space(SpaceKind.ELECTION, "Town Election", amount=50),
        13: Space(SpaceKind.LOTTERY_DRAW, "Lottery Draw"),
        15: _mail(2),
        16: _DEAL,
        17: Space(SpaceKind.BUYER, "Buyer"),
        18: Space(SpaceKind.DAYLIGHT, "Daylight Savings"),  # a player on START collects a salary
        19: _mail(1),
        20: Space(SpaceKind.LOTTERY_DRAW, "Lottery Draw"),
        22: _mail(2),
        23: Space(SpaceKind.BUYER, "Buyer"),
        24: _DEAL,
        25: Space(SpaceKind.POKER, "Poker Game", amount=100),
        26: _mail(3),
        27: Space(SpaceKind.LOTTERY_DRAW, "Lottery Draw"),
        29: Space(SpaceKind.BUYER, "Buyer"),
        30: _mail(1),
        31: Space(SpaceKind.PAYDAY, "Pay Day"),
        **{sunday: Space(SpaceKind.SUNDAY, "Sweet Sunday") for sunday in (7, 14, 21, 28)},
    }
)
