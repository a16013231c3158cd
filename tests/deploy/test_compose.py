"""The compose file: the bot's health check asks /health on the port the bot serves metrics on,
and the bot starts once PostgreSQL answers."""

import re
from pathlib import Path

COMPOSE = (Path(__file__).parents[2] / "deploy" / "compose.yaml").read_text()


def test_the_health_check_asks_the_port_the_bot_serves():
    [port] = re.findall(r'METRICS_PORT: "(\d+)"', COMPOSE)

    assert f"http://127.0.0.1:{port}/health" in COMPOSE
    assert "METRICS_HOST: 0.0.0.0" in COMPOSE  # published from inside the container


def test_the_bot_waits_for_a_healthy_postgres_and_restarts_a_bounded_number_of_times():
    assert "pg_isready" in COMPOSE and "condition: service_healthy" in COMPOSE
    assert re.search(r"DATABASE_URL: postgresql://[^\n]+@postgres:5432/payday\n", COMPOSE)
    assert re.search(r"restart: on-failure:\d+\n", COMPOSE)
