"""Starting a game, and saving one mid-turn: the JSON round trip loses nothing and replays alike."""

import json
from pathlib import Path

import pytest

from bot.game import events as ev
from bot.game.actions import Action, ActionKind, IllegalAction, InvalidChoice
from bot.game.ai import choose
from bot.game.cards import MailKind
from bot.game.engine import apply, default_action, new_game
from bot.game.events import EventKind, Reason
from bot.game.invariants import max_answers, violations
from bot.game.state import GameState, Pending, PendingKind, from_json, to_json
from bot.game.steps import Step
from tests.bot.game.scripted import (
    ANN,
    BANK,
    BOB,
    CAT,
    DAN,
    JACKPOT,
    Pay,
    act,
    answer_all_defaults,
    asked,
    deal_index,
    force_dice,
    game,
    give_deals,
    hold_mail,
    land,
    of_kind,
    refused,
    set_jackpot,
    stack_deal,
    transfers,
    turn_to,
)


@pytest.mark.parametrize(
    ("names", "kw"),
    [
        (["Ann", "Bob"], {"ruleset": "classic-ish"}),
        (["Ann", "Bob"], {"months": 0}),
        (["Ann", "Bob"], {"months": 13}),
        (["Ann", " "], {}),
        (["Ann", "B" * 33], {}),
    ],
)
def test_a_game_that_cannot_start_is_refused(names, kw):
    with pytest.raises(IllegalAction):
        new_game(names, **kw)


@pytest.mark.parametrize("months", [1, 12])
def test_months_from_1_to_12_are_allowed(months):
    assert game(2, months=months).months == months


def test_the_same_seed_deals_the_same_decks():
    one, two = game(3, seed=42), game(3, seed=42)
    assert to_json(one) == to_json(two)
    assert sorted(one.mail_deck) == list(range(48))
    assert sorted([*one.deal_deck, one.yard_sale]) == list(range(24))


def mid_game():
    """Four players, one month in: Deals, held Mail, a loan, a carried Monster Charge, a Jackpot,
    and a Lottery half answered, so the save has picks, an agenda and an unfinished turn."""
    st = game(4, seed=9)
    give_deals(st, BOB, "Teen Jeans")
    hold_mail(st, CAT, (MailKind.BILL, 300))
    hold_mail(st, ANN, (MailKind.MONSTER, 1000))
    land(st, ANN, 31)
    act(st, ANN, ActionKind.CARRY)
    stack_deal(st, "Gotcha Security")
    land(st, BOB, 4)
    act(st, BOB, ActionKind.BUY)
    act(st, DAN, ActionKind.LOAN, 3000)
    set_jackpot(st, 700)
    land(st, CAT, 13)
    act(st, DAN, ActionKind.ANTE, 4)
    act(st, ANN, ActionKind.ANTE, 2)
    assert asked(st) == (PendingKind.LOTTERY, [CAT, BOB])
    assert st.carried_balances(ANN) == [1000] and st.agenda
    return st


def test_a_saved_mid_game_state_loads_back_equal():
    st = mid_game()
    text = to_json(st)
    loaded = from_json(text)
    assert loaded == st
    assert to_json(loaded) == text
    assert loaded.pending.wants == {DAN: 4, ANN: 2}  # waiting for Cat, the lander, and Bob


def test_a_loaded_game_plays_on_exactly_like_the_original():
    original = mid_game()
    loaded = from_json(to_json(original))
    for st in (original, loaded):
        assert st.script == []  # from here on, every die comes from the saved RNG
    trail = []
    for st in (original, loaded):
        events = []
        for _ in range(40):  # time everyone out for a few turns
            if st.over:
                break
            events += apply(st, default_action(st, st.pending.seats[0]))
            events += answer_all_defaults(st)
        trail.append(events)
    assert trail[0] and trail[0] == trail[1]
    assert to_json(original) == to_json(loaded)


def test_a_game_with_no_rule_left_to_run_says_so():
    """A damaged save: a Pay Day question answered with nothing left on the agenda (not even the
    end of the turn) is a clear RuntimeError, not an IndexError from deep in the engine."""
    st = game(3)
    act(st, ANN, ActionKind.LOAN, 1000)
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.REPAY, [ANN])
    st.agenda.clear()
    with pytest.raises(RuntimeError, match="ran out of steps"):
        apply(st, Action(ANN, ActionKind.REPAY, 0, st.prompt))


# -- games saved before issue 6 (tests/bot/game/fixtures/README.md; docs/RULES.md §6.4) ------------------
FIXTURES = Path(__file__).parent / "fixtures"


def saved(name: str) -> GameState:
    return from_json((FIXTURES / name).read_text())


def finish(st: GameState) -> list[ev.Event]:
    """Let the computer player answer everything; the books must hold at every step."""
    events: list[ev.Event] = []
    for _ in range(max_answers(len(st.players), st.months, st.ruleset)):
        if st.over:
            assert violations(st) == []
            return events
        events += apply(st, choose(st, st.pending.seats[0]))
        assert st.money_balances()
    raise AssertionError("the saved game never finished")


