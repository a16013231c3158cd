"""A review in words, for someone who has never heard of sampling: one line that sums the game up,
then luck and choices with how sure each figure is, then the few moments that mattered, each as
the game asked it, what the player answered and what the planner would have; and the table's line
the standings gain, the My review button, and the refusals (joining bot/render/refusal_table.py).

A chance is written in points of percent ("+3 %"); a figure within its noise reads "about", and an
answer is called a mistake only when the analysis says so. Short lines, so a phone's 400 px reads
the review in under a minute.
"""

from collections.abc import Callable
from enum import StrEnum

import discord

from bot.features.review.controls import OpenReview
from bot.features.review.model import Decision, Moment, SeatReview
from bot.features.review.service import Preparing, ReviewCode, Reviewed, TableLine
from bot.features.review.worker import SECONDS_PER_REVIEW
from bot.game.actions import ActionKind
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import PendingKind
from bot.render.components import Button
from bot.render.embeds import safe
from bot.render.language.cards import deal_name, weekday_name
from bot.render.language.i18n import NBSP, Lang
from bot.render.language.lists import and_list
from bot.render.refusal_table import REFUSALS, Writer
from bot.render.standings_buttons import STANDINGS_BUTTONS

COLOUR = discord.Colour.teal()
NOISE = 2.0
"""A figure within this many standard errors of 0 (or under half a point) reads "about" even."""
LEAST = 0.005


def percent(share: float, L: Lang) -> str:
    """A change of chance in points: "+3 %", "−11 %" (a true minus), "0 %"."""
    points = round(share * 100)
    sign = "+" if points > 0 else "−" if points < 0 else ""
    return f"{sign}{L.number(abs(points))}{NBSP}%"


def even(value: float, error: float) -> bool:
    """Whether `value` is within its noise of nothing."""
    return abs(value) <= max(NOISE * error, LEAST)


def _figure(value: float, error: float, L: Lang) -> str:
    return L._("about {figure}", figure=percent(value, L)) if even(value, error) else percent(value, L)


def _grade(value: float, error: float) -> int:
    """1 above the noise, -1 below it, 0 within it."""
    return 0 if even(value, error) else 1 if value > 0 else -1


_VERDICTS: dict[tuple[int, int], Callable[[Lang], str]] = {
    (1, 1): lambda L: L._("a good game, well dealt"),
    (1, 0): lambda L: L._("a good game on an ordinary deal"),
    (1, -1): lambda L: L._("a good game, badly dealt"),
    (0, 1): lambda L: L._("a steady game, well dealt"),
    (0, 0): lambda L: L._("a steady game on an ordinary deal"),
    (0, -1): lambda L: L._("a steady game, badly dealt"),
    (-1, 1): lambda L: L._("some costly choices, saved by the dice"),
    (-1, 0): lambda L: L._("some costly choices on an ordinary deal"),
    (-1, -1): lambda L: L._("some costly choices, and badly dealt too"),
}


def summary_line(seat: SeatReview, L: Lang) -> str:
    """ "Your choices +3 %, your luck −11 %: a good game, badly dealt." """
    verdict = _VERDICTS[_grade(seat.choices, seat.choices_error), _grade(seat.luck, seat.luck_error)](L)
    return L._(
        "Your choices {choices}, your luck {luck}: {verdict}.",
        choices=_figure(seat.choices, seat.choices_error, L),
        luck=_figure(seat.luck, seat.luck_error, L),
        verdict=verdict,
    )


def _luck(seat: SeatReview, L: Lang) -> str:
    give = percent(seat.luck_error, L).lstrip("+")
    if even(seat.luck, seat.luck_error):
        return L._(
            "🎲 **Luck {figure}** (give or take {error}): the dice, the cards and the Lottery dealt "
            "you about what an average game deals.",
            figure=percent(seat.luck, L),
            error=give,
        )
    return L._(
        "🎲 **Luck {figure}** (give or take {error}): what the dice, the cards and the Lottery did "
        "to your chance to win, compared with an average draw.",
        figure=percent(seat.luck, L),
        error=give,
    )


def _choices(seat: SeatReview, L: Lang) -> str:
    give = percent(seat.choices_error, L).lstrip("+")
    if even(seat.choices, seat.choices_error):
        return L._(
            "🧠 **Choices {figure}** (give or take {error}): your answers did about as well as the "
            "usual answer to each question.",
            figure=percent(seat.choices, L),
            error=give,
        )
    return L._(
        "🧠 **Choices {figure}** (give or take {error}): what your answers did to your chance to "
        "win, compared with the usual answer to each question.",
        figure=percent(seat.choices, L),
        error=give,
    )


