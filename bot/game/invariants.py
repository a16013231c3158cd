"""What must hold after every action of every game: the simulator and the property tests share it."""

from collections import Counter
from collections.abc import Iterable

from bot.game import events as ev
from bot.game import rulesets as rs
from bot.game.calendar import PAYDAY_DAY, SpaceKind
from bot.game.cards import MailKind
from bot.game.engine import MAIL_QUESTIONS
from bot.game.events import EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, PendingKind
from bot.game.steps import Step

ROLL_OFF_ROUNDS = 10
"""Tie-break rounds allowed per highest-roll Radio Contest in `max_answers` (a longer run of ties
has a probability below one in ten million per contest)."""
BANKING_ROUNDS = 20
"""Classic banking moves allowed per Pay Day in `max_answers` (each one moves $100 or more of a
player's money one way only, so a real Pay Day takes a handful)."""


def violations(state: GameState) -> list[str]:
    """Every broken invariant, as one line each; an empty list means the state is sound.

    Money: the ledger balances (every dollar in play, start cash included, was paid by the Bank),
    nobody's cash or savings is negative, nobody holds savings and a loan at once, the Jackpot and
    the pot are not negative, the pot is empty once the game is over, loans are whole loan steps.
    Monster Charges: only Monster Charge cards are carried, and nobody retires still owing one.
    Cards: every Mail and Deal card is in exactly one place.
    """
    problems: list[str] = []
    if not state.money_balances():
        problems.append(
            f"money does not balance: {state.money_in_play()} in play, expected "
            f"{state.bank_paid} paid - {state.bank_received} received"
        )
    step = state.rules.loan_step
    cards = RULESETS[state.ruleset].mail
    for p in state.players:
        if p.cash < 0:
            problems.append(f"seat {p.seat} has negative cash {p.cash}")
        if p.loan < 0 or p.loan % step:
            problems.append(f"seat {p.seat} has a loan of {p.loan}, not a whole number of {step} steps")
        if p.savings < 0:
            problems.append(f"seat {p.seat} has negative savings {p.savings}")
        if p.savings > 0 and p.loan > 0:
            problems.append(f"seat {p.seat} holds savings {p.savings} and a loan {p.loan} at once")
        if any(balance < 0 for balance in p.charges):
            problems.append(f"seat {p.seat} has a negative Monster Charge balance {p.charges}")
        if p.retired and (p.carried or p.charges):
            problems.append(
                f"seat {p.seat} retired still owing Monster Charges {state.carried_balances(p.seat)}"
            )
        if any(cards[card].kind != MailKind.MONSTER for card in p.carried):
            problems.append(f"seat {p.seat} carries a card that is no Monster Charge: {p.carried}")
    if state.jackpot < 0:
        problems.append(f"the Jackpot is negative: {state.jackpot}")
    if state.pot < 0:
        problems.append(f"the pot is negative: {state.pot}")
    if state.over and state.pot:
        problems.append(f"the game is over with {state.pot} still in the pot")
    ruleset = RULESETS[state.ruleset]
    mail, deals = card_places(state)
    problems += _conserved("Mail", mail, len(ruleset.mail))
    problems += _conserved("Deal", deals, len(ruleset.deals))
    return problems


def card_places(state: GameState) -> tuple[list[int], list[int]]:
    """Every Mail card and every Deal card wherever it is, repeats included.

    Mail: draw pile, discards, held by players (Lottery Tickets too), Monster Charges carried by
    their holders (docs/RULES.md §2.9), the card a TARGET, SWELLFARE or
    INSURANCE question is about, and cards drawn on a Mail space still waiting on the agenda to be
    resolved. Deals: draw pile (bottom-of-pile returns too), discards, held by players, the Yard Sale
    reserve and the card a DEAL question offers.
    """
    mail = [*state.mail_deck, *state.mail_discard]
    deals = [*state.deal_deck, *state.deal_discard]
    for p in state.players:
        mail += p.mail
        mail += p.carried
        deals += p.deals
    if state.yard_sale is not None:
        deals.append(state.yard_sale)
    pending = state.pending
    if pending is not None and pending.kind in MAIL_QUESTIONS:
        mail.append(pending.card)
    if pending is not None and pending.kind == PendingKind.DEAL:
        deals.append(pending.card)
    mail += [card for kind, _, card in state.agenda if kind == Step.MAIL]
    return mail, deals


