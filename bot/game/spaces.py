"""What each kind of board space does when a token lands on it."""

from collections.abc import Callable

from bot.game import calendar as b
from bot.game import cards as c
from bot.game import events as ev
from bot.game import state as s
from bot.game import steps
from bot.game.bank import pay, transfer
from bot.game.context import Game
from bot.game.events import new_event
from bot.game.interrupts import in_turn_order, start_lottery, start_poker, start_radio, start_walk
from bot.game.payday import start_payday
from bot.game.state import Pending

SpaceHandler = Callable[[Game, int, int], None]
"""(game, the lander's seat, the day of the space landed on)."""


def move_to(g: Game, seat: int, day: int) -> None:
    """Put the token on `day` and resolve that space now.

    Every move is its caller's last step (a roll, Move Ahead, Daylight Savings), so resolving the
    space at once is what scheduling a SPACE step would do, without the trip through the agenda
    every turn made. A game saved with a SPACE step still runs it (`run_space`)."""
    g.state.players[seat].day = day
    g.events.append(new_event(ev.Event, (ev.MOVED, seat, 0, day, 0, 0, "", 0, 0, -1)))
    SPACES[g.ruleset.board[day].kind](g, seat, day)


def nothing(g: Game, seat: int, day: int) -> None:
    return


def mail(g: Game, seat: int, day: int) -> None:
    """Draw every card first, then resolve them in draw order."""
    tasks = []  # one loop, not two comprehensions: each would be a function call on CPython 3.11
    for _ in range(g.ruleset.board[day].count):
        card = g.draw_mail(seat)
        if card is not None:
            tasks.append((steps.MAIL, seat, card))
    g.then(tasks)


def sweepstakes(g: Game, seat: int, day: int) -> None:
    factor = g.roll(seat, ev.SPACE, day) if g.rules.sweepstakes_roll else 1
    transfer(g, ev.BANK, seat, g.ruleset.board[day].amount * factor, ev.SPACE, day)


def deal(g: Game, seat: int, day: int) -> None:
    card = g.draw_deal(seat)
    if card is None:
        g.emit(ev.NOTHING, seat, reason=ev.NO_DEAL_LEFT)
    else:
        g.ask(Pending(s.DEAL, [seat], lander=seat, card=card))


def fee(g: Game, seat: int, day: int) -> None:
    pay(g, seat, ev.JACKPOT, g.ruleset.board[day].amount, ev.SPACE, day)


def buyer(g: Game, seat: int, day: int) -> None:
    if g.state.players[seat].deals:
        g.ask(Pending(s.SELL, [seat], lander=seat))
    else:
        g.emit(ev.NOTHING, seat, reason=ev.NO_DEAL_TO_SELL)


def birthday(g: Game, seat: int, day: int) -> None:
    for other in g.state.others(seat):
        pay(g, other, seat, g.ruleset.board[day].amount, ev.SPACE, day)


def yard_sale(g: Game, seat: int, day: int) -> None:
    """Modern: the face-down reserve card, priced by the movement roll. Family: top card, new roll."""
    st = g.state
    if g.rules.yard_sale_draws:
        card = g.draw_deal(seat)
    elif st.yard_sale is not None:
        card, st.yard_sale = st.yard_sale, None
        g.emit(ev.DREW_DEAL, seat, value=card)
    else:  # the pile was empty when the reserve was last set aside
        card = g.draw_deal(seat)
    if card is None:
        g.emit(ev.NOTHING, seat, reason=ev.NO_YARD_SALE_DEAL)
        return
    price = g.roll(seat, ev.YARD_SALE_PRICE) if g.rules.yard_sale_roll else st.last_roll
    pay(g, seat, ev.BANK, g.ruleset.board[day].amount * price, ev.SPACE, day)
    st.players[seat].deals.append(card)
    g.emit(ev.BOUGHT, seat, value=card)
    if not g.rules.yard_sale_draws:
        st.yard_sale = g.draw_deal(seat, announce=False)


def casino(g: Game, seat: int, day: int) -> None:
    """Family Casino Night: an odd roll collects from the Bank, an even one feeds the Jackpot."""
    amount = g.ruleset.board[day].amount
    if g.roll(seat, ev.SPACE, day) % 2:
        transfer(g, ev.BANK, seat, amount, ev.SPACE, day)
    else:
        pay(g, seat, ev.JACKPOT, amount, ev.SPACE, day)


def lottery_draw(g: Game, seat: int, day: int) -> None:
    """Classic: every Lottery Ticket the lander holds pays its value from the Bank."""
    st = g.state
    player = st.players[seat]
    deck = g.ruleset.mail
    tickets = [card for card in player.mail if deck[card].kind == c.TICKET]
    if not tickets:
        g.emit(ev.NOTHING, seat, reason=ev.NO_TICKET)
        return
    for card in tickets:
        transfer(g, ev.BANK, seat, deck[card].amount, ev.TICKET, card)
        player.mail.remove(card)
        st.mail_discard.append(card)


def election(g: Game, seat: int, day: int) -> None:
    """Classic Town Election: every player, from the lander, pays into the Pot (the Jackpot), and
    the next movement 6 wins it (docs/RULES.md §4.7)."""
    for voter in in_turn_order(g, seat):
        pay(g, voter, ev.JACKPOT, g.ruleset.board[day].amount, ev.SPACE, day)
    g.state.election_held = True


def daylight(g: Game, seat: int, day: int) -> None:
    """Classic Daylight Savings: from the lander, in turn order, each player still playing moves
    back one day and plays it (a player on START collects a salary instead); it never sets off
    another."""
    order = [p for p in in_turn_order(g, seat) if not g.state.players[p].retired]
    g.then([(steps.DAYLIGHT_BACK, p, 0) for p in order])


def daylight_back(g: Game, seat: int, arg: int) -> None:
    player = g.state.players[seat]
    if player.day == 0:
        transfer(g, ev.BANK, seat, g.rules.salary, ev.DAYLIGHT_START)
        return
    day = player.day - 1
    if g.ruleset.board[day].kind == b.DAYLIGHT:
        player.day = day
        g.emit(ev.MOVED, seat, value=day)
        g.emit(ev.NOTHING, seat, reason=ev.DAYLIGHT_ONCE)
        return
    move_to(g, seat, day)


SPACES: dict[str, SpaceHandler] = {
    b.START: nothing,
    b.MAIL: mail,
    b.SWEEPSTAKES: sweepstakes,
    b.DEAL: deal,
    b.LOTTERY: start_lottery,
    b.FEE: fee,
    b.RADIO: start_radio,
    b.BUYER: buyer,
    b.BIRTHDAY: birthday,
    b.YARD_SALE: yard_sale,
    b.WALK: start_walk,
    b.PAYDAY: start_payday,
    b.CASINO: casino,
    b.LOTTERY_DRAW: lottery_draw,
    b.SUNDAY: nothing,
    b.POKER: start_poker,
    b.ELECTION: election,
    b.DAYLIGHT: daylight,
}


def run_space(g: Game, seat: int, day: int) -> None:
    """A SPACE step a game saved before `move_to` resolved spaces at once may still hold."""
    SPACES[g.ruleset.board[day].kind](g, seat, day)


TASKS = {steps.SPACE: run_space, steps.DAYLIGHT_BACK: daylight_back}
