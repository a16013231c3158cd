"""Scripted Pay Day games for the rule-by-rule engine tests.

Dice are forced through `state.script` and decks are stacked by card *name* (or by kind and
amount, straight from docs/RULES.md), so each test reads like the rulebook paragraph it checks and does
not depend on card index numbers or on the seed.

Conventions: seats 0, 1, 2... are Ann, Bob, Cat, Dan, Eve, Fay; `stack_*` puts the first card
named on top of the pile (drawn first); `land` moves a token onto a day with a forced movement roll.
"""

from collections.abc import Iterable
from random import Random
from typing import NamedTuple

import pytest

from bot.game import events as ev
from bot.game.actions import Action, ActionKind, IllegalAction
from bot.game.engine import apply, default_action, legal_actions, new_game
from bot.game.events import EventKind
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, Pending, PendingKind, from_json, to_json
from bot.render.language.events import describe
from bot.render.language.i18n import lang
from bot.render.language.ledger import reason_text
from bot.render.refusals import refusal_text

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
ENGLISH = lang("en")
ANN, BOB, CAT, DAN, EVE, FAY = range(6)
BANK, JACKPOT, POT = ev.BANK, ev.JACKPOT, ev.POT

CardKey = str | int | tuple[str, int]
"""A card by name, by index, or by (kind, amount) — e.g. (cards.BILL, 5000) for the $5,000 Bill."""


class Pay(NamedTuple):
    """One ledger line, as a player reads it: who paid whom, how much, and why (the reason in
    English, as the ledger shows it: "salary", "bought Teen Jeans", "Ski Weekend")."""

    src: int
    dst: int
    amount: int
    reason: str


# -- setting up -----------------------------------------------------------------------------------
def game(n: int = 3, *, ruleset: str = "modern", months: int = 3, seed: int = 0, **kw) -> GameState:
    """A fresh game of `n` players (Ann first), waiting for Ann's movement roll."""
    return new_game(list(NAMES[:n]), ruleset=ruleset, months=months, seed=seed, **kw)


def force_dice(state: GameState, *faces: int) -> None:
    """The next die rolls, whatever they are for, come up `faces` in this order."""
    assert all(1 <= f <= 6 for f in faces), faces
    state.script.extend(faces)


def mail_index(state: GameState, key: CardKey) -> int:
    return _index(RULESETS[state.ruleset].mail, key, "Mail")


def deal_index(state: GameState, key: str | int) -> int:
    return _index(RULESETS[state.ruleset].deals, key, "Deal")


def _index(cards, key: CardKey, what: str) -> int:
    if isinstance(key, int):
        return key
    if isinstance(key, tuple):
        return _find(cards, key, what)
    matches = [i for i, card in enumerate(cards) if card.name == key]
    assert len(matches) == 1, f"no single {what} card named {key!r}"
    return matches[0]


def _find(cards, key: tuple[str, int], what: str) -> int:
    kind, amount = key
    for i, card in enumerate(cards):
        if card.kind == kind and card.amount == amount:
            return i
    raise AssertionError(f"no {what} card of kind {kind!r} for ${amount:,}")


def mail_cards(state: GameState, kind: str) -> list[int]:
    """Every Mail card of one kind, by index."""
    return [i for i, card in enumerate(RULESETS[state.ruleset].mail) if card.kind == kind]


def stack_mail(state: GameState, *keys: CardKey) -> list[int]:
    """Put these Mail cards on top of the draw pile, the first named on top. Returns their indexes."""
    cards = [mail_index(state, k) for k in keys]
    assert len(set(cards)) == len(cards), "stack distinct cards"
    for card in cards:
        for pile in (state.mail_deck, state.mail_discard):
            if card in pile:
                pile.remove(card)
    state.mail_deck.extend(reversed(cards))
    return cards


