"""Events: what happened, in order, as small records; `describe` turns one into plain words.

Text is produced on demand, not stored on the hot path, because the simulator makes millions.
"""

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from bot.game.rulesets import Ruleset

# Ledger accounts that are not players (players are their seat number, 0-5).
BANK = -1
JACKPOT = -2
POT = -3

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

# Ledger reasons with a fixed meaning (others are space or card names).
LOAN = "loan"
AUTO_LOAN = "loan to cover a payment"
REPAYMENT = "loan repayment"
INTEREST = "loan interest"
SALARY = "salary"
LOAN_REASONS = frozenset({LOAN, AUTO_LOAN, REPAYMENT, INTEREST})


@dataclass(slots=True)
class Event:
    kind: str
    seat: int = -1
    amount: int = 0
    value: int = 0
    """Die face, day, card index, lottery number or loan balance after, depending on `kind`."""
    src: int = 0
    dst: int = 0
    reason: str = ""
    month: int = 0
    day: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_record(cls, record: dict) -> "Event":
        """An event back from the stored log (which may carry extra keys, such as its text)."""
        return cls(**{name: record[name] for name in cls.__dataclass_fields__ if name in record})


def money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def account_name(account: int, names: Sequence[str]) -> str:
    return {BANK: "the Bank", JACKPOT: "the Jackpot", POT: "the Lottery pot"}.get(account) or names[account]


def describe(event: Event, names: Sequence[str], ruleset: Ruleset) -> str:
    """One plain-English line, e.g. "Ann rolled a 6" or "Bob paid $400 to the Jackpot (Charity Concert)"."""
    e = event
    who = names[e.seat] if e.seat >= 0 else ""
    if e.kind == TRANSFER:
        return _describe_transfer(e, names)
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
        return f"{who} sat out the Lottery"
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


def _describe_transfer(e: Event, names: Sequence[str]) -> str:
    amount = money(e.amount)
    if e.reason in (LOAN, AUTO_LOAN):
        why = " to cover a payment" if e.reason == AUTO_LOAN else ""
        return f"{names[e.dst]} took a loan of {amount}{why} (loan now {money(e.value)})"
    if e.reason == REPAYMENT:
        return f"{names[e.src]} repaid {amount} of their loan (loan now {money(e.value)})"
    src, dst = account_name(e.src, names), account_name(e.dst, names)
    if e.src in (BANK, JACKPOT, POT):
        return f"{dst} collected {amount} from {src} ({e.reason})"
    return f"{src} paid {amount} to {dst} ({e.reason})"
