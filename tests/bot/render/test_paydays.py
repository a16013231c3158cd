"""A Pay Day's breakdown: each step's sum, from a scripted Pay Day, and the result it adds up to."""

from dataclasses import dataclass

import pytest

from bot.game.actions import ActionKind
from bot.game.ai import choose
from bot.game.calendar import PAYDAY_DAY
from bot.game.cards import MailKind
from bot.game.engine import apply
from bot.game.events import Event, EventKind, Reason
from bot.game.hand import hand
from bot.game.payday import result_share
from bot.game.rulesets import RULESETS
from bot.game.simulate import start
from bot.game.state import GameState
from bot.render.happenings import Kind, happenings
from bot.render.language.i18n import lang
from bot.render.latest import happening_line
from bot.render.paydays import breakdown, breakdown_line
from bot.render.story.turns import blocks
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


# -- one figure on every screen (issue 30.3) -------------------------------------------------------
HEADS = {"en": "Pay Day for {player}: ", "it": "Giorno di paga di {player}: "}


@dataclass
class PayDayShown:
    """One Pay Day of a whole game: its result from the events, and what the hand forecast for it."""

    seat: int
    result: int = 0
    forecast: int = 0
    paid_off: int = 0
    """Monster Charge balances paid off by choice (the forecast counts carrying them, the cheaper)."""
    last: bool = False


def whole_game(ruleset: str, seed: int) -> tuple[GameState, list[Event], list[PayDayShown]]:
    """A computer game to its end, each Pay Day's result summed by `result_share` as it happens and
    the hand's forecast read just before the roll that brings the token to Pay Day."""
    state, log = start(seed, players=4, months=2, ruleset=ruleset)
    shown: list[PayDayShown] = []
    open_: dict[int, PayDayShown] = {}
    while not state.over:
        seat = state.asked.seats[0]
        forecasts = {p.seat: hand(state, p.seat) for p in state.players if not p.retired}
        events = apply(state, choose(state, seat))
        for e in events:
            if e.kind == EventKind.MOVED and e.value == PAYDAY_DAY and e.seat in forecasts:
                h = forecasts[e.seat]
                open_[e.seat] = PayDayShown(e.seat, forecast=h.forecast.result, last=h.last_pay_day)
            for day in open_.values():
                day.result += result_share(e, day.seat)
                if e.reason == Reason.CHARGE_PAID and e.src == day.seat and not day.last:
                    day.paid_off += e.amount
            if e.kind in (EventKind.NEW_MONTH, EventKind.RETIRED) and e.seat in open_:
                shown.append(open_.pop(e.seat))
        log += events
    return state, log, shown


@pytest.mark.parametrize("code", ["en", "it"])
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_screen_shows_each_pay_days_one_result(ruleset, code):
    """Whole computer games of every edition: the channel's summary, the Latest line, the log (and
    the replay, which shows the log's blocks) show each Pay Day's result as `result_share` sums it,
    and the hand's forecast before it said the same, but for a Monster Charge paid off by choice."""
    L, checked = lang(code), 0
    for seed in range(4):
        state, log, shown = whole_game(ruleset, seed)
        names = [p.name for p in state.players]
        rs = RULESETS[ruleset]
        paydays = [h for h in happenings(log, rs) if h.kind is Kind.PAYDAY]
        assert [h.events[-1].seat for h in paydays] == [day.seat for day in shown]
        story = [line for b in blocks([e.to_dict() for e in log], names, rs, L) for line in b.lines]
        told = [line for line in story if any(HEADS[code].format(player=n) in line for n in names)]
        assert len(told) == len(shown)
        for day, happening, line in zip(shown, paydays, told, strict=True):
            figure = L.signed(day.result)
            head = HEADS[code].format(player=names[day.seat])
            channel = breakdown_line(breakdown(happening.events, day.seat), L)
            assert channel.split(" = ")[1].split(" · ")[0] == figure, channel
            assert f"{head}{figure}" in happening_line(happening, tuple(names), ruleset, code)
            assert f"{head}{figure}" in line, line
            assert day.forecast - day.paid_off == day.result, (seed, day)
            checked += 1
    assert checked >= 4 * 4 * 2 - 4  # every seat's two Pay Days in every game
