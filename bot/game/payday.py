"""Pay Day: the steps a ruleset lists (`Ruleset.payday`), in its order.

Modern: salary, loan interest, optional repayment, bills and Monster Charges (shortfalls become
loans; a Monster Charge costs its interest either way, and at the last Pay Day it is paid off
without asking), then back to START or retirement. Classic: salary (none in the last month), savings or loan
interest, bills, banking in $100 steps until the player is done, void Lottery Tickets, then START
or retirement.
"""

from collections.abc import Iterable
from enum import StrEnum

from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.bank import charge_interest, cover, deposit, pay, repay, savings_interest, transfer, withdraw
from bot.game.cards import MailKind
from bot.game.context import Game, Options, Question
from bot.game.events import EventKind, Reason
from bot.game.state import GameState, Pending, PendingKind, Task
from bot.game.steps import Step


class Banked(StrEnum):
    """Which way savings went at this Pay Day's banking (`Pending.reason`); NONE: neither yet."""

    NONE = ""
    DEPOSITED = "deposit"
    WITHDREW = "withdraw"


def start_payday(g: Game, seat: int, day: int) -> None:
    g.then([Task(step, seat) for step in g.ruleset.payday])


def salary(g: Game, seat: int, arg: int) -> None:
    st = g.state
    if not g.rules.salary_in_final_month and st.in_last_month(seat):
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_FINAL_SALARY)
        return
    transfer(g, ev.BANK, seat, g.rules.salary, Reason.SALARY)


def interest(g: Game, seat: int, arg: int) -> None:
    player = g.state.players[seat]
    if player.loan:
        charge_interest(g, seat, player.loan, g.rules.loan_interest_pct, Reason.INTEREST)
    elif player.savings:
        savings_interest(g, seat)


def offer_repay(g: Game, seat: int, arg: int) -> None:
    if most_repayable(g.state, seat) > 0:
        g.ask(Pending(PendingKind.REPAY, [seat], lander=seat))


def pay_bills(g: Game, seat: int, arg: int) -> None:
    """Pay every held bill (one loan covers the total); Monster Charge cards join the player's
    carried ones, still in their hand (docs/RULES.md §2.9). Everything else held is discarded,
    except Lottery Tickets (void at their own step)."""
    st = g.state
    player = st.players[seat]
    mail = g.ruleset.mail
    bills = 0
    for card in player.mail:
        info = mail[card]
        if info.kind == MailKind.BILL:
            bills += info.amount
    cover(g, seat, bills)
    tickets = []
    for card in player.mail:
        info = mail[card]
        if info.kind == MailKind.BILL:
            pay(g, seat, ev.BANK, info.amount, Reason.BILL, card)
            st.mail_discard.append(card)
        elif info.kind == MailKind.MONSTER:
            player.carried.append(card)
        elif info.kind == MailKind.TICKET:
            tickets.append(card)
        else:
            st.mail_discard.append(card)
    player.mail[:] = tickets


def charges(g: Game, seat: int, arg: int) -> None:
    """One step per Monster Charge: balances saved before issue 6 first, then the cards."""
    player = g.state.players[seat]
    g.then(
        [
            *(Task(Step.PAY_CHARGE, seat, i) for i in range(len(player.charges))),
            *(Task(Step.PAY_MONSTER, seat, card) for card in player.carried),
            Task(Step.PAY_CHARGES_DONE, seat),
        ]
    )


def ask_monster(g: Game, seat: int, card: int) -> None:
    """A carried Monster Charge card: its balance is the card's amount."""
    ask_charge(g, seat, card, -1, g.ruleset.mail[card].amount)


def ask_legacy_charge(g: Game, seat: int, index: int) -> None:
    """A balance saved before issue 6, with no card: `index` is its place in `Player.charges`."""
    ask_charge(g, seat, -1, index, g.state.players[seat].charges[index])


def ask_charge(g: Game, seat: int, card: int, index: int, balance: int) -> None:
    """Pay the interest plus the balance, or the interest alone and carry the balance: asked at
    every Pay Day but the last, where the charge is paid off (the rulebook's players end
    "completely paid-up on all bills", docs/RULES.md §2.9)."""
    if g.state.in_last_month(seat):
        pay_off(g, seat, card, index, balance)
    else:
        g.ask(Pending(PendingKind.CHARGE, [seat], lander=seat, card=card, index=index, amount=balance))


def pay_off(g: Game, seat: int, card: int, index: int, balance: int) -> None:
    """Interest plus the whole balance (one loan covers any shortfall); the card is discarded."""
    st = g.state
    player = st.players[seat]
    interest = charge_due(g.state, balance) - balance
    cover(g, seat, interest + balance)
    transfer(g, seat, ev.BANK, interest, Reason.CHARGE_INTEREST, card)
    transfer(g, seat, ev.BANK, balance, Reason.CHARGE_PAID, card)
    if card >= 0:
        player.carried.remove(card)
        st.mail_discard.append(card)
    else:
        player.charges[index] = 0


