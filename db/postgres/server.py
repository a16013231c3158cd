"""Reaching the PostgreSQL server: where DATABASE_URL points (said without its password), and the
one-sentence errors an operator can act on when it cannot be reached or used."""

from urllib.parse import unquote, urlsplit

import asyncpg

from db.interface import StoreError, StoreUnavailable

DEFAULT_PORT = 5432
SCHEMES = ("postgresql", "postgres")

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


class Url:
    """DATABASE_URL, and how to name it in a message: host:port/database, never the password."""

    def __init__(self, url: str) -> None:
        self.url = url
        parts = urlsplit(url)
        self._password = unquote(parts.password) if parts.password else None
        try:
            if parts.scheme not in SCHEMES:
                raise ValueError(f"it starts with {parts.scheme or url[:10]!r}")
            port = parts.port or DEFAULT_PORT
        except ValueError as e:
            raise StoreError(
                f"DATABASE_URL is not a PostgreSQL URL ({self.masked(str(e))}): write it as"
                " postgresql://user:password@host:5432/database."
            ) from None
        self.server = f"{parts.hostname or 'localhost'}:{port}"
        self.where = f"{self.server}{parts.path or '/'}"

    def masked(self, text: str) -> str:
        """`text` on one line, with the password (should a message ever quote it) starred out."""
        text = " ".join(text.split())
        return text.replace(self._password, "***") if self._password else text


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
