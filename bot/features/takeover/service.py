"""Taking over a computer's seat: a member who is not seated asks (`/payday takeover`), the host
approves or declines with the request's buttons, and on approval the member plays the seat from then
on, with its money, loans, cards and place.

A seat changes hands only between its turns: the host's Approve is refused, with the request left
open, while it is the seat's turn or the seat is asked something (a Lottery, a contest). Refusing is
plainer than holding an approval back until the computer's move is done: the host sees at once why
nothing happened, and a later click needs nothing remembered between the two. A computer's move takes
a second or two, so approving again is soon possible.

A request waits `Table.request_time` at most, on the service's clock, and needs no timer of its
own: a click after that is refused as expired, and expired requests are dropped whenever a request
is made or answered (a click on one dropped is told it is closed). Its buttons name its number, so a
click on a request answered, or on one from an earlier game, is told apart from the request of now.
"""

from datetime import datetime
from enum import StrEnum

from bot.service.core import UseCases, log_change
from bot.service.values import Answer, LiveView, Note, Person, Refused, Update
from bot.table import LogKind, SeatRequest, Table, attention, lobby


class TakeoverNote(StrEnum):
    """What a request and the host's answer to it say (the request's message, then its answer)."""

    SEAT_ASKED = "seat_asked"
    """request: the number of the request to take over a seat, posted for the host."""
    SEAT_TAKEN = "seat_taken"
    """name, seat, host: the host approved; `name` plays the seat that was called `seat` until now."""
    SEAT_DECLINED = "seat_declined"
    """name, seat, host"""


class TakeoverCode(StrEnum):
    """Refusals of a request to take over a computer's seat, and of the host's answer to one."""

    SEATED = "takeover_seated"
    """name: the requester plays this game already, at that seat."""
    NO_SUCH_SEAT = "takeover_no_seat"
    """name: what was typed; free: the names of the seats the computer plays."""
    NOT_COMPUTER = "takeover_not_computer"
    """name: the seat, which a person plays; free: as above."""
    ASKED_ALREADY = "takeover_asked_already"
    """name: the seat; until: when the request waiting for the host expires."""
    HOST_ANSWERS = "takeover_host_answers"
    """host: the host's name."""
    GONE = "takeover_gone"
    """The request was answered, or expired and was dropped since (or never was)."""
    EXPIRED = "takeover_expired"
    """name: who asked."""
    SAT_ELSEWHERE = "takeover_sat_elsewhere"
    """name: who asked; seat: the seat they play now."""
    TAKEN = "takeover_taken"
    """name: the seat, which a person plays now."""
    MID_TURN = "takeover_mid_turn"
    """name: the seat, in the middle of its turn or of a question: the request stays open."""


