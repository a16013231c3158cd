"""A player's hand in numbers: what their next Pay Day will ask, what their Deals can still fetch,
what they may borrow or repay now. The hand panel (bot/render/language/hand.py) writes these facts in words.

Everything here is worked out from the saved state with the rules' own numbers, so the panel never
tells a player something the next Pay Day will not do. Mid-Pay Day (the player on day 31 and
answering its questions) only the steps still to run are counted: the repayment question is
exactly when a player needs to know the bills that follow it.
"""

from dataclasses import dataclass

from bot.game import calendar as b
from bot.game.ai import buyer_chances
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind, Tag
from bot.game.payday import charge_due, most_repayable
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind
from bot.game.steps import Step

_BUYER_CHANCE = {name: buyer_chances(rs.board) for name, rs in RULESETS.items()}


@dataclass(frozen=True, slots=True)
class Charge:
    """One Monster Charge the player owes: what carrying it and paying it off cost at Pay Day."""

    card: int
    """The card, -1 for a balance saved before issue 6 (it has no card)..."""
    index: int
    """... which is then its place in `Player.charges` (-1 for a card)."""
    balance: int
    interest: int
    """Carrying it: the interest alone, the balance stays owed."""
    pay_off: int
    """Paying it off: the interest plus the balance."""
    carried: bool
    """Carried past an earlier Pay Day (else drawn this month and held)."""


@dataclass(frozen=True, slots=True)
class Forecast:
    """The player's next Pay Day (or what is left of the one under way), in dollars."""

    salary: int
    savings_interest: int
    loan_interest: int
    bills: int
    charges: int
    """The least the Monster Charges cost: their interest, or paying them off at a last Pay Day."""
    under_way: bool
    """The player is at this Pay Day now: only the steps still to run are counted."""

    @property
    def net(self) -> int:
        """What the cash gains (or loses): salary less loan interest, bills and the least the
        charges cost. Savings interest goes into the savings, not the cash."""
        return self.salary - self.loan_interest - self.bills - self.charges

    @property
    def result(self) -> int:
        """The Pay Day's result as every screen shows it (`payday.result_share`): the cash's gain
        or loss and the savings interest, if the player carries what may be carried and takes no
        loan, repayment or banking into account (those are no gain and no loss)."""
        return self.net + self.savings_interest


@dataclass(frozen=True, slots=True)
class Hand:
    seat: int
    cash: int
    loan: int
    savings: int
    bills: tuple[int, ...]
    """The held bills due at the next Pay Day, by Mail card, dearest first."""
    bills_total: int
    charges: tuple[Charge, ...]
    last_pay_day: bool
    """The next Pay Day is the player's last: every Monster Charge is paid off there."""
    deals: tuple[int, ...]
    buyers_this_month: int
    """Buyer days still ahead of the token before Pay Day."""
    buyers_later: int
    """Buyer days in the months after this one."""
    buyer_chance: float
    """The chance of landing on a Buyer this month by movement rolls from where the token stands."""
    forecast: Forecast
    cash_after: int
    """The cash once the forecast Pay Day is over, before any loan (negative: it falls short)."""
    shortfall: int
    """What the forecast Pay Day costs beyond the cash (and, classic, the savings that cover a
    shortfall first): the Bank lends it, in whole loan steps, as each payment falls due."""
    tickets: tuple[int, ...]
    """Classic: Lottery Tickets held, cashed on a Lottery Draw this month, void at Pay Day."""
    draws_this_month: int
    """Classic: Lottery Draw days still ahead of the token this month."""
    insured: tuple[Tag, ...]
    retired: bool
    loan_room: int
    """What a voluntary loan may add now, in whole steps; 0 while savings remain (classic)."""
    repay_now: int
    """The largest repayment open right now (0 if none); `repay_at_pay_day` says when it opens."""
    repay_at_pay_day: bool
    """Repayments wait for the player's own Pay Day (modern, classic)."""
    loan_step: int


