"""Where bench/load.py's memory per live game goes, owner by owner.

    python -m bench.memory [--games 1000] [--actions 40] [--no-picture] [--sites N] [load.py's flags]

Runs bench/load.py's load (the real cog and store, the fake Discord) with tracemalloc on, and once
play is over, while every game is still live, charges every Python object allocated since the
first game was created to the first owner below that reaches it (a walk of `gc.get_referents` that
stops at objects older than the run, so shared modules, types and catalogs are nobody's):

  bot      the service's last saved row per channel (`Tables._rows`: a table is kept only as its
           row's text), the live message's state per channel (`LiveMessage._channels`), the
           armed deadline tasks, the channel locks, the event loop's timer heap, the render caches
           (functools caches of bot/render and bot/table)
  harness  what bench/load.py and tests/fake_discord.py keep (each message's buttons and picture
           name, the timing lists, the picture meter, the click each game waits for)

Python memory no owner reaches is `unowned` (cyclic garbage not yet collected is counted apart);
`--sites N` also lists the N allocation sites that grew most (tracemalloc snapshots).
Memory Python does not allocate is read from its owners: SQLite's own heap
(`sqlite3_memory_used`: the page cache, the prepared statements), glibc's arenas (`malloc_info`:
what each arena took from the system and how much of it is free, i.e. slack; arena 0 is the event
loop's, the drawing thread's is the one that grows only with the picture on), Pillow's cached
image blocks, and the resident memory `malloc_trim(0)` hands back at the peak. RSS here includes
tracemalloc's own tables (`tracemalloc_kb`), so the RSS per game of bench/load.py itself is the
figure to quote; this script says what it is made of.

The LAST line printed is one JSON object: `kb_per_game` by owner, `native_kb_per_game`,
`arenas` (per glibc arena: system KB, free KB), `trimmable_kb_per_game`, `unowned_by_type`,
`sites`, `rss_kb_per_game` (inflated by tracing), and bench/load.py's failure counts.
"""

import asyncio
import collections
import ctypes
import gc
import json
import logging
import os
import re
import sys
import tempfile
import tracemalloc
from collections.abc import Iterable
from pathlib import Path

from PIL import Image

from bench import load
from bot.features.books.cog import BooksCommands
from bot.render.board_picture import layers, palette, picture, style
from bot.render.language import i18n
from bot.table import seats

RENDER_CACHES = (
    seats.clean_name,
    i18n._decimal,
    picture.calendar,
    layers.token,
    palette.palette,
    style.font,
    style._has_glyph,
)


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL("libc.so.6")


def _sqlite() -> ctypes.CDLL | None:
    try:
        lib = ctypes.CDLL("libsqlite3.so.0")  # the library _sqlite3 is linked with: the same handle
    except OSError:
        return None
    lib.sqlite3_memory_used.restype = ctypes.c_int64
    return lib


