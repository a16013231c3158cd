"""Settings: defaults, names as in .env.example, and the `.env` file of the working directory."""

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings

NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "TURN_SECONDS", "INTERRUPT_SECONDS")


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
    assert (settings.turn_seconds, settings.interrupt_seconds) == (300, 60)


def test_dotenv_is_read_and_blank_means_unset(tmp_path):
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=a.b.c\nDEV_GUILD_ID=\nLOG_LEVEL=debug\nTURN_SECONDS=90\nOTHER=1\n"
    )

    settings = Settings()

    assert settings.discord_token.get_secret_value() == "a.b.c"
    assert (settings.dev_guild_id, settings.log_level, settings.turn_seconds) == (None, "DEBUG", 90)


def test_env_example_lists_every_setting():
    example = (Path(__file__).parents[2] / ".env.example").read_text()

    assert {line.split("=")[0] for line in example.splitlines() if "=" in line and line[0] != "#"} == set(
        NAMES
    )


@pytest.mark.parametrize(
    ("name", "value"), [("LOG_LEVEL", "LOUD"), ("DEV_GUILD_ID", "abc"), ("TURN_SECONDS", "0")]
)
def test_bad_values_are_refused(monkeypatch, name, value):
    monkeypatch.setenv(name, value)

    with pytest.raises(ValidationError) as info:
        Settings()

    assert [e["loc"] for e in info.value.errors()] == [(name.lower(),)]