def stack_deal(state: GameState, *keys: str | int) -> list[int]:
    """Put these Deals on top of the Deal pile, the first named on top (never the Yard Sale card)."""
    cards = [deal_index(state, k) for k in keys]
    assert len(set(cards)) == len(cards), "stack distinct cards"
    for card in cards:
        _take_deal(state, card)
    state.deal_deck.extend(reversed(cards))
    return cards


def set_reserve(state: GameState, key: str | int) -> int:
    """Make this Deal the face-down Yard Sale card; the old reserve goes to the bottom of the pile."""
    card = deal_index(state, key)
    _take_deal(state, card)
    if state.yard_sale is not None:
        state.deal_deck.insert(0, state.yard_sale)
    state.yard_sale = card
    return card


def _take_deal(state: GameState, card: int) -> None:
    for pile in (state.deal_deck, state.deal_discard):
        if card in pile:
            pile.remove(card)
    if state.yard_sale == card:  # swap in the bottom card so every Deal stays in exactly one place
        state.yard_sale = state.deal_deck.pop(0)


def give_deals(state: GameState, seat: int, *keys: str | int) -> list[int]:
    """Hand a player these Deals (as if bought earlier)."""
    cards = [deal_index(state, k) for k in keys]
    for card in cards:
        _take_deal(state, card)
        state.players[seat].deals.append(card)
    return cards


def hold_mail(state: GameState, seat: int, *keys: CardKey) -> list[int]:
    """Hand a player these Mail cards to hold until Pay Day (as if drawn earlier)."""
    cards = [mail_index(state, k) for k in keys]
    for card in cards:
        for pile in (state.mail_deck, state.mail_discard):
            if card in pile:
                pile.remove(card)
        state.players[seat].mail.append(card)
    return cards


def carry_charge(state: GameState, seat: int, key: CardKey) -> int:
    """Give a player a Monster Charge carried from an earlier Pay Day: its card stays with them."""
    card = mail_index(state, key)
    for pile in (state.mail_deck, state.mail_discard):
        if card in pile:
            pile.remove(card)
    state.players[seat].carried.append(card)
    return card


def set_cash(state: GameState, seat: int, amount: int) -> None:
    """Give a player exactly `amount` in cash, the Bank making up the difference (books stay balanced)."""
    _bank_adjust(state, amount - state.players[seat].cash)
    state.players[seat].cash = amount


def set_savings(state: GameState, seat: int, amount: int) -> None:
    """Give a player exactly `amount` in savings (classic), the Bank making up the difference."""
    _bank_adjust(state, amount - state.players[seat].savings)
    state.players[seat].savings = amount


def set_loan(state: GameState, seat: int, amount: int) -> None:
    """Give a player a loan balance taken earlier (the cash it brought is long spent)."""
    state.players[seat].loan = amount


def set_jackpot(state: GameState, amount: int) -> None:
    """Put `amount` on the Jackpot, as if earlier fees had fed it (the Bank makes up the difference)."""
    _bank_adjust(state, amount - state.jackpot)
    state.jackpot = amount


def _bank_adjust(state: GameState, paid_out: int) -> None:
    if paid_out >= 0:
        state.bank_paid += paid_out
    else:
        state.bank_received -= paid_out


def place(state: GameState, seat: int, day: int) -> None:
    state.players[seat].day = day


def turn_to(state: GameState, seat: int) -> None:
    """Make it `seat`'s turn to roll (the game must be waiting for a movement roll)."""
    assert state.pending is not None and state.pending.kind == PendingKind.ROLL, state.pending
    if state.turn != seat:
        state.turn = seat
        state.prompt += 1
        state.pending = Pending(PendingKind.ROLL, [seat], lander=seat)


def retire(state: GameState, *seats: int) -> None:
    """These players finished their months (as if their last Pay Day had passed)."""
    for seat in seats:
        p = state.players[seat]
        p.months_done, p.retired, p.day = state.months, True, 31


