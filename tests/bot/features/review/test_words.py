"""The review in words: the summary line names each mix of choices and luck, says "about" within the
noise, and a moment is called a mistake only when the analysis says so; Italian too."""

import pytest

from bot.features.review.model import Decision, Moment
from bot.features.review.service import Reviewed
from bot.features.review.words import percent, review_embed, summary_line
from bot.render.language.i18n import lang
from tests.bot.features.review.fakes import seat_review

EN, IT = lang("en"), lang("it")


def seat(choices: float, luck: float):
    return seat_review(0, 3).model_copy(update={"choices": choices, "luck": luck})


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")


@pytest.mark.parametrize(
    ("choices", "luck", "said"),
    [
        (0.03, -0.11, "Your choices +3 %, your luck −11 %: a good game, badly dealt."),
        (0.03, 0.11, "Your choices +3 %, your luck +11 %: a good game, well dealt."),
        (0.008, 0.01, "Your choices about +1 %, your luck about +1 %: a steady game on an ordinary deal."),
        (-0.08, 0.2, "Your choices −8 %, your luck +20 %: some costly choices, saved by the dice."),
        (-0.08, -0.2, "Your choices −8 %, your luck −20 %: some costly choices, and badly dealt too."),
    ],
)
def test_the_summary_names_choices_and_luck_and_says_about_within_the_noise(choices, luck, said):
    assert plain(summary_line(seat(choices, luck), EN)) == said


def test_the_summary_in_italian():
    said = plain(summary_line(seat(0.03, -0.11), IT))
    assert said == "Le tue scelte +3 %, la tua fortuna −11 %: una bella partita, con cattive carte."


def test_a_moment_is_a_mistake_only_when_the_analysis_says_so():
    close = Moment(
        prompt=4,
        month=2,
        day=0,
        asked="repay",
        answered=Decision(kind="repay", value=0),
        planner=Decision(kind="repay", value=1000),
        gain=0.03,
        error=0.01,
        mistake=False,
    )
    shown = Reviewed(
        5, seat(0.0, 0.0).model_copy(update={"moments": (close,)}), ("alice", "bob", "carol"), "modern"
    )
    [field] = review_embed(shown, EN).fields

    assert field.name == "Month 2, at the start"
    assert plain(field.value) == (
        "Pay Day: repay the loan?\nYou: no repayment · the planner: repay $1,000\n"
        "+3 % chance to win for the planner's (give or take 1 %)"
    )


def test_percent_is_points_with_a_true_minus():
    assert [plain(percent(x, EN)) for x in (0.034, -0.11, 0.0)] == ["+3 %", "−11 %", "0 %"]
