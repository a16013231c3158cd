"""The Latest lines: one happening, one line, from scripted games, and a whole game's every event
either shown in its happening's line or deliberately left to the ledger and the Pay Day block."""

import random

import pytest

from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.ai import choose
from bot.game.engine import apply, default_action
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.simulate import start
from bot.game.state import GameState
from bot.render.happenings import Kind, happenings
from bot.render.language.i18n import lang
from bot.render.latest import happening_line, latest_text
from bot.table import RECENT_EVENTS, Seat, Table
from tests.bot.game.scripted import (
    ANN,
    BOB,
    CAT,
    NAMES,
    act,
    force_dice,
    game,
    hold_mail,
    land,
    set_cash,
    set_loan,
    stack_deal,
    stack_mail,
)

EN, IT = lang("en"), lang("it")


def said(st: GameState, events: list[Event], language: str = "en") -> list[str]:
    """The happenings' lines, as the Latest field writes them."""
    return [happening_line(h, NAMES, st.ruleset, language) for h in happenings(events, RULESETS[st.ruleset])]


def table_of(st: GameState, latest: list[Event], computer: int | None = None) -> Table:
    seats = [
        Seat(user_id=None if seat == computer else 100 + seat, name=NAMES[seat])
        for seat in range(len(st.players))
    ]
    table = Table(host_id=100, seats=seats, state=st, seed=0, turn_seconds=60, interrupt_seconds=60)
    table.latest = latest
    return table


def test_a_purchase_is_one_line_with_its_price():
    st = game(3)
    set_cash(st, ANN, 10_000)
    stack_deal(st, "Pete's Pizza Palace")
    events = land(st, ANN, 4)
    events += act(st, ANN, ActionKind.BUY)
    assert said(st, events) == ["Ann rolled ⚀ 1 → Thu 4: Deal", "Ann bought Pete's Pizza Palace for $8,000"]
    assert said(st, events, "it")[-1] == f"Ann compra Il Palazzo della Pizza di Peppe per {IT.money(8000)}"


def test_a_purchase_on_a_loan_says_what_was_borrowed_in_the_same_line():
    st = game(3)
    stack_deal(st, "Pete's Pizza Palace")
    events = land(st, ANN, 4)
    events += act(st, ANN, ActionKind.BUY)  # $3,500 in hand: a $5,000 loan covers the rest
    assert said(st, events)[-1] == "Ann bought Pete's Pizza Palace for $8,000, borrowing $5,000"


def test_a_deal_drawn_and_not_answered_yet_shows_as_drawn_then_as_bought():
    st = game(3)
    stack_deal(st, "Pete's Pizza Palace")
    events = land(st, ANN, 4)
    assert said(st, events)[-1].startswith("Ann drew a Deal — Pete's Pizza Palace")
    events += act(st, ANN, ActionKind.DECLINE)
    assert said(st, events)[-1] == "Ann declined Pete's Pizza Palace"


def test_a_lottery_is_one_line_of_antes_and_one_naming_the_winner_and_the_prize():
    st = game(4)
    events = land(st, BOB, 6)
    events += act(st, BOB, ActionKind.ANTE, 1)
    events += act(st, CAT, ActionKind.ANTE, 2)
    events += act(st, 3, ActionKind.ANTE, 3)
    force_dice(st, 6, 4, 3)
    events += act(st, ANN, ActionKind.SIT_OUT)
    assert said(st, events)[1:] == [
        "Lottery at $100 a number: Bob on 1, Cat on 2 and Dan on 3; Ann sat out",
        "🎟️ Lottery: 3 came up after 3 rolls — Dan wins $1,300",
    ]
    assert said(st, events, "it")[-1] == f"🎟️ Lotteria: esce il 3 dopo 3 tiri — Dan vince {IT.money(1300)}"


def test_a_pay_day_is_one_line_with_its_result():
    st = game(3)
    set_cash(st, ANN, 500)
    hold_mail(st, ANN, "New Roof")  # a $5,000 bill
    events = land(st, ANN, 31)
    assert said(st, events) == [
        "Ann rolled ⚀ 1 → Wed 31: Pay Day",  # no loan to repay: it all happens at once
        "💵 Pay Day for Ann: -$1,500; month 2 begins",  # +3,500 salary, -5,000 bill (a loan is no gain)
    ]
    assert said(st, events, "it")[-1] == f"💵 Giorno di paga di Ann: {IT.money(-1500)}; inizia il mese 2"


def test_a_pay_day_that_asks_shows_its_payments_until_it_is_done():
    st = game(3)
    set_loan(st, ANN, 2000)
    events = land(st, ANN, 31)  # salary and interest, then: repay some of the loan?
    assert said(st, events)[1:] == [
        "Ann collected $3,500 from the Bank (salary)",
        "Ann paid $200 to the Bank (loan interest)",
    ]
    events += act(st, ANN, ActionKind.REPAY, 1000)
    assert said(st, events)[1:] == ["💵 Pay Day for Ann: +$3,300; month 2 begins"]  # a repayment is no loss


def test_a_computers_moves_read_as_the_computers():
    st = game(3)
    events = land(st, BOB, 2)  # the Sweepstakes
    latest = latest_text(table_of(st, events, computer=BOB), NAMES[:3], EN)
    assert (
        latest
        == "🤖 Bob rolled ⚀ 1 → Tue 2: Sweepstakes\n🤖 Bob collected $5,000 from the Bank (Sweepstakes)"
    )
    assert "🤖" not in latest_text(table_of(st, events), NAMES[:3], EN)


