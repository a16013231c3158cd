"""Events: what happened, in order, as small records; `describe` turns one into plain words.

Text is produced on demand, not stored on the hot path, because the simulator makes millions.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from bot.game.rulesets import Ruleset

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


ROLLED = "rolled"
MOVED = "moved"
TRANSFER = "transfer"
DREW_MAIL = "drew_mail"
DREW_DEAL = "drew_deal"
BOUGHT = "bought"
DECLINED = "declined"
SOLD = "sold"
KEPT = "kept"
ANTED = "anted"
SAT_OUT = "sat_out"
RESHUFFLED = "reshuffled"
TIMED_OUT = "timed_out"
CARRIED = "carried"
NEW_MONTH = "new_month"
RETIRED = "retired"
GAME_OVER = "game_over"
NOTHING = "nothing"
INSURED = "insured"
CANCELLED = "cancelled"
VOIDED = "voided"
PUT_IN = "put_in"
BET = "bet"
PICK_AGAIN = "pick_again"
"""Lottery: a player earlier in turn order took the number (`value`) this player asked for."""
NO_NEIGHBOUR = "no_neighbour"
"""Mad Money or Pay a Neighbor (`value`: the card) with every other player retired: it does nothing."""
DISCARDED = "discarded"
"""A retiring player's unsold Deal (`value`), discarded because Deals are worth nothing at the end."""

# Ledger reasons with a fixed meaning (others are space or card names).
LOAN = "loan"
AUTO_LOAN = "loan to cover a payment"
REPAYMENT = "loan repayment"
INTEREST = "loan interest"
SALARY = "salary"
START_CASH = "start cash"
LOAN_REASONS = frozenset({LOAN, AUTO_LOAN, REPAYMENT, INTEREST})
DEPOSIT = "savings deposit"
WITHDRAWAL = "savings withdrawal"
SAVINGS_COVER = "savings to cover a payment"
SAVINGS_INTEREST = "savings interest"
WITHDRAW_FEE = "savings withdrawal fee"
SAVINGS_REASONS = frozenset({DEPOSIT, WITHDRAWAL, SAVINGS_COVER, SAVINGS_INTEREST, WITHDRAW_FEE})


@dataclass(slots=True)
class Event:
    kind: str
    seat: int = -1
    amount: int = 0
    value: int = 0
    """Die face, day, card index, lottery number, or loan or savings balance after, depending on `kind`."""
    src: int = 0
    dst: int = 0
    reason: str = ""
    month: int = 0
    day: int = 0

    def to_dict(self) -> dict:
        # Every field is a scalar, so a flat copy is exact; dataclasses.asdict deep-copies, 5x slower.
        return {name: getattr(self, name) for name in _FIELDS}

    @classmethod
    def from_record(cls, record: dict) -> "Event":
        """An event back from the stored log (which may carry extra keys, such as its text)."""
        return cls(**{name: record[name] for name in cls.__dataclass_fields__ if name in record})


_FIELDS = tuple(f.name for f in fields(Event))


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def account_name(
    account: int, names: Sequence[str], pot: str = "the Lottery pot", jackpot: str = "the Jackpot"
) -> str:
    """`pot` and `jackpot`: what the ruleset calls the POT and JACKPOT accounts (`Ruleset.pot_name`
    and `Ruleset.jackpot_name`: classic has a poker pot, and calls its Jackpot the Pot)."""
    if account <= SAVINGS_BASE:
        return f"{names[savings_owner(account)]}'s savings"
    return {BANK: "the Bank", JACKPOT: jackpot, POT: pot}.get(account) or names[account]


def describe(event: Event, names: Sequence[str], ruleset: Ruleset) -> str:
    """One plain-English line, e.g. "Ann rolled a 6" or "Bob paid $400 to the Jackpot (Charity Concert)"."""
    if event.kind == TRANSFER:
        return _describe_transfer(event, names, ruleset.pot_name, ruleset.jackpot_name)
    who = names[event.seat] if event.seat >= 0 else ""
    text = _TEXTS.get(event.kind)
    if text is not None:
        return text(event, who, ruleset)
    return f"{who}: {event.reason}" if who else event.reason


def _deal_verb(verb: str) -> Callable[[Event, str, Ruleset], str]:
    return lambda e, who, rs: f"{who} {verb} {rs.deals[e.value].name}"


def _rolled(e: Event, who: str, rs: Ruleset) -> str:
    return f"{who} rolled a {e.value}" + (f" ({e.reason})" if e.reason else "")


