"""DATABASE_URL or DATABASE_PATH: a PostgreSQL URL opens the server's store, anything else a file."""

import pytest

from db import StoreError
from db.opening import open_store
from db.sqlite import Store


async def test_a_path_opens_sqlite(tmp_path):
    store = await open_store(str(tmp_path / "payday.sqlite3"))
    try:
        assert isinstance(store, Store)
        assert (tmp_path / "payday.sqlite3").is_file()
    finally:
        await store.close()


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
async def test_a_postgresql_url_goes_to_the_server_not_to_a_file(tmp_path, monkeypatch, scheme):
    monkeypatch.chdir(tmp_path)

    with pytest.raises(StoreError, match=r"Could not reach the PostgreSQL server at 127\.0\.0\.1:1 "):
        await open_store(f"{scheme}://payday@127.0.0.1:1/payday")

    assert list(tmp_path.iterdir()) == []
