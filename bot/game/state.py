"""The whole saved game: plain dataclasses, validated and serialised by pydantic.

The rules change these objects in place, as ordinary Python; pydantic's TypeAdapter validates every
field when a saved game is loaded and writes the JSON the store keeps.
"""

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, NamedTuple

from pydantic import BeforeValidator, TypeAdapter

from bot.game.cards import Tag
from bot.game.rulesets import RULESETS, Rules
from bot.game.steps import Step


class PendingKind(StrEnum):
    """The question the game is waiting on."""

    ROLL = "roll"  # movement roll of the player whose turn it is
    DEAL = "deal"  # buy or decline the Deal just drawn
    SELL = "sell"  # which Deal to sell at a Buyer, or keep them all
    TARGET = "target"  # which player to pay (Pay a Neighbor) or collect from (Mad Money)
    MOVE = "move"  # Move Ahead: next Deal or next Buyer
    REPAY = "repay"  # Pay Day: repay how much of the loan
    CHARGE = "charge"  # Pay Day: Monster Charge pay-all or carry
    LOTTERY = "lottery"  # everyone: take a free number or sit out
    RADIO = "radio"  # one player at a time, from the lander: roll
    WALK = "walk"  # every other player: roll and pay
    ROLL_OFF = "roll_off"  # everyone named rolls; highest wins, ties roll again
    BANKING = "banking"  # classic Pay Day: repay, deposit or withdraw, asked again until done
    SWELLFARE = "swellfare"  # classic Mail: bet $0-$100 on a roll of 5 or 6
    INSURANCE = "insurance"  # classic Mail: buy the policy or decline it
    POKER = "poker"  # classic: everyone puts $100 in or sits out


INTERRUPTS = frozenset(
    {PendingKind.LOTTERY, PendingKind.RADIO, PendingKind.WALK, PendingKind.ROLL_OFF, PendingKind.POKER}
)
"""Questions put to players other than the one whose turn it is: they get the shorter time limit."""


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    cash: int = 0
    loan: int = 0
    mail: list[int] = field(default_factory=list)
    """Every Mail card held until Pay Day, by card index: bills, Monster Charges, ads, junk mail and
    postcards, and (classic) Lottery Tickets, which are void at Pay Day."""
    carried: list[int] = field(default_factory=list)
    """Monster Charge cards carried past a Pay Day, by card index: each stays with its holder, in
    no pile, until its balance (the card's amount) is paid (docs/RULES.md §2.9)."""
    charges: list[int] = field(default_factory=list)
    """Monster Charge balances carried in a game saved before carried cards stayed with their
    holder (their cards went to the discards); settled at Pay Day like `carried` (§6.4)."""
    deals: list[int] = field(default_factory=list)
    day: int = 0
    months_done: int = 0
    retired: bool = False
    savings: int = 0
    """Classic: the savings account (a ledger account of its own, see events.savings_account)."""
    insured: list[Tag] = field(default_factory=list)
    """Classic: the tags (car, health) of the insurance policies bought, good for the whole game."""


@dataclass(slots=True)
class Pending:
    """Who must answer what. `seats` shrinks as answers arrive; the prompt number does not change
    until the question is fully answered, so simultaneous answers are all accepted.

    The defaults are also what a saved game lacking a field loads with."""

    kind: PendingKind
    seats: list[int]
    done: list[int] = field(default_factory=list)
    """Seats that already answered this prompt (a second click is "already done")."""
    lander: int = -1
    """The player whose landing raised the question."""
    card: int = -1
    """DEAL: the Deal card; TARGET, SWELLFARE, INSURANCE: the Mail card being resolved; CHARGE: the
    Monster Charge card (in the player's `carried`); ROLL_OFF: the Deal whose commission is rolled
    for (-1 for other roll-offs)."""
    amount: int = 0
    """CHARGE: the balance; WALK/LOTTERY/POKER: the per-player amount; ROLL_OFF: the prize."""
    index: int = -1
    """CHARGE about a balance saved before issue 6 (`card` is then -1): its place in `charges`."""
    order: list[int] = field(default_factory=list)
    """RADIO: seats still to roll after the current one."""
    picks: dict[int, int] = field(default_factory=dict)
    """LOTTERY: number -> seat, numbers granted (ante paid); ROLL_OFF: seat -> roll."""
    wants: dict[int, int] = field(default_factory=dict)
    """LOTTERY: seat -> the number it asked for, granted once every player before it in turn
    order (from the lander) has answered (docs/RULES.md §2.4)."""
    reason: str = ""
    """BANKING: `payday.Banked`, once the player has deposited or withdrawn this Pay Day (the other
    way is then closed until next Pay Day). (A ROLL_OFF saved before issue 8 holds what it was for,
    in English; a roll-off is now for the Deal in `card`, or else the space its lander is on.)"""
    payer: int = -1
    """ROLL_OFF: the account that pays the winner (the Bank, or the pot for the Poker Game)."""


