"""Who is called by name when the game starts waiting for them: everyone a question asks, in one
message, once per question; never a computer, an away player or one who turned calls off; not the
player whose click led straight to the question (they are looking) until the reminder at half time."""

from dataclasses import dataclass

from bot.game import state as s
from bot.game.engine import new_game
from bot.game.state import Pending, PendingKind
from bot.render.calls import call_line, switched
from bot.render.language.i18n import lang
from bot.table import Seat as TableSeat
from bot.table.attention import asked, calls_after, looking, question_key, to_call, to_remind

EN = lang("en")
ANN, BOB, CAT, DAN = range(4)


def game(n: int) -> s.GameState:
    return new_game(["Ann", "Bob", "Cat", "Dan"][:n], ruleset="modern", months=3, seed=0)


@dataclass
class Seat:
    user_id: int | None
    away: bool = False
    notices: bool = True


def people(n: int = 4) -> list[Seat]:
    return [Seat(100 + seat) for seat in range(n)]


def waiting(kind: s.PendingKind, seats: list[int], lander: int = ANN, **kw) -> s.GameState:
    state = game(4)
    state.prompt += 1
    state.pending = Pending(kind, seats, lander, **kw)
    return state


def test_the_player_whose_turn_begins_is_called_unless_they_are_the_one_who_just_clicked():
    state = waiting(PendingKind.ROLL, [BOB], BOB)
    assert to_call(state, people()) == [BOB]
    assert to_call(state, people(), looking=[ANN]) == [BOB]  # Ann's last roll ended her turn
    assert to_call(state, people(), looking=[BOB]) == []  # Bob rolled and is asked about the Deal


def test_everyone_a_question_for_the_table_asks_is_called_at_once_in_the_order_asked():
    lottery = waiting(PendingKind.LOTTERY, [CAT, DAN, ANN, BOB], CAT)
    assert to_call(lottery, people(), looking=[CAT]) == [DAN, ANN, BOB]  # the lander just rolled
    walk = waiting(PendingKind.WALK, [BOB, CAT, DAN], ANN)
    assert to_call(walk, people(), looking=[ANN]) == [BOB, CAT, DAN]
    # The Radio Contest asks one roller at a time: all of them are called with the first.
    radio = waiting(PendingKind.RADIO, [ANN], ANN, order=[BOB, CAT, DAN])
    assert asked(radio.pending) == [ANN, BOB, CAT, DAN]
    assert to_call(radio, people(), looking=[ANN]) == [BOB, CAT, DAN]


def test_computers_away_players_and_players_who_turned_calls_off_are_never_called():
    seats = [Seat(None), Seat(101, away=True), Seat(102, notices=False), Seat(103)]
    state = waiting(PendingKind.LOTTERY, [ANN, BOB, CAT, DAN])
    assert to_call(state, seats) == [DAN]
    assert to_remind(state, seats) == [DAN]


def test_one_call_per_question_even_as_it_is_asked_again_in_pieces():
    seats = people()
    radio = waiting(PendingKind.RADIO, [ANN], ANN, order=[BOB, CAT])
    key, called, spared, now = calls_after(radio, seats, "", [], looking=[ANN])
    assert now == called == [BOB, CAT] and spared == [ANN]
    # Ann missed the number: the next roller is asked with a new prompt, but it is the same contest.
    radio.prompt += 1
    radio.pending = Pending(PendingKind.RADIO, [BOB], ANN, order=[CAT])
    assert question_key(radio) == key
    assert calls_after(radio, seats, key, called, spared) == (key, [BOB, CAT], [ANN], [])
    # A tie in a roll-off asks the tied players again: the same roll-off, nobody called again.
    roll_off = waiting(PendingKind.ROLL_OFF, [ANN, BOB, CAT], ANN, amount=500)
    key, called, spared, now = calls_after(roll_off, seats, key, called, spared, looking=[ANN])
    assert now == [BOB, CAT]
    roll_off.prompt += 1
    roll_off.pending = Pending(PendingKind.ROLL_OFF, [BOB, CAT], ANN, amount=500)
    assert calls_after(roll_off, seats, key, called, spared)[3] == []
    # The next question starts afresh.
    nxt = waiting(PendingKind.ROLL, [BOB], BOB)
    after = calls_after(nxt, seats, key, called, spared, looking=[ANN])
    assert after == (question_key(nxt), [BOB], [], [BOB])


