"""Board picture benchmark: how long one frame takes to draw and encode, and how big it is.

    .venv/bin/python -m bench.render [--frames 600] [--samples DIR]

Prints one line per edition, then as its LAST line one JSON object:
    {"render_ms_p50": ..., "render_ms_p99": ..., "render_cpu_ms_p99": ..., "image_kb": ..., ...}

- render_ms_*: render_png (copy the calendar, draw tokens, legend, month and Jackpot, map them to
  the palette, encode the PNG) over random positions: 2 to the edition's most players, named from
  a pool with every initial (so the tokens' letters differ from game to game, as between live
  games), random days, some retired, a random set asked, a random Jackpot. The editions are
  interleaved frame by frame so a noisy minute on the shared host hits all of them alike. One
  process pinned to one core.
- image_kb: the largest PNG of all frames, in KiB (1024 bytes).
- render_cpu_ms_*: the same frames in CPU time of the rendering thread: on a shared host whose
  load is above its core count, wall-clock tails measure the waiting for a core as much as the
  drawing; load_avg (the 1-minute load at the start) says how busy the host was.
- static_ms: the slowest first render of an edition, which draws its calendar and palette once.

--samples DIR also writes each edition's picture of a mid-game position (several tokens on one
day, one player asked, one retired) as DIR/<edition>.png, and a copy scaled to a phone's 400 px
as DIR/<edition>-400.png, to look at.
"""

import argparse
import io
import json
import os
import random
from pathlib import Path
from time import thread_time
from timeit import default_timer

from PIL import Image

from bench.engine import pin_to_one_core
from bench.load import cpu_ticks, percentile, steal_share
from bot.game.calendar import PAYDAY_DAY
from bot.game.rulesets import RULESETS
from bot.render.board_picture import Scene, Token, render_png, token_letters

NAMES = (
    *("Alice", "Bartholomew Longname", "Chloé", "Dmitri", "Esperanza", "Fatou 🎲", "Gustavo", "Hana"),
    *("Ingrid", "Jules", "Kwame", "Lucía", "Mei", "Nikolai", "Olufemi", "Priya", "Quentin", "Rosa"),
    *("Søren", "Tomasz", "Ulla", "Vikram", "Wanjiru", "Xavier", "Yusuf", "Zoë"),
)
"""The samples' players are the first ones; a random position's are drawn from all of them."""
SAMPLES = {
    # edition: (each seat's day, retired seats, asked seats, Jackpot)
    "modern": ((12, 12, 12, 17, 20, 31), {5}, {0}, 4700),
    "family": ((23, 23, 26, 31), {3}, {2}, 1800),
    "classic": ((16, 16, 9, 31), {3}, {0, 1}, 150),
}
PHONE_WIDTH = 400


def random_scene(rng: random.Random, edition: str) -> Scene:
    players = rng.randint(2, RULESETS[edition].rules.max_players)
    names = rng.sample(NAMES, players)
    letters = token_letters(names)
    tokens = tuple(
        Token(seat, letters[seat], names[seat], rng.randint(0, PAYDAY_DAY), seat, retired=rng.random() < 0.15)
        for seat in range(players)
    )
    asked = frozenset(seat for seat in range(players) if rng.random() < 0.3)
    month = rng.randint(1, 3)
    return Scene(edition, f"Month {month} of 3", rng.choice((0, 500, rng.randint(0, 60_000))), tokens, asked)


def write_samples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for edition, (days, retired, asked, jackpot) in SAMPLES.items():
        names = NAMES[: len(days)]
        letters = token_letters(names)
        tokens = tuple(Token(s, letters[s], names[s], day, s, s in retired) for s, day in enumerate(days))
        png = render_png(Scene(edition, "Month 2 of 3", jackpot, tokens, frozenset(asked)))
        (folder / f"{edition}.png").write_bytes(png)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        phone = image.resize(
            (PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS
        )
        phone.save(folder / f"{edition}-{PHONE_WIDTH}.png")
        print(f"wrote {folder / edition}.png ({len(png) / 1024:.1f} KiB) and its {PHONE_WIDTH} px copy")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600, help="frames per edition (default 600)")
    parser.add_argument("--samples", type=Path, help="also write sample pictures to this folder")
    args = parser.parse_args(argv)
    if args.samples:
        write_samples(args.samples)
    rng = random.Random(9)
    editions = list(RULESETS)
    static_ms = 0.0
    for edition in editions:
        began = default_timer()
        render_png(random_scene(rng, edition))
        static_ms = max(static_ms, (default_timer() - began) * 1000)
    times: dict[str, list[float]] = {e: [] for e in editions}
    cpu: list[float] = []
    load = os.getloadavg()[0]
    sizes: dict[str, int] = dict.fromkeys(editions, 0)
    ticks = cpu_ticks()
    for _ in range(args.frames):
        for edition in editions:
            scene = random_scene(rng, edition)
            began, began_cpu = default_timer(), thread_time()
            png = render_png(scene)
            times[edition].append(default_timer() - began)
            cpu.append(thread_time() - began_cpu)
            sizes[edition] = max(sizes[edition], len(png))
    stolen = steal_share(ticks, cpu_ticks())
    for edition in editions:
        ts = times[edition]
        print(
            f"{edition:8} p50 {percentile(ts, 0.5):5.2f} ms  p99 {percentile(ts, 0.99):5.2f} ms"
            f"  max {max(ts) * 1000:5.2f} ms  largest {sizes[edition] / 1024:4.1f} KiB"
        )
    every = [t for ts in times.values() for t in ts]
    print(
        json.dumps(
            {
                "render_ms_p50": round(percentile(every, 0.5), 2),
                "render_ms_p99": round(percentile(every, 0.99), 2),
                "render_cpu_ms_p50": round(percentile(cpu, 0.5), 2),
                "render_cpu_ms_p99": round(percentile(cpu, 0.99), 2),
                "image_kb": round(max(sizes.values()) / 1024, 1),
                "static_ms": round(static_ms, 1),
                "frames": len(every),
                "cpu_steal_pct": round(100 * stolen, 1),
                "load_avg": round(load, 1),
            }
        )
    )


if __name__ == "__main__":
    pin_to_one_core()  # here, not in main(): a test calling main() must not pin pytest's process
    main()
