"""The coach's judgement (bot/features/review/analysis.py): a known blunder is called a mistake, the
planner's own answers never are, each seat's result is told apart into parts that add up to it, and
a review is the same every time it is made and after it is stored. Short games (two players, one
month) and small budgets: the figures are rough, what is checked is not."""

import math

import pytest

from bench.review import BLUNDER_SEED, blundered, played, seated
from bot.features.review.analysis import counted_as, hint, review_game
from bot.features.review.model import GameReview
from bot.game import ai, engine, hard
from bot.game.actions import ActionKind
from bot.game.state import PendingKind
from bot.game.strengths import Strength
from bot.service.rebuild import Diverged
from tests.bot.game.scripted import ANN, asked, game, hidden_twin, land, set_cash
from tests.bot.game.test_hard import rocket_ship_on_a_loan

BUDGET = 2000
"""Player-days a question: the fewest futures Hard plays (`hard.MIN_FUTURES`) in most of a game."""
EASY_AND_HARD = (Strength.EASY, Strength.HARD)


def test_declining_a_deal_with_a_buyer_nearly_certain_ahead_is_a_mistake():
    game_played, blunder = blundered()

    review = review_game(1, game_played.setup, game_played.log, reviewed_seats=[0], budget=6000)

    (seat,) = review.seats
    worst = seat.moments[0]
    assert (worst.prompt, worst.asked, worst.day) == (blunder, PendingKind.DEAL, 4)
    assert (worst.answered.kind, worst.planner.kind) == (ActionKind.DECLINE, ActionKind.BUY)
    assert worst.mistake and worst.gain > 2 * worst.error
    assert worst.advantage == -worst.gain  # the usual answer, to buy, is the planner's
    assert seat.choices < 0


def test_an_answer_the_time_limit_gave_is_marked_so():
    def answer(state, seat):
        if seat == 0 and state.asked.kind == PendingKind.DEAL:
            return engine.default_action(state, seat)  # declines
        return ai.choose(state, seat)

    timed = played(BLUNDER_SEED, 2, 1, answer)

    review = review_game(1, timed.setup, timed.log, reviewed_seats=[0], budget=6000)

    moments = review.seats[0].moments
    assert any(m.asked == PendingKind.DEAL and m.answered.kind == ActionKind.DECLINE for m in moments)
    assert all(m.timed_out == (m.asked == PendingKind.DEAL) for m in moments)


@pytest.mark.parametrize("seed", [1, 3])
def test_the_planners_own_answers_are_never_mistakes(seed):
    strengths = (Strength.HARD, Strength.HARD)
    hard_game = played(seed, 2, 1, seated(seed, strengths, BUDGET))

    review = review_game(1, hard_game.setup, hard_game.log, budget=BUDGET)

    assert all(seat.weighed > 0 for seat in review.seats)
    moments = [moment for seat in review.seats for moment in seat.moments]
    assert all(m.planner == m.answered and m.gain == 0 and not m.mistake for m in moments)


def test_a_seat_that_answers_as_the_usual_rule_made_no_choices_and_the_parts_add_up():
    easy_game = played(7, 2, 1, seated(7, (Strength.EASY, Strength.NORMAL), BUDGET))

    review = review_game(1, easy_game.setup, easy_game.log, budget=BUDGET)

    easy, normal = review.seats
    assert (normal.choices, normal.choices_error) == (0.0, 0.0)  # Normal is the usual rule in a last month
    assert easy.choices < 0 and normal.others == -easy.choices  # two players: one's loss is the other's gain
    for seat in review.seats:
        assert seat.start == 0.5 and seat.result in (0.0, 0.5, 1.0)
        assert seat.start + seat.choices + seat.others + seat.luck == pytest.approx(seat.result)
        assert seat.luck_error >= seat.choices_error
    assert sum(seat.result for seat in review.seats) == 1.0


def test_the_same_game_reviews_the_same_twice_and_after_it_is_stored():
    easy_game = played(5, 2, 1, seated(5, EASY_AND_HARD, BUDGET))

    first = review_game(7, easy_game.setup, easy_game.log, budget=BUDGET)
    again = review_game(7, easy_game.setup, easy_game.log, budget=BUDGET)

    assert first == again and first.game_id == 7
    assert GameReview.model_validate_json(first.model_dump_json()) == first
    assert any(seat.moments for seat in first.seats)