def _conserved(name: str, places: list[int], size: int) -> list[str]:
    if len(places) == size and set(places) == set(range(size)):
        return []
    counts = Counter(places)
    missing = sorted(set(range(size)) - counts.keys())
    repeated = sorted(card for card, n in counts.items() if n > 1)
    strays = sorted(card for card in counts if not 0 <= card < size)
    return [
        f"{name} cards not conserved: {len(places)} placed of {size}; "
        f"missing {missing}, repeated {repeated}, unknown {strays}"
    ]


def max_answers(players: int, months: int, ruleset: str = rs.DEFAULT_RULESET) -> int:
    """An upper bound on the answers (actions other than loans) a whole game can take.

    Each player makes at most 31 movement rolls a month (every roll moves at least one day and
    Pay Day stops the token). One landing then asks at most: 3 Mail cards x 2 answers (a Pay a
    Neighbor target, or Move Ahead's choice and then the Deal or Buyer it leads to) = 6; one answer
    per player for the Radio Contest or the Walk; 1 for a Deal or a Buyer; and at Pay Day 1
    repayment + 3 Monster Charges (there are 3 cards). The Lottery asks a player again each time an
    earlier player takes the number they asked for, so the k-th player in turn order answers at
    most 2^(k-1) times: 2^players - 1 answers in all. So a game takes at most
    players x months x 31 x (1 + max(6, 2^players - 1)) answers. A highest-roll Radio Contest
    (family) re-asks tied players, which no fixed number bounds: allow ROLL_OFF_ROUNDS of them.

    Classic adds: a Deal's commission roll-off and the Poker Game (one answer each, then a
    roll-off), the Pay Day banking question (asked again after every move: allow BANKING_ROUNDS),
    and Daylight Savings, where every player plays one more space.
    """
    preset = RULESETS[ruleset]
    kinds = {space.kind for space in preset.board}
    roll_off = players * (1 + ROLL_OFF_ROUNDS)
    per_space = max(6, 2**players - 1)
    if preset.rules.radio_mode == rs.RadioMode.HIGHEST:
        per_space = max(per_space, roll_off)
    if any(deal.commission for deal in preset.deals):
        per_space = max(per_space, 1 + roll_off)
    if SpaceKind.POKER in kinds:
        per_space = max(per_space, players + roll_off)
    if Step.PAY_BANKING in preset.payday:
        per_space = max(per_space, 1 + BANKING_ROUNDS)
    per_landing = players * per_space if SpaceKind.DAYLIGHT in kinds else per_space
    return players * months * PAYDAY_DAY * (1 + per_landing)


def books_mismatches(state: GameState, events: Iterable[ev.Event]) -> list[str]:
    """The ledger rebuilt from the game's transfer events (start cash included) against every
    account in the state: each seat's cash, loan and savings, the Jackpot, the pot and what the Bank
    paid and received. A dollar moved without its ledger line shows up here as a mismatch."""
    rebuilt: Counter[int] = Counter()
    loans: Counter[int] = Counter()
    for e in events:
        if e.kind != EventKind.TRANSFER:
            continue
        rebuilt[e.src] -= e.amount
        rebuilt[e.dst] += e.amount
        if e.reason in (Reason.LOAN, Reason.AUTO_LOAN):
            loans[e.dst] += e.amount
        elif e.reason == Reason.REPAYMENT:
            loans[e.src] -= e.amount
    expected = {
        "the Bank's balance": (rebuilt[ev.BANK], state.bank_received - state.bank_paid),
        "the Jackpot": (rebuilt[ev.JACKPOT], state.jackpot),
        "the pot": (rebuilt[ev.POT], state.pot),
    }
    for p in state.players:
        expected[f"seat {p.seat} cash"] = (rebuilt[p.seat], p.cash)
        expected[f"seat {p.seat} loan"] = (loans[p.seat], p.loan)
        expected[f"seat {p.seat} savings"] = (rebuilt[ev.savings_account(p.seat)], p.savings)
    return [
        f"the books say {books} for {account}, the game holds {held}"
        for account, (books, held) in expected.items()
        if books != held
    ]
