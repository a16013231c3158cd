"""Settings read from the environment and `.env`, validated before anything touches the network."""

from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    """Every knob of a running bot; `.env.example` documents each one."""

    # A stray line in someone's .env must not stop the bot, and `DEV_GUILD_ID=` means unset.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    # Optional so that a missing token gets our own one-line explanation, not pydantic's.
    discord_token: SecretStr | None = None
    database_path: str = "data/payday.sqlite3"
    dev_guild_id: int | None = None
    log_level: LogLevel = "INFO"
    turn_seconds: int = Field(300, gt=0)
    interrupt_seconds: int = Field(60, gt=0)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value
