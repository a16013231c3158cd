"""A Discord id's time, read without discord.py, is the moment discord.py itself reads from it."""

from datetime import UTC, datetime

import discord
from hypothesis import given
from hypothesis import strategies as st

from bot.table.snowflake import snowflake_time


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_an_ids_time_is_the_one_discord_py_reads(snowflake):
    assert snowflake_time(snowflake) == discord.utils.snowflake_time(snowflake)


def test_an_id_made_now_reads_as_now_to_the_millisecond():
    made = datetime(2026, 12, 7, 19, 30, 15, 123000, tzinfo=UTC)
    assert snowflake_time(discord.utils.time_snowflake(made)) == made
