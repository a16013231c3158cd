"""Spaces that involve every player: the Lottery, the Radio Contest, the Walk for Charity and
(classic) the Poker Game; the highest-roll roll-off they and the classic Deal commission share.

Each asks several players at once (or one after another) and resolves when the last has answered.
"""

from bot.game import events as ev
from bot.game import jackpot
from bot.game import rulesets as rs
from bot.game import state as s
from bot.game.actions import ActionKind
from bot.game.bank import pay, transfer
from bot.game.context import Game, Options, Question, answered, roll_allows, roll_default, roll_only
from bot.game.events import EventKind, Reason
from bot.game.state import GameState, Pending, PendingKind

LOTTERY_NUMBERS = range(1, 7)


def in_turn_order(g: Game, seat: int) -> list[int]:
    """Everyone, retired players too, starting with `seat`."""
    return [*range(seat, len(g.state.players)), *range(seat)]


# -- Lottery --------------------------------------------------------------------------------------
# docs/RULES.md §2.4: numbers are picked in turn starting with the lander. The table answers at the
# same time, so an answer is a wish: it is granted (and the ante paid) once every player before it
# in that order has answered, and a wish for a number an earlier player wants is asked again.
def start_lottery(g: Game, seat: int, day: int) -> None:
    g.ask(Pending(PendingKind.LOTTERY, in_turn_order(g, seat), lander=seat, amount=g.rules.lottery_ante))


def _before(state: GameState, one: int, other: int) -> bool:
    """Whether `one` picks before `other` in the Lottery's turn order (from the lander)."""
    n, lander = len(state.players), state.asked.lander
    return (one - lander) % n < (other - lander) % n


def lottery_holder(state: GameState, seat: int, number: int) -> int | None:
    """Who stops `seat` from having `number`: its owner, or a player before `seat` who asked for it."""
    pending = state.asked
    if number in pending.picks:
        return pending.picks[number]
    if number not in pending.wants.values():
        return None
    return next(
        (other for other, n in pending.wants.items() if n == number and _before(state, other, seat)), None
    )


def lottery_free(state: GameState, seat: int) -> list[int]:
    """The numbers `seat` may still ask for, lowest first: those nobody holds against it (not
    granted, nor wished for by a player before it)."""
    return [number for number in LOTTERY_NUMBERS if lottery_holder(state, seat, number) is None]


def lowest_free(state: GameState, seat: int) -> int | None:
    """The first of `lottery_free`, or None: the computer player's pick."""
    free = lottery_free(state, seat)
    return free[0] if free else None


def lottery_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.ANTE, n) for n in lottery_free(state, seat)] + [(ActionKind.SIT_OUT, 0)]


def lottery_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    if kind == ActionKind.SIT_OUT:
        return value == 0
    return kind == ActionKind.ANTE and value in LOTTERY_NUMBERS and lottery_holder(state, seat, value) is None


def lottery_answer(g: Game, seat: int, kind: str, value: int) -> None:
    st = g.state
    pending = st.asked
    first = pending.seats[0] == seat  # `seats` is kept in turn order from the lander
    pending.seats.remove(seat)
    pending.done.append(seat)
    again: list[int] = []
    if kind == ActionKind.ANTE:
        number = value
        if first and not pending.wants:
            # The usual case: everyone before `seat` has answered and been granted, so the wish is
            # granted now (what `_grant_in_order` would find, without walking round the table).
            _grant(g, pending, seat, number)
        else:
            if number in pending.wants.values():
                # The answer was allowed, so whoever wished for it picks after `seat`: asked again.
                again = [other for other, wish in pending.wants.items() if wish == number]
                for later in again:
                    del pending.wants[later]
                    pending.done.remove(later)
                    pending.seats.append(later)
                pending.seats.sort(key=lambda other: (other - pending.lander) % len(st.players))
            pending.wants[seat] = number
            _grant_in_order(g, pending)
    else:
        g.emit(EventKind.SAT_OUT, seat)
        _grant_in_order(g, pending)
    for later in again:
        g.emit(EventKind.NOTHING, later, value=value, reason=Reason.NUMBER_TAKEN)
    if not pending.seats and not pending.wants:
        st.pending = None
        draw_lottery(g, pending)


def _grant_in_order(g: Game, pending: s.Pending) -> None:
    """From the lander, grant each wish until a player who has not answered yet."""
    if not pending.wants:
        return
    n, lander = len(g.state.players), pending.lander
    for k in range(n):
        seat = (lander + k) % n
        if seat in pending.seats:
            return
        number = pending.wants.pop(seat, None)
        if number is not None:
            _grant(g, pending, seat, number)


def _grant(g: Game, pending: s.Pending, seat: int, number: int) -> None:
    """The ante goes into the pot and the number is the player's."""
    pay(g, seat, ev.POT, pending.amount, Reason.LOTTERY_ANTE)
    pending.picks[number] = seat
    g.emit(EventKind.ANTED, seat, amount=pending.amount, value=number)


def draw_lottery(g: Game, pending: s.Pending) -> None:
    """The Bank adds its share and the lander rolls until a taken number comes up."""
    picks = pending.picks
    if not picks:
        g.emit(EventKind.NOTHING, pending.lander, reason=Reason.NO_ANTES)
        return
    transfer(g, ev.BANK, ev.POT, g.rules.lottery_bank, Reason.LOTTERY_STAKE)
    while (face := g.roll(pending.lander, Reason.LOTTERY_DRAW)) not in picks:
        pass
    transfer(g, ev.POT, picks[face], g.state.pot, Reason.LOTTERY_WIN)


def no_ante(state: GameState, seat: int) -> tuple[str, int]:
    return (ActionKind.SIT_OUT, 0)


