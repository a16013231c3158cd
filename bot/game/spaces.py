"""What each kind of board space does when a token lands on it."""

from collections.abc import Callable

from bot.game import events as ev
from bot.game import jackpot
from bot.game.bank import pay, transfer
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.context import Game
from bot.game.events import EventKind, Reason
from bot.game.interrupts import in_turn_order, start_lottery, start_poker, start_radio, start_walk
from bot.game.payday import start_payday
from bot.game.state import Pending, PendingKind, Task
from bot.game.steps import Step

SpaceHandler = Callable[[Game, int, int], None]
"""(game, the lander's seat, the day of the space landed on)."""


def move_to(g: Game, seat: int, day: int) -> None:
    """Put the token on `day` and resolve that space now.

    Every move is its caller's last step (a roll, Move Ahead, Daylight Savings), so the space is
    resolved at once. Games saved by older versions may hold a SPACE step, which `run_space` runs."""
    g.state.players[seat].day = day
    g.emit(EventKind.MOVED, seat, value=day)
    SPACES[g.ruleset.board[day].kind](g, seat, day)


def nothing(g: Game, seat: int, day: int) -> None:
    return


def mail(g: Game, seat: int, day: int) -> None:
    """Draw every card first, then resolve them in draw order."""
    drawn = [g.draw_mail(seat) for _ in range(g.ruleset.board[day].count)]
    g.then([Task(Step.MAIL, seat, card) for card in drawn if card is not None])


def sweepstakes(g: Game, seat: int, day: int) -> None:
    factor = jackpot.roll(g, seat, Reason.SPACE, day) if g.rules.sweepstakes_roll else 1
    transfer(g, ev.BANK, seat, g.ruleset.board[day].amount * factor, Reason.SPACE, day)


def deal(g: Game, seat: int, day: int) -> None:
    card = g.draw_deal(seat)
    if card is None:
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_DEAL_LEFT)
    else:
        g.ask(Pending(PendingKind.DEAL, [seat], lander=seat, card=card))


def fee(g: Game, seat: int, day: int) -> None:
    pay(g, seat, ev.JACKPOT, g.ruleset.board[day].amount, Reason.SPACE, day)


def buyer(g: Game, seat: int, day: int) -> None:
    if g.state.players[seat].deals:
        g.ask(Pending(PendingKind.SELL, [seat], lander=seat))
    else:
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_DEAL_TO_SELL)


def birthday(g: Game, seat: int, day: int) -> None:
    for other in g.state.others(seat):
        pay(g, other, seat, g.ruleset.board[day].amount, Reason.SPACE, day)


def yard_sale(g: Game, seat: int, day: int) -> None:
    """Modern: the face-down reserve card, priced by the movement roll. Family: top card, new roll."""
    st = g.state
    if g.rules.yard_sale_draws:
        card = g.draw_deal(seat)
    elif st.yard_sale is not None:
        card, st.yard_sale = st.yard_sale, None
        g.emit(EventKind.DREW_DEAL, seat, value=card)
    else:  # the pile was empty when the reserve was last set aside
        card = g.draw_deal(seat)
    if card is None:
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_YARD_SALE_DEAL)
        return
    price = jackpot.roll(g, seat, Reason.YARD_SALE_PRICE) if g.rules.yard_sale_roll else st.last_roll
    pay(g, seat, ev.BANK, g.ruleset.board[day].amount * price, Reason.SPACE, day)
    st.players[seat].deals.append(card)
    g.emit(EventKind.BOUGHT, seat, value=card)
    if not g.rules.yard_sale_draws:
        st.yard_sale = g.draw_deal(seat, announce=False)


def casino(g: Game, seat: int, day: int) -> None:
    """Family Casino Night: an odd roll collects from the Bank, an even one feeds the Jackpot."""
    amount = g.ruleset.board[day].amount
    if jackpot.roll(g, seat, Reason.SPACE, day) % 2:
        transfer(g, ev.BANK, seat, amount, Reason.SPACE, day)
    else:
        pay(g, seat, ev.JACKPOT, amount, Reason.SPACE, day)


def lottery_draw(g: Game, seat: int, day: int) -> None:
    """Classic: every Lottery Ticket the lander holds pays its value from the Bank."""
    st = g.state
    player = st.players[seat]
    deck = g.ruleset.mail
    tickets = [card for card in player.mail if deck[card].kind == MailKind.TICKET]
    if not tickets:
        g.emit(EventKind.NOTHING, seat, reason=Reason.NO_TICKET)
        return
    for card in tickets:
        transfer(g, ev.BANK, seat, deck[card].amount, Reason.TICKET, card)
        player.mail.remove(card)
        st.mail_discard.append(card)


def election(g: Game, seat: int, day: int) -> None:
    """Classic Town Election: every player, from the lander, pays into the Pot (the Jackpot), and
    the next movement 6 wins it (docs/RULES.md §4.7)."""
    for voter in in_turn_order(g, seat):
        pay(g, voter, ev.JACKPOT, g.ruleset.board[day].amount, Reason.SPACE, day)
    g.state.election_held = True


def daylight(g: Game, seat: int, day: int) -> None:
    """Classic Daylight Savings: from the lander, in turn order, each player still playing moves
    back one day and plays it (a player on START collects a salary instead); it never sets off
    another."""
    order = [p for p in in_turn_order(g, seat) if not g.state.players[p].retired]
    g.then([Task(Step.DAYLIGHT_BACK, p) for p in order])


def daylight_back(g: Game, seat: int, arg: int) -> None:
    player = g.state.players[seat]
    if player.day == 0:
        transfer(g, ev.BANK, seat, g.rules.salary, Reason.DAYLIGHT_START)
        return
    day = player.day - 1
    if g.ruleset.board[day].kind == SpaceKind.DAYLIGHT:
        player.day = day
        g.emit(EventKind.MOVED, seat, value=day)
        g.emit(EventKind.NOTHING, seat, reason=Reason.DAYLIGHT_ONCE)
        return
    move_to(g, seat, day)


SPACES: dict[str, SpaceHandler] = {
    SpaceKind.START: nothing,
    SpaceKind.MAIL: mail,
    SpaceKind.SWEEPSTAKES: sweepstakes,
    SpaceKind.DEAL: deal,
    SpaceKind.LOTTERY: start_lottery,
    SpaceKind.FEE: fee,
    SpaceKind.RADIO: start_radio,
    SpaceKind.BUYER: buyer,
    SpaceKind.BIRTHDAY: birthday,
    SpaceKind.YARD_SALE: yard_sale,
    SpaceKind.WALK: start_walk,
    SpaceKind.PAYDAY: start_payday,
    SpaceKind.CASINO: casino,
    SpaceKind.LOTTERY_DRAW: lottery_draw,
    SpaceKind.SUNDAY: nothing,
    SpaceKind.POKER: start_poker,
    SpaceKind.ELECTION: election,
    SpaceKind.DAYLIGHT: daylight,
}


def run_space(g: Game, seat: int, day: int) -> None:
    """A SPACE step a game saved before `move_to` resolved spaces at once may still hold."""
    SPACES[g.ruleset.board[day].kind](g, seat, day)


TASKS = {Step.SPACE: run_space, Step.DAYLIGHT_BACK: daylight_back}