def land(state: GameState, seat: int, day: int, roll: int = 1, then: Iterable[int] = ()) -> list[ev.Event]:
    """`seat` rolls `roll` from `day - roll` and lands on `day`; the dice in `then` come up next.
    Returns what happened."""
    assert 1 <= roll <= 6 and day - roll >= 0
    turn_to(state, seat)
    place(state, seat, day - roll)
    force_dice(state, roll, *then)
    return act(state, seat, ActionKind.ROLL)


# -- playing --------------------------------------------------------------------------------------
def act(state: GameState, seat: int, kind: str, value: int = 0) -> list[ev.Event]:
    """Apply one answer for the current prompt and return the events."""
    events = apply(state, Action(seat, kind, value, state.prompt))
    assert state.money_balances()
    return events


def answer_all_defaults(state: GameState) -> list[ev.Event]:
    """Time out everyone until the game waits for a movement roll (or ends); returns the events."""
    events: list[ev.Event] = []
    for _ in range(100):
        if state.over or state.pending.kind == PendingKind.ROLL:
            return events
        events += apply(state, default_action(state, state.pending.seats[0]))
    raise AssertionError("the defaults never got back to a movement roll")


def refused(state: GameState, action: Action, error: type[IllegalAction]) -> IllegalAction:
    """Assert the engine refuses `action` with `error` and leaves the saved game byte-identical."""
    before = to_json(state)
    with pytest.raises(error) as info:
        apply(state, action)
    assert type(info.value) is error
    assert to_json(state) == before
    return info.value


# -- reading --------------------------------------------------------------------------------------
def transfers(state: GameState, events: Iterable[ev.Event], reason: str | None = None) -> list[Pay]:
    """The ledger lines among `events` (only those with this reason, if given), each reason as the
    ledger of this game writes it in English."""
    rs = RULESETS[state.ruleset]
    paid = [
        Pay(e.src, e.dst, e.amount, reason_text(e, rs, ENGLISH))
        for e in events
        if e.kind == EventKind.TRANSFER
    ]
    return [pay for pay in paid if reason is None or pay.reason == reason]


def of_kind(events: Iterable[ev.Event], kind: str) -> list[ev.Event]:
    return [e for e in events if e.kind == kind]


def kinds(events: Iterable[ev.Event]) -> list[str]:
    return [e.kind for e in events]


def rolls(events: Iterable[ev.Event]) -> list[tuple[int, int]]:
    """(seat, face) for every die rolled."""
    return [(e.seat, e.value) for e in events if e.kind == EventKind.ROLLED]


def cash(state: GameState) -> list[int]:
    return [p.cash for p in state.players]


def options(state: GameState, seat: int) -> list[tuple[str, int]]:
    return [(x.kind, x.value) for x in legal_actions(state, seat)]


def asked(state: GameState) -> tuple[str, list[int]]:
    """The question the game waits on and who must answer it."""
    return state.pending.kind, list(state.pending.seats)


def waiting_for_roll(state: GameState, seat: int) -> bool:
    return (
        state.pending is not None and state.pending.kind == PendingKind.ROLL and state.pending.seats == [seat]
    )


def lines(state: GameState, events: Iterable[ev.Event]) -> list[str]:
    """Every event as the plain-English line the table reads."""
    names = [p.name for p in state.players]
    return [describe(e, names, RULESETS[state.ruleset], ENGLISH) for e in events]


def said(state: GameState, error: IllegalAction) -> str:
    """A refusal as the player reads it, in English."""
    return refusal_text(error, ENGLISH, [p.name for p in state.players])


def hidden_twin(state: GameState, seed: int) -> GameState:
    """A copy of `state` that differs only in what no player can see: both draw piles reordered,
    the face-down Yard Sale card swapped for another face-down Deal, other dice to come."""
    twin = from_json(to_json(state))
    shuffler = Random(seed)
    shuffler.shuffle(twin.mail_deck)
    shuffler.shuffle(twin.deal_deck)
    if twin.yard_sale is not None and twin.deal_deck:
        twin.yard_sale, twin.deal_deck[0] = twin.deal_deck[0], twin.yard_sale
    twin.rng = shuffler.getrandbits(64)
    return twin
