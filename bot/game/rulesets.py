"""Rulesets are data: a board, two decks and a bag of options. The engine reads only these.

`Rules` is copied into every game so a table's house rules travel with its saved state; the board
and the decks are looked up by preset name, since they never change mid-game.
"""

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Annotated

from pydantic import BeforeValidator, ConfigDict, Field, PlainSerializer
from pydantic.fields import FieldInfo

from bot.game import calendar, cards
from bot.game.steps import Step


class RadioMode(StrEnum):
    FIRST_TO_ROLL = "first_to_roll"
    """Modern: one player at a time from the lander; the first to roll the number wins."""
    HIGHEST = "highest"
    """Family: everyone rolls; the highest roll wins, ties roll again."""


class JackpotSix(StrEnum):
    """Which 6 takes the Jackpot (docs/RULES.md §2.3, §7)."""

    MOVEMENT = "movement"
    """Every edition: a movement roll of 6."""
    ANY = "any"
    """A house rule: any 6 a player rolls for themselves (not the Lottery draw, rolled for the table)."""
    NONE = "none"
    """A house rule: no roll wins it; the Jackpot only grows."""


def _saved_six(value: object) -> object:
    """Saved as a bool before the third choice existed: True a movement 6, False none."""
    if isinstance(value, bool):
        return JackpotSix.MOVEMENT if value else JackpotSix.NONE
    return value


def _six_as_saved(value: JackpotSix) -> bool | str:
    """The two choices older versions knew are written as they wrote them, so a game without house
    rules saves exactly as before (and an older bot still reads it)."""
    if value is JackpotSix.ANY:
        return value.value
    return value is JackpotSix.MOVEMENT


RADIO_PRIZE = 1000
"""The Radio Contest's prize in the modern and family editions (classic has no Radio Contest)."""


def _unless(default: object) -> FieldInfo:
    """A field saved only when a house rule changed it, so games without one save as before."""
    return Field(exclude_if=lambda value: value == default)


# Pay Day steps (payday.py runs each); a ruleset lists them in its own order.
MODERN_PAYDAY = (
    Step.PAY_SALARY,
    Step.PAY_INTEREST,
    Step.PAY_REPAY,
    Step.PAY_BILLS,
    Step.PAY_CHARGES,
    Step.PAY_MONTH_END,
)
CLASSIC_PAYDAY = (
    Step.PAY_SALARY,
    Step.PAY_INTEREST,
    Step.PAY_BILLS,
    Step.PAY_BANKING,
    Step.PAY_TICKETS,
    Step.PAY_MONTH_END,
)


