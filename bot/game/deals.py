"""Deal questions: buy the card just drawn (a loan covers a shortfall), or sell one at a Buyer.

Classic: buying a Deal with a commission makes every player roll for it, and a declined or sold
Deal goes to the bottom of the Deal pile."""

from bot.game import actions as act
from bot.game import events as ev
from bot.game import state as s
from bot.game.bank import pay, transfer
from bot.game.context import Game, Options, Question
from bot.game.interrupts import in_turn_order
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, Pending


def buy_options(state: GameState, seat: int) -> Options:
    return [(act.BUY, 0), (act.DECLINE, 0)]


def buy_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind in (act.BUY, act.DECLINE) and value == 0


def buy_answer(g: Game, seat: int, kind: str, value: int) -> None:
    card = g.state.pending.card
    g.state.pending = None
    deal = g.ruleset.deals[card]
    if kind == act.BUY:
        pay(g, seat, ev.BANK, deal.cost, ev.DEAL_BOUGHT, card)
        g.state.players[seat].deals.append(card)
        g.emit(ev.BOUGHT, seat, value=card)
        if deal.commission:
            order = in_turn_order(g, seat)
            g.ask(Pending(s.ROLL_OFF, order, lander=seat, amount=deal.commission, card=card))
    else:
        put_back(g, card)
        g.emit(ev.DECLINED, seat, value=card)


def put_back(g: Game, card: int) -> None:
    """A Deal nobody keeps: to the discards, or (classic) to the bottom of the draw pile."""
    if g.rules.deals_to_bottom:
        g.state.deal_deck.insert(0, card)
    else:
        g.state.deal_discard.append(card)


def decline(state: GameState, seat: int) -> tuple[str, int]:
    return (act.DECLINE, 0)


def sell_options(state: GameState, seat: int) -> Options:
    return [(act.SELL, card) for card in state.players[seat].deals] + [(act.KEEP, 0)]


def sell_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    if kind == act.KEEP:
        return value == 0
    return kind == act.SELL and value in state.players[seat].deals


def sell_answer(g: Game, seat: int, kind: str, value: int) -> None:
    g.state.pending = None
    if kind == act.KEEP:
        g.emit(ev.KEPT, seat)
        return
    card = value
    g.state.players[seat].deals.remove(card)
    put_back(g, card)
    transfer(g, ev.BANK, seat, g.ruleset.deals[card].value, ev.DEAL_SOLD, card)
    g.emit(ev.SOLD, seat, value=card)


def sell_best(state: GameState, seat: int) -> tuple[str, int]:
    """A sale can only gain (every Deal sells above cost), so an absent player sells the best one."""
    deals = RULESETS[state.ruleset].deals
    return (act.SELL, max(state.players[seat].deals, key=lambda card: deals[card].profit))


QUESTIONS = {
    s.DEAL: Question(buy_options, buy_answer, decline, buy_allows),
    s.SELL: Question(sell_options, sell_answer, sell_best, sell_allows),
}