def test_a_player_spared_because_they_were_looking_is_not_called_by_a_later_click():
    """The lander rolls onto the Lottery (spared), Bob answers: Ann is still not called."""
    lottery = waiting(PendingKind.LOTTERY, [ANN, BOB, CAT], ANN)
    key, called, spared, now = calls_after(lottery, people(), "", [], looking=[ANN])
    assert now == [BOB, CAT] and spared == [ANN]
    lottery.pending.seats.remove(BOB)
    assert calls_after(lottery, people(), key, called, spared, looking=[BOB]) == (key, called, spared, [])
    assert to_remind(lottery, people(), called=called) == [ANN]  # until the reminder


def test_a_game_that_waits_for_nothing_calls_nobody():
    state = game(3)
    state.pending = None
    assert question_key(state) == "" and to_call(state, people(3)) == [] and to_remind(state, people(3)) == []
    state.pending, state.over = Pending(PendingKind.ROLL, [ANN], ANN), True
    assert to_call(state, people(3)) == []


def test_the_call_is_short_names_its_question_and_mentions_in_the_order_asked():
    assert call_line(PendingKind.ROLL, [7], EN) == "🔔 <@7>, your turn."
    assert call_line(PendingKind.LOTTERY, [8, 9], EN) == "🔔 <@8> <@9>: Lottery! Take a number or sit out."
    assert (
        call_line(PendingKind.RADIO, [9, 8], EN, order=["Ann", "Cat", "Bob"])
        == "🔔 <@9> <@8>: Radio Contest! Roll in turn: Ann\u00a0→ Cat\u00a0→ Bob."
    )
    assert call_line(PendingKind.WALK, [8], EN) == "🔔 <@8>: Walk for Charity! Roll and give to the Jackpot."
    assert (
        call_line(PendingKind.ROLL_OFF, [8, 9], EN)
        == "🔔 <@8> <@9>: everyone rolls, and the highest roll wins."
    )
    assert call_line(PendingKind.POKER, [8], EN) == "🔔 <@8>: Poker Game! Put your stake in or sit out."
    for kind in (
        PendingKind.DEAL,
        PendingKind.REPAY,
        PendingKind.CHARGE,
        PendingKind.SELL,
        PendingKind.TARGET,
        PendingKind.MOVE,
        PendingKind.BANKING,
        PendingKind.SWELLFARE,
        PendingKind.INSURANCE,
    ):
        assert call_line(kind, [7], EN) == "🔔 <@7>, the game is waiting for your answer."
    assert (
        call_line(PendingKind.DEAL, [7], EN, reminder=True) == "🔔 <@7>, the game is still waiting for you."
    )


def test_a_table_seat_is_what_the_rules_read_and_a_seat_saved_before_the_switch_wants_calls():
    old = TableSeat.model_validate({"user_id": 5, "name": "Ann", "timeouts": 0, "away": False})
    state = waiting(PendingKind.ROLL, [ANN], ANN)
    assert old.notices and to_call(state, [old]) == [ANN]
    assert to_call(state, [old.model_copy(update={"notices": False})]) == []


def test_everyone_who_answered_the_question_a_click_closed_is_looking_at_the_board():
    lottery = Pending(PendingKind.LOTTERY, [CAT], ANN)
    # Bob and Dan answered the Lottery; Cat's answer closes it and it is now Bob's turn.
    assert looking(CAT, lottery, [BOB, DAN]) == {CAT, BOB, DAN}
    nxt = waiting(PendingKind.ROLL, [BOB], BOB)
    assert to_call(nxt, people(), looking=looking(CAT, lottery, [BOB, DAN])) == []
    # A click that left the question open (others still to answer) leaves only the clicker looking.
    assert looking(CAT, None, [BOB, DAN]) == {CAT}


def test_turning_calls_off_and_on_is_answered_in_a_sentence_that_says_for_which_games():
    for here in (True, False):
        assert switched(True, here, EN).startswith("Calls on")
        assert "/payday notices on" in switched(False, here, EN)
        assert "every game you play from now on" in switched(here, here, EN)
    assert "in this game and" in switched(False, True, EN)
    assert "in this game" not in switched(False, False, EN)


def test_a_player_whose_standing_orders_answer_the_question_is_not_called():
    walk = waiting(PendingKind.WALK, [BOB, CAT, DAN], ANN)
    assert to_call(walk, people(), automatic=[CAT]) == [BOB, DAN]
    assert to_remind(walk, people(), called=[BOB], automatic=[CAT]) == [DAN]
    assert calls_after(walk, people(), "", [], automatic=[BOB, CAT, DAN])[3] == []
