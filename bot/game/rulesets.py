"""Rulesets are data: a board, two decks and a bag of options. The engine reads only these.

`Rules` is copied into every game so a table's house rules travel with its saved state; the board
and the decks are looked up by preset name, since they never change mid-game.
"""

from dataclasses import dataclass, field

from bot.game import board, cards

RADIO_FIRST_TO_ROLL = "first_to_roll"
RADIO_HIGHEST = "highest"


@dataclass(slots=True)
class Rules:
    """Numbers and switches a table could house-rule. Defaults are the modern preset."""

    start_cash: int = 3500
    salary: int = 3500
    min_players: int = 2
    max_players: int = 6
    loan_step: int = 1000
    loan_interest_pct: int = 10
    loan_cap: int = 1_000_000
    """Not in the printed rules; a sanity limit so a typo can't borrow a billion."""
    repay_anytime: bool = False
    charge_interest_pct: int = 10
    jackpot_on_six: bool = True
    lottery_bank: int = 1000
    lottery_ante: int = 100
    radio_mode: str = RADIO_FIRST_TO_ROLL
    radio_number: int = 3
    sweepstakes_roll: bool = False
    """False: the space pays its amount. True: it pays its amount times a die roll."""
    yard_sale_draws: bool = False
    """False: take the reserve card set aside at setup. True: draw the top Deal."""
    yard_sale_roll: bool = False
    """False: price is $100 times the movement roll. True: roll again for the price."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    board: board.Board
    mail: tuple[cards.MailCard, ...]
    deals: tuple[cards.DealCard, ...]
    rules: Rules = field(default_factory=Rules)


MODERN = Ruleset(
    name="modern",
    title="Modern edition",
    board=board.MODERN_BOARD,
    mail=cards.MODERN_MAIL,
    deals=cards.MODERN_DEALS,
)

FAMILY = Ruleset(
    name="family",
    title="Family variant",
    board=board.FAMILY_BOARD,
    mail=cards.FAMILY_MAIL,
    deals=cards.FAMILY_DEALS,
    rules=Rules(
        max_players=4,
        repay_anytime=True,
        radio_mode=RADIO_HIGHEST,
        sweepstakes_roll=True,
        yard_sale_draws=True,
        yard_sale_roll=True,
    ),
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (MODERN, FAMILY)}
DEFAULT_RULESET = MODERN.name
