"""A loopback TCP proxy in front of the test PostgreSQL server, that loses a write's answer the way
a network or a server can: it passes the query and drops the connection before the reply, drops it
before the query gets there, drops only the client's end as the query passes (the server runs it
on, as it does a statement that waits for a row), or holds everything (a frozen server) until it
is let go.

Tests arm it for the next chunk the client sends (`lose_reply`, `lose_query`, `leave_running`) or
for all traffic (`freeze`, `thaw`). It runs on the test's event loop (asyncio streams): no thread,
no sleep."""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit


class Proxy:
    """Forwards every connection to the server at `url`; `url_through` is the URL by way of it."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._parts = parts
        self._upstream = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._server: asyncio.Server | None = None
        self._next_query: str | None = None
        """What to do with the next chunk a client sends: None passes it."""
        self._containing = b""
        self._thawed = asyncio.Event()
        self._thawed.set()
        self._pumps: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def url_through(self) -> str:
        netloc = self._parts.netloc.rsplit("@", 1)
        user = netloc[0] + "@" if len(netloc) == 2 else ""
        return urlunsplit(self._parts._replace(netloc=f"{user}127.0.0.1:{self.port}"))

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        self.thaw()
        assert self._server is not None
        self._server.close()
        for writer in list(self._writers):
            writer.close()
        for pump in list(self._pumps):
            pump.cancel()
        await asyncio.gather(*self._pumps, return_exceptions=True)

    def lose_reply(self, containing: bytes = b"") -> None:
        """The next query (the next one `containing` those bytes: b"COMMIT") reaches the server; the
        connection drops before its reply comes back."""
        self._next_query = "lose_reply"
        self._containing = containing

    def lose_query(self, containing: bytes = b"") -> None:
        """The connection drops as the next query (`containing` those bytes) is sent: the server
        never sees it."""
        self._next_query = "lose_query"
        self._containing = containing

    def leave_running(self, containing: bytes = b"") -> None:
        """The next query (`containing` those bytes) reaches the server, and the client's end of the
        connection drops at once: the server's end stays open, so a statement still running there
        (waiting for a row another transaction holds) commits after the client gave up on it."""
        self._next_query = "leave_running"
        self._containing = containing

    def freeze(self) -> None:
        """Nothing passes either way, as with a server whose processes stopped; held, not lost."""
        self._thawed.clear()

    def thaw(self) -> None:
        """What was held passes, and all traffic after it."""
        self._thawed.set()

    async def _serve(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        server_in, server_out = await asyncio.open_connection(*self._upstream)
        self._writers |= {client_out, server_out}
        lost_reply = asyncio.Event()

        def cut() -> None:
            for writer in (client_out, server_out):
                writer.close()

        async def upstream() -> None:
            while chunk := await client_in.read(65536):
                await self._thawed.wait()
                mode = self._next_query if self._containing in chunk else None
                if mode is not None:
                    self._next_query = None
                if mode == "lose_query":
                    cut()
                    return
                if mode == "lose_reply":
                    lost_reply.set()
                server_out.write(chunk)
                await server_out.drain()
                if mode == "leave_running":
                    client_out.close()
                    return
            server_out.close()

        async def downstream() -> None:
            while chunk := await server_in.read(65536):
                await self._thawed.wait()
                if lost_reply.is_set():
                    cut()
                    return
                client_out.write(chunk)
                await client_out.drain()
            client_out.close()

        pumps = [asyncio.create_task(pump()) for pump in (upstream, downstream)]
        self._pumps.update(pumps)
        with contextlib.suppress(ConnectionError, OSError):
            await asyncio.gather(*pumps)
        cut()
        self._pumps.difference_update(pumps)


@contextlib.asynccontextmanager
async def proxy_to(url: str) -> AsyncIterator[Proxy]:
    proxy = Proxy(url)
    await proxy.start()
    try:
        yield proxy
    finally:
        await proxy.stop()