def test_a_saved_half_answered_lottery_with_a_discarded_carried_charge_loads_and_finishes():
    st = saved("saved-lottery-and-carried-charge.json")
    assert asked(st) == (PendingKind.LOTTERY, [CAT, BOB]) and st.pending.picks == {4: DAN, 2: ANN}
    assert st.players[ANN].charges == [1000] and st.players[ANN].carried == []
    refused(st, Action(CAT, ActionKind.ANTE, 4, st.prompt), InvalidChoice)  # Dan took it before the upgrade
    events = act(st, CAT, ActionKind.ANTE, 5) + act(st, BOB, ActionKind.SIT_OUT)
    assert sorted(e.value for e in of_kind(events, EventKind.ANTED)) == [5]
    assert transfers(st, events, "Lottery win")  # the draw ran with the three numbers taken
    # Ann's old balance is still asked about at her next Pay Day, and paid off at her last
    turn_to(st, ANN)
    land(st, ANN, 31)
    assert asked(st) == (PendingKind.CHARGE, [ANN]) and (st.pending.card, st.pending.amount) == (-1, 1000)
    events = act(st, ANN, ActionKind.CARRY)
    assert transfers(st, events) == [Pay(ANN, BANK, 100, "Monster Charge interest")]
    assert st.players[ANN].charges == [1000] and st.net_worth(ANN) == st.players[ANN].cash - 1000
    events = finish(st)
    assert st.over and st.players[ANN].charges == []
    assert Pay(ANN, BANK, 1000, "Monster Charge paid in full") in transfers(st, events)


def test_a_saved_last_pay_day_charge_question_pays_off_both_old_balances():
    st = saved("saved-charge-question.json")
    cash_before = st.players[BOB].cash
    refused(st, Action(BOB, ActionKind.CARRY, 0, st.prompt), InvalidChoice)  # no carrying at the last Pay Day
    events = act(st, BOB, ActionKind.PAY_ALL)
    assert transfers(st, events) == [
        Pay(BOB, BANK, 300, "Monster Charge interest"),
        Pay(BOB, BANK, 3000, "Monster Charge paid in full"),
        Pay(BOB, BANK, 400, "Monster Charge interest"),
        Pay(BOB, BANK, 4000, "Monster Charge paid in full"),
    ]
    bob = st.players[BOB]
    assert bob.retired and bob.charges == [] and bob.cash == cash_before - 7700
    finish(st)
    assert st.over


def test_a_saved_classic_game_with_an_open_swellfare_question_loads_and_finishes():
    st = saved("saved-classic-swellfare.json")
    assert asked(st) == (PendingKind.SWELLFARE, [ANN]) and st.jackpot == 50
    force_dice(st, 1)
    events = act(st, ANN, ActionKind.BET, 25)  # an amount the old buttons offered is still a legal bet
    assert transfers(st, events) == [Pay(ANN, JACKPOT, 25, "Swellfare bet lost")]
    finish(st)
    assert st.over


def test_a_classic_game_saved_at_a_commission_roll_off_before_issue_8_loads_and_finishes():
    """Saved when a roll-off held what it was for as English text (`Pending.reason`): the roll-off
    now reads it from its card, and pays the commission with a code that names that Deal."""
    st = saved("saved-before-issue-8-classic-commission.json")
    shoeshine = deal_index(st, "Shoeshine Stand")
    assert asked(st) == (PendingKind.ROLL_OFF, [BOB, CAT]) and st.pending.picks == {ANN: 6}
    assert (st.pending.card, st.pending.reason) == (shoeshine, "Commission on Shoeshine Stand")
    force_dice(st, 6, 2, 3, 5)  # Bob ties Ann's 6, Cat is out; then Ann 3, Bob 5
    act(st, BOB, ActionKind.ROLL)
    act(st, CAT, ActionKind.ROLL)
    assert asked(st) == (PendingKind.ROLL_OFF, [ANN, BOB])
    events = act(st, ANN, ActionKind.ROLL) + act(st, BOB, ActionKind.ROLL)
    [paid] = of_kind(events, EventKind.TRANSFER)
    assert (paid.src, paid.dst, paid.amount, paid.reason, paid.ref) == (
        BANK,
        BOB,
        10,
        Reason.COMMISSION,
        shoeshine,
    )
    assert transfers(st, events) == [Pay(BANK, BOB, 10, "Commission on Shoeshine Stand")]
    finish(st)
    assert st.over


def test_a_new_question_starts_like_a_saved_one_that_lacks_its_optional_fields():
    """`Pending.__init__` is written out for speed: its defaults must stay the fields' defaults,
    which are what a game saved without those fields loads with."""
    st = game(2)
    saved = json.loads(to_json(st))
    saved["pending"] = {"kind": "lottery", "seats": [1, 0]}
    assert from_json(json.dumps(saved)).pending == Pending(PendingKind.LOTTERY, [1, 0])


def test_an_agenda_saved_as_objects_before_issue_8_loads_as_steps():
    st = game(2)
    saved = json.loads(to_json(st))
    saved["agenda"] = [{"kind": "end_turn", "seat": 1, "arg": 0}, {"kind": "space", "seat": 0, "arg": 7}]
    assert from_json(json.dumps(saved)).agenda == [(Step.END_TURN, 1, 0), (Step.SPACE, 0, 7)]
