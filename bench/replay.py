"""Replay benchmark: how long `/payday replay` takes on the longest games the bot allows.

    .venv/bin/python -m bench.replay [--games 3] [--players 6] [--months 12] [--repeat 3]

Plays `--games` computer games (seeded, modern edition) on the engine and keeps each one's log as
the service writes it (`started`, each answer's record, its events). Then, per game: the first
look, which rebuilds the whole game through the engine and checks it against its end
(`rebuild_ms`), and a look at a step of a game already rebuilt, in English and in Italian (the
turn's words and buttons: `step_ms`); drawing the board is `bench.render`'s figure.

Prints one line per figure, then as its LAST line one JSON object:
    {"rows_max": ..., "steps_max": ..., "rebuild_ms_p50": ..., "step_ms_p99_it": ..., ...}
"""

import argparse
import json
import os
import random
from timeit import default_timer

from bot.features.replay.service import Replayed
from bot.features.replay.words import replay_message
from bot.game import engine
from bot.game.ai import choose
from bot.game.simulate import NAMES
from bot.render.language.i18n import lang
from bot.service.rebuild import Replay, after_start, rebuild, setup_of, verify
from bot.table import LogKind, Seat, Table

LANGUAGES = ("en", "it")


def game(seed: int, players: int, months: int) -> tuple[Table, list[dict]]:
    """A computer game's final table and its log, as the service keeps them."""
    names = list(NAMES[:players])
    state, opening = engine.start(names, months=months, seed=seed)
    log: list[dict] = [{"kind": LogKind.STARTED, "seats": names}, *(e.to_dict() for e in opening)]
    while not state.over:
        action = choose(state, state.asked.seats[0])
        record = {"kind": LogKind.ACTION, "seat": action.seat, "action": action.kind, "value": action.value}
        record |= {"prompt": state.prompt, "question": state.asked.kind, "timed_out": False}
        log += [record, *(e.to_dict() for e in engine.apply(state, action))]
    table = Table(host_id=1, months=months, turn_seconds=60, interrupt_seconds=30, seed=seed)
    return table.model_copy(update={"seats": [Seat(name=name) for name in names], "state": state}), log


def rebuilt(table: Table, log: list[dict]) -> Replay:
    replay = rebuild(setup_of(table.game, table.seed, log), after_start(log))
    verify(replay, table.game)
    return replay


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--months", type=int, default=12)
    p.add_argument("--repeat", type=int, default=3, help="looks per game and language")
    args = p.parse_args(argv)
    games = [game(seed, args.players, args.months) for seed in range(args.games)]
    rng = random.Random(0)
    times: dict[str, list[float]] = {"rebuild": [], **{code: [] for code in LANGUAGES}}
    steps_max = 0
    for game_id, (table, log) in enumerate(games, start=1):
        for _ in range(args.repeat):
            began = default_timer()
            replay = rebuilt(table, log)
            times["rebuild"].append(default_timer() - began)
        shown = Replayed(game_id, table, replay, log)
        steps_max = max(steps_max, len(replay.steps))
        for _ in range(args.repeat):
            for code in LANGUAGES:
                step = rng.randrange(len(replay.steps))
                began = default_timer()
                replay_message(shown, step, lang(code))
                times[code].append(default_timer() - began)
    result: dict = {
        "games": args.games,
        "players": args.players,
        "months": args.months,
        "rows_max": max(len(log) for _, log in games),
        "steps_max": steps_max,
        "load_avg": round(os.getloadavg()[0], 2),
        "rebuild_ms_p50": quantile(times["rebuild"], 0.5),
        "rebuild_ms_p99": quantile(times["rebuild"], 0.99),
    }
    print(f"rebuild  p50 {result['rebuild_ms_p50']} ms  p99 {result['rebuild_ms_p99']} ms")
    for code in LANGUAGES:
        result[f"step_ms_p50_{code}"] = quantile(times[code], 0.5)
        result[f"step_ms_p99_{code}"] = quantile(times[code], 0.99)
        print(f"step {code}  p50 {result[f'step_ms_p50_{code}']} ms  p99 {result[f'step_ms_p99_{code}']} ms")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
