"""Pay Day, in the rulebook's order: salary, loan interest, optional repayment, bills and
Monster Charges (shortfalls become loans), then back to START or retirement."""

from bot.game import actions as act
from bot.game import board as b
from bot.game import cards as c
from bot.game import events as ev
from bot.game import state as s
from bot.game.context import Game, Options, Question
from bot.game.ledger import charge_interest, cover, pay, repay, transfer
from bot.game.state import GameState, Task

SALARY = "payday_salary"
INTEREST = "payday_interest"
OFFER_REPAY = "payday_repay"
BILLS = "payday_bills"
CHARGE = "payday_charge"
CHARGES_DONE = "payday_charges_done"
MONTH_END = "payday_month_end"


def start_payday(g: Game, seat: int, space: b.Space) -> None:
    g.then(*(Task(step, seat) for step in (SALARY, INTEREST, OFFER_REPAY, BILLS)))


def salary(g: Game, task: Task) -> None:
    transfer(g, ev.BANK, task.seat, g.rules.salary, ev.SALARY)


def interest(g: Game, task: Task) -> None:
    loan = g.state.players[task.seat].loan
    if loan:
        charge_interest(g, task.seat, loan, g.rules.loan_interest_pct, ev.INTEREST)


def offer_repay(g: Game, task: Task) -> None:
    if most_repayable(g.state, task.seat) > 0:
        g.ask(s.REPAY, [task.seat], lander=task.seat)


def bills(g: Game, task: Task) -> None:
    """Pay every held bill (one loan covers the total), then queue a choice per Monster Charge."""
    st = g.state
    player = st.players[task.seat]
    held = [(card, g.ruleset.mail[card]) for card in player.mail]
    cover(g, task.seat, sum(info.amount for _, info in held if info.kind == c.BILL))
    for _, info in held:
        if info.kind == c.BILL:
            pay(g, task.seat, ev.BANK, info.amount, f"bill: {info.name}")
        elif info.kind == c.MONSTER:
            player.charges.append(info.amount)
    st.mail_discard.extend(player.mail)
    player.mail.clear()
    steps = [Task(CHARGE, task.seat, i) for i in range(len(player.charges))]
    g.then(*steps, Task(CHARGES_DONE, task.seat), Task(MONTH_END, task.seat))


def ask_charge(g: Game, task: Task) -> None:
    balance = g.state.players[task.seat].charges[task.arg]
    g.ask(s.CHARGE, [task.seat], lander=task.seat, index=task.arg, amount=balance)


def charges_done(g: Game, task: Task) -> None:
    player = g.state.players[task.seat]
    player.charges = [balance for balance in player.charges if balance]


def month_end(g: Game, task: Task) -> None:
    st = g.state
    player = st.players[task.seat]
    player.months_done += 1
    if player.months_done < st.months:
        player.day = 0
        g.emit(ev.NEW_MONTH, task.seat, value=player.months_done + 1)
        return
    player.retired = True
    st.deal_discard.extend(player.deals)
    player.deals.clear()
    g.emit(ev.RETIRED, task.seat, amount=st.net_worth(task.seat))


# -- questions ------------------------------------------------------------------------------------
def most_repayable(state: GameState, seat: int) -> int:
    """The largest repayment in whole steps that both the loan and the cash allow."""
    player = state.players[seat]
    step = state.rules.loan_step
    return min(player.loan, player.cash // step * step)


def repay_options(state: GameState, seat: int) -> Options:
    step = state.rules.loan_step
    return [(act.REPAY, amount) for amount in range(0, most_repayable(state, seat) + 1, step)]


def repay_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    step = state.rules.loan_step
    return kind == act.REPAY and value in range(0, most_repayable(state, seat) + 1, step)


def repay_answer(g: Game, action: act.Action) -> None:
    g.state.pending = None
    if action.value:
        repay(g, action.seat, action.value)


def no_repayment(state: GameState, seat: int) -> tuple[str, int]:
    return (act.REPAY, 0)


def charge_options(state: GameState, seat: int) -> Options:
    return [(act.PAY_ALL, 0), (act.CARRY, 0)]


def charge_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind in (act.PAY_ALL, act.CARRY) and value == 0


def charge_answer(g: Game, action: act.Action) -> None:
    pending = g.state.pending
    g.state.pending = None
    player = g.state.players[action.seat]
    if action.kind == act.PAY_ALL:
        pay(g, action.seat, ev.BANK, pending.amount, "Monster Charge paid in full")
        player.charges[pending.index] = 0
    else:
        charge_interest(
            g, action.seat, pending.amount, g.rules.charge_interest_pct, "Monster Charge interest"
        )
        g.emit(ev.CARRIED, action.seat, amount=pending.amount)


def pay_in_full(state: GameState, seat: int) -> tuple[str, int]:
    return (act.PAY_ALL, 0)


QUESTIONS = {
    s.REPAY: Question(repay_options, repay_answer, no_repayment, repay_allows),
    s.CHARGE: Question(charge_options, charge_answer, pay_in_full, charge_allows),
}
TASKS = {
    SALARY: salary,
    INTEREST: interest,
    OFFER_REPAY: offer_repay,
    BILLS: bills,
    CHARGE: ask_charge,
    CHARGES_DONE: charges_done,
    MONTH_END: month_end,
}
