"""Mail cards: held until Pay Day (bills, Monster Charges, junk, postcards, Lottery Tickets) or
acted on at once."""

from collections.abc import Callable

from bot.game import calendar as b
from bot.game import events as ev
from bot.game import jackpot
from bot.game.actions import ActionKind
from bot.game.bank import pay, transfer
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.context import Game, Options, Question
from bot.game.events import EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.spaces import move_to
from bot.game.state import GameState, Pending, PendingKind
from bot.game.steps import Step


def run_mail(g: Game, seat: int, card: int) -> None:
    MAIL_KINDS[g.ruleset.mail[card].kind](g, seat, card)


def hold(g: Game, seat: int, card: int) -> None:
    g.state.players[seat].mail.append(card)


def bill(g: Game, seat: int, card: int) -> None:
    """Held until Pay Day, unless the player bought insurance that cancels it (classic)."""
    tag = g.ruleset.mail[card].tag
    if tag and tag in g.state.players[seat].insured:
        g.state.mail_discard.append(card)
        g.emit(EventKind.CANCELLED, seat, value=card)
    else:
        g.state.players[seat].mail.append(card)


def read(g: Game, seat: int, card: int) -> None:
    """Postcards and junk mail: kept until Pay Day, or (classic) discarded once read."""
    if g.rules.read_mail_discarded:
        g.state.mail_discard.append(card)
    else:
        g.state.players[seat].mail.append(card)


def collect(g: Game, seat: int, card: int) -> None:
    transfer(g, ev.BANK, seat, g.ruleset.mail[card].amount, Reason.MAIL, card)
    g.state.mail_discard.append(card)


def due_at_pay_day(state: GameState, seat: int) -> int:
    """What the player's next Pay Day asks of their cash besides the loan: every held bill, and
    every Monster Charge (held or carried) paid off, its interest included."""
    player = state.players[seat]
    deck = RULESETS[state.ruleset].mail
    bills = sum(deck[card].amount for card in player.mail if deck[card].kind == MailKind.BILL)
    monsters = [deck[card].amount for card in player.mail if deck[card].kind == MailKind.MONSTER]
    balances = monsters + state.carried_balances(seat)
    return bills + sum(b + b * state.rules.charge_interest_pct // 100 for b in balances)


def owed_at_pay_day(state: GameState, seat: int) -> int:
    """The loan, the interest it will cost at the next Pay Day, and everything `due_at_pay_day`."""
    player = state.players[seat]
    return player.loan + player.loan * state.rules.loan_interest_pct // 100 + due_at_pay_day(state, seat)


def swellfare(g: Game, seat: int, card: int) -> None:
    """Only a player whose debts outrun their cash may use it; anyone else discards it unused."""
    if owed_at_pay_day(g.state, seat) > g.state.players[seat].cash:
        g.ask(Pending(PendingKind.SWELLFARE, [seat], lander=seat, card=card))
    else:
        g.state.mail_discard.append(card)
        g.emit(EventKind.NOTHING, seat, reason=Reason.SWELLFARE_UNUSED, ref=card)


def insurance(g: Game, seat: int, card: int) -> None:
    tag = g.ruleset.mail[card].tag
    if tag in g.state.players[seat].insured:
        g.state.mail_discard.append(card)
        g.emit(EventKind.NOTHING, seat, reason=Reason.ALREADY_INSURED, ref=card)
    else:
        g.ask(Pending(PendingKind.INSURANCE, [seat], lander=seat, card=card))


def to_jackpot(g: Game, seat: int, card: int) -> None:
    pay(g, seat, ev.JACKPOT, g.ruleset.mail[card].amount, Reason.MAIL, card)
    g.state.mail_discard.append(card)


def neighbours(state: GameState, seat: int) -> list[int]:
    """Mad Money and Pay a Neighbor: the other players still playing the month, in turn order after
    `seat` (docs/RULES.md §2.8: a retired player takes no part in them)."""
    return [other for other in state.others(seat) if not state.players[other].retired]


def choose_player(g: Game, seat: int, card: int) -> None:
    """Mad Money and Pay a Neighbor: the drawer picks the other player (no question if only one);
    with nobody else still playing, the card does nothing and the table is told why."""
    others = neighbours(g.state, seat)
    if not others:
        g.state.mail_discard.append(card)
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_NEIGHBOUR, ref=card)
    elif len(others) == 1:
        settle_with(g, seat, card, others[0])
    else:
        g.ask(Pending(PendingKind.TARGET, [seat], lander=seat, card=card))


def settle_with(g: Game, seat: int, card: int, other: int) -> None:
    info = g.ruleset.mail[card]
    if info.kind == MailKind.MAD_MONEY:
        pay(g, other, seat, info.amount, Reason.MAIL, card)
    else:
        pay(g, seat, other, info.amount, Reason.MAIL, card)
    g.state.mail_discard.append(card)


def destinations(state: GameState, board: b.Board, seat: int) -> list[int]:
    """Move Ahead: the next Deal and the next Buyer before Pay Day, whichever exist, in day order."""
    days: list[int] = []
    wanted = [SpaceKind.DEAL, SpaceKind.BUYER]
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
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_MOVE_AHEAD)
    elif len(days) == 1:
        move_to(g, seat, days[0])
    else:
        g.ask(Pending(PendingKind.MOVE, [seat], lander=seat))


