"""One process running several shards: each server's events arrive on its own shard, and games in
servers of different shards run side by side (docs/SCALING.md)."""

import pytest

from tests.cogs.payday.rig import live, load, script
from tests.helpers import click, slash

SHARDS = 2


def shard_of(guild_id: int) -> int:
    """Discord's rule: a server belongs to shard (server id >> 22) % shard count."""
    return (guild_id >> 22) % SHARDS


@pytest.mark.bot(shard_count=SHARDS)
async def test_games_in_servers_of_different_shards_play_side_by_side(env):
    # Server ids a shard apart: (id >> 22) is the id's timestamp part.
    guilds = {shard: env.create_guild(f"Casino {shard}", id=(1 << 40) + (shard << 22)) for shard in (0, 1)}
    assert [shard_of(guild.id) for guild in guilds.values()] == [0, 1]
    assert sorted(env.bot.shards) == [0, 1]

    for shard, guild in sorted(guilds.items()):
        channel = guild.create_text_channel("payday")
        alice, bob = (guild.add_member(env.create_user(f"{name}{shard}")) for name in ("alice", "bob"))
        lobby = (await slash(alice, channel, "payday start", months=1)).response
        await click(bob, lobby, label="Join")
        await click(alice, lobby, label="Start")
        await script(env, channel, 2)
        await click(alice, await live(env, channel), label="Roll the die")

        assert env.bot.get_guild(guild.id).shard_id == shard
        assert (await load(env, channel)).state.players[0].day == 2