def charge_due(state: GameState, balance: int) -> int:
    """What paying off a Monster Charge costs: its interest plus the balance ($4,400 for $4,000)."""
    return balance + balance * state.rules.charge_interest_pct // 100


def charges_done(g: Game, seat: int, arg: int) -> None:
    player = g.state.players[seat]
    if player.charges:  # only games saved before issue 6 have any
        player.charges = [balance for balance in player.charges if balance]


def banking(g: Game, seat: int, arg: int) -> None:
    offer_banking(g, seat, Banked.NONE)


def offer_banking(g: Game, seat: int, done: str) -> None:
    """Ask again while any move is open; `done` says which way savings went this Pay Day."""
    if banking_moves(g.state, seat, done) != ([], [], []):
        g.ask(Pending(PendingKind.BANKING, [seat], lander=seat, reason=done))


def void_tickets(g: Game, seat: int, arg: int) -> None:
    """A Lottery Ticket not cashed this month is void and goes to the bottom of the Mail pile
    (docs/RULES.md §4.5), not to the discards."""
    st = g.state
    player = st.players[seat]
    for card in player.mail:
        g.emit(EventKind.VOIDED, seat, value=card)
        st.mail_deck.insert(0, card)
    player.mail.clear()


def month_end(g: Game, seat: int, arg: int) -> None:
    st = g.state
    player = st.players[seat]
    player.months_done += 1
    if player.months_done < st.months:
        player.day = 0
        g.emit(EventKind.NEW_MONTH, seat, value=player.months_done + 1)
        return
    player.retired = True
    for card in player.deals:
        g.emit(EventKind.DISCARDED, seat, value=card)
    st.deal_discard.extend(player.deals)
    player.deals.clear()
    g.emit(EventKind.RETIRED, seat, amount=st.net_worth(seat))


# -- the Pay Day's result (docs/RULES.md §2.11) -----------------------------------------------------
PAYDAY_REASONS = frozenset(
    {
        Reason.SALARY,
        Reason.INTEREST,
        Reason.REPAYMENT,
        Reason.BILL,
        Reason.CHARGE_INTEREST,
        Reason.CHARGE_PAID,
        Reason.AUTO_LOAN,
        Reason.LOAN,
        Reason.SAVINGS_INTEREST,
        Reason.DEPOSIT,
        Reason.WITHDRAWAL,
        Reason.SAVINGS_COVER,
        Reason.WITHDRAW_FEE,
    }
)
"""Why money moves at a Pay Day: its steps' payments, and the loan or savings that cover them."""

OWN_MONEY = frozenset(
    {Reason.LOAN, Reason.AUTO_LOAN, Reason.REPAYMENT, Reason.DEPOSIT, Reason.WITHDRAWAL, Reason.SAVINGS_COVER}
)
"""Moves that are no gain and no loss: a loan taken or repaid moves cash and the debt together, a
deposit or withdrawal moves money between the player's cash and savings."""


def result_share(e: ev.Event, seat: int) -> int:
    """What one event adds to `seat`'s Pay Day result, the one figure every screen shows for a Pay
    Day (the channel's summary, the log, the replay, the hand's forecast): what the Pay Day's
    payments earned and cost. Salary, loan and savings interest, bills, Monster Charges paid
    (interest and balance) and withdrawal fees count; a loan taken or repaid, a deposit or a
    withdrawal adds nothing (`OWN_MONEY`), and a Monster Charge carried counts at the Pay Day that
    pays it."""
    if e.kind != EventKind.TRANSFER or e.reason not in PAYDAY_REASONS or e.reason in OWN_MONEY:
        return 0
    mine = (seat, ev.savings_account(seat))
    return (e.amount if e.dst in mine else 0) - (e.amount if e.src in mine else 0)


def result(events: Iterable[ev.Event], seat: int) -> int:
    """`seat`'s Pay Day result from the Pay Day's events (`result_share` summed)."""
    return sum(result_share(e, seat) for e in events)


