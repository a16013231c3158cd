"""The live message's Latest field: the happenings (bot/render/happenings.py) in words, one line
each, the newest few; a seat only the computer plays is marked, so its moves read as the
computer's."""

import functools
from collections.abc import Callable, Sequence

from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS, Ruleset
from bot.render.happenings import Happening, Kind, happenings
from bot.render.language.cards import deal_name, jackpot_name, mail_label, mail_name, space_name, weekday_name
from bot.render.language.events import describe
from bot.render.language.i18n import Lang, lang
from bot.render.language.ledger import reason_text
from bot.render.language.lists import and_list
from bot.render.language.strengths import COMPUTER_MARK
from bot.render.paydays import breakdown
from bot.render.story.block import LOTTERY_SIGN, PAYDAY_SIGN, RETIRED_SIGN, die
from bot.table import RECENT_EVENTS, Table

LATEST_LINES = 5
"""Happenings the live message shows: about two turns, short enough for a phone."""


def latest_text(table: Table, names: Sequence[str], L: Lang) -> str:
    """The Latest field: the newest happenings, oldest first. When the table keeps as many events as
    it can, the oldest happening may have lost its start, so it is not shown."""
    st = table.game
    ruleset = RULESETS[st.ruleset]
    grouped = happenings(table.latest, ruleset)
    if len(table.latest) >= RECENT_EVENTS:
        grouped = grouped[1:]
    computers = table.computers()
    shown = tuple(f"{COMPUTER_MARK} {name}" if seat in computers else name for seat, name in enumerate(names))
    return "\n".join(happening_line(h, shown, st.ruleset, L.code) for h in grouped[-LATEST_LINES:])


@functools.lru_cache(maxsize=4096)
def happening_line(happening: Happening, names: tuple[str, ...], ruleset: str, language: str) -> str:
    """A happening in words, written from exactly what it shows: each click shows the ones before
    it again."""
    L, rs = lang(language), RULESETS[ruleset]
    return _WRITERS[happening.kind](happening.events, names, rs, L)


Writer = Callable[[tuple[Event, ...], tuple[str, ...], Ruleset, Lang], str]


def _place(day: int, rs: Ruleset, L: Lang) -> str:
    return L._(
        "{weekday} {day}: {space}", weekday=weekday_name(day, L), day=day, space=space_name(rs.board[day], L)
    )


def _start_cash_line(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    return L._(
        "{players} each collected {amount} from the Bank ({reason})",
        players=and_list([names[e.dst] for e in events], L),
        amount=L.money(events[0].amount),
        reason=reason_text(events[0], rs, L),
    )


def _moved(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    roll, moved = events
    return L._(
        "{player} rolled {face} → {place}",
        player=names[roll.seat],
        face=die(roll.value),
        place=_place(moved.value, rs, L),
    )


def _bought(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    paid = next(e for e in events if e.reason == Reason.DEAL_BOUGHT)
    loans = [e.amount for e in events if e.reason == Reason.AUTO_LOAN]
    deal, player, amount = deal_name(rs.deals[paid.ref], L), names[paid.src], L.money(paid.amount)
    if loans:
        return L._(
            "{player} bought {deal} for {amount}, borrowing {loan}",
            player=player,
            deal=deal,
            amount=amount,
            loan=L.money(loans[0]),
        )
    return L._("{player} bought {deal} for {amount}", player=player, deal=deal, amount=amount)


def _sold(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    paid = events[0]
    return L._(
        "{player} sold {deal} for {amount}",
        player=names[paid.dst],
        deal=deal_name(rs.deals[paid.ref], L),
        amount=L.money(paid.amount),
    )


def _mails_line(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    return L._(
        "{player} drew Mail — {cards}",
        player=names[events[0].seat],
        cards=and_list([mail_label(rs.mail[e.value], L) for e in events], L),
    )


def _moved_ahead(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    drew, moved = events
    return L._(
        "{player} drew {card} → {place}",
        player=names[drew.seat],
        card=mail_name(rs.mail[drew.value], L),
        place=_place(moved.value, rs, L),
    )


def _antes_line(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    anted = [e for e in events if e.kind == EventKind.ANTED]
    out = [names[e.seat] for e in events if e.kind == EventKind.SAT_OUT]
    sat_out = (
        L.ngettext("{players} sat out", "{players} sat out", len(out), players=and_list(out, L))
        if out
        else ""
    )
    if not anted:
        return L._("Lottery: {sat_out}", sat_out=sat_out)
    picks = and_list([L._("{player} on {number}", player=names[e.seat], number=e.value) for e in anted], L)
    line = L._("Lottery at {amount} a number: {picks}", amount=L.money(anted[0].amount), picks=picks)
    return f"{line}; {sat_out}" if out else line


def _lottery_line(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    rolls = [e for e in events if e.kind == EventKind.ROLLED]
    won = events[-1]
    return (
        LOTTERY_SIGN
        + " "
        + L.ngettext(
            "Lottery: {number} came up after {n} roll — {player} wins {amount}",
            "Lottery: {number} came up after {n} rolls — {player} wins {amount}",
            len(rolls),
            player=names[won.dst],
            number=rolls[-1].value,
            amount=L.money(won.amount),
        )
    )


def _roll_paid(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    roll, paid = events
    return L._(
        "{player} rolled {face} and paid {amount} into {jackpot} ({reason})",
        player=names[roll.seat],
        face=die(roll.value),
        amount=L.money(paid.amount),
        jackpot=jackpot_name(rs, L),
        reason=reason_text(paid, rs, L),
    )


def _contest(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    won = events[-1]
    return L.ngettext(
        "{contest}: {player} wins {amount} after {n} roll",
        "{contest}: {player} wins {amount} after {n} rolls",
        sum(e.kind == EventKind.ROLLED for e in events),
        contest=reason_text(won, rs, L),
        player=names[won.dst],
        amount=L.money(won.amount),
    )


def _payday_line(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    end = events[-1]
    player, result = names[end.seat], L.signed(breakdown(events, end.seat).result)
    if end.kind == EventKind.RETIRED:
        return (
            RETIRED_SIGN
            + " "
            + L._(
                "Pay Day for {player}: {result}. {player} retires with a net worth of {worth}",
                player=player,
                result=result,
                worth=L.money(end.amount),
            )
        )
    return (
        PAYDAY_SIGN
        + " "
        + L._(
            "Pay Day for {player}: {result}; month {month} begins",
            player=player,
            result=result,
            month=end.value,
        )
    )


def _last(events: tuple[Event, ...], names: tuple[str, ...], rs: Ruleset, L: Lang) -> str:
    """The happening's last event says it all: the event itself, the Deal declined, the card's
    payment, the note that nobody won or anted."""
    return describe(events[-1], names, rs, L)


_WRITERS: dict[Kind, Writer] = {
    Kind.EVENT: _last,
    Kind.START_CASH: _start_cash_line,
    Kind.MOVE: _moved,
    Kind.PURCHASE: _bought,
    Kind.DECLINED: _last,
    Kind.SALE: _sold,
    Kind.MAIL: _last,
    Kind.MAILS: _mails_line,
    Kind.MOVE_AHEAD: _moved_ahead,
    Kind.ANTES: _antes_line,
    Kind.NO_LOTTERY: _last,
    Kind.NO_WINNER: _last,
    Kind.LOTTERY: _lottery_line,
    Kind.ROLL_PAID: _roll_paid,
    Kind.CONTEST: _contest,
    Kind.PUT_IN: _last,
    Kind.PAYDAY: _payday_line,
}
