"""Every finished game's result, written with its move to history (`Tables.finish`), for the
server's history, stats and leaderboard to read.

A result is built from the history summary alone (`result_of`), so a game finishing now and one
finished before results were kept (`backfill`, at start-up) are recorded the same way. A seat's
own row rates at most one person (`holder`): who played most of it, or who left it; and every other
person who left it has a row of their own (`leavers`), placed last, so a rating can be neither
dodged by leaving nor gifted by a late takeover. A game counts for the rating only if it ran its
course (`Ending.RETIRED`) or a player ended it early (as their leaving), with at least two people
rated in it and nobody took a hint, and only against games of the same edition and house rules (a
pool, `house_key`).
"""

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service import ratings
from bot.service.tallies import Tally
from bot.service.values import Ending
from bot.table import Stint
from db.interface import GameResult, GameStore, Placing

log = logging.getLogger(__name__)

BACKFILL_BATCH = 200
"""Old games recorded per transaction at start-up."""
COMPUTER_STRENGTH = "normal"
"""The strength of a computer player whose game kept none (every one played as Normal then)."""


def house_key(house_rules: Mapping[str, Any]) -> str:
    """The pool of a game's house rules: '' for its edition's own, else their canonical JSON."""
    return json.dumps(dict(house_rules), sort_keys=True, separators=(",", ":")) if house_rules else ""