def hand(state: GameState, seat: int) -> Hand:
    """The facts of `seat`'s hand now."""
    ruleset = RULESETS[state.ruleset]
    rules, p, deck = state.rules, state.players[seat], ruleset.mail
    left = pay_day_steps_left(state, seat)
    held = state.held_mail(seat)
    last = not p.retired and state.in_last_month(seat)
    bills = tuple(
        sorted(
            (card for card in held if deck[card].kind == MailKind.BILL), key=lambda card: -deck[card].amount
        )
    )
    bills_total = sum(deck[card].amount for card in bills)
    charges = _charges(state, seat)
    due_charges = _charges_due(state, seat, left, charges)
    forecast = Forecast(
        salary=rules.salary if Step.PAY_SALARY in left and (rules.salary_in_final_month or not last) else 0,
        savings_interest=(
            p.savings * rules.savings_interest_pct // 100 if Step.PAY_INTEREST in left and not p.loan else 0
        ),
        loan_interest=p.loan * rules.loan_interest_pct // 100 if Step.PAY_INTEREST in left else 0,
        bills=bills_total if Step.PAY_BILLS in left else 0,
        charges=sum(ch.pay_off if last else ch.interest for ch in due_charges),
        under_way=p.day == b.PAYDAY_DAY and not p.retired and Step.SPACE not in left,
    )
    buyers = [day for day in range(1, b.PAYDAY_DAY) if ruleset.board[day].kind == SpaceKind.BUYER]
    playing = not p.retired
    months_after = state.months - p.months_done - 1 if playing else 0
    return Hand(
        seat=seat,
        cash=p.cash,
        loan=p.loan,
        savings=p.savings,
        bills=bills,
        bills_total=bills_total,
        charges=charges,
        last_pay_day=last,
        deals=tuple(p.deals),
        buyers_this_month=sum(day > p.day for day in buyers) if playing else 0,
        buyers_later=len(buyers) * max(months_after, 0),
        buyer_chance=_BUYER_CHANCE[state.ruleset][p.day] if playing and p.day < b.PAYDAY_DAY else 0.0,
        forecast=forecast,
        cash_after=p.cash + forecast.net,
        shortfall=max(-(p.cash + p.savings + forecast.net), 0),
        tickets=tuple(card for card in held if deck[card].kind == MailKind.TICKET),
        draws_this_month=sum(
            day > p.day and ruleset.board[day].kind == SpaceKind.LOTTERY_DRAW
            for day in range(1, b.PAYDAY_DAY)
        )
        if playing
        else 0,
        insured=tuple(p.insured),
        retired=p.retired,
        loan_room=0 if p.savings else max(rules.loan_cap - p.loan, 0) // rules.loan_step * rules.loan_step,
        repay_now=_repay_now(state, seat),
        repay_at_pay_day=not rules.repay_anytime,
        loan_step=rules.loan_step,
    )


def pay_day_steps_left(state: GameState, seat: int) -> frozenset[Step]:
    """The Pay Day steps still ahead of `seat`: all of them, the rest of a Pay Day under way, or
    none for a retired player."""
    p = state.players[seat]
    if p.retired:
        return frozenset()
    whole = frozenset(RULESETS[state.ruleset].payday)
    if p.day != b.PAYDAY_DAY or (Step.SPACE, seat, b.PAYDAY_DAY) in state.agenda:
        return whole | {Step.SPACE}
    return frozenset(kind for kind, who, _ in state.agenda if who == seat)


def _charges(state: GameState, seat: int) -> tuple[Charge, ...]:
    """Every Monster Charge `seat` owes: balances saved before issue 6, carried cards, held cards."""
    p, deck, pct = state.players[seat], RULESETS[state.ruleset].mail, state.rules.charge_interest_pct

    def charge(card: int, index: int, balance: int, carried: bool) -> Charge:
        return Charge(card, index, balance, balance * pct // 100, charge_due(state, balance), carried)

    return (
        *(charge(-1, i, balance, True) for i, balance in enumerate(p.charges) if balance),
        *(charge(card, -1, deck[card].amount, True) for card in p.carried),
        *(
            charge(card, -1, deck[card].amount, False)
            for card in state.held_mail(seat)
            if deck[card].kind == MailKind.MONSTER
        ),
    )


def _charges_due(
    state: GameState, seat: int, left: frozenset[Step], charges: tuple[Charge, ...]
) -> tuple[Charge, ...]:
    """The charges the Pay Day ahead still settles: all of them before its charges step; during it,
    the one being asked about and those still to be asked."""
    if Step.PAY_CHARGES in left:
        return charges
    pending = state.pending
    asked = {card for kind, who, card in state.agenda if who == seat and kind == Step.PAY_MONSTER}
    legacy = {i for kind, who, i in state.agenda if who == seat and kind == Step.PAY_CHARGE}
    if pending is not None and pending.kind == PendingKind.CHARGE and seat in pending.seats:
        (asked if pending.card >= 0 else legacy).add(pending.card if pending.card >= 0 else pending.index)
    return tuple(ch for ch in charges if (ch.card in asked if ch.card >= 0 else ch.index in legacy))


def _repay_now(state: GameState, seat: int) -> int:
    """The most `seat` may repay this minute: anything the cash and the loan allow where the rules
    repay at any time (family); at their own Pay Day, when it asks; otherwise nothing."""
    pending = state.pending
    asked = (
        pending is not None
        and seat in pending.seats
        and pending.kind in (PendingKind.REPAY, PendingKind.BANKING)
    )
    if state.over or not (state.rules.repay_anytime or asked):
        return 0
    return most_repayable(state, seat)
