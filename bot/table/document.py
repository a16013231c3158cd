"""The per-channel document the store keeps: the lobby, the seats, the engine state and the timers.

Pure data and rules about the table (who may do what, when the next timer is due); no Discord calls.
"""

from collections.abc import Iterable
from datetime import datetime, timedelta
from enum import StrEnum

from pydantic import BaseModel, Field

from bot.game.events import Event, EventKind
from bot.game.house import HouseValue, with_house_rules
from bot.game.rulesets import DEFAULT_RULESET, RULESETS, Rules
from bot.game.state import INTERRUPTS, GameState, Pending
from bot.game.strengths import DEFAULT_STRENGTH, Strength
from bot.table import pace
from bot.table.seats import Seat, SeatRequest, Stint
from bot.table.snowflake import snowflake_time

RECENT_EVENTS = 32
"""Events kept for the live message's "Latest" lines, which group them into happenings (a Lottery
or a Pay Day is a dozen events and one line), and for the breakdown of a Pay Day that stopped for
a question."""
COMPUTER_DELAY = timedelta(seconds=1.5)
"""Computer players wait this long before acting, so the table can follow what they do."""
MESSAGE_MAX_AGE = timedelta(minutes=55)
"""Discord limits edits to messages older than an hour; repost the live message before that."""
COMPUTER_NAMES = ("Penny", "Nickel", "Dime", "Quarter", "Buck", "Sawbuck")
AWAY_AFTER = 2
"""Timeouts in a row after which a player is taken for away and a computer plays for them."""
IDLE_END_DAYS = 7
"""A game no person has clicked in for this many days after a question timed out ends by itself
(`Table.idle_end_days`)."""
PAUSE_END_DAYS = 7
"""A game paused this many days ends by itself (`Table.pause_end_days`)."""
REQUEST_TIME = timedelta(minutes=10)
"""How long a request to take over a computer's seat waits for the host, at least (a table with a
longer turn time gives the host that long: a day's turn means the host may answer tomorrow)."""


class TableKind(StrEnum):
    """Events of the table rather than of the rules, kept with the engine's among the recent ones."""

    BEGAN = "began"
    """The game began, in seat order."""
    LEFT = "left"
    """`seat`: its player left; a computer player took the seat over."""
    KICKED = "kicked"
    """`seat`: its player was removed by the host or a moderator; a computer player took the seat over."""
    AWAY = "away"
    """`seat`: taken for away after `value` timeouts in a row."""
    BACK = "back"
    """`seat`: back from away."""
    TOOK_OVER = "took_over"
    """`seat`: a member took the seat over from the computer player, with the host's approval."""


class Paused(BaseModel):
    """A game stopped by `/payday pause`: who stopped it, when, and the time each clock had left,
    which `/payday resume` gives back."""

    user_id: int
    name: str
    """Who paused it, as the board names them (a moderator without a seat: their own name)."""
    at: datetime
    left: timedelta | None = None
    """The time left on the question the game waits on (None: no person was asked)."""
    remind_in: timedelta | None = None
    """The time left until the next reminder."""
    computer_in: timedelta | None = None
    """The time left until the computer's next move."""