def arenas() -> list[dict]:
    """glibc's malloc_info: per arena, bytes taken from the system (`system`) and free in it (`free`),
    plus the blocks it mmapped on its own (`mmap`, reported once under arena -1)."""
    libc = _libc()
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    with tempfile.NamedTemporaryFile(suffix=".xml") as out:
        stream = libc.fopen(out.name.encode(), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        xml = Path(out.name).read_text()
    found = []
    for nr, body in re.findall(r'<heap nr="(\d+)">(.*?)</heap>', xml, re.S):
        sizes = re.findall(r'<total type="(?:fast|rest)" count="\d+" size="(\d+)"/>', body)
        free = sum(map(int, sizes))
        system = int(re.search(r'<system type="current" size="(\d+)"/>', body).group(1))
        found.append({"arena": int(nr), "system_kb": system / 1024, "free_kb": free / 1024})
    tail = xml.rsplit("</heap>", 1)[-1]
    mmap = re.search(r'<total type="mmap" count="\d+" size="(\d+)"/>', tail)
    found.append({"arena": -1, "system_kb": int(mmap.group(1)) / 1024 if mmap else 0, "free_kb": 0})
    return found


def native() -> dict:
    """Memory outside Python's allocator, in KB: SQLite's heap and Pillow's cached blocks."""
    sqlite = _sqlite()
    stats = Image.core.get_stats()
    return {
        "sqlite_kb": sqlite.sqlite3_memory_used() / 1024 if sqlite is not None else None,
        "pillow_cached_blocks": stats["blocks_cached"],
    }


MANAGED_DICT = 1 << 4
"""Py_TPFLAGS_MANAGED_DICT: instances of plain classes keep their attributes before the object, and
tracemalloc on 3.11 cannot tell where such an object was allocated (get_object_traceback gives None)."""


def managed(obj: object) -> bool:
    return bool(type(obj).__flags__ & MANAGED_DICT)


def older_managed() -> frozenset[int]:
    """The ids of the plain-class instances alive now (frozen ones included): those are not the run's."""
    gc.unfreeze()
    try:
        return frozenset(id(obj) for obj in gc.get_objects() if managed(obj))
    finally:
        gc.freeze()


class Owners:
    """Charges traced objects to owners, first come first served."""

    def __init__(self, older: frozenset[int]) -> None:
        self.seen: set[int] = set()
        self.older = older
        self.seen.update((id(self), id(self.seen)))  # the walk's own bookkeeping is nobody's

    def new(self, obj: object) -> bool:
        """Allocated during the run."""
        if tracemalloc.get_object_traceback(obj) is not None:
            return True
        return managed(obj) and id(obj) not in self.older

    def charge(self, roots: Iterable[object]) -> int:
        """Bytes of the roots (always counted: the run's own containers, grown by the games) and of
        every object they reach that was allocated during the run and is not charged yet."""
        size = 0
        stack: list[object] = []
        for root in roots:
            if id(root) in self.seen:
                continue
            self.seen.add(id(root))
            size += sys.getsizeof(root)
            stack.extend(gc.get_referents(root))
        while stack:
            obj = stack.pop()
            if id(obj) in self.seen:
                continue
            self.seen.add(id(obj))
            if not self.new(obj):
                continue  # older than the run: shared, nobody's
            size += sys.getsizeof(obj)
            stack.extend(gc.get_referents(obj))
        return size

    def unowned(self) -> collections.Counter:
        """The run's container objects no owner reached, with what they alone reach, by their type."""
        by_type: collections.Counter = collections.Counter()
        for obj in gc.get_objects():
            if id(obj) not in self.seen and self.new(obj):
                by_type[type(obj).__qualname__] += self.charge([obj])
        return by_type


def trim() -> int:
    """KB of resident memory glibc hands back when asked to (`malloc_trim(0)`: free pages inside
    every arena): slack, not memory in use. The run goes on with the pages returned."""
    before = load.rss_kb()
    _libc().malloc_trim(0)
    return before - load.rss_kb()


class MemoryProbe:
    def __init__(self, sites: int = 0) -> None:
        self.sites = sites
        """How many allocation sites to list, biggest growth first (0: none, no snapshots taken)."""
        self.figures: dict = {}
        self.traced_before = 0
        self.native_before: dict = {}
        self.arenas_before: list[dict] = []
        self.older: frozenset[int] = frozenset()

    def baseline(self) -> None:
        self.older = older_managed()
        self.snapshot = tracemalloc.take_snapshot() if self.sites else None
        self.traced_before = tracemalloc.get_traced_memory()[0]
        self.native_before = native()
        self.arenas_before = arenas()

    def peak(self, bench: load.Bench) -> None:
        games = len([g for g in bench.games if g.click is not None]) or 1
        traced = tracemalloc.get_traced_memory()[0]
        collected = gc.collect()
        live = tracemalloc.get_traced_memory()[0]  # read before the walk's own bookkeeping
        garbage = traced - live
        now_native, now_arenas = native(), arenas()  # before the walk's own bookkeeping
        trimmable = trim()
        sites = []
        if self.sites:
            sites = tracemalloc.take_snapshot().compare_to(self.snapshot, "lineno")[: self.sites]
        cog, service = bench.cog, bench.cog.service
        books = [part for part in bench.bot.cogs.values() if isinstance(part, BooksCommands)]  # if loaded
        loop = asyncio.get_running_loop()
        owners = Owners(self.older)
        owners.seen.add(id(bench.games))  # made before the baseline
        bot = {
            "rows (Tables._rows: last saved row per channel)": [service.tables._rows],
            "live (LiveMessage._channels)": [cog.live._channels],
            "timers (deadline tasks)": [service.timers._timers, service.timers._failures],
            "event loop timer heap": [loop._scheduled, loop._ready],
            "channel locks": [service.tables._locks],
            "stories": [kept for part in books for kept in (part.stories._stories, part.stories._latest)],
            "render caches": list(RENDER_CACHES),
        }
        meter = bench.meter
        harness = {
            "fake: buttons per message": [bench.fake.buttons],
            "fake: picture per message": [bench.fake.pictures],
            "bench: timings": [bench.play.times, bench.setup.times],
            "bench: picture meter": [meter.wall, meter.cpu, meter.sizes],
            "bench: games' next click": [g.click for g in bench.games if g.click is not None],
            "bench: tables written": [bench.tables.written],
        }
        kb = {}
        for group, roots in (("bot", bot), ("harness", harness)):
            for name, objs in roots.items():
                kb[f"{group}: {name}"] = owners.charge(objs) / 1024 / games
        kb["unowned Python memory"] = (live - self.traced_before) / 1024 / games - sum(kb.values())
        unowned = owners.unowned()
        kb["cyclic garbage (collected at the peak)"] = garbage / 1024 / games
        before = {a["arena"]: a for a in self.arenas_before}
        self.figures = {
            "live_games": games,
            "collected_objects": collected,
            "kb_per_game": {k: round(v, 2) for k, v in kb.items()},
            "traced_kb_per_game": round((traced - self.traced_before) / 1024 / games, 2),
            "native_kb_per_game": {
                "sqlite": round((now_native["sqlite_kb"] - self.native_before["sqlite_kb"]) / games, 2)
                if now_native["sqlite_kb"] is not None
                else None,
                "pillow_cached_blocks": now_native["pillow_cached_blocks"],
            },
            "arenas": [
                {
                    "arena": a["arena"],
                    "system_kb_per_game": round(
                        (a["system_kb"] - before.get(a["arena"], {}).get("system_kb", 0)) / games, 2
                    ),
                    "free_kb_per_game": round(a["free_kb"] / games, 2),
                }
                for a in now_arenas
            ],
            "trimmable_kb_per_game": round(trimmable / games, 2),
            "tracemalloc_kb": round(tracemalloc.get_tracemalloc_memory() / 1024),
            "unowned_by_type": {
                name: round(size / 1024 / games, 2) for name, size in unowned.most_common(self.sites or 8)
            },
            "sites": [
                {"where": str(stat.traceback), "kb_per_game": round(stat.size_diff / 1024 / games, 2)}
                for stat in sites
            ],
        }


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    sites = 0
    if "--sites" in argv:  # this script's own flag; the rest are bench/load.py's
        at = argv.index("--sites")
        sites = int(argv[at + 1])
        del argv[at : at + 2]
    args = load.parse_args(argv)
    sink = open(os.devnull, "w")  # noqa: SIM115 -- closed below
    handler = logging.StreamHandler(sink)
    handler.setFormatter(load.KeyValueFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(args.log_level.upper())
    probe = MemoryProbe(sites)
    tracemalloc.start()
    try:
        result = asyncio.run(load.run(args, probe))
    finally:
        tracemalloc.stop()
        root.removeHandler(handler)
        sink.close()
    figures = probe.figures
    width = max(map(len, figures["kb_per_game"]))
    print(f"{figures['live_games']} live games; KB per game by owner (Python objects, tracemalloc):")
    for name, kb in figures["kb_per_game"].items():
        print(f"  {name:<{width}}  {kb:8.2f}")
    print(f"native KB per game: {figures['native_kb_per_game']}")
    print(f"resident KB per game that malloc_trim(0) hands back: {figures['trimmable_kb_per_game']}")
    for arena in figures["arenas"]:
        print(f"  glibc arena {arena['arena']:>2}: {arena}")
    print(f"unowned, by the type of the object that holds it: {figures['unowned_by_type']}")
    for site in figures["sites"]:
        print(f"  {site['kb_per_game']:8.2f}  {site['where']}")
    figures.update({k: result[k] for k in ("rss_kb_per_game", "errors", "unanswered", "refused", "picture")})
    print(json.dumps(figures))
    return 0 if not (result["errors"] or result["unanswered"] or result["refused"]) else 1


if __name__ == "__main__":
    sys.exit(main())
