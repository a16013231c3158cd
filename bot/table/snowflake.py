"""When Discord made something, read from its id, as `discord.utils.snowflake_time` reads it, so the
table's rules need no discord.py (a live message's age is counted from its own id). Pure arithmetic."""

from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1_420_070_400_000
"""The first millisecond of 2015 (UTC): Discord's ids count their time from it."""
TIME_SHIFT = 22
"""An id's low 22 bits are the worker, process and increment; the bits above them are the time."""


def snowflake_time(snowflake: int) -> datetime:
    """The moment (aware, UTC) Discord made the object with id `snowflake`."""
    milliseconds = (snowflake >> TIME_SHIFT) + DISCORD_EPOCH_MS
    return datetime.fromtimestamp(milliseconds / 1000, tz=UTC)
