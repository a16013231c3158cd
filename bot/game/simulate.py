"""Play many computer games and check the books after each one.

Every tenth game is ended early by its "host" at a point chosen from its seed, so the refunds of an
early end go through the same checks, the ledger rebuilt from the events included.

    python -m bot.game.simulate --games 10000 --players 4 --months 3 --seed 0 [--ruleset family]

Game i uses seed S+i, so any game the summary complains about can be replayed alone with
`--games 1 --seed <that seed>`. Exit status: 0 when every game kept every invariant, 1 when one
broke (each failure names its seed), 2 for arguments the engine refuses.
"""

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from timeit import default_timer

from bot.game import events as ev
from bot.game.actions import Action, IllegalAction
from bot.game.ai import choose
from bot.game.engine import apply, end_early
from bot.game.engine import start as deal
from bot.game.events import EventKind, Reason
from bot.game.invariants import books_mismatches, max_answers, violations
from bot.game.rulesets import DEFAULT_RULESET, RULESETS
from bot.game.state import GameState

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
END_EARLY_EVERY = 10
"""Game i with i % END_EARLY_EVERY == END_EARLY_EVERY - 1 is ended early."""


class Runaway(Exception):
    """A game that did not end within the bound `max_answers` derives for it."""


@dataclass
class RunTotals:
    """What the simulation's summary reports, added up over its games."""

    games: int = 0
    actions: int = 0
    players: int = 0
    net_worth: int = 0
    wins: Counter[int] = field(default_factory=Counter)
    jackpots: int = 0
    jackpot_dollars: int = 0
    loans: int = 0
    auto_loans: int = 0
    loan_dollars: int = 0
    ended_early: int = 0
    broken: list[str] = field(default_factory=list)

    def count_events(self, events: Sequence[ev.Event]) -> None:
        for e in events:
            if e.kind != EventKind.TRANSFER:
                continue
            if e.src == ev.JACKPOT:
                self.jackpots += 1
                self.jackpot_dollars += e.amount
            elif e.reason == Reason.LOAN or e.reason == Reason.AUTO_LOAN:
                self.loans += 1
                self.auto_loans += e.reason == Reason.AUTO_LOAN
                self.loan_dollars += e.amount

    def count_game(self, state: GameState, actions: int) -> None:
        self.games += 1
        self.actions += actions
        self.players += len(state.players)
        self.net_worth += sum(state.net_worth(p.seat) for p in state.players)
        for seat in state.winners:
            self.wins[seat] += 1


def start(
    seed: int, players: int = 4, months: int = 3, ruleset: str = DEFAULT_RULESET
) -> tuple[GameState, list[ev.Event]]:
    """A new game and its opening events (the Bank paying the start cash)."""
    names = [NAMES[i] if i < len(NAMES) else f"Player {i + 1}" for i in range(players)]
    return deal(names, ruleset=ruleset, months=months, seed=seed)


Chooser = Callable[[GameState, int], Action]
"""A computer player: its answer to the question a seat is asked now."""


def play(
    state: GameState,
    tally: RunTotals | None = None,
    log: list[ev.Event] | None = None,
    stop: int | None = None,
    chooser: Chooser = choose,
) -> int:
    """Let `chooser` (the Normal computer player unless told) answer every question until the game
    ends, or end it early after `stop` actions; returns the actions. Every event goes to `log` when
    one is given; with neither `tally` nor `log`, no event is built at all (`Game`).

    Raises Runaway if the game outlives its bound (a rules bug: every game must end).
    """
    limit = max_answers(len(state.players), state.months, state.ruleset)
    record = tally is not None or log is not None
    actions = 0
    while not state.over:
        if actions == stop:
            events = end_early(state)
            if tally is not None:
                tally.ended_early += 1
        elif actions >= limit:
            raise Runaway(f"the game did not end within {limit} actions")
        else:
            events = apply(state, chooser(state, state.asked.seats[0]), record=record)
            actions += 1
        if tally is not None:
            tally.count_events(events)
        if log is not None:
            log += events
    return actions


def simulate(games: int, players: int, months: int, seed: int, ruleset: str) -> tuple[RunTotals, float]:
    """Play `games` games (seed S+i for game i), checking every invariant after each one."""
    tally = RunTotals()
    began = default_timer()
    for i in range(games):
        state, log = start(seed + i, players, months, ruleset)
        stop = None
        if i % END_EARLY_EVERY == END_EARLY_EVERY - 1:
            stop = (seed + i) * 2654435761 % (players * 30)  # spread over the first month
        try:
            actions = play(state, tally, log, stop)
        except Exception as e:  # a crash is a rules bug like any other: report it with its seed
            tally.broken.append(f"seed {seed + i}: {type(e).__name__}: {e}")
            continue
        tally.count_game(state, actions)
        problems = violations(state) + books_mismatches(state, log)
        tally.broken += [f"seed {seed + i}: {problem}" for problem in problems]
    return tally, default_timer() - began


def summary(tally: RunTotals, seconds: float, args: argparse.Namespace) -> str:
    games = max(tally.games, 1)
    wins = ", ".join(f"seat {seat}: {tally.wins[seat]}" for seat in range(args.players))
    return "\n".join(
        [
            f"Pay Day simulation: {args.games} games of {args.players} players, "
            f"{args.months} month{'s' * (args.months != 1)}, "
            f"{args.ruleset} rules, seeds {args.seed}-{args.seed + args.games - 1}",
            f"time: {seconds:.2f} s, {args.games / seconds:,.0f} games per second",
            f"actions per game: {tally.actions / games:.1f} mean",
            f"net worth: {_dollars(round(tally.net_worth / max(tally.players, 1)))} mean per player",
            f"wins by seat (ties count for every tied seat): {wins}",
            f"jackpots won: {tally.jackpots} ({_dollars(tally.jackpot_dollars)})",
            f"loans taken: {tally.loans} ({_dollars(tally.loan_dollars)}), "
            f"{tally.auto_loans} of them to cover a payment",
            f"games ended early by the host: {tally.ended_early}",
            f"invariant breaks: {len(tally.broken)}",
        ]
    )


def _dollars(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.game.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--months", type=int, default=3, help="months per game (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    try:  # let the engine refuse a bad table (player count, months), by its refusal code
        start(args.seed, args.players, args.months, args.ruleset)
    except IllegalAction as e:
        print(f"error: the engine refuses this table: {e}", file=sys.stderr)
        return 2
    tally, seconds = simulate(args.games, args.players, args.months, args.seed, args.ruleset)
    print(summary(tally, seconds, args))
    if tally.broken:
        for line in tally.broken[:20]:
            print(line, file=sys.stderr)
        if len(tally.broken) > 20:
            print(f"... and {len(tally.broken) - 20} more", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