def _bet(e: Event, who: str, rs: Ruleset) -> str:
    return f"{who} bet {money(e.amount)} on Swellfare" if e.amount else f"{who} bet nothing on Swellfare"


def _insured(e: Event, who: str, rs: Ruleset) -> str:
    card = rs.mail[e.value]
    return f"{who} bought {card.name}: every {card.tag} bill is cancelled for the rest of the game"


def _game_over(e: Event, who: str, rs: Ruleset) -> str:
    verb = "wins" if e.value == 1 else "share the win"
    return f"Game over: {e.reason} {verb} with a net worth of {money(e.amount)}"


_TEXTS: dict[str, Callable[[Event, str, Ruleset], str]] = {
    ROLLED: _rolled,
    MOVED: lambda e, who, rs: f"{who} moved to day {e.value}: {e.reason}",
    DREW_MAIL: lambda e, who, rs: f"{who} drew Mail — {rs.mail[e.value].label}",
    DREW_DEAL: lambda e, who, rs: f"{who} drew a Deal — {rs.deals[e.value].label}",
    BOUGHT: _deal_verb("bought"),
    DECLINED: _deal_verb("declined"),
    SOLD: _deal_verb("sold"),
    KEPT: lambda e, who, rs: f"{who} kept their Deals",
    ANTED: lambda e, who, rs: f"{who} anted {money(e.amount)} on number {e.value}",
    PICK_AGAIN: lambda e, who, rs: (
        f"Number {e.value} went to a player before {who} in turn order: {who} picks again"
    ),
    SAT_OUT: lambda e, who, rs: f"{who} sat out {e.reason or 'the Lottery'}",
    PUT_IN: lambda e, who, rs: f"{who} put {money(e.amount)} into the Poker Game",
    BET: _bet,
    INSURED: _insured,
    CANCELLED: lambda e, who, rs: f"{who}'s insurance cancelled {rs.mail[e.value].label}",
    VOIDED: lambda e, who, rs: f"{who}'s unused {rs.mail[e.value].label} is void",
    RESHUFFLED: lambda e, who, rs: f"The {e.reason} discards were shuffled into a new draw pile",
    TIMED_OUT: lambda e, who, rs: f"{who} ran out of time: the bot chose for them",
    CARRIED: lambda e, who, rs: f"{who} carried a {money(e.amount)} Monster Charge balance to next month",
    NEW_MONTH: lambda e, who, rs: f"{who} went back to START for month {e.value}",
    DISCARDED: lambda e, who, rs: (
        f"{who}'s unsold {rs.deals[e.value].name} is discarded: a Deal is worth nothing at the end"
    ),
    NO_NEIGHBOUR: lambda e, who, rs: (
        f"{who}'s {rs.mail[e.value].label} does nothing: every other player has retired"
    ),
    RETIRED: lambda e, who, rs: f"{who} retired with a net worth of {money(e.amount)}",
    GAME_OVER: _game_over,
}
"""Plain-English text for each event kind, given the event, the player's name and the ruleset."""


def _describe_transfer(e: Event, names: Sequence[str], pot: str, jackpot: str) -> str:
    amount = money(e.amount)
    if e.reason in (LOAN, AUTO_LOAN):
        why = " to cover a payment" if e.reason == AUTO_LOAN else ""
        return f"{names[e.dst]} took a loan of {amount}{why} (loan now {money(e.value)})"
    if e.reason == REPAYMENT:
        return f"{names[e.src]} repaid {amount} of their loan (loan now {money(e.value)})"
    if e.reason == DEPOSIT:
        return f"{names[e.src]} deposited {amount} in savings (savings now {money(e.value)})"
    if e.reason in (WITHDRAWAL, SAVINGS_COVER):
        why = " to cover a payment" if e.reason == SAVINGS_COVER else ""
        return f"{names[e.dst]} withdrew {amount} from savings{why} (savings now {money(e.value)})"
    if e.reason == SAVINGS_INTEREST:
        who = names[savings_owner(e.dst)]
        return f"{who}'s savings earned {amount} interest from the Bank (savings now {money(e.value)})"
    src, dst = account_name(e.src, names, pot, jackpot), account_name(e.dst, names, pot, jackpot)
    if e.src in (BANK, JACKPOT, POT):
        return f"{dst} collected {amount} from {src} ({e.reason})"
    return f"{src} paid {amount} to {dst} ({e.reason})"
