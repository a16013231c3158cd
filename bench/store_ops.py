"""How long the store's hot operations take, one at a time: what each click waits for its game.

    python -m bench.store_ops --db PATH_OR_URL [--games 20] [--rounds 200] [--events 4]
    python -m bench.store_ops --db postgresql://… --round-trip-ms 0.5   # the server on another machine

Opens the store with `db.opening.open_store` (an SQLite path, or a postgresql:// URL whose
`?search_path=` names an empty schema of your own), creates `--games` games (timed: create), then
`--rounds` times over every game reads it (get) and saves it with `--events` events (save), as a
click does, each awaited alone so the figure is one operation's latency, not a pool's throughput.
The saved document is the size of a game's in the middle of play, so the bytes on the wire are a
click's.

To compare two versions of the store, run this file by path with PYTHONPATH pointing at each
version's tree, alternately, and compare the ratios (the host is shared and noisy).

With `--round-trip-ms`, the store reaches the PostgreSQL server through a proxy in a thread of this
process that holds every chunk for half that time each way, as a server on another machine of the
same network would: what an operation costs there is mostly its round trips. The host's own
loopback stays as it is (other programs use the server too). The proxy's timers are coarser than a
fraction of a millisecond, so the round trip it gives is measured (`SELECT 1` on a connection of its
own) and printed as `round_trip_ms`.

The LAST line printed is one JSON object: for create, get and save, `p50_ms` and `p99_ms`.
"""

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
from collections.abc import Awaitable
from datetime import UTC, datetime, timedelta
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from db.opening import open_store

Result = TypeVar("Result")

CHANNEL_BASE = 3_000_000_000_000_000_000
DOCUMENT_BYTES = 12_000
"""About a game's saved document in the middle of play."""


def figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 3),
    }


async def timed(times: list[float], operation: Awaitable[Result]) -> Result:
    """`operation` awaited, its time added to `times` (a coroutine does nothing until awaited)."""
    start = time.perf_counter()
    result = await operation
    times.append(time.perf_counter() - start)
    return result


async def held(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    """Copy one direction of a connection, each chunk sent `delay` seconds after it arrived, in order."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[float, bytes] | None] = asyncio.Queue()

    async def send() -> None:
        while (chunk := await queue.get()) is not None:
            due, data = chunk
            await asyncio.sleep(max(0.0, due - loop.time()))
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.create_task(send())
    while data := await reader.read(65536):
        queue.put_nowait((loop.time() + delay, data))
    queue.put_nowait(None)
    await sender


def start_distance(url: str, round_trip_ms: float) -> str:
    """A proxy to `url`'s server, `round_trip_ms` away, in a daemon thread; the URL through it."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    delay = round_trip_ms / 2000

    async def serve() -> None:
        async def connect(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
            server_reader, server_writer = await asyncio.open_connection(host, port)
            await asyncio.gather(
                held(client_reader, server_writer, delay), held(server_reader, client_writer, delay)
            )

        server = await asyncio.start_server(connect, "127.0.0.1", 0)
        listening.append(server.sockets[0].getsockname()[1])
        started.set()
        await server.serve_forever()

    listening: list[int] = []
    started = threading.Event()
    threading.Thread(target=asyncio.run, args=(serve(),), daemon=True).start()
    started.wait()
    user, at, _ = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=f"{user}{at}127.0.0.1:{listening[0]}"))


async def round_trip(url: str) -> float:
    """The median time of the smallest statement, in milliseconds: one round trip to the server."""
    db = await asyncpg.connect(url)
    try:
        times: list[float] = []
        for _ in range(100):
            await timed(times, db.fetchval("SELECT 1"))
        return round(statistics.median(times) * 1000, 3)
    finally:
        await db.close()


async def run(location: str, games: int, rounds: int, events: int) -> dict[str, dict[str, float]]:
    store = await open_store(location)
    document = json.dumps({"month": 1, "players": [], "padding": "x" * DOCUMENT_BYTES})
    deadline = datetime.now(UTC) + timedelta(days=1)
    click = [{"kind": "die_rolled", "player": 0, "value": 4, "month": 1}] * events
    creates: list[float] = []
    gets: list[float] = []
    saves: list[float] = []
    try:
        channels = [CHANNEL_BASE + int(time.time()) * 1000 + n for n in range(games)]
        for channel in channels:
            await timed(creates, store.create(channel, 1, document, deadline))
        for _ in range(rounds):
            for channel in channels:
                row = await timed(gets, store.get(channel))
                assert row is not None
                await timed(saves, store.save(row, document, deadline, click))
        for channel in channels:
            row = await store.get(channel)
            assert row is not None
            await store.finish(row, document, {"reason": "bench"})
    finally:
        await store.close()
    return {"create": figures(creates), "get": figures(gets), "save": figures(saves)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--rounds", type=int, default=200)
    p.add_argument("--events", type=int, default=4)
    p.add_argument("--round-trip-ms", type=float, default=0.0)
    args = p.parse_args(argv)
    location = start_distance(args.db, args.round_trip_ms) if args.round_trip_ms else args.db
    measured: dict[str, object] = {**asyncio.run(run(location, args.games, args.rounds, args.events))}
    if args.round_trip_ms:
        measured["round_trip_ms"] = asyncio.run(round_trip(location))
    print(json.dumps(measured))
    return 0


if __name__ == "__main__":
    sys.exit(main())
