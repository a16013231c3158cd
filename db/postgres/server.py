"""Reaching the PostgreSQL server: DATABASE_URL read in one place, where it points said in one way
(user@host:port/database, never the password nor a piece of it), and the one-sentence errors an
operator can act on when it cannot be reached or used."""

from dataclasses import dataclass, field
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

import asyncpg

from db.interface import StoreError, StoreUnavailable

DEFAULT_PORT = 5432
SCHEMES = ("postgresql", "postgres")
FORM = "postgresql://user:password@host:5432/database"
"""How a DATABASE_URL is written: what every refusal of one shows instead of the URL it got."""

CONNECTION_TROUBLE = (
    OSError,  # refused, unknown host, TimeoutError (a statement or the wait for a connection)
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,  # the connection was closed under us
    asyncpg.OperatorInterventionError,  # statement cancelled, server shutting down or starting
    asyncpg.InsufficientResourcesError,  # too many connections, disk full
    asyncpg.LockNotAvailableError,  # lock_timeout: another program holds the row
    asyncpg.TransactionRollbackError,  # deadlock or serialization failure: rolled back, try again
)
"""Failures of the server or the network rather than of our code: each becomes one StoreError."""

SHORTEST_SECRET = 3
"""Shorter secrets are not starred out: every "a" or "12" of a sentence would go."""


class MalformedUrl(StoreError):
    """DATABASE_URL cannot be read as a PostgreSQL URL. `problem` says why without quoting any of
    it: what cannot be parsed may be a password split at a character that needed percent-encoding."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"DATABASE_URL is not a PostgreSQL URL ({problem}): write it as {FORM}.")
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Url:
    """A DATABASE_URL, read by `parse`; `where` names it in messages."""

    host: str
    port: int
    database: str
    user: str | None
    secrets: tuple[str, ...] = field(repr=False)
    """The password as written and as meant (percent-decoded): what no message may carry."""

    @classmethod
    def parse(cls, url: str) -> "Url":
        """`url` read as asyncpg will read it, or MalformedUrl saying what is wrong with it."""
        try:
            parts = urlsplit(url)
        except ValueError:  # an unclosed [ or a bracketed host that is no IPv6 address
            raise MalformedUrl(
                "its brackets do not hold an IPv6 address; in a password, write [ as %5B and ] as %5D"
            ) from None
        if parts.scheme not in SCHEMES:
            raise MalformedUrl("it must start with postgresql:// or postgres://")
        query = parse_qs(parts.query)
        host = parts.hostname or query.get("host", [""])[-1]
        if not host:
            raise MalformedUrl("it names no host: write the server's name or address after the @")
        if parts.netloc.count("@") > 1:
            # `u:se@cret@host`: urllib takes the last @, asyncpg the first, so they name two hosts.
            raise MalformedUrl("its password holds an @: write it as %40")
        if "@" in parts.path + parts.query + parts.fragment:
            # `u:pa/ss@host`: urllib reads the host as u, the port as pa and the rest as the path.
            raise MalformedUrl(
                "its password holds a character to percent-encode: / as %2F, ? as %3F, # as %23"
            )
        if any(c.isspace() for c in host):
            raise MalformedUrl("its host has a space in it")
        passwords = [parts.password, *query.get("password", [])]
        secrets = {form for word in passwords if word for form in (word, unquote(word))}
        return cls(
            host,
            _port(parts),
            unquote(parts.path.removeprefix("/")),
            unquote(parts.username) if parts.username else query.get("user", [None])[-1],
            tuple(sorted(secrets)),
        )

    @property
    def server(self) -> str:
        """host:port, an IPv6 address in brackets."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def where(self) -> str:
        """user@host:port/database: the one way a message names the database."""
        user = f"{self.user}@" if self.user else ""
        return f"{user}{self.server}/{self.database}"

    def masked(self, text: str) -> str:
        """`text` on one line, with the password (should a message ever quote it) starred out."""
        return redact(" ".join(text.split()), self.secrets)


def _port(parts: SplitResult) -> int:
    try:
        port = parts.port
    except ValueError:  # not a number, or above 65535
        port = 0
    if port == 0:
        raise MalformedUrl("its port must be a number from 1 to 65535")
    return port or DEFAULT_PORT


def redact(text: str, secrets: tuple[str, ...]) -> str:
    """`text` with each of `secrets` starred out, the longest first (one may contain another)."""
    for secret in sorted((s for s in secrets if len(s) >= SHORTEST_SECRET), key=len, reverse=True):
        text = text.replace(secret, "***")
    return text


def open_error(error: BaseException, url: Url) -> StoreError:
    """What stops the store opening, in one sentence that says what to do."""
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError | asyncpg.InvalidCatalogNameError):
        return StoreError(
            f"The PostgreSQL server at {url.server} refused DATABASE_URL ({url.masked(str(error))}):"
            " check the user, password and database name in it."
        )
    if isinstance(error, OSError | asyncpg.CannotConnectNowError):  # down, or still starting
        return StoreUnavailable(
            f"Could not reach the PostgreSQL server at {url.server} ({url.masked(reason(error))}):"
            " start it, or check DATABASE_URL."
        )
    return StoreError(
        f"Could not open the PostgreSQL database at {url.where} ({url.masked(reason(error))}):"
        " check the server and DATABASE_URL."
    )


def trouble(error: BaseException, url: Url, verb: str) -> StoreError:
    """A failure mid-operation, in one sentence; StoreUnavailable if it is the server's or the
    network's (CONNECTION_TROUBLE), which may pass."""
    kind = StoreUnavailable if isinstance(error, CONNECTION_TROUBLE) else StoreError
    return kind(
        f"Could not {verb} the PostgreSQL database at {url.where} ({url.masked(reason(error))}):"
        " try again in a moment; if it persists, check that the server is running."
    )


def reason(error: BaseException) -> str:
    """What went wrong, in a few words."""
    if isinstance(error, TimeoutError):
        return "no answer in time"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error) or type(error).__name__


def quoted(name: str) -> str:
    """A PostgreSQL identifier (a schema's name), quoted."""
    return '"' + name.replace('"', '""') + '"'
