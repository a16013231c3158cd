"""One way in for the bot: a PostgreSQL URL opens the server's store, anything else is the path of
an SQLite file, the default that needs nothing installed. A package of its own, above both stores,
so that db's own modules import neither."""

from db.interface import GameStore
from db.postgres import PostgresStore
from db.postgres.server import SCHEMES
from db.rows import Clock
from db.sqlite import Store


def is_postgres(location: str) -> bool:
    return location.startswith(tuple(f"{scheme}://" for scheme in SCHEMES))


async def open_store(location: str, *, now: Clock | None = None) -> GameStore:
    """The store at `location` (a DATABASE_URL or DATABASE_PATH), opened, checked and upgraded;
    StoreError with one sentence if it cannot be used."""
    if is_postgres(location):
        return await PostgresStore.open(location, now=now)
    return await Store.open(location, now=now)
