"""Faults of the SQLite store's one connection, for tests of what a write whose answer was lost
leaves behind."""

import sqlite3
from collections.abc import Callable

import pytest

from db.sqlite import Store


def failing_commits(store: Store, monkeypatch: pytest.MonkeyPatch) -> Callable[[bool], None]:
    """`fail(landed)`: the store's next COMMIT fails as a disk I/O error does, after it landed
    (`landed`) or before."""
    db = store._connection._db
    real = db.commit
    next_one: list[bool] = []

    async def commit() -> None:
        if next_one:
            if next_one.pop():
                await real()
            raise sqlite3.OperationalError("disk I/O error")
        await real()

    monkeypatch.setattr(db, "commit", commit)
    return next_one.append