def _outcome(seat: SeatReview, L: Lang) -> str:
    start = percent(seat.start, L).lstrip("+")
    if seat.result >= 1:
        return L._("You started with a {start} chance to win, like everyone, and won.", start=start)
    if seat.result > 0:
        return L._(
            "You started with a {start} chance to win, like everyone, and shared the win.", start=start
        )
    return L._("You started with a {start} chance to win, like everyone, and did not win.", start=start)


def review_embed(shown: Reviewed, L: Lang) -> discord.Embed:
    """The review of the reader's own seat."""
    seat = shown.seat
    lines = [f"**{summary_line(seat, L)}**", "", _luck(seat, L), _choices(seat, L), _outcome(seat, L)]
    embed = discord.Embed(
        title=L._("Your review of game #{game}", game=shown.game_id),
        description="\n".join(lines),
        colour=COLOUR,
    )
    rules = RULESETS[shown.ruleset]
    for moment in seat.moments:
        embed.add_field(name=_when(moment, L), value=_moment(moment, rules, shown.names, L), inline=False)
    if not seat.moments:
        embed.add_field(
            name=L._("Moments"), value=L._("No answer of yours changed your chance much."), inline=False
        )
    embed.set_footer(
        text=L._(
            "Chances are measured by playing the rest of the game many times over from what you "
            "could see then. Luck plus choices plus the others' choices make the difference "
            "between your start and your result."
        )
    )
    return embed


def _when(moment: Moment, L: Lang) -> str:
    if moment.day == 0:
        return L._("Month {month}, at the start", month=moment.month)
    return L._(
        "Month {month}, {weekday} {day}",
        month=moment.month,
        weekday=weekday_name(moment.day, L),
        day=moment.day,
    )


def _moment(moment: Moment, rules: Ruleset, names: tuple[str, ...], L: Lang) -> str:
    asked = question_name(moment, rules, L)
    answered = answer_name(moment.answered, rules, names, L)
    if moment.timed_out:
        answered = L._("{answer} (time ran out)", answer=answered)
    if moment.answered == moment.planner:
        return L._("{asked}\nYou: {answer}, the planner's answer too.", asked=asked, answer=answered)
    planner = answer_name(moment.planner, rules, names, L)
    error = percent(moment.error, L).lstrip("+")
    if even(moment.gain, moment.error):
        weighed = L._("about as good (give or take {error})", error=error)
    elif moment.gain > 0:
        weighed = L._(
            "{gain} chance to win for the planner's (give or take {error})",
            gain=percent(moment.gain, L),
            error=error,
        )
    else:
        weighed = L._(
            "{gain} chance to win for yours (give or take {error})",
            gain=percent(-moment.gain, L),
            error=error,
        )
    verdict = L._(": a mistake") if moment.mistake else ""
    return L._(
        "{asked}\nYou: {answer} · the planner: {planner}\n{weighed}{verdict}",
        asked=asked,
        answer=answered,
        planner=planner,
        weighed=weighed,
        verdict=verdict,
    )


_QUESTIONS: dict[str, Callable[[Lang], str]] = {
    PendingKind.SELL: lambda L: L._("A Buyer: sell a Deal?"),
    PendingKind.TARGET: lambda L: L._("Which player?"),
    PendingKind.MOVE: lambda L: L._("Move Ahead: to the Deal or the Buyer?"),
    PendingKind.REPAY: lambda L: L._("Pay Day: repay the loan?"),
    PendingKind.CHARGE: lambda L: L._("Pay Day: pay the Monster Charge or carry it?"),
    PendingKind.LOTTERY: lambda L: L._("Lottery: take a number?"),
    PendingKind.BANKING: lambda L: L._("Pay Day: the bank"),
    PendingKind.SWELLFARE: lambda L: L._("Swellfare: bet on a 5 or a 6?"),
    PendingKind.INSURANCE: lambda L: L._("Insurance: buy the policy?"),
    PendingKind.POKER: lambda L: L._("Poker: put money in?"),
}


