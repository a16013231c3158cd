"""Settings read from the environment and `.env`, validated before anything touches the network."""

from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from db.postgres.server import FORM, MalformedUrl, Url

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
LogFormat = Literal["text", "json"]


class Settings(BaseSettings):
    """Every knob of a running bot; `.env.example` documents each one."""

    # A stray line in someone's .env must not stop the bot, and `DEV_GUILD_ID=` means unset.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    # Optional so that a missing token gets our own one-line explanation, not pydantic's.
    discord_token: SecretStr | None = None
    database_path: str = "data/payday.sqlite3"
    database_url: SecretStr | None = None
    """postgresql://user:password@host/database: games in a PostgreSQL server (DATABASE_PATH unused)."""
    dev_guild_id: int | None = None
    log_level: LogLevel = "INFO"
    log_format: LogFormat = "text"
    turn_seconds: int = Field(300, gt=0)
    interrupt_seconds: int = Field(60, gt=0)
    lobby_minutes: int = Field(30, gt=0, le=7 * 24 * 60)
    board_pictures: bool = True
    shard_count: int | None = Field(None, gt=0)
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    metrics_port: int | None = Field(None, ge=1, le=65535)
    """The operator's metrics and health check (bot/app/metrics.py); None: not served, not measured."""
    metrics_host: str = "127.0.0.1"

    @field_validator("database_url")
    @classmethod
    def _postgresql(cls, value: SecretStr | None) -> SecretStr | None:
        """Read here, before anything connects, by the parser the store uses."""
        if value is not None:
            try:
                Url.parse(value.get_secret_value())
            except MalformedUrl as e:
                raise ValueError(
                    f"{e.problem}: write it as {FORM} (empty: games stay in DATABASE_PATH)"
                ) from None
        return value

    @property
    def database(self) -> str:
        """Where the games are: DATABASE_URL if set, else the SQLite file DATABASE_PATH."""
        return self.database_path if self.database_url is None else self.database_url.get_secret_value()

    @property
    def secrets(self) -> tuple[str, ...]:
        """What no message or log line may carry: the token and DATABASE_URL's password."""
        token = () if self.discord_token is None else (self.discord_token.get_secret_value().strip(),)
        url = () if self.database_url is None else Url.parse(self.database_url.get_secret_value()).secrets
        return (*token, *url)

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_case(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        """`SHARD_IDS=0,1,2`: the shards this process runs."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()] or None
        return value

    @field_validator("shard_ids")
    @classmethod
    def _within_count(cls, value: list[int] | None, info: ValidationInfo) -> list[int] | None:
        if value is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the total number of shards of every process")
        if len(set(value)) != len(value) or not all(0 <= shard < count for shard in value):
            raise ValueError(f"each shard id must appear once and be from 0 to {count - 1}")
        return value
