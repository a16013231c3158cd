"""A slash command that crashes still gets an answer, and the failure is logged with its channel."""

import logging

import pytest

from tests.helpers import slash, table


@pytest.fixture
def simcord_bot(make_bot):
    bot = make_bot()

    @bot.tree.command(name="boom", description="Always fails.")
    async def boom(interaction):
        raise RuntimeError("boom")

    return bot


async def test_a_crashing_command_is_answered_privately(env, caplog):
    _, channel, (alice,) = table(env, 1)

    result = await slash(alice, channel, "boom")

    assert result.ephemeral and result.response.content.startswith("Sorry, something went wrong")
    [logged] = [r for r in caplog.records if r.name == "bot.app.bot" and r.levelno == logging.ERROR]
    assert (logged.channel, logged.command) == (channel.id, "boom")
    assert [type(e.__cause__ or e).__name__ for e in env.errors] == ["RuntimeError"]
