"""A turn: the movement roll, the Jackpot on a 6, landing on a space, passing the die on."""

from bot.game import jackpot
from bot.game.calendar import PAYDAY_DAY
from bot.game.context import Game, Question, roll_allows, roll_default, roll_only
from bot.game.events import EventKind
from bot.game.spaces import move_to
from bot.game.state import Pending, PendingKind, Task
from bot.game.steps import Step


def answer_roll(g: Game, seat: int, kind: str, value: int) -> None:
    st = g.state
    player = st.players[seat]
    st.pending = None
    face = st.last_roll = jackpot.roll(g, seat)
    st.agenda.append(Task(Step.END_TURN, seat))
    day = player.day + face
    move_to(g, seat, day if day < PAYDAY_DAY else PAYDAY_DAY)  # Pay Day stops every token


def end_turn(g: Game, seat: int, arg: int) -> None:
    """Pass the die to the next player still playing, or end the game when everyone has retired."""
    st = g.state
    n = len(st.players)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not st.players[nxt].retired:
            st.turn = nxt
            g.ask(Pending(PendingKind.ROLL, [nxt], lander=nxt))
            return
    finish(g)


def finish(g: Game) -> None:
    st = g.state
    worths = [st.net_worth(p.seat) for p in st.players]
    best = max(worths)
    st.winners = [seat for seat, w in enumerate(worths) if w == best]
    st.over = True
    st.pending = None
    g.emit(EventKind.GAME_OVER, amount=best, value=len(st.winners), ref=sum(1 << seat for seat in st.winners))


QUESTIONS: dict[str, Question] = {
    PendingKind.ROLL: Question(
        options=roll_only, answer=answer_roll, default=roll_default, allows=roll_allows
    )
}
TASKS = {Step.END_TURN: end_turn}
