"""The PostgreSQL store: the same `GameStore` as SQLite's, on a server several bot processes share
(shards across processes or machines), chosen by DATABASE_URL=postgresql://…"""

from db.postgres.copying import Copied, CopyMismatch, copy_to_postgres
from db.postgres.store import PostgresStore

__all__ = ["Copied", "CopyMismatch", "PostgresStore", "copy_to_postgres"]
