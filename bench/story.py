"""Story benchmark: how long `/payday log` takes to write a whole game's story into pages.

    .venv/bin/python -m bench.story [--games 4] [--players 6] [--months 12] [--repeat 5]

Plays `--games` computer games (seeded, modern edition) and keeps each one's event log as the cog
stores it (an action row before each answer, then its events); then writes every log's story, cut
into pages, in English and in Italian, alternating the languages so a noisy host hits both alike.
A page click reads the whole log again (pages are counted from the start), so this is the time of
one click on the longest games the bot allows (12 months, 6 players).

Prints one line per language, then as its LAST line one JSON object:
    {"rows_max": ..., "pages_max": ..., "story_ms_p50_en": ..., "story_ms_p99_en": ..., ...}
"""

import argparse
import json
import os
import random
import statistics
from timeit import default_timer

from bot.features.books.pages import pages
from bot.game.ai import choose
from bot.game.engine import apply
from bot.game.rulesets import RULESETS
from bot.game.simulate import NAMES, start
from bot.render.language.i18n import lang
from bot.render.story.turns import blocks
from bot.table import LogKind

LANGUAGES = ("en", "it")


def game_log(seed: int, players: int, months: int) -> list[dict]:
    state, opening = start(seed, players, months, "modern")
    rows = [e.to_dict() for e in opening]
    rng = random.Random(seed)
    while not state.over:
        seat = rng.choice(state.pending.seats)
        rows.append({"kind": LogKind.ACTION, "seat": seat, "action": "", "value": 0, "prompt": state.prompt})
        rows += [e.to_dict() for e in apply(state, choose(state, seat))]
    return rows


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--months", type=int, default=12)
    p.add_argument("--repeat", type=int, default=5, help="times each log is written per language")
    args = p.parse_args(argv)
    names = list(NAMES[: args.players])
    ruleset = RULESETS["modern"]
    logs = [game_log(seed, args.players, args.months) for seed in range(args.games)]
    for code in LANGUAGES:  # compile the catalog once, as the running bot has long done
        pages(blocks(logs[0][:200], names, ruleset, lang(code)))
    times: dict[str, list[float]] = {code: [] for code in LANGUAGES}
    counts: dict[str, int] = {}
    for _ in range(args.repeat):
        for rows in logs:
            for code in LANGUAGES:
                L = lang(code)
                began = default_timer()
                written = pages(blocks(rows, names, ruleset, L))
                times[code].append(default_timer() - began)
                counts[code] = max(counts.get(code, 0), len(written))
    result: dict = {
        "games": args.games,
        "players": args.players,
        "months": args.months,
        "rows_max": max(len(rows) for rows in logs),
        "pages_max": max(counts.values()),
        "load_avg": round(os.getloadavg()[0], 2),
    }
    for code in LANGUAGES:
        result[f"story_ms_p50_{code}"] = quantile(times[code], 0.5)
        result[f"story_ms_p99_{code}"] = quantile(times[code], 0.99)
        mean = statistics.fmean(times[code]) * 1000
        print(f"{code}  pages {counts[code]:>3}  mean {mean:.1f} ms  p99 {result[f'story_ms_p99_{code}']} ms")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
