"""Settings: defaults, names as in .env.example, and the `.env` file of the working directory."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app.config import Settings

NAMES = tuple(name.upper() for name in Settings.model_fields)
"""Each setting's environment name."""


@pytest.fixture(autouse=True)
def clean(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)


def test_defaults():
    settings = Settings()

    assert settings.discord_token is None
    assert (settings.database_path, settings.dev_guild_id, settings.log_level) == (
        "data/payday.sqlite3",
        None,
        "INFO",
    )
    assert (settings.turn_seconds, settings.interrupt_seconds, settings.lobby_minutes) == (300, 60, 30)
    assert (settings.shard_count, settings.shard_ids) == (None, None)
    assert settings.board_pictures is True
    assert (settings.log_format, settings.metrics_port, settings.metrics_host) == ("text", None, "127.0.0.1")


def test_dotenv_is_read_and_blank_means_unset(tmp_path):
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=a.b.c\nDEV_GUILD_ID=\nLOG_LEVEL=debug\nTURN_SECONDS=90\nOTHER=1\n"
    )

    settings = Settings()

    assert settings.discord_token.get_secret_value() == "a.b.c"
    assert (settings.dev_guild_id, settings.log_level, settings.turn_seconds) == (None, "DEBUG", 90)


def test_env_example_lists_every_setting_with_its_default():
    example = (Path(__file__).parents[3] / ".env.example").read_text()
    lines = dict(line.split("=", 1) for line in example.splitlines() if "=" in line and line[0] != "#")

    assert set(lines) == set(NAMES)
    for name, field in Settings.model_fields.items():
        assert lines[name.upper()] == ("" if field.default is None else str(field.default)), name


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("LOG_LEVEL", "LOUD"),
        ("DEV_GUILD_ID", "abc"),
        ("TURN_SECONDS", "0"),
        ("LOBBY_MINUTES", "-5"),
        ("SHARD_COUNT", "0"),
        ("BOARD_PICTURES", "sometimes"),
        ("LOG_FORMAT", "xml"),
        ("METRICS_PORT", "0"),
        ("METRICS_PORT", "65536"),
    ],
)
def test_bad_values_are_refused(monkeypatch, name, value):
    monkeypatch.setenv(name, value)

    with pytest.raises(ValidationError) as info:
        Settings()

    assert [e["loc"] for e in info.value.errors()] == [(name.lower(),)]


def test_pictures_may_be_turned_off(monkeypatch):
    monkeypatch.setenv("BOARD_PICTURES", "false")
    assert Settings().board_pictures is False


def test_json_logs_and_a_metrics_port(monkeypatch):
    monkeypatch.setenv("LOG_FORMAT", " JSON ")
    monkeypatch.setenv("METRICS_PORT", "9100")

    settings = Settings()

    assert (settings.log_format, settings.metrics_port) == ("json", 9100)


def test_a_process_runs_the_shards_it_is_given(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", " 2, 3 ")

    settings = Settings()

    assert (settings.shard_count, settings.shard_ids) == (4, [2, 3])


@pytest.mark.parametrize(
    ("count", "ids", "why"),
    [
        (None, "0,1", "SHARD_IDS needs SHARD_COUNT"),
        ("2", "2", "from 0 to 1"),
        ("2", "1,1", "appear once"),
    ],
)
def test_shard_ids_must_fit_the_shard_count(monkeypatch, count, ids, why):
    if count is not None:
        monkeypatch.setenv("SHARD_COUNT", count)
    monkeypatch.setenv("SHARD_IDS", ids)

    with pytest.raises(ValidationError) as info:
        Settings()

    [error] = info.value.errors()
    assert error["loc"] == ("shard_ids",) and why in error["msg"]


def test_the_secrets_are_the_token_and_the_database_password_as_written_and_as_meant(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", " Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4 ")
    monkeypatch.setenv("DATABASE_URL", "postgresql://bot:S3cr%33t@127.0.0.1/payday")

    assert set(Settings().secrets) == {"Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4", "S3cr%33t", "S3cr3t"}


def test_without_a_database_url_the_token_is_the_only_secret(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4")

    assert Settings().secrets == ("Xq7Zk9.Wv3Jp8.Lm2Rt6Yb4",)