def test_a_full_table_of_events_does_not_show_a_happening_that_may_have_lost_its_start():
    st = game(3)
    events = land(st, ANN, 27)
    events += act(st, ANN, ActionKind.SIT_OUT)
    events += act(st, BOB, ActionKind.ANTE, 4)
    force_dice(st, *[2] * 29, 4)  # thirty rolls of the draw: more than the table keeps
    events += act(st, CAT, ActionKind.SIT_OUT)
    kept = events[-RECENT_EVENTS:]
    assert latest_text(table_of(st, kept), NAMES[:3], EN) == ""  # not "Lottery: 30 rolls" from 29 of them
    assert "🎟️ Lottery: 4 came up after 30 rolls — Bob wins $1,100" in said(st, events)


# -- the oracle: a whole game -------------------------------------------------------------------------
FOLDED = {
    Kind.PAYDAY: "its payments are summed in its result, and listed in the Pay Day block",
    Kind.LOTTERY: "the Bank's stake is inside the prize; the lander's rolls are counted",
    Kind.ANTES: "a Lottery question that timed out is said as sitting out",
    Kind.MOVE_AHEAD: "the card's name says the move ahead",
    Kind.NO_LOTTERY: "the note says nobody anted",
    Kind.NO_WINNER: "the note that nobody won the Radio Contest says the rolls were made",
    Kind.CONTEST: "the rolls are counted, the bot's for a player out of time too",
}
"""What a happening's line folds in rather than names: the ledger (/payday ledger) keeps each."""


def whole_games():
    """The events of computer games of every edition, some answers timed out."""
    rnd = random.Random(17)
    for name in RULESETS:
        for seed in range(6):
            st, events = start(seed, players=4, months=2, ruleset=name)
            while not st.over:
                seat = st.pending.seats[0]
                events += apply(st, choose(st, seat) if rnd.random() < 0.8 else default_action(st, seat))
            yield st, events


def mentioned(e: Event, line: str, names: tuple[str, ...], L) -> bool:
    """Whether the line says who the event is about, and the money it moved."""
    seats = (
        [s for s in (e.seat, e.src, e.dst) if 0 <= s < len(names)]
        if e.kind == EventKind.TRANSFER
        else [e.seat]
    )
    who = all(names[s] in line for s in seats if s >= 0)
    money = e.kind != EventKind.TRANSFER or L.money(e.amount) in line
    return who and money


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_event_of_a_whole_game_is_in_one_happening_said_or_deliberately_folded(language):
    L = lang(language)
    for st, events in whole_games():
        names = tuple(p.name for p in st.players)
        grouped = happenings(events, RULESETS[st.ruleset])
        assert sorted(id(e) for h in grouped for e in h.events) == sorted(map(id, events))  # each once
        for h in grouped:
            line = happening_line(h, names, st.ruleset, language)
            missing = [e for e in h.events if not mentioned(e, line, names, L)]
            if missing and h.kind not in FOLDED:
                raise AssertionError(f"{h.kind}: {line!r} leaves out {missing}")
            if h.kind is not Kind.PAYDAY:  # a prize, a price, a payment between players: never folded
                assert not [e for e in missing if e.kind == EventKind.TRANSFER and max(e.src, e.dst) >= 0], (
                    line
                )
        assert len(grouped) < len(events) * 0.8, "most happenings are more than one event"


def test_the_oracle_sees_a_line_that_leaves_an_event_out():
    st = game(3)
    stack_deal(st, "Pete's Pizza Palace")
    events = [*land(st, ANN, 4), *act(st, ANN, ActionKind.BUY)]
    paid = next(e for e in events if e.reason == Reason.DEAL_BOUGHT)
    assert mentioned(paid, "Ann bought Pete's Pizza Palace for $8,000", NAMES, EN)
    assert not mentioned(paid, "Ann bought Pete's Pizza Palace", NAMES, EN)
    assert paid.src == ANN and paid.dst == ev.BANK


def test_mail_kept_in_hand_is_one_line_and_a_card_that_pays_at_once_one_of_its_own():
    st = game(3)
    stack_mail(st, "Parking Ticket", "Vet Visit", "New Roof")
    events = land(st, ANN, 3)  # Mail ×3: three bills, held until Pay Day

    lines = said(st, events)
    assert lines == [
        "Ann rolled ⚀ 1 → Wed 3: 3 Mail cards",
        "Ann drew Mail — Bill $100: Parking Ticket, Bill $1,500: Vet Visit and Bill $5,000: New Roof",
    ]
    assert said(st, events, "it")[-1].startswith("Ann pesca la Posta — Bolletta")
    assert [h.kind for h in happenings(events, RULESETS[st.ruleset])] == [Kind.MOVE, Kind.MAILS]


def test_a_move_ahead_card_waiting_for_its_answer_is_not_counted_with_the_mail_kept():
    st = game(3)
    stack_mail(st, "Parking Ticket", "Classified Ad", "Hot Tip")
    events = land(st, ANN, 3)  # Mail ×3: a bill, then Move Ahead cards that ask where to

    assert said(st, events) == [
        "Ann rolled ⚀ 1 → Wed 3: 3 Mail cards",
        "Ann drew Mail — Bill $100: Parking Ticket",
        "Ann drew Mail — Move Ahead: Classified Ad",
        "Ann drew Mail — Move Ahead: Hot Tip",
    ]
