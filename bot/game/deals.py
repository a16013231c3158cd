"""Deal questions: buy the card just drawn (a loan covers a shortfall), or sell one at a Buyer.

Classic: buying a Deal with a commission makes every player roll for it, and a declined or sold
Deal goes to the bottom of the Deal pile."""

from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.bank import pay, transfer
from bot.game.context import Game, Options, Question
from bot.game.events import EventKind, Reason
from bot.game.interrupts import in_turn_order
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, Pending, PendingKind


def buy_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.BUY, 0), (ActionKind.DECLINE, 0)]


def buy_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind in (ActionKind.BUY, ActionKind.DECLINE) and value == 0


def buy_answer(g: Game, seat: int, kind: str, value: int) -> None:
    card = g.state.asked.card
    g.state.pending = None
    deal = g.ruleset.deals[card]
    if kind == ActionKind.BUY:
        pay(g, seat, ev.BANK, deal.cost, Reason.DEAL_BOUGHT, card)
        g.state.players[seat].deals.append(card)
        g.emit(EventKind.BOUGHT, seat, value=card)
        if deal.commission:
            order = in_turn_order(g, seat)
            g.ask(Pending(PendingKind.ROLL_OFF, order, lander=seat, amount=deal.commission, card=card))
    else:
        put_back(g, card)
        g.emit(EventKind.DECLINED, seat, value=card)


def put_back(g: Game, card: int) -> None:
    """A Deal nobody keeps: to the discards, or (classic) to the bottom of the draw pile."""
    if g.rules.deals_to_bottom:
        g.state.deal_deck.insert(0, card)
    else:
        g.state.deal_discard.append(card)


def decline(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.DECLINE, 0)


def sell_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.SELL, card) for card in state.players[seat].deals] + [(ActionKind.KEEP, 0)]


def sell_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    if kind == ActionKind.KEEP:
        return value == 0
    return kind == ActionKind.SELL and value in state.players[seat].deals


def sell_answer(g: Game, seat: int, kind: str, value: int) -> None:
    g.state.pending = None
    if kind == ActionKind.KEEP:
        g.emit(EventKind.KEPT, seat)
        return
    card = value
    g.state.players[seat].deals.remove(card)
    put_back(g, card)
    transfer(g, ev.BANK, seat, g.ruleset.deals[card].value, Reason.DEAL_SOLD, card)
    g.emit(EventKind.SOLD, seat, value=card)


def sell_best(state: GameState, seat: int) -> tuple[str, int]:
    """A sale can only gain (every Deal sells above cost), so an absent player sells the best one."""
    deals = RULESETS[state.ruleset].deals
    return (ActionKind.SELL, max(state.players[seat].deals, key=lambda card: deals[card].profit))


QUESTIONS: dict[str, Question] = {
    PendingKind.DEAL: Question(options=buy_options, answer=buy_answer, default=decline, allows=buy_allows),
    PendingKind.SELL: Question(
        options=sell_options, answer=sell_answer, default=sell_best, allows=sell_allows
    ),
}
