"""deploy/: the systemd unit restarts a crashed bot, but never fast enough, nor often enough, to
spend Discord's 1,000 identifies a day, never for a setup mistake a restart cannot fix, but for a
server out of reach, once PostgreSQL (if this machine has one) has started; the
compose file's health check asks the port the bot serves, and the bot starts once PostgreSQL answers."""

import configparser
import re
from pathlib import Path

from bot.app.cli import TRY_LATER, USER_ERROR

DEPLOY = Path(__file__).parents[1] / "deploy"
UNIT = DEPLOY / "payday-bot.service"
COMPOSE = (DEPLOY / "compose.yaml").read_text()
SECONDS = {"": 1, "s": 1, "sec": 1, "min": 60, "m": 60, "h": 3600}


def seconds(span: str) -> int:
    """A systemd time span such as `30s`, `10min` or `600` in seconds."""
    number, unit = re.fullmatch(r"(\d+)\s*([a-z]*)", span.strip()).groups()
    return int(number) * SECONDS[unit]


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read_string(UNIT.read_text())
    return parser


def test_a_crash_restarts_after_a_delay():
    service = unit()["Service"]

    assert service["Restart"] == "on-failure"
    assert seconds(service["RestartSec"]) >= 10


def test_a_crash_loop_stops_before_it_can_spend_a_days_identifies():
    read = unit()
    interval, burst = seconds(read["Unit"]["StartLimitIntervalSec"]), int(read["Unit"]["StartLimitBurst"])
    restart = seconds(read["Service"]["RestartSec"])

    assert burst * restart < interval  # bursting in one interval: the limit is reached, the unit stops
    assert burst * (86_400 // interval) < 1_000


def restarted(status: int) -> bool:
    """Whether systemd restarts the unit after the bot exits with `status`, as its Service section says."""
    service = unit()["Service"]
    listed = {
        key: {int(code) for code in service.get(key, "").split() if code.isdigit()}
        for key in ("RestartPreventExitStatus", "SuccessExitStatus", "RestartForceExitStatus")
    }
    if status in listed["RestartForceExitStatus"]:
        return True
    if status in listed["RestartPreventExitStatus"] or status == 0 or status in listed["SuccessExitStatus"]:
        return False
    return service["Restart"] in ("on-failure", "always")


def test_a_setup_mistake_is_not_restarted():
    assert not restarted(USER_ERROR)


def test_a_server_out_of_reach_is_restarted():
    assert restarted(TRY_LATER)


def test_it_starts_after_the_network_and_a_local_postgresql_but_does_not_need_one():
    read = unit()["Unit"]

    for target in ("network-online.target", "postgresql.service"):
        assert target in read["After"].split() and target in read["Wants"].split()
    assert "Requires" not in read and "BindsTo" not in read


def test_stopping_it_is_ctrl_c_so_the_store_is_closed():
    assert unit()["Service"]["KillSignal"] == "SIGINT"


# -- the compose file ------------------------------------------------------------------------------
def test_the_health_check_asks_the_port_the_bot_serves():
    [port] = re.findall(r'METRICS_PORT: "(\d+)"', COMPOSE)

    assert f"http://127.0.0.1:{port}/health" in COMPOSE
    assert "METRICS_HOST: 0.0.0.0" in COMPOSE  # published from inside the container


def test_the_bot_waits_for_a_healthy_postgres_and_restarts_a_bounded_number_of_times():
    assert "pg_isready" in COMPOSE and "condition: service_healthy" in COMPOSE
    assert re.search(r"DATABASE_URL: postgresql://[^\n]+@postgres:5432/payday\n", COMPOSE)
    assert re.search(r"restart: on-failure:\d+\n", COMPOSE)