MAIL_KINDS: dict[str, Callable[[Game, int, int], None]] = {
    MailKind.BILL: bill,
    MailKind.MONSTER: hold,
    MailKind.JUNK: read,
    MailKind.CHARITY: to_jackpot,
    MailKind.MONEYGRAM: to_jackpot,
    MailKind.MAD_MONEY: choose_player,
    MailKind.NEIGHBOR: choose_player,
    MailKind.MOVE_AHEAD: move_ahead,
    MailKind.COLLECTION: collect,
    MailKind.POSTCARD: read,
    MailKind.TICKET: hold,
    MailKind.SWELLFARE: swellfare,
    MailKind.INSURANCE: insurance,
}


# -- questions ------------------------------------------------------------------------------------
def target_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.TARGET, other) for other in neighbours(state, seat)]


def target_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == ActionKind.TARGET and value in neighbours(state, seat)


def target_answer(g: Game, seat: int, kind: str, value: int) -> None:
    card = g.state.asked.card
    g.state.pending = None
    settle_with(g, seat, card, value)


def target_default(state: GameState, seat: int) -> tuple[str, int]:
    """The next player in turn order: neutral, and predictable for the table."""
    return target_options(state, seat)[0]


def move_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.MOVE, day) for day in destinations(state, RULESETS[state.ruleset].board, seat)]


def move_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == ActionKind.MOVE and value in destinations(state, RULESETS[state.ruleset].board, seat)


def move_answer(g: Game, seat: int, kind: str, value: int) -> None:
    g.state.pending = None
    move_to(g, seat, value)


def move_default(state: GameState, seat: int) -> tuple[str, int]:
    """A Buyer if the player has a Deal to sell, otherwise the Deal space."""
    board = RULESETS[state.ruleset].board
    want = SpaceKind.BUYER if state.players[seat].deals else SpaceKind.DEAL
    options = move_options(state, seat)
    return next((o for o in options if board[o[1]].kind == want), options[0])


def swellfare_bets(state: GameState) -> range:
    """Every bet open on a Swellfare card: $0 up to the limit in steps of the smallest note."""
    rules = state.rules
    return range(0, rules.swellfare_max + 1, rules.swellfare_step)


def bet_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.BET, bet) for bet in swellfare_bets(state)]


def bet_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind == ActionKind.BET and value in swellfare_bets(state)


def bet_answer(g: Game, seat: int, kind: str, value: int) -> None:
    """A 5 or 6 pays ten times the bet from the Bank; otherwise the bet goes to the Pot (the
    Jackpot), covered by savings or a loan like any payment (docs/RULES.md §4.6)."""
    card = g.state.asked.card
    g.state.pending = None
    bet = value
    g.state.mail_discard.append(card)
    g.emit(EventKind.BET, seat, amount=bet)
    if not bet:
        return
    if jackpot.roll(g, seat, Reason.SWELLFARE) >= g.rules.swellfare_win:
        transfer(g, ev.BANK, seat, bet * g.rules.swellfare_odds, Reason.SWELLFARE_WIN)
    else:
        pay(g, seat, ev.JACKPOT, bet, Reason.SWELLFARE_LOST)


def no_bet(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.BET, 0)


def insurance_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.BUY, 0), (ActionKind.DECLINE, 0)]


def insurance_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind in (ActionKind.BUY, ActionKind.DECLINE) and value == 0


def insurance_answer(g: Game, seat: int, kind: str, value: int) -> None:
    """Buying cancels every matching bill held now, and every one drawn for the rest of the game."""
    st = g.state
    card = st.asked.card
    st.pending = None
    st.mail_discard.append(card)
    info = g.ruleset.mail[card]
    if kind == ActionKind.DECLINE:
        g.emit(EventKind.NOTHING, seat, reason=Reason.INSURANCE_DECLINED, ref=card)
        return
    pay(g, seat, ev.BANK, info.amount, Reason.MAIL, card)
    player = st.players[seat]
    player.insured.append(info.tag)
    g.emit(EventKind.INSURED, seat, value=card)
    mail = g.ruleset.mail
    for held in [m for m in player.mail if mail[m].kind == MailKind.BILL and mail[m].tag == info.tag]:
        player.mail.remove(held)
        st.mail_discard.append(held)
        g.emit(EventKind.CANCELLED, seat, value=held)


def no_insurance(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.DECLINE, 0)


QUESTIONS: dict[str, Question] = {
    PendingKind.TARGET: Question(
        options=target_options, answer=target_answer, default=target_default, allows=target_allows
    ),
    PendingKind.MOVE: Question(
        options=move_options, answer=move_answer, default=move_default, allows=move_allows
    ),
    PendingKind.SWELLFARE: Question(
        options=bet_options, answer=bet_answer, default=no_bet, allows=bet_allows
    ),
    PendingKind.INSURANCE: Question(
        options=insurance_options, answer=insurance_answer, default=no_insurance, allows=insurance_allows
    ),
}
TASKS = {Step.MAIL: run_mail}
