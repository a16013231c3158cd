"""A Pay Day's breakdown: each step's sum, from a scripted Pay Day, and the result it adds up to."""

from bot.game.actions import ActionKind
from bot.game.cards import MailKind
from bot.render.i18n import lang
from bot.render.paydays import breakdown, breakdown_line
from tests.bot.game.scripted import ANN, act, cash, game, hold_mail, land, set_loan

EN, IT = lang("en"), lang("it")


def every_step():
    """Ann's Pay Day with a loan, two bills and two Monster Charges: one paid off, one carried."""
    st = game(3)
    set_loan(st, ANN, 2000)
    hold_mail(st, ANN, "New Roof", (MailKind.BILL, 800), (MailKind.MONSTER, 3000), (MailKind.MONSTER, 4000))
    before = cash(st)[ANN]
    events = land(st, ANN, 31)  # +3,500 salary, -200 interest; then: repay?
    events += act(st, ANN, ActionKind.REPAY, 1000)  # then the bills, $5,800, and the $3,000 charge
    events += act(st, ANN, ActionKind.PAY_ALL)  # $3,300: a loan covers it; then the $4,000 charge
    events += act(st, ANN, ActionKind.CARRY)  # its $400 interest, on a loan again
    return st, events, before


def test_a_pay_day_breakdown_sums_each_step_and_shows_the_loan_apart_from_its_result():
    st, events, before = every_step()
    sums = breakdown(events, ANN)
    assert (sums.salary, sums.interest, sums.repaid) == (3500, -200, -1000)
    assert (sums.bills, sums.bill_count, sums.charges, sums.carried) == (-5800, 2, -3300 - 400, 4000)
    assert sums.borrowed == 4000 and sums.complete
    # the result is what was earned and paid: the repayment and the loans only move cash and debt
    assert sums.result == cash(st)[ANN] - before - sums.borrowed - sums.repaid == -6200
    assert breakdown_line(sums, EN) == (
        "salary +$3,500 · loan interest -$200 · 2 bills -$5,800 · Monster Charges -$3,700 = -$6,200 · "
        "Monster Charges carried $4,000 · repaid $1,000 · borrowed $4,000"
    )


def test_repaying_a_loan_is_no_loss():
    st = game(3)
    set_loan(st, ANN, 11000)
    before = cash(st)[ANN]
    events = land(st, ANN, 31)  # +3,500 salary, -1,100 interest
    events += act(st, ANN, ActionKind.REPAY, 3000)
    line = breakdown_line(breakdown(events, ANN), EN)
    assert line == "salary +$3,500 · loan interest -$1,100 = +$2,400 · repaid $3,000"
    assert cash(st)[ANN] - before == 2400 - 3000


def test_a_pay_day_breakdown_in_italian():
    _, events, _ = every_step()
    assert breakdown_line(breakdown(events, ANN), IT) == (
        f"salario +{IT.money(3500)} · interessi sul prestito {IT.money(-200)} · "
        f"2 bollette {IT.money(-5800)} · "
        f"Addebiti Mostruosi {IT.money(-3700)} = {IT.money(-6200)} · "
        f"Addebiti Mostruosi rimandati {IT.money(4000)} · rimborso {IT.money(1000)} · "
        f"nuovo prestito {IT.money(4000)}"
    )


def test_a_pay_day_whose_start_is_not_at_hand_is_not_complete():
    _, events, _ = every_step()
    salary = next(i for i, e in enumerate(events) if e.reason == "salary")
    assert not breakdown(events[salary + 1 :], ANN).complete