def lander_day(g: Game, pending: s.Pending) -> int:
    """The day of the space a question of the table is about: its lander stands there until it is
    answered (the Radio Contest, the Walk for Charity, the Poker Game)."""
    return g.state.players[pending.lander].day


def what_for(g: Game, pending: s.Pending) -> tuple[ev.Reason, int]:
    """What a roll-off is for, as a reason and its ref: the Deal whose commission it is, or else the
    space its lander is on (the family Radio Contest, the Poker Game)."""
    if pending.card >= 0:
        return Reason.COMMISSION, pending.card
    return Reason.SPACE, lander_day(g, pending)


# -- Radio Contest --------------------------------------------------------------------------------
def start_radio(g: Game, seat: int, day: int) -> None:
    order = in_turn_order(g, seat)
    amount = g.rules.radio_prize
    if g.rules.radio_mode == rs.RadioMode.HIGHEST:
        g.ask(Pending(PendingKind.ROLL_OFF, order, lander=seat, amount=amount))
    else:
        g.ask(Pending(PendingKind.RADIO, order[:1], lander=seat, order=order[1:], amount=amount))


def radio_answer(g: Game, seat: int, kind: str, value: int) -> None:
    """Modern: one player at a time from the lander; the first to roll the number wins."""
    pending = g.state.asked
    g.state.pending = None
    day = lander_day(g, pending)
    if jackpot.roll(g, seat, Reason.SPACE, day) == g.rules.radio_number:
        transfer(g, ev.BANK, seat, pending.amount, Reason.SPACE, day)
    elif pending.order:
        nxt, *rest = pending.order
        g.ask(Pending(PendingKind.RADIO, [nxt], lander=pending.lander, order=rest, amount=pending.amount))
    else:
        g.emit(EventKind.NOTHING, pending.lander, value=g.rules.radio_number, reason=Reason.NO_RADIO_WINNER)


def roll_off_answer(g: Game, seat: int, kind: str, value: int) -> None:
    """Everyone named rolls; the highest wins, and tied players roll again. Family Radio Contest and
    classic commission: the Bank pays; classic Poker Game: the pot does."""
    pending = g.state.asked
    reason, ref = what_for(g, pending)
    pending.picks[seat] = jackpot.roll(g, seat, reason, ref)
    if not answered(g, seat):
        return
    top = max(pending.picks.values())
    leaders = [seat for seat, face in pending.picks.items() if face == top]
    if len(leaders) == 1:
        transfer(g, pending.payer, leaders[0], pending.amount, reason, ref)
    else:
        g.ask(
            Pending(
                PendingKind.ROLL_OFF,
                leaders,
                lander=pending.lander,
                amount=pending.amount,
                card=pending.card,
                payer=pending.payer,
            )
        )


# -- Walk for Charity -----------------------------------------------------------------------------
def start_walk(g: Game, seat: int, day: int) -> None:
    g.ask(Pending(PendingKind.WALK, g.state.others(seat), lander=seat, amount=g.ruleset.board[day].amount))


def walk_answer(g: Game, seat: int, kind: str, value: int) -> None:
    pending = g.state.asked
    day = lander_day(g, pending)
    face = jackpot.roll(g, seat, Reason.SPACE, day)
    pay(g, seat, ev.JACKPOT, pending.amount * face, Reason.SPACE, day)
    answered(g, seat)


# -- Poker Game (classic) ---------------------------------------------------------------------------
def start_poker(g: Game, seat: int, day: int) -> None:
    g.ask(Pending(PendingKind.POKER, in_turn_order(g, seat), lander=seat, amount=g.ruleset.board[day].amount))


def poker_options(state: GameState, seat: int) -> Options:
    return [(ActionKind.PUT_IN, 0), (ActionKind.SIT_OUT, 0)]


def poker_allows(state: GameState, seat: int, kind: str, value: int) -> bool:
    return kind in (ActionKind.PUT_IN, ActionKind.SIT_OUT) and value == 0


def poker_answer(g: Game, seat: int, kind: str, value: int) -> None:
    """Takers put their stake in the pot; when all have answered, two or more roll for it, a lone
    taker gets the stake back, and with nobody in nothing happens."""
    pending = g.state.asked
    if kind == ActionKind.PUT_IN:
        pay(g, seat, ev.POT, pending.amount, Reason.SPACE, lander_day(g, pending))
        pending.picks[seat] = 0
        g.emit(EventKind.PUT_IN, seat, amount=pending.amount)
    else:
        g.emit(EventKind.SAT_OUT, seat, reason=Reason.POKER)
    if not answered(g, seat):
        return
    takers = [seat for seat in in_turn_order(g, pending.lander) if seat in pending.picks]
    stakes = pending.amount * len(takers)
    if not takers:
        g.emit(EventKind.NOTHING, pending.lander, reason=Reason.NO_POKER)
    elif len(takers) == 1:
        transfer(g, ev.POT, takers[0], stakes, Reason.POKER_ALONE)
    else:
        g.ask(Pending(PendingKind.ROLL_OFF, takers, lander=pending.lander, amount=stakes, payer=ev.POT))


QUESTIONS: dict[str, Question] = {
    PendingKind.POKER: Question(
        options=poker_options, answer=poker_answer, default=no_ante, allows=poker_allows
    ),
    PendingKind.LOTTERY: Question(
        options=lottery_options, answer=lottery_answer, default=no_ante, allows=lottery_allows
    ),
    PendingKind.RADIO: Question(
        options=roll_only, answer=radio_answer, default=roll_default, allows=roll_allows
    ),
    PendingKind.ROLL_OFF: Question(
        options=roll_only, answer=roll_off_answer, default=roll_default, allows=roll_allows
    ),
    PendingKind.WALK: Question(
        options=roll_only, answer=walk_answer, default=roll_default, allows=roll_allows
    ),
}
