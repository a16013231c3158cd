"""Mail cards: held until Pay Day (bills, Monster Charges, junk) or acted on at once."""

from collections.abc import Callable

from bot.game import actions as act
from bot.game import board as b
from bot.game import cards as c
from bot.game import events as ev
from bot.game import state as s
from bot.game.context import Game, Options, Question
from bot.game.ledger import pay
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, Task
from bot.game.turn import move_to

MAIL_TASK = "mail"


def run_mail(g: Game, task: Task) -> None:
    card = g.ruleset.mail[task.arg]
    MAIL_KINDS[card.kind](g, task.seat, task.arg)


def hold(g: Game, seat: int, card: int) -> None:
    g.state.players[seat].mail.append(card)


def to_jackpot(g: Game, seat: int, card: int) -> None:
    info = g.ruleset.mail[card]
    pay(g, seat, ev.JACKPOT, info.amount, info.name)
    g.state.mail_discard.append(card)


def choose_player(g: Game, seat: int, card: int) -> None:
    """Mad Money and Pay a Neighbor: the drawer picks the other player (no question if only one)."""
    others = g.others(seat)
    if len(others) == 1:
        settle_with(g, seat, card, others[0])
    else:
        g.ask(s.TARGET, [seat], lander=seat, card=card)


def settle_with(g: Game, seat: int, card: int, other: int) -> None:
    info = g.ruleset.mail[card]
    if info.kind == c.MAD_MONEY:
        pay(g, other, seat, info.amount, info.name)
    else:
        pay(g, seat, other, info.amount, info.name)
    g.state.mail_discard.append(card)


def destinations(state: GameState, board: b.Board, seat: int) -> list[int]:
    """Move Ahead: the next Deal and the next Buyer before Pay Day, whichever exist, in day order."""
    days: list[int] = []
    wanted = [b.DEAL, b.BUYER]
    for day in range(state.players[seat].day + 1, b.PAYDAY_DAY):
        kind = board[day].kind
        if kind in wanted:
            days.append(day)
            wanted.remove(kind)
            if not wanted:
                break
    return days


def move_ahead(g: Game, seat: int, card: int) -> None:
    g.state.mail_discard.append(card)
    days = destinations(g.state, g.ruleset.board, seat)
    if not days:
        g.emit(ev.NOTHING, seat, reason="Move Ahead: no Deal or Buyer left before Pay Day")
    elif len(days) == 1:
        move_to(g, seat, days[0])
    else:
        g.ask(s.MOVE, [seat], lander=seat)


MAIL_KINDS: dict[str, Callable[[Game, int, int], None]] = {
    c.BILL: hold,
    c.MONSTER: hold,
    c.JUNK: hold,
    c.CHARITY: to_jackpot,
    c.MONEYGRAM: to_jackpot,
    c.MAD_MONEY: choose_player,
    c.NEIGHBOR: choose_player,
    c.MOVE_AHEAD: move_ahead,
}


# -- questions ------------------------------------------------------------------------------------
def target_options(state: GameState, seat: int) -> Options:
    n = len(state.players)
    return [(act.TARGET, (seat + k) % n) for k in range(1, n)]


def target_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == act.TARGET and value != seat and value in range(len(state.players))


def target_answer(g: Game, action: act.Action) -> None:
    card = g.state.pending.card
    g.state.pending = None
    settle_with(g, action.seat, card, action.value)


def target_default(state: GameState, seat: int) -> tuple[str, int]:
    """The next player in turn order: neutral, and predictable for the table."""
    return target_options(state, seat)[0]


def move_options(state: GameState, seat: int) -> Options:
    return [(act.MOVE, day) for day in destinations(state, RULESETS[state.ruleset].board, seat)]


def move_answer(g: Game, action: act.Action) -> None:
    g.state.pending = None
    move_to(g, action.seat, action.value)


def move_default(state: GameState, seat: int) -> tuple[str, int]:
    """A Buyer if the player has a Deal to sell, otherwise the Deal space."""
    board = RULESETS[state.ruleset].board
    want = b.BUYER if state.players[seat].deals else b.DEAL
    options = move_options(state, seat)
    return next((o for o in options if board[o[1]].kind == want), options[0])


QUESTIONS = {
    s.TARGET: Question(target_options, target_answer, target_default, target_allows),
    s.MOVE: Question(move_options, move_answer, move_default),
}
TASKS = {MAIL_TASK: run_mail}
