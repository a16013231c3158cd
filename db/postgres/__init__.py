"""The PostgreSQL store: the same `GameStore` as SQLite's, on a server several bot processes share
(shards across processes or machines), chosen by DATABASE_URL=postgresql://…"""

from db.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
