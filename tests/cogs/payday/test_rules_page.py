"""/payday rules states the rules and time limits a player plays by: the game's own in its channel,
else those of a new game on the server (its edition, house rules and times)."""

from bot.table.settings import ServerSettings
from tests.cogs.payday.rig import start_game, unescape
from tests.helpers import slash, table

DAY = 86400


async def rules_page(actor, channel, **options) -> tuple[str, str]:
    embed = (await slash(actor, channel, "payday rules", **options)).response.embeds[0]
    return embed.title, unescape(embed.description)


async def test_the_rules_state_the_time_limits_of_the_game_in_the_channel(env):
    game = await start_game(env, 2, turn_time=DAY)

    _, text = await rules_page(game.outsider, game.channel, topic="timeouts")

    assert "**Your turn**: **1 day**" in text
    assert "**Answers asked of everyone** (the Lottery, a roll for the table): **6 hours**." in text


async def test_with_no_game_the_rules_are_those_of_the_servers_next_game(env):
    guild, channel, (alice,) = table(env, 1)
    chosen = ServerSettings(
        ruleset="family", turn_seconds=2 * DAY, interrupt_seconds=3600, house={"family": {"salary": 5000}}
    )
    await env.bot.store.set_server_settings(guild.id, chosen.to_json(), 0)

    title, text = await rules_page(alice, channel, topic="timeouts")
    assert "Family variant" in title
    assert "**Your turn**: **2 days**" in text
    assert "**Answers asked of everyone** (the Lottery, a roll for the table): **1 hour**." in text
    assert text.endswith("**House rules**\n- Salary $5,000 (rules: $3,500)")
