"""Fixtures of the /payday end-to-end tests."""

import pytest

from tests.cogs.payday.rig import cog


@pytest.fixture
def bot_token_only(env):
    """No click is ever fresh, so the channel's worker writes with the bot's token, as after a
    restart or 15 minutes after the last click: for tests of what Discord answers those writes."""
    cog(env).live.hook_lifetime = 0.0
