"""The calendar board: which space is on which day.

A month is START (day 0, a Sunday) then days 1-31; day 1 is a Monday, so day d falls on weekday
d mod 7 and the Sundays are 7, 14, 21 and 28. Day 31 is Pay Day, where every token stops.
"""

from dataclasses import dataclass

PAYDAY_DAY = 31
WEEKDAYS = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")

# Space kinds: each has a handler in spaces.py.
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
    kind: str
    name: str
    count: int = 0
    amount: int = 0


Board = tuple[Space, ...]
"""Index = day of the month, 0 (START) to 31 (Pay Day)."""


def weekday(day: int) -> str:
    return WEEKDAYS[day % 7]


def build_board(layout: dict[int, Space]) -> Board:
    """Turn a day -> space table into a full calendar, refusing gaps so a preset can't be half made."""
    missing = [d for d in range(1, PAYDAY_DAY + 1) if d not in layout]
    if missing:
        raise ValueError(f"board has no space on days {missing}")
    return (Space(START, "Start"), *(layout[d] for d in range(1, PAYDAY_DAY + 1)))


def _mail(n: int) -> Space:
    return Space(MAIL, f"Mail ×{n}", count=n)


_DEAL = Space(DEAL, "Deal")
_BUYER = Space(BUYER, "Found a Buyer")
_LOTTERY = Space(LOTTERY, "Lottery")

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
    8: Space(RADIO, "Radio Contest", amount=1000),
    9: _BUYER,
    17: _BUYER,
    23: _BUYER,
    26: _BUYER,
    29: _BUYER,
    10: Space(BIRTHDAY, "Happy Birthday", amount=100),
    21: Space(YARD_SALE, "Yard Sale", amount=100),
    30: Space(WALK, "Walk for Charity", amount=100),
    31: Space(PAYDAY, "Pay Day"),
}

MODERN_BOARD: Board = build_board(
    {
        **_SHARED,
        2: Space(SWEEPSTAKES, "Sweepstakes", amount=5000),
        7: Space(FEE, "Ski Weekend", amount=500),
        14: Space(FEE, "Charity Concert", amount=400),
        18: Space(FEE, "Food for the Month", amount=600),
        28: Space(FEE, "Shopping Spree", amount=500),
    }
)

FAMILY_BOARD: Board = build_board(
    {
        **_SHARED,
        2: Space(SWEEPSTAKES, "Sweepstakes", amount=1000),
        7: Space(FEE, "Fun Day", amount=200),
        14: Space(CASINO, "Family Casino Night", amount=500),
        18: Space(FEE, "Buy Groceries", amount=200),
        28: Space(CASINO, "Family Casino Night", amount=500),
    }
)

CLASSIC_BOARD: Board = build_board(
    {
        # A reconstruction: the 1975 rule texts name these spaces but no published list places them.
        1: _mail(1),
        2: _DEAL,
        3: _mail(2),
        4: Space(BUYER, "Buyer"),
        5: Space(POKER, "Poker Game", amount=100),
        6: Space(LOTTERY_DRAW, "Lottery Draw"),
        8: _mail(1),
        9: _DEAL,
        10: Space(BUYER, "Buyer"),
        11: _mail(3),
        12: Space(ELECTION, "Town Election", amount=50),
        13: Space(LOTTERY_DRAW, "Lottery Draw"),
        15: _mail(2),
        16: _DEAL,
        17: Space(BUYER, "Buyer"),
        18: Space(DAYLIGHT, "Daylight Savings"),  # a player on START collects a salary
        19: _mail(1),
        20: Space(LOTTERY_DRAW, "Lottery Draw"),
        22: _mail(2),
        23: Space(BUYER, "Buyer"),
        24: _DEAL,
        25: Space(POKER, "Poker Game", amount=100),
        26: _mail(3),
        27: Space(LOTTERY_DRAW, "Lottery Draw"),
        29: Space(BUYER, "Buyer"),
        30: _mail(1),
        31: Space(PAYDAY, "Pay Day"),
        **{sunday: Space(SUNDAY, "Sweet Sunday") for sunday in (7, 14, 21, 28)},
    }
)
