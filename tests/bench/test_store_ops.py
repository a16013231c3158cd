"""bench/store_ops.py: it times the store's hot operations on either store, through a proxy that puts
the server a round trip away when asked, and prints its JSON line last."""

import json

import pytest

from bench import store_ops as bench
from tests.postgres import fresh_schema, postgres_url_or_skip


def last_line(capsys: pytest.CaptureFixture[str]) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_a_tiny_run_on_sqlite_times_create_get_and_save(tmp_path, capsys):
    assert bench.main(["--db", str(tmp_path / "ops.sqlite3"), "--games", "2", "--rounds", "3"]) == 0

    result = last_line(capsys)
    for operation in ("create", "get", "save"):
        assert 0 < result[operation]["p50_ms"] <= result[operation]["p99_ms"]
    assert "round_trip_ms" not in result


async def test_the_proxy_puts_the_server_at_least_its_round_trip_away():
    postgres_url = postgres_url_or_skip()
    async with fresh_schema(postgres_url) as schema:
        far = bench.start_distance(f"{postgres_url}?search_path={schema}", round_trip_ms=4.0)
        result = await bench.run(far, games=1, rounds=2, events=1)
        trip = await bench.round_trip(far)

    assert trip >= 4.0
    assert result["get"]["p50_ms"] >= trip and result["save"]["p50_ms"] >= trip