class Task(NamedTuple):
    """One step of rules still to run, so a turn interrupted by a question resumes after a restart.
    Saved as the triple [kind, seat, arg]."""

    kind: Step
    seat: int
    arg: int = 0
    """What the step is about (a day, a card); 0 if nothing."""


def _saved_task(value: object) -> object:
    """A task saved before issue 8 was an object, {"kind": ..., "seat": ..., "arg": ...}."""
    if isinstance(value, dict):
        return (value["kind"], value["seat"], value.get("arg", 0))
    return value


@dataclass(slots=True)
class GameState:
    ruleset: str
    rules: Rules
    months: int
    players: list[Player]
    rng: int
    mail_deck: list[int] = field(default_factory=list)
    """Top of the pile is the end of the list."""
    mail_discard: list[int] = field(default_factory=list)
    deal_deck: list[int] = field(default_factory=list)
    deal_discard: list[int] = field(default_factory=list)
    yard_sale: int | None = None
    jackpot: int = 0
    pot: int = 0
    election_held: bool = False
    """Classic: a Town Election has been held since the Pot was last won, so the next movement 6
    wins it (`Rules.jackpot_needs_election`)."""
    turn: int = 0
    last_roll: int = 0
    prompt: int = 0
    pending: Pending | None = None
    agenda: list[Annotated[Task, BeforeValidator(_saved_task)]] = field(default_factory=list)
    """Rules still to run, as a stack: the last task runs first."""
    script: list[int] = field(default_factory=list)
    """Die faces to use before the RNG: replays and tests force outcomes with it."""
    bank_paid: int = 0
    bank_received: int = 0
    actions: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)

    @property
    def asked(self) -> Pending:
        """The question the game waits on, for the rules that only run while one is open."""
        if self.pending is None:
            raise RuntimeError("the game is not waiting on a question")
        return self.pending

    @property
    def current(self) -> Player:
        return self.players[self.turn]

    def others(self, seat: int) -> list[int]:
        """Every other player in turn order starting after `seat`, retired players included."""
        return [*range(seat + 1, len(self.players)), *range(seat)]

    def in_last_month(self, seat: int) -> bool:
        """Whether `seat` is playing its last month, so its next Pay Day is its final one."""
        return self.players[seat].months_done + 1 >= self.months

    def carried_balances(self, seat: int) -> list[int]:
        """What `seat` owes on Monster Charges carried past a Pay Day, one balance per charge."""
        p = self.players[seat]
        mail = RULESETS[self.ruleset].mail
        return [*p.charges, *(mail[card].amount for card in p.carried)]

    def held_mail(self, seat: int) -> list[int]:
        """Every Mail card `seat` holds: those kept until Pay Day, then those drawn and not opened
        yet (a Mail ×3 whose first card asked a question keeps the others on the agenda until it
        is answered), bar a bill the player's insurance will cancel."""
        p, deck = self.players[seat], RULESETS[self.ruleset].mail
        unopened = [card for kind, who, card in self.agenda if kind == Step.MAIL and who == seat]
        return [*p.mail, *(card for card in unopened if deck[card].tag not in p.insured)]

    def net_worth(self, seat: int) -> int:
        """Cash + savings - loan - carried Monster Charges (none are left after a last Pay Day)."""
        p = self.players[seat]
        owed = sum(self.carried_balances(seat)) if p.carried or p.charges else 0
        return p.cash + p.savings - p.loan - owed

    def money_in_play(self) -> int:
        """Everything outside the Bank: cash, savings, the Jackpot and the pot."""
        return sum(p.cash + p.savings for p in self.players) + self.jackpot + self.pot

    def money_balances(self) -> bool:
        """Every dollar in play came from the Bank through the ledger, start cash included, so the
        money in play is what the Bank paid out less what it took back."""
        return self.money_in_play() == self.bank_paid - self.bank_received


_ADAPTER = TypeAdapter(GameState)


def to_json(state: GameState) -> str:
    return _ADAPTER.dump_json(state).decode()


def from_json(text: str | bytes) -> GameState:
    return _ADAPTER.validate_json(text)
