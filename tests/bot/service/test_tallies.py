"""Each player's game in numbers, from the event log (bot/service/tallies.py)."""

from bot.game.actions import ActionKind
from bot.game.events import BANK, JACKPOT, POT, Event, EventKind, Reason
from bot.service.tallies import Tally, radio_days, tallies
from tests.bot.game.scripted import ANN, BOB, CAT, act, force_dice, game, land


def paid(dst: int, amount: int, reason: Reason, src: int = BANK) -> Event:
    return Event(EventKind.TRANSFER, amount=amount, src=src, dst=dst, reason=reason)


def test_a_tally_counts_what_each_player_was_paid_and_lost():
    events = [
        paid(0, 12000, Reason.DEAL_SOLD),
        paid(0, 15000, Reason.DEAL_SOLD),
        paid(0, 2000, Reason.LOAN),
        paid(0, 1000, Reason.AUTO_LOAN),
        paid(BANK, 1000, Reason.REPAYMENT, src=0),  # a repayment is no loan
        paid(1, 2300, Reason.SIX, src=JACKPOT),
        paid(1, 1400, Reason.LOTTERY_WIN, src=POT),
        paid(1, 8000, Reason.DEAL_RETURNED),
        Event(EventKind.DISCARDED, 1, value=3),
        paid(1, 3500, Reason.SALARY),  # not part of the story
    ]

    ann, bob, cat = tallies(events, 3)

    assert ann == Tally(sold=2, sold_for=27000, loans=2, borrowed=3000)
    assert bob == Tally(
        returned=1,
        returned_for=8000,
        lost=1,
        jackpots=1,
        jackpot_won=2300,
        best_jackpot=2300,
        lotteries=1,
        lottery_won=1400,
    )
    assert cat == Tally()


def test_a_tally_reads_back_from_a_summary_and_ignores_keys_it_does_not_know():
    kept = Tally(sold=1, sold_for=6000, loans=1, borrowed=1000)
    assert Tally.read(kept.stored()) == kept
    assert Tally.read({"sold": 2, "from_a_later_version": 7}) == Tally(sold=2)


def test_the_records_count_the_biggest_jackpot_radio_contests_and_charges_carried():
    radio = radio_days("modern")
    [day] = radio
    events = [
        paid(0, 2300, Reason.SIX, src=JACKPOT),
        paid(0, 5100, Reason.SIX, src=JACKPOT),
        paid(0, 400, Reason.SIX, src=JACKPOT),
        Event(EventKind.TRANSFER, amount=1000, src=BANK, dst=1, reason=Reason.SPACE, ref=day),
        Event(EventKind.TRANSFER, amount=50, src=BANK, dst=1, reason=Reason.SPACE, ref=day + 1),  # not radio
        Event(EventKind.CARRIED, 1, amount=600),
        Event(EventKind.CARRIED, 1, amount=900),
    ]

    ann, bob = tallies(events, 2, radio)

    assert (ann.jackpots, ann.jackpot_won, ann.best_jackpot) == (3, 7800, 5100)
    assert (bob.radio_wins, bob.charges_carried) == (1, 2)
    assert tallies(events, 2)[1].radio_wins == 0  # no edition given: no day is the Radio Contest's


def test_a_radio_contest_won_in_a_scripted_modern_game_is_a_radio_win():
    st = game(3)
    land(st, BOB, 8)
    force_dice(st, 2)
    events = act(st, BOB, ActionKind.ROLL)  # not the Radio's number: CAT rolls next
    force_dice(st, st.rules.radio_number)
    events += act(st, CAT, ActionKind.ROLL)

    tallied = tallies(events, 3, radio_days("modern"))

    assert [t.radio_wins for t in tallied] == [0, 0, 1]


def test_the_family_radio_roll_off_winner_has_a_radio_win():
    st = game(3, ruleset="family")
    land(st, BOB, 8)
    events = []
    for seat, face in [(ANN, 2), (CAT, 5), (BOB, 4)]:
        force_dice(st, face)
        events += act(st, seat, ActionKind.ROLL)

    assert [t.radio_wins for t in tallies(events, 3, radio_days("family"))] == [0, 0, 1]


def test_a_tally_keeps_the_net_worth_a_player_retired_with():
    events = [
        Event(EventKind.RETIRED, ANN, amount=-1_500),
        Event(EventKind.TRANSFER, reason=Reason.SPACE, src=ANN, dst=BANK, amount=300),
    ]

    ann, bob = tallies(events, 2)

    assert (ann.retired, ann.retired_with) == (1, -1_500)
    assert (bob.retired, bob.retired_with) == (0, 0)
    assert Tally.read(ann.stored()) == ann