@pytest.mark.parametrize("edition", ["modern", "family", "classic"])
def test_every_edition_reviews(edition):
    edition_game = played(7, 2, 1, seated(6, EASY_AND_HARD, BUDGET), ruleset=edition)

    review = review_game(1, edition_game.setup, edition_game.log, budget=BUDGET)

    assert [seat.seat for seat in review.seats] == [0, 1]
    assert all(seat.weighed > 0 for seat in review.seats)


def test_a_game_ended_early_reviews_its_answers_until_the_end():
    ended = played(7, 2, 1, seated(6, EASY_AND_HARD, BUDGET), end_after=30)

    review = review_game(1, ended.setup, ended.log, budget=BUDGET)

    assert max(m.prompt for seat in review.seats for m in seat.moments) < 30
    for seat in review.seats:
        assert seat.start + seat.choices + seat.others + seat.luck == pytest.approx(seat.result)


def test_a_takeover_changes_only_a_name_and_not_the_review():
    taken = played(7, 2, 1, seated(6, EASY_AND_HARD, BUDGET))
    middle = [i for i, record in enumerate(taken.log) if record["kind"] == "action"][10]
    log = [*taken.log[:middle], {"kind": "took_over", "seat": 1, "user": 9, "by": 1, "request": 1}]
    log += taken.log[middle:]

    assert review_game(1, taken.setup, log, budget=BUDGET) == review_game(
        1, taken.setup, taken.log, budget=BUDGET
    )


def test_reviewing_one_seat_weighs_the_others_only_for_their_effect_on_it():
    easy_game = played(5, 2, 1, seated(5, EASY_AND_HARD, BUDGET))

    whole = review_game(1, easy_game.setup, easy_game.log, budget=BUDGET)
    alone = review_game(1, easy_game.setup, easy_game.log, reviewed_seats=[0], budget=BUDGET)

    (seat,) = alone.seats
    assert seat.seat == 0
    assert (seat.moments, seat.choices) == (whole.seats[0].moments, whole.seats[0].choices)


def test_a_log_that_stops_before_the_game_ends_is_refused():
    short = played(5, 2, 1, seated(5, EASY_AND_HARD, BUDGET))
    cut = next(i for i, record in enumerate(short.log) if record["kind"] == "action" and i > 40)

    with pytest.raises(Diverged, match="ends before the game does"):
        review_game(1, short.setup, short.log[:cut], budget=BUDGET)


def test_an_ante_on_any_free_number_counts_as_the_same_answer():
    st = game(3)
    land(st, ANN, 6)
    set_cash(st, ANN, 50)  # the ante would take a loan: worth weighing
    assert asked(st)[0] == PendingKind.LOTTERY
    candidates = hard.candidates(st, ANN)
    assert counted_as(st, candidates, (ActionKind.ANTE, 4)) == (ActionKind.ANTE, 1)
    assert counted_as(st, candidates, (ActionKind.SIT_OUT, 0)) == (ActionKind.SIT_OUT, 0)


def test_a_hint_puts_the_planners_answer_first_with_every_sensible_answers_chance():
    st = rocket_ship_on_a_loan()

    weighed = hint(st, ANN, seed=3, budget=BUDGET)

    assert weighed.prompt == st.prompt and weighed.seat == ANN
    planner = hard.choose(st, ANN, seed=3, budget=BUDGET)
    assert (weighed.answers[0].answer.kind, weighed.answers[0].answer.value) == (planner.kind, planner.value)
    assert {(w.answer.kind, w.answer.value) for w in weighed.answers} == set(hard.candidates(st, ANN))
    assert all(0 <= w.chance <= 1 and 0 < w.error < 0.5 for w in weighed.answers)


def test_a_hint_sees_only_what_the_player_could_know():
    st = rocket_ship_on_a_loan()
    assert hint(hidden_twin(st, 3), ANN, seed=4, budget=BUDGET) == hint(st, ANN, seed=4, budget=BUDGET)


def test_a_hint_on_a_question_with_one_sensible_answer_still_gives_its_chance():
    st = game(2)
    (only,) = hint(st, ANN, seed=1, budget=BUDGET).answers
    assert only.answer.kind == ActionKind.ROLL and math.isclose(only.chance, 0.5, abs_tol=0.3)


def test_a_hint_for_a_seat_not_asked_is_refused():
    with pytest.raises(ValueError, match="no question"):
        hint(game(2), 1, seed=1)
