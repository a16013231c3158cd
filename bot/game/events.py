"""Events: what happened, in order, as small records; `describe` turns one into plain words.

Text is produced on demand, not stored on the hot path, because the simulator makes millions.
"""

from collections.abc import Sequence
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

# Ledger reasons with a fixed meaning (others are space or card names).
LOAN = "loan"
AUTO_LOAN = "loan to cover a payment"
REPAYMENT = "loan repayment"
INTEREST = "loan interest"
SALARY = "salary"
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


def account_name(account: int, names: Sequence[str], pot: str = "the Lottery pot") -> str:
    """`pot`: what the ruleset calls the POT account (the Lottery pot, or classic's poker pot)."""
    if account <= SAVINGS_BASE:
        return f"{names[savings_owner(account)]}'s savings"
    return {BANK: "the Bank", JACKPOT: "the Jackpot", POT: pot}.get(account) or names[account]


def describe(event: Event, names: Sequence[str], ruleset: Ruleset) -> str:
    """One plain-English line, e.g. "Ann rolled a 6" or "Bob paid $400 to the Jackpot (Charity Concert)"."""
    e = event
    who = names[e.seat] if e.seat >= 0 else ""
    if e.kind == TRANSFER:
        return _describe_transfer(e, names, ruleset.pot_name)
    if e.kind == ROLLED:
        return f"{who} rolled a {e.value}" + (f" ({e.reason})" if e.reason else "")
    if e.kind == MOVED:
        return f"{who} moved to day {e.value}: {e.reason}"
    if e.kind == DREW_MAIL:
        return f"{who} drew Mail — {ruleset.mail[e.value].label}"
    if e.kind == DREW_DEAL:
        return f"{who} drew a Deal — {ruleset.deals[e.value].label}"
    if e.kind in (BOUGHT, DECLINED, SOLD, KEPT):
        verb = {BOUGHT: "bought", DECLINED: "declined", SOLD: "sold", KEPT: "kept"}[e.kind]
        if e.kind == KEPT:
            return f"{who} kept their Deals"
        return f"{who} {verb} {ruleset.deals[e.value].name}"
    if e.kind == ANTED:
        return f"{who} anted {money(e.amount)} on number {e.value}"
    if e.kind == SAT_OUT:
        return f"{who} sat out {e.reason or 'the Lottery'}"
    if e.kind == PUT_IN:
        return f"{who} put {money(e.amount)} into the Poker Game"
    if e.kind == BET:
        return f"{who} bet {money(e.amount)} on Swellfare" if e.amount else f"{who} bet nothing on Swellfare"
    if e.kind == INSURED:
        card = ruleset.mail[e.value]
        return f"{who} bought {card.name}: every {card.tag} bill is cancelled for the rest of the game"
    if e.kind == CANCELLED:
        return f"{who}'s insurance cancelled {ruleset.mail[e.value].label}"
    if e.kind == VOIDED:
        return f"{who}'s unused {ruleset.mail[e.value].label} is void"
    if e.kind == RESHUFFLED:
        return f"The {e.reason} discards were shuffled into a new draw pile"
    if e.kind == TIMED_OUT:
        return f"{who} ran out of time: the bot chose for them"
    if e.kind == CARRIED:
        return f"{who} carried a {money(e.amount)} Monster Charge balance to next month"
    if e.kind == NEW_MONTH:
        return f"{who} went back to START for month {e.value}"
    if e.kind == RETIRED:
        return f"{who} retired with a net worth of {money(e.amount)}"
    if e.kind == GAME_OVER:
        verb = "wins" if e.value == 1 else "share the win"
        return f"Game over: {e.reason} {verb} with a net worth of {money(e.amount)}"
    return f"{who}: {e.reason}" if who else e.reason


def _describe_transfer(e: Event, names: Sequence[str], pot: str) -> str:
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
    src, dst = account_name(e.src, names, pot), account_name(e.dst, names, pot)
    if e.src in (BANK, JACKPOT, POT):
        return f"{dst} collected {amount} from {src} ({e.reason})"
    return f"{src} paid {amount} to {dst} ({e.reason})"