class Takeovers(UseCases):
    """Requests to take over a computer's seat, and the host's answers."""

    async def ask(self, channel_id: int, person: Person, seat_name: str) -> Update:
        """`person`, not seated, asks to play the computer's seat called `seat_name`; the caller posts
        the request for the host (the answer's `said` names it). The player who left a seat asks to
        take it back the same way."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, None)
            table, now = loaded.table, self.core.now()
            mine = table.seat_of(person.user_id)
            if mine is not None:
                raise Refused(TakeoverCode.SEATED, name=table.seats[mine].name)
            seat = _computer_seat(table, seat_name)
            _drop_expired(table, now)
            asked = next((r for r in table.requests if (r.user_id, r.seat) == (person.user_id, seat)), None)
            if asked is not None:
                raise Refused(TakeoverCode.ASKED_ALREADY, name=table.seats[seat].name, until=asked.expires)
            table.requests_made += 1
            number = table.requests_made
            name = lobby.seat_name(table, person.name, seat)
            expires = now + table.request_time
            table.requests.append(
                SeatRequest(number=number, user_id=person.user_id, name=name, seat=seat, expires=expires)
            )
            record = {"kind": LogKind.SEAT_ASKED, "user": person.user_id, "seat": seat, "request": number}
            loaded = await self.core.tables.save(loaded, [record])
            log_change("seat asked", loaded, user=person.user_id, seat=seat, request=number)
            said = Note(TakeoverNote.SEAT_ASKED, {"request": number})
            return self.core.publish(Update(channel_id, loaded, answer=Answer(said=said)))

    async def approve(self, channel_id: int, person: Person, game_id: int, number: int) -> Update:
        """The host approves request `number`: the member plays its seat from now on, the table is
        told (the live message's Latest), and the request's message says so."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, game_id)
            table = loaded.table
            request = self._open(table, person, number)
            seat = request.seat
            was = table.seats[seat].name
            elsewhere = table.seat_of(request.user_id)
            if elsewhere is not None:
                raise Refused(TakeoverCode.SAT_ELSEWHERE, name=request.name, seat=table.seats[elsewhere].name)
            if not table.seats[seat].computer:
                raise Refused(TakeoverCode.TAKEN, name=was)
            if _busy(table, seat):
                raise Refused(TakeoverCode.MID_TURN, name=was)
            name = lobby.seat_name(table, request.name, seat)
            chosen = (await self.core.tables.preferences([request.user_id])).get(request.user_id)
            table.take_over(seat, request.user_id, name, notices=chosen is None or chosen.calls)
            _drop(table, number, self.core.now())
            record = {
                "kind": LogKind.TOOK_OVER,
                "seat": seat,
                "user": request.user_id,
                "name": name,
                "by": person.user_id,
                "request": number,
            }
            loaded = await self.core.tables.save(loaded, [record])
            log_change("seat taken over", loaded, user=request.user_id, seat=seat, by=person.user_id)
            said = Note(TakeoverNote.SEAT_TAKEN, {"name": name, "seat": was, "host": table.host_name()})
            events = (table.latest[-1],)
            update = Update(channel_id, loaded, events, LiveView(loaded), Answer(said=said))
            return self.core.publish(update)

    async def decline(self, channel_id: int, person: Person, game_id: int, number: int) -> Update:
        """The host declines request `number`: it is gone, and its message says so."""
        async with self.core.changing(channel_id):
            loaded = await self.core.playing(channel_id, game_id)
            table = loaded.table
            request = self._open(table, person, number)
            _drop(table, number, self.core.now())
            record = {
                "kind": LogKind.SEAT_DECLINED,
                "user": request.user_id,
                "seat": request.seat,
                "request": number,
            }
            loaded = await self.core.tables.save(loaded, [record])
            log_change("seat declined", loaded, user=request.user_id, seat=request.seat)
            seat = table.seats[request.seat].name
            said = Note(
                TakeoverNote.SEAT_DECLINED, {"name": request.name, "seat": seat, "host": table.host_name()}
            )
            return self.core.publish(Update(channel_id, loaded, answer=Answer(said=said)))

    async def computer_seats(self, channel_id: int) -> list[str]:
        """The names of the seats the computer plays in the channel's running game (for the command's
        suggestions: a look without the lock, so possibly a click out of date)."""
        loaded = await self.core.tables.peek(channel_id)
        if loaded is None or loaded.table.state is None:
            return []
        table = loaded.table
        return [table.seats[seat].name for seat in sorted(table.computers())]

    def _open(self, table: Table, person: Person, number: int) -> SeatRequest:
        """Request `number`, if `person` is the host and it is still waiting for them; else the
        refusal."""
        if person.user_id != table.host_id:
            raise Refused(TakeoverCode.HOST_ANSWERS, host=table.host_name())
        request = next((r for r in table.requests if r.number == number), None)
        if request is None:
            raise Refused(TakeoverCode.GONE)
        if request.expires <= self.core.now():
            raise Refused(TakeoverCode.EXPIRED, name=request.name)
        return request


def _drop_expired(table: Table, now: datetime) -> None:
    """Requests that expired go (a click on one is then told it is closed)."""
    table.requests = [r for r in table.requests if r.expires > now]


def _drop(table: Table, number: int, now: datetime) -> None:
    """Request `number` is answered: it goes, and so does every request that expired."""
    table.requests = [r for r in table.requests if r.number != number and r.expires > now]


def _computer_seat(table: Table, typed: str) -> int:
    """The seat called `typed` (any case), if the computer plays it; else the refusal, naming the
    seats it does play."""
    free = tuple(table.seats[seat].name for seat in sorted(table.computers()))
    wanted = typed.strip().casefold()
    seat = next((i for i, s in enumerate(table.seats) if s.name.casefold() == wanted), None)
    if seat is None:
        raise Refused(TakeoverCode.NO_SUCH_SEAT, name=typed.strip(), free=free)
    if not table.seats[seat].computer:
        raise Refused(TakeoverCode.NOT_COMPUTER, name=table.seats[seat].name, free=free)
    return seat


def _busy(table: Table, seat: int) -> bool:
    """Whether `seat` is in the middle of something: its turn, or a question it is asked."""
    state = table.game
    question = attention.waiting_on(state)
    return state.turn == seat or (question is not None and seat in attention.asked(question))