def question_name(moment: Moment, rules: Ruleset, L: Lang) -> str:
    """What was asked, as the game names it."""
    if moment.asked == PendingKind.DEAL and 0 <= moment.card < len(rules.deals):
        deal = rules.deals[moment.card]
        return L._("Deal: {deal} for {cost}?", deal=deal_name(deal, L), cost=L.money(deal.cost))
    write = _QUESTIONS.get(moment.asked)
    return write(L) if write is not None else L._("Roll the die")


def answer_name(choice: Decision, rules: Ruleset, names: tuple[str, ...], L: Lang) -> str:
    """An answer as its button says it."""
    kind, value = choice.kind, choice.value
    if kind == ActionKind.SELL and 0 <= value < len(rules.deals):
        return L._("sell {deal}", deal=deal_name(rules.deals[value], L))
    if kind == ActionKind.TARGET and 0 <= value < len(names):
        return safe(names[value])
    if kind == ActionKind.REPAY:
        return L._("repay {amount}", amount=L.money(value)) if value else L._("no repayment")
    with_amount = _AMOUNTS.get(kind)
    if with_amount is not None:
        return with_amount(L, value)
    plain = _ANSWERS.get(kind)
    return plain(L) if plain is not None else kind


_ANSWERS: dict[str, Callable[[Lang], str]] = {
    ActionKind.ROLL: lambda L: L._("roll"),
    ActionKind.BUY: lambda L: L._("buy"),
    ActionKind.DECLINE: lambda L: L._("decline"),
    ActionKind.KEEP: lambda L: L._("keep the Deals"),
    ActionKind.PAY_ALL: lambda L: L._("pay it all"),
    ActionKind.CARRY: lambda L: L._("carry it"),
    ActionKind.SIT_OUT: lambda L: L._("sit out"),
    ActionKind.DONE: lambda L: L._("done"),
    ActionKind.PUT_IN: lambda L: L._("put money in"),
}
_AMOUNTS: dict[str, Callable[[Lang, int], str]] = {
    ActionKind.MOVE: lambda L, day: L._("to day {day}", day=day),
    ActionKind.ANTE: lambda L, number: L._("number {number}", number=number),
    ActionKind.BET: lambda L, amount: L._("bet {amount}", amount=L.money(amount)),
    ActionKind.LOAN: lambda L, amount: L._("borrow {amount}", amount=L.money(amount)),
    ActionKind.WITHDRAW: lambda L, amount: L._("withdraw {amount}", amount=L.money(amount)),
    ActionKind.DEPOSIT: lambda L, amount: L._("deposit {amount}", amount=L.money(amount)),
}


def preparing_text(preparing: Preparing, L: Lang) -> str:
    """The review is not made yet: when to come back."""
    minutes = max(1, round(preparing.ahead * SECONDS_PER_REVIEW / 60))
    return L.ngettext(
        "Your review of game #{game} is being prepared: try again in about a minute.",
        "Your review of game #{game} is being prepared: try again in about {n} minutes.",
        minutes,
        game=preparing.game_id,
    )


def table_line(line: TableLine, L: Lang) -> tuple[str, str]:
    """The standings' line, as a field's name and value: who was luckiest and who chose best."""
    return L._("Luck and choices"), L._(
        "🎲 Luckiest: {luckiest} · 🧠 Best choices: {best} (My review tells each player more)",
        luckiest=and_list([safe(line.names[seat]) for seat in line.luckiest], L),
        best=and_list([safe(line.names[seat]) for seat in line.best_choices], L),
    )


def review_button(game_id: int, L: Lang) -> Button:
    return Button(L._("My review"), OpenReview(game_id), discord.ButtonStyle.primary, emoji="🧭")


STANDINGS_BUTTONS.register("review", review_button)
_REFUSALS: dict[StrEnum, Writer] = {
    ReviewCode.NONE_PLAYED: lambda p, n, L: L._(
        "You have played no game in this server that has finished: a review is of a game you played."
    ),
    ReviewCode.NO_GAME: lambda p, n, L: L._("No game #{game} has finished in this server.", game=p["game"]),
    ReviewCode.NOT_PLAYED: lambda p, n, L: L._(
        "You did not play in game #{game}: a review is for its players only.", game=p["game"]
    ),
    ReviewCode.PRUNED: lambda p, n, L: L._(
        "Game #{game}'s moves were pruned before it was reviewed, so its review cannot be made.",
        game=p["game"],
    ),
}
REFUSALS.register(_REFUSALS)