class Table(BaseModel):
    host_id: int
    months: int = 3
    ruleset: str = DEFAULT_RULESET
    house_rules: dict[str, HouseValue] = Field(default_factory=dict)
    """The lobby's house rules (`bot.game.house`: a key and its value each), dealt into the game's
    own `Rules` when it starts; the host may change them until Start. Tables saved before house
    rules have none: the edition's own rules."""
    language: str = "en"
    """The game's language: its live message and public posts are written in it."""
    turn_seconds: int
    interrupt_seconds: int
    seed: int
    board_pictures: bool = True
    """The drawn board on the live message (the server's choice; the operator's switch is above it)."""
    call_by_name: bool = True
    """Players who never chose (`/payday notices`) are called by name: the server's choice."""
    hints: bool | None = None
    """Whether a player may ask the planner for a hint (bot/features/review): None, the server allows
    none (the lobby offers no switch); True, allowed; False, the host turned them off for this game."""
    hinted: bool = False
    """Someone took a hint: the game is not rated, and its screens and history say so."""
    seats: list[Seat] = Field(default_factory=list)
    state: GameState | None = None
    """None while the lobby is open."""
    message_id: int | None = None
    """The lobby message, then the live game message (its id also tells when it was posted)."""
    parent_id: int | None = None
    """The channel the game's own thread was opened from (None: the game is not in a thread of its
    own): where its standings go if the thread can no longer be reached."""
    message_month: int = 0
    latest: list[Event] = Field(default_factory=list)
    """The latest events (RECENT_EVENTS), oldest first, as codes and numbers: written in words only
    when shown.
    (Tables saved before kept English lines under `recent`, which is no field now: dropped on load.)"""
    last_answer: tuple[int, int] | None = None
    """(prompt, seat) of the last answer, to tell a double click ("already done") from a stale one."""
    deadline: datetime | None = None
    """When the humans the game waits for time out and get the cautious default."""
    remind_at: datetime | None = None
    """Halfway through the time: when the players still asked who were not called by name yet (they
    were looking when it began) are called (bot/table/attention.py)."""
    computer_at: datetime | None = None
    """When the next computer player acts."""
    calls: list[int] = Field(default_factory=list)
    """Seats called by name for the question the game waits on: nobody is called twice for it."""
    spared: list[int] = Field(default_factory=list)
    """Seats not called for that question because they were looking when it asked them (the
    reminder calls them if they have not answered halfway through the time)."""
    watching: list[int] = Field(default_factory=list)
    """Seats looking at the board: who made the last click (and who had answered the question it
    closed), still watching while computer players move after them; emptied when time runs out."""
    calls_for: str = ""
    """That question's key (`attention.question_key`); a new question starts with nobody called."""
    timer_prompt: int = -1
    """The prompt the timers above were set for."""
    lobby_closes: datetime | None = None
    """When the lobby closes by itself if nobody starts the game (None once it has started)."""
    requests: list[SeatRequest] = Field(default_factory=list)
    """Requests to take over a computer's seat that wait for the host (an expired one is dropped
    when the next is made or answered)."""
    requests_made: int = 0
    """Requests made so far in this game: the next one's number."""
    idle_since: datetime | None = None
    """When a question first timed out since a person last did something at the table (an answer,
    orders, a resume), which clears it: the game ends by itself `idle_end_days` after it. Counting
    from a timeout, not from the click, lets every question run its whole time first."""
    idle_end_days: int = IDLE_END_DAYS
    pause_end_days: int = PAUSE_END_DAYS
    paused: Paused | None = None
    """Set while the game is paused: no clock runs but the one that ends it (`pause_ends`)."""

    @property
    def rules(self) -> Rules:
        """The rules this table plays by, house rules included: the game's own once it has started,
        else the ones the lobby will deal it."""
        if self.state is not None:
            return self.state.rules
        return with_house_rules(self.ruleset, self.house_rules)

    @property
    def game(self) -> GameState:
        """The engine's state of a game that has started; a lobby has none, so asking one is a bug."""
        if self.state is None:
            raise ValueError("the lobby has not started: there is no game state yet")
        return self.state

    def _question(self) -> Pending:
        """The question the game waits on (the timers' rules run only while it waits on one)."""
        pending = self.game.pending
        if pending is None:
            raise ValueError("the game waits on no question")
        return pending

    # -- seats ----------------------------------------------------------------------------------
    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def host_name(self) -> str:
        """The host's name as the board shows it (empty if no seat is theirs), for words that say
        whom to ask."""
        seat = self.seat_of(self.host_id)
        return "" if seat is None else self.seats[seat].name

    def board_name(self, user_id: int, name: str) -> str:
        """The name the board shows for a member: their seat's, else (a moderator not playing) `name`."""
        seat = self.seat_of(user_id)
        return name if seat is None else self.seats[seat].name

    def computers(self) -> frozenset[int]:
        """The seats only the computer plays: computer players, and seats a computer took over when
        their player left or was removed (not a player who is away: they answer again by clicking)."""
        return frozenset(i for i, seat in enumerate(self.seats) if seat.computer)

    def taken_over_from(self, user_id: int) -> bool:
        """Whether a computer took over a seat this user left or was removed from."""
        return any(seat.replaced == user_id for seat in self.seats)

    @property
    def request_time(self) -> timedelta:
        """How long a request to take over a seat waits for the host (`REQUEST_TIME`)."""
        return max(REQUEST_TIME, timedelta(seconds=self.turn_seconds))

    def take_over(self, seat: int, user_id: int, name: str, notices: bool = True) -> None:
        """`user_id` plays the computer's `seat` from now on, under `name`: the seat keeps its money,
        loans, cards and place (they are the engine's), its turns and who played them, and starts
        afresh as a person's (no standing orders of the player who left it, not away; called by name
        if `notices`, the member's own choice). The player who left is no longer told the computer
        plays for them: the seat is someone else's now."""
        was = self.seats[seat]
        stints = [*was.stints, Stint(user_id=user_id, name=name)]
        self.seats[seat] = Seat(
            user_id=user_id, name=name, notices=notices, strength=was.strength, turns=was.turns, stints=stints
        )
        self.game.players[seat].name = name
        self.remember([Event(TableKind.TOOK_OVER, seat, reason=was.name)])

    def count_turns(self, events: Iterable[Event]) -> None:
        """Each movement roll is a turn of its seat, and of the person playing it (an away player's
        too: the seat is still theirs)."""
        for event in events:
            if event.kind == EventKind.ROLLED and not event.reason:
                seat = self.seats[event.seat]
                seat.turns += 1
                if seat.user_id is not None:
                    self._stint(seat, seat.user_id).turns += 1

    def leaves(self, seat: int, user_id: int) -> None:
        """`user_id` left `seat` (or was removed, or ended the game early): their time there ends,
        after every earlier leaver's, with the seat's net worth then."""
        stint = self._stint(self.seats[seat], user_id)
        stint.left = 1 + max((earlier.left for other in self.seats for earlier in other.stints), default=0)
        stint.net_worth = self.game.net_worth(seat)
        stint.seat_turns = self.seats[seat].turns

    @staticmethod
    def _stint(seat: Seat, user_id: int) -> Stint:
        """`user_id`'s time at `seat` now, begun at their first turn or leaving if not yet (the game's
        first players, and every player of a table saved before stints were kept)."""
        current = seat.stints[-1] if seat.stints else None
        if current is None or current.user_id != user_id or current.left:
            current = Stint(user_id=user_id, name=seat.name)
            seat.stints.append(current)
        return current

    def humans(self) -> list[int]:
        """The players seated (a seat still waiting for its rematch player does not count)."""
        return [s.user_id for s in self.seats if s.user_id is not None and not s.invited]

    @property
    def max_players(self) -> int:
        return RULESETS[self.ruleset].rules.max_players

    @property
    def min_players(self) -> int:
        return RULESETS[self.ruleset].rules.min_players

    def add_computer(self, strength: Strength = DEFAULT_STRENGTH) -> Seat:
        taken = {s.name for s in self.seats}
        name = next(f"Bot {n}" for n in COMPUTER_NAMES if f"Bot {n}" not in taken)
        seat = Seat(name=name, strength=strength)
        self.seats.append(seat)
        return seat

    def timed_out(self, seats: list[int], now: datetime) -> list[int]:
        """Count a timeout for each seat; a player who keeps letting their own questions time out is
        taken for away (returned). Silence on a question put to everyone (Lottery, Walk...) is a fair
        answer, so it does not count. The first timeout since the last click starts the idle clock."""
        if self.idle_since is None:
            self.idle_since = now
        if self._question().kind in INTERRUPTS:
            return []
        away = []
        for seat in seats:
            player = self.seats[seat]
            player.timeouts += 1
            if player.timeouts >= AWAY_AFTER and not player.away:
                player.away = True
                away.append(seat)
                self.remember([Event(TableKind.AWAY, seat, value=AWAY_AFTER)])
        return away

    def present(self, seat: int, now: datetime) -> bool:
        """The player did something: they are not away, and the table is not idle. True if they had
        been taken for away."""
        self.idle_since = None
        player = self.seats[seat]
        was_away = player.away
        player.timeouts, player.away = 0, False
        if was_away:
            self.remember([Event(TableKind.BACK, seat)])
        return was_away

    # -- what happened lately -------------------------------------------------------------------
    def remember(self, events: Iterable[Event]) -> None:
        self.latest = [*self.latest, *events][-RECENT_EVENTS:]

    # -- timers ---------------------------------------------------------------------------------
    def waiting_humans(self) -> list[int]:
        st = self.state
        if st is None or st.over or st.pending is None:
            return []
        return [seat for seat in st.pending.seats if not self.played_by_computer(seat)]

    def waiting_computers(self) -> list[int]:
        st = self.state
        if st is None or st.over or st.pending is None:
            return []
        return [seat for seat in st.pending.seats if self.played_by_computer(seat)]

    def played_by_computer(self, seat: int) -> bool:
        """Answered without waiting: a computer seat, or a player who is away, unless the table is
        `deserted`."""
        player = self.seats[seat]
        return player.computer or (player.away and not self.deserted())

    def deserted(self) -> bool:
        """By post, every person at the table is away. Nobody is held up by them then, so the computer
        does not play the game out for them in minutes: their questions wait their time, and a game
        nobody plays ends by itself `idle_end_days` after the first timeout since the last click
        (`idle_ends`)."""
        people = [seat for seat in self.seats if not seat.computer]
        everyone_away = bool(people) and all(seat.away for seat in people)
        return everyone_away and pace.by_post(timedelta(seconds=self.turn_seconds))

    def set_timers(self, now: datetime) -> None:
        """Start the clocks for a new question; a partly answered question keeps its deadline."""
        st = self.state
        if st is None or st.over or st.pending is None:
            self.deadline = self.remind_at = self.computer_at = None
            return
        returned = self.deadline is None and self.waiting_humans()
        if st.prompt != self.timer_prompt or returned:
            self.timer_prompt = st.prompt
            self.restart_clock(now)
        if not self.waiting_humans():
            self.deadline = self.remind_at = None
        self.computer_at = now + COMPUTER_DELAY if self.waiting_computers() else None

    def restart_clock(self, now: datetime) -> None:
        """The question's full time limit (and its reminder) counted from `now`: for a new question,
        or one the players could not see because Discord failed to show it."""
        limit = self.limit()
        self.deadline = now + limit
        self.remind_at = now + pace.reminders(limit)[0]

    def limit(self) -> timedelta:
        """The time limit of the question the game waits on: a question for everyone has its own."""
        interrupt = self._question().kind in INTERRUPTS
        return timedelta(seconds=self.interrupt_seconds if interrupt else self.turn_seconds)

    def next_reminder(self, now: datetime) -> datetime | None:
        """After a reminder at `now`: when the next one is due (by post, shortly before time runs
        out), or None."""
        if self.deadline is None:
            return None
        limit = self.limit()
        asked = self.deadline - limit
        return next((asked + at for at in pace.reminders(limit) if asked + at > now), None)

    # -- idle and paused games ------------------------------------------------------------------
    def idle_ends(self) -> datetime | None:
        """When a running game nobody plays ends by itself: `idle_end_days` after the first timeout
        since the last click; None while paused (it has its own end) or before any such timeout."""
        if self.state is None or self.state.over or self.paused is not None or self.idle_since is None:
            return None
        return self.idle_since + timedelta(days=self.idle_end_days)

    def pause_ends(self) -> datetime | None:
        """When a paused game ends by itself."""
        return None if self.paused is None else self.paused.at + timedelta(days=self.pause_end_days)

    def pause(self, user_id: int, name: str, now: datetime) -> None:
        """Stop every clock, keeping what each had left; only the time the paused game ends by itself
        runs (`pause_ends`). The service refuses every change of a paused game until `resume`."""
        self.paused = Paused(
            user_id=user_id,
            name=name,
            at=now,
            left=_left(self.deadline, now),
            remind_in=_left(self.remind_at, now),
            computer_in=_left(self.computer_at, now),
        )
        self.deadline = self.remind_at = self.computer_at = None

    def resume(self, now: datetime) -> None:
        """Start the clocks again with the time they had left; the game counts as played now."""
        paused = self.paused
        if paused is None:
            raise ValueError("the game is not paused")
        self.deadline = _after(now, paused.left)
        self.remind_at = _after(now, paused.remind_in)
        self.computer_at = _after(now, paused.computer_in)
        self.paused = None
        self.idle_since = None

    def extend_for_downtime(self, restarted_at: datetime, until: datetime) -> bool:
        """After a restart: a players' time limit that ran out while the bot was down (before
        `restarted_at`) now ends `until`, and an idle clock that ran while it was down counts from
        `until`, since that time was not theirs. True if either moved."""
        moved = False
        if self.deadline is not None and self.deadline < restarted_at:
            self.deadline, self.remind_at = until, None
            moved = True
        if self.idle_since is not None and self.idle_since < restarted_at:
            self.idle_since = until
            moved = True
        return moved

    def wake_at(self) -> datetime | None:
        """The earliest timer, which is what the store keeps so a restart can re-arm it; a paused game
        has only the time it ends by itself."""
        if self.paused is not None:
            return self.pause_ends()
        clocks = (self.deadline, self.remind_at, self.computer_at, self.lobby_closes, self.idle_ends())
        return min((t for t in clocks if t is not None), default=None)

    def live_message_stale(self, now: datetime) -> bool:
        """Post a fresh live message each month, and before Discord's one-hour edit limit (counted
        from the message's own id, so a lobby that waited long is not mistaken for a new post)."""
        if self.message_id is None or self.state is None:
            return False
        age = now - snowflake_time(self.message_id)
        return age > MESSAGE_MAX_AGE or self.leading_month() != self.message_month

    def month(self) -> int:
        """The month of the player whose turn it is."""
        st = self.state
        return min(st.current.months_done + 1, st.months) if st else 0

    def leading_month(self) -> int:
        """The furthest month any player has reached: it never goes back, unlike `month`."""
        st = self.state
        return min(max(p.months_done for p in st.players) + 1, st.months) if st else 0


def _left(when: datetime | None, now: datetime) -> timedelta | None:
    """The time from `now` until `when` (none already past), None for no clock."""
    return None if when is None else max(when - now, timedelta(0))


def _after(now: datetime, left: timedelta | None) -> datetime | None:
    return None if left is None else now + left