# -- questions ------------------------------------------------------------------------------------
def most_repayable(state: GameState, seat: int) -> int:
    """The largest repayment in whole steps that both the loan and the cash allow."""
    player = state.players[seat]
    step = state.rules.loan_step
    return min(player.loan, player.cash // step * step)


def repay_options(state: GameState, seat: int) -> Options:
    step = state.rules.loan_step
    return [(ActionKind.REPAY, amount) for amount in range(0, most_repayable(state, seat) + 1, step)]


def repay_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    step = state.rules.loan_step
    return kind == ActionKind.REPAY and value in range(0, most_repayable(state, seat) + 1, step)


def repay_answer(g: Game, seat: int, kind: str, value: int) -> None:
    g.state.pending = None
    if value:
        repay(g, seat, value)


def no_repayment(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.REPAY, 0)


def charge_options(state: GameState, seat: int) -> Options:
    """Carrying is closed at the last Pay Day (only a game saved mid-question can ask it then)."""
    if state.in_last_month(seat):
        return [(ActionKind.PAY_ALL, 0)]
    return [(ActionKind.PAY_ALL, 0), (ActionKind.CARRY, 0)]


def charge_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return (kind, value) in charge_options(state, seat)


def charge_answer(g: Game, seat: int, kind: str, value: int) -> None:
    pending = g.state.asked
    g.state.pending = None
    if kind == ActionKind.PAY_ALL:
        pay_off(g, seat, pending.card, pending.index, pending.amount)
    else:
        rate = g.rules.charge_interest_pct
        charge_interest(g, seat, pending.amount, rate, Reason.CHARGE_INTEREST, pending.card)
        g.emit(EventKind.CARRIED, seat, amount=pending.amount)


def pay_in_full(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.PAY_ALL, 0)


def banking_moves(state: GameState, seat: int, done: str) -> tuple[list[int], list[int], list[int]]:
    """Classic banking: the (repayments, deposits, withdrawals) open to `seat` now, in dollars.

    Repay in loan steps up to the loan and the cash; deposit in savings steps up to the cash, never
    while owing; withdraw in savings steps, or the whole balance (interest makes odd amounts). A
    deposit closes withdrawals for the rest of this Pay Day and the other way round, so the
    question cannot go round in circles.
    """
    player, rules = state.players[seat], state.rules
    lstep, sstep = rules.loan_step, rules.savings_step
    repays = list(range(lstep, min(player.loan, player.cash // lstep * lstep) + 1, lstep))
    deposits: list[int] = []
    if not player.loan and done != Banked.WITHDREW:
        deposits = list(range(sstep, player.cash // sstep * sstep + 1, sstep))
    withdrawals: list[int] = []
    if player.savings and done != Banked.DEPOSITED:
        withdrawals = list(range(sstep, player.savings + 1, sstep))
        if player.savings % sstep:
            withdrawals.append(player.savings)
    return repays, deposits, withdrawals


def banking_options(state: GameState, seat: int) -> Options:
    repays, deposits, withdrawals = banking_moves(state, seat, state.asked.reason)
    return [
        (ActionKind.DONE, 0),
        *((ActionKind.REPAY, a) for a in repays),
        *((ActionKind.DEPOSIT, a) for a in deposits),
        *((ActionKind.WITHDRAW, a) for a in withdrawals),
    ]


def banking_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    if kind == ActionKind.DONE:
        return value == 0
    repays, deposits, withdrawals = banking_moves(state, seat, state.asked.reason)
    moves: dict[str, list[int]] = {
        ActionKind.REPAY: repays,
        ActionKind.DEPOSIT: deposits,
        ActionKind.WITHDRAW: withdrawals,
    }
    return value in moves.get(kind, [])


def banking_answer(g: Game, seat: int, kind: str, value: int) -> None:
    done = g.state.asked.reason
    g.state.pending = None
    amount = value
    if kind == ActionKind.DONE:
        return
    if kind == ActionKind.REPAY:
        repay(g, seat, amount)
    elif kind == ActionKind.DEPOSIT:
        deposit(g, seat, amount)
        done = Banked.DEPOSITED
    else:
        withdraw(g, seat, amount)
        done = Banked.WITHDREW
    offer_banking(g, seat, done)


def banking_done(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.DONE, 0)


QUESTIONS: dict[str, Question] = {
    PendingKind.REPAY: Question(
        options=repay_options, answer=repay_answer, default=no_repayment, allows=repay_allows
    ),
    PendingKind.CHARGE: Question(
        options=charge_options, answer=charge_answer, default=pay_in_full, allows=charge_allows
    ),
    PendingKind.BANKING: Question(
        options=banking_options, answer=banking_answer, default=banking_done, allows=banking_allows
    ),
}
TASKS = {
    Step.PAY_SALARY: salary,
    Step.PAY_INTEREST: interest,
    Step.PAY_REPAY: offer_repay,
    Step.PAY_BILLS: pay_bills,
    Step.PAY_CHARGES: charges,
    Step.PAY_BANKING: banking,
    Step.PAY_TICKETS: void_tickets,
    Step.PAY_CHARGE: ask_legacy_charge,
    Step.PAY_MONSTER: ask_monster,
    Step.PAY_CHARGES_DONE: charges_done,
    Step.PAY_MONTH_END: month_end,
}