def places(net_worths: Sequence[int], leavings: Sequence[int] | None = None) -> list[int]:
    """Each row's place, 1 the best: by net worth, equal net worths sharing a place (1, 1, 3); a
    row of a person who left (`leavings`: the order they left in, 0 for a row of a seat whose
    player stayed, or the computer's) below every other, the earlier leaver lower."""
    left = leavings or [0] * len(net_worths)
    stayed = [worth for worth, order in zip(net_worths, left, strict=True) if not order]
    return [
        1 + len(stayed) + sum(other > order for other in left)
        if order
        else 1 + sum(other > worth for other in stayed)
        for worth, order in zip(net_worths, left, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class Holder:
    """Whom a result row is for: a person (None: the computer's seat, unrated), under the name
    they played it by, the order they left the game in (0: they stayed), and the seat's net worth
    when they left (None: its net worth at the end)."""

    user_id: int | None
    name: str
    left: int = 0
    net_worth: int | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a game's result: the seat's own (`records`: it carries the seat's records), or
    a person who left the seat besides, placed last."""

    seat: int
    who: Holder
    records: bool


def holder(player: Mapping[str, Any]) -> Holder:
    """Whom a seat's own row rates (docs/RULES.md §5.10): the person at it at the end if they
    stayed (ending the game early is leaving it) and played at least half its turns; else the
    first person who left it having played at least half of its turns until then, placed last;
    else nobody (the computer's). A summary that names
    nobody's turns (older, or a seat never taken over) rates the person at the end, as before."""
    user_id, name = player.get("user_id"), str(player.get("name", ""))
    stints = _stints(player)
    if not stints:
        return Holder(user_id, name)
    played = sum(stint.turns for stint in stints if stint.user_id == user_id)
    if user_id is not None and not ended_it(player) and 2 * played >= int(player.get("turns", 0)):
        return Holder(user_id, name)
    first = min(
        (stint for stint in stints if stint.rated_as_leaver()), key=lambda stint: stint.left, default=None
    )
    if first is not None:
        return _leaver(first)
    return Holder(None, name)


def leavers(player: Mapping[str, Any], seat_holder: Holder) -> list[Holder]:
    """Everyone else who left the seat having played at least half of its turns until then: each is
    rated in the game too, placed last, whoever held the seat after them, so leaving a seat someone
    then takes dodges nothing. Its holder's own leavings are not among them: who came back and
    played most of it is placed by net worth."""
    return [
        _leaver(stint)
        for stint in _stints(player)
        if stint.rated_as_leaver() and stint.left != seat_holder.left and stint.user_id != seat_holder.user_id
    ]


def ended_it(player: Mapping[str, Any]) -> bool:
    """Whether the person at the seat at the end left it there: they ended the game early, which
    counts as leaving it (`Playing.end`)."""
    stints = _stints(player)
    return bool(stints) and bool(stints[-1].left) and stints[-1].user_id == player.get("user_id")


def _stints(player: Mapping[str, Any]) -> list[Stint]:
    return [Stint.model_validate(stint) for stint in player.get("stints") or []]


def _leaver(stint: Stint) -> Holder:
    return Holder(stint.user_id, stint.name, stint.left, stint.net_worth)


def _once(rows: list[Row]) -> list[Row]:
    """A person is rated once a game: one who left a seat and then played another is rated where
    they first left; their other seat's own row counts as the computer's, and their other leavings
    are dropped."""
    rated_by: dict[int, int] = {}
    for index in sorted(range(len(rows)), key=lambda i: (not rows[i].who.left, rows[i].who.left)):
        if (person := rows[index].who.user_id) is not None:
            rated_by.setdefault(person, index)
    once = []
    for index, row in enumerate(rows):
        if row.who.user_id is None or rated_by[row.who.user_id] == index:
            once.append(row)
        elif row.records:
            once.append(Row(row.seat, Holder(None, row.who.name), records=True))
    return once


def result_of(summary: Mapping[str, Any], message_id: int | None) -> GameResult:
    """A finished game's result from its history summary (fields a summary of an older version
    lacks count with their defaults); `message_id`: the message history links to, its last board
    until its standings are posted (`Tables.standings_posted`). Rows: each seat's own, then
    every other person who left a seat."""
    players = summary.get("players", [])
    own = [Row(seat, holder(player), True) for seat, player in enumerate(players)]
    besides = [Row(row.seat, who, False) for row in own for who in leavers(players[row.seat], row.who)]
    rows = _once([*own, *besides])
    net_worths = [
        int(players[row.seat].get("net_worth", 0)) if row.who.net_worth is None else row.who.net_worth
        for row in rows
    ]
    placed = places(net_worths, [row.who.left for row in rows])
    placings = []
    for row, net_worth, place in zip(rows, net_worths, placed, strict=True):
        player, who = players[row.seat], row.who
        tally = Tally.read(player.get("tally", {})) if row.records else Tally()
        strength = None if who.user_id is not None else player.get("strength", COMPUTER_STRENGTH)
        placings.append(
            Placing(
                row.seat,
                who.user_id,
                who.name,
                strength,
                place,
                net_worth,
                best_jackpot=tally.best_jackpot,
                deals_sold=tally.sold,
                lotteries=tally.lotteries,
                radio_wins=tally.radio_wins,
                loans=tally.loans,
                charges_carried=tally.charges_carried,
                left=who.left,
            )
        )
    people = sum(p.user_id is not None for p in placings)
    reason = str(summary.get("reason", Ending.RETIRED))
    # A game ended early by a person playing in it is rated, its ender placed last as a leaver: so
    # neither a player behind nor one ahead gains by ending it (docs/RULES.md §5.10).
    ran = reason == Ending.RETIRED or (reason == Ending.ENDED and any(map(ended_it, players)))
    # A game where anyone asked the planner for a hint says nothing of its players' own skill.
    hinted = bool(summary.get("hinted", False))
    return GameResult(
        message_id,
        str(summary.get("ruleset", "")),
        house_key(summary.get("house_rules") or {}),
        reason,
        ran and people >= 2 and not hinted,
        int(summary.get("months", 0)),
        tuple(placings),
        hinted,
    )


async def backfill(store: GameStore) -> int:
    """Record the results of games finished before results were kept, oldest first, so their
    ratings are learned in the order they were played; how many. Run at start-up, before any
    game can finish."""
    recorded = 0
    while rows := await store.unrecorded(BACKFILL_BATCH):
        results = []
        for row in rows:
            try:
                results.append((row.game_id, result_of(row.summary, _message_of(row.data))))
            except (TypeError, ValueError, AttributeError):  # a summary of a shape no version wrote
                log.warning("finished game's summary unreadable", extra={"game": row.game_id})
        if not results:  # only unreadable ones are left: they stay in history, without a result
            break
        await store.record(results, ratings.rate)
        recorded += len(results)
    if recorded:
        log.info("results recorded for games finished before they were kept", extra={"games": recorded})
    return recorded


def _message_of(document: str) -> int | None:
    """The final live message of a finished game's saved table (None if it cannot be read)."""
    try:
        message = json.loads(document).get("message_id")
    except (ValueError, AttributeError):
        return None
    return message if isinstance(message, int) else None
