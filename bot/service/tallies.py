"""Each player's game in a few numbers, for the line the final standings give them: Deals sold, lost
unsold or bought back when the game was ended early, loans taken, Jackpots and Lotteries won; and for
the server's records (/payday stats): the biggest Jackpot, Radio Contests won, Monster Charges carried.

They are read once, when the game ends, from its event log (the ledger lines and the discards), and
kept in the game's history summary beside its result, so the standings shown again later need no
log (`python -m bot prune` removes old logs). Codes and numbers only: bot/render writes the line.
"""

from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from bot.game.calendar import SpaceKind
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS

LOGGED = (EventKind.TRANSFER, EventKind.DISCARDED, EventKind.CARRIED, EventKind.RETIRED)
"""The kinds of log rows a tally reads."""


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's game in numbers (each amount in dollars)."""

    sold: int = 0
    """Deals sold to a Buyer, for `sold_for` in all."""
    sold_for: int = 0
    lost: int = 0
    """Deals still held at the player's last Pay Day, discarded for nothing."""
    returned: int = 0
    """Deals the Bank bought back at cost, for `returned_for`, because the host ended the game."""
    returned_for: int = 0
    loans: int = 0
    """Loans taken, the ones that covered a payment included, for `borrowed` in all."""
    borrowed: int = 0
    jackpots: int = 0
    jackpot_won: int = 0
    lotteries: int = 0
    lottery_won: int = 0
    best_jackpot: int = 0
    """The biggest Jackpot won at once."""
    radio_wins: int = 0
    charges_carried: int = 0
    """Monster Charges carried over at a Pay Day instead of paid in full."""
    retired: int = 0
    """1 once the player retired at their last Pay Day, worth `retired_with` then: a retired player
    still pays and wins at the table's events (the Walk for Charity, the Lottery), so the standings
    say what changed since, and the Pay Day's line and the standings agree."""
    retired_with: int = 0

    def stored(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> "Tally":
        """A tally back from a history summary; a key this version does not know is left out."""
        return cls(**{f.name: int(stored[f.name]) for f in fields(cls) if f.name in stored})


def tallies(events: Iterable[Event], players: int, radio_days: Collection[int] = ()) -> tuple[Tally, ...]:
    """Every player's tally (by seat) from a game's events, in any order; `radio_days`: the days of
    its edition's Radio Contest (`radio_days`), whose prize a space's ledger line names."""
    counts: list[dict[str, int]] = [{} for _ in range(players)]
    for e in events:
        if e.kind == EventKind.DISCARDED:
            seat, count, total = e.seat, "lost", ""
        elif e.kind == EventKind.CARRIED:
            seat, count, total = e.seat, "charges_carried", ""
        elif e.kind == EventKind.RETIRED:
            seat, count, total = e.seat, "retired", "retired_with"
        elif e.kind == EventKind.TRANSFER and e.reason == Reason.SPACE and e.ref in radio_days:
            seat, count, total = e.dst, "radio_wins", ""
        elif e.kind == EventKind.TRANSFER and e.reason in _COUNTED:
            seat, (count, total) = e.dst, _COUNTED[e.reason]
        else:
            continue
        if 0 <= seat < players:
            mine = counts[seat]
            mine[count] = mine.get(count, 0) + 1
            if total:
                mine[total] = mine.get(total, 0) + e.amount
            if e.kind == EventKind.TRANSFER and e.reason == Reason.SIX:
                mine["best_jackpot"] = max(mine.get("best_jackpot", 0), e.amount)
    return tuple(Tally(**mine) for mine in counts)


def radio_days(ruleset: str) -> frozenset[int]:
    """The days of `ruleset`'s board that hold a Radio Contest."""
    board = RULESETS[ruleset].board
    return frozenset(day for day, space in enumerate(board) if space.kind is SpaceKind.RADIO)


_COUNTED: dict[str, tuple[str, str]] = {
    Reason.DEAL_SOLD: ("sold", "sold_for"),
    Reason.DEAL_RETURNED: ("returned", "returned_for"),
    Reason.LOAN: ("loans", "borrowed"),
    Reason.AUTO_LOAN: ("loans", "borrowed"),
    Reason.SIX: ("jackpots", "jackpot_won"),
    Reason.LOTTERY_WIN: ("lotteries", "lottery_won"),
}
"""The ledger lines a tally counts: the count and the total they add to, for the player paid."""