@dataclass(slots=True)
class Rules:
    """Numbers and switches a table could house-rule (bot/game/house.py says which and how far).
    Defaults are the modern preset."""

    __pydantic_config__ = ConfigDict(serialize_by_alias=True, validate_by_name=True, validate_by_alias=True)

    start_cash: int = 3500
    salary: int = 3500
    min_players: int = 2
    max_players: int = 6
    loan_step: int = 1000
    loan_interest_pct: int = 10
    loan_cap: int = 1_000_000
    """Voluntary loans only. Modern: not in the printed rules, a sanity limit so a typo can't borrow a
    billion. Classic: the 1975 limit. A loan that covers a forced payment may go past it."""
    repay_anytime: bool = False
    charge_interest_pct: int = 10
    jackpot_six: Annotated[
        JackpotSix,
        BeforeValidator(_saved_six),
        PlainSerializer(_six_as_saved),
        Field(alias="jackpot_on_six"),
    ] = JackpotSix.MOVEMENT
    """Saved under its old name, `jackpot_on_six`, with its old values for the old choices."""
    jackpot_seed: Annotated[int, _unless(0)] = 0
    """Paid by the Bank into the Jackpot at the start (a house rule)."""
    lottery_bank: int = 1000
    lottery_ante: int = 100
    radio_prize: Annotated[int, _unless(RADIO_PRIZE)] = RADIO_PRIZE
    """Paid by the Bank to the Radio Contest's winner."""
    radio_mode: RadioMode = RadioMode.FIRST_TO_ROLL
    radio_number: int = 3
    sweepstakes_roll: bool = False
    """False: the space pays its amount. True: it pays its amount times a die roll."""
    yard_sale_draws: bool = False
    """False: take the reserve card set aside at setup. True: draw the top Deal."""
    yard_sale_roll: bool = False
    """False: price is $100 times the movement roll. True: roll again for the price."""
    salary_in_final_month: bool = True
    """False (classic): the Pay Day of a player's last month pays no salary."""
    savings: bool = False
    """True (classic): savings accounts, which cover a shortfall before any loan does."""
    savings_step: int = 100
    savings_interest_pct: int = 10
    withdraw_fee: int = 50
    """Paid to the Bank for a withdrawal anywhere but at the player's own Pay Day."""
    deals_to_bottom: bool = False
    """True (classic): a declined or sold Deal goes to the bottom of the Deal pile, not the discards."""
    jackpot_needs_election: bool = False
    """True (classic): only the first movement 6 after a Town Election wins the Pot; money lost
    before any election (Swellfare bets) waits there for the next one (docs/RULES.md §4.7)."""
    read_mail_discarded: bool = False
    """True (classic): postcards and junk mail are discarded as soon as they are read, not at Pay Day."""
    swellfare_max: int = 100
    swellfare_step: int = 5
    """Classic Swellfare: any bet from $0 to `swellfare_max` in steps of the smallest note."""
    swellfare_win: int = 5
    """A Swellfare roll of this or more wins..."""
    swellfare_odds: int = 10
    """... this many times the bet, from the Bank (docs/RULES.md §4.6)."""


def game_rules(rules: Rules) -> Rules:
    """A game's own copy of `rules`, so a table's house rules never change the preset they came from."""
    return replace(rules)


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    title: str
    board: calendar.Board
    mail: tuple[cards.MailCard, ...]
    deals: tuple[cards.DealCard, ...]
    rules: Rules = field(default_factory=Rules)
    payday: tuple[Step, ...] = MODERN_PAYDAY
    """The Pay Day steps, in order."""
    pot_name: str = "the Lottery pot"
    """What the table calls the POT account in the ledger."""
    jackpot_name: str = "the Jackpot"
    """What the table calls the JACKPOT account in the ledger and on the calendar."""
    reconstructed: bool = False
    """The board and the cards are our reconstruction (no published list exists): say so."""


MODERN = Ruleset(
    name="modern",
    title="Modern edition",
    board=calendar.MODERN_BOARD,
    mail=cards.MODERN_MAIL,
    deals=cards.MODERN_DEALS,
)

FAMILY = Ruleset(
    name="family",
    title="Family variant",
    board=calendar.FAMILY_BOARD,
    mail=cards.FAMILY_MAIL,
    deals=cards.FAMILY_DEALS,
    rules=Rules(
        max_players=4,
        repay_anytime=True,
        radio_mode=RadioMode.HIGHEST,
        sweepstakes_roll=True,
        yard_sale_draws=True,
        yard_sale_roll=True,
    ),
)

CLASSIC = Ruleset(
    name="classic",
    title="Classic 1975 (reconstructed)",
    board=calendar.CLASSIC_BOARD,
    mail=cards.CLASSIC_MAIL,
    deals=cards.CLASSIC_DEALS,
    rules=Rules(
        start_cash=325,
        salary=325,
        loan_step=100,
        loan_interest_pct=20,
        loan_cap=6900,
        max_players=4,
        salary_in_final_month=False,
        savings=True,
        deals_to_bottom=True,
        jackpot_needs_election=True,
        read_mail_discarded=True,
    ),
    payday=CLASSIC_PAYDAY,
    pot_name="the poker pot",
    jackpot_name="the Pot",
    reconstructed=True,
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (MODERN, FAMILY, CLASSIC)}
DEFAULT_RULESET = MODERN.name
