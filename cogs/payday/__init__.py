"""Pay Day on Discord: the /payday commands, the game's buttons and the live game message; and what
a satellite feature's part of /payday stands on (bot/features/): `FeatureCog`, its `Control`s and
`Form`s, and `add_part`, which its extension's `setup` calls; and a `HouseKeeper` of the house-rules
editor, which `keep_house` registers."""

from discord.ext import commands

from cogs.payday._base import (
    GAME_NUMBERS,
    RULESET_CHOICES,
    UNTIMED,
    Answering,
    Host,
    channel_of,
    part_of,
    person,
    player_name,
    run_click,
    same_channel,
    server_language,
    user_language,
)
from cogs.payday._cog import Payday
from cogs.payday._forms import Form
from cogs.payday._house import HouseKeeper, keep_house
from cogs.payday._items import Control, chosen, controls_of
from cogs.payday._part import FeatureCog

__all__ = [
    "GAME_NUMBERS",
    "RULESET_CHOICES",
    "Answering",
    "Control",
    "FeatureCog",
    "Form",
    "HouseKeeper",
    "Payday",
    "add_part",
    "channel_of",
    "chosen",
    "keep_house",
    "part_of",
    "person",
    "player_name",
    "run_click",
    "same_channel",
    "server_language",
    "user_language",
]


async def setup(bot: commands.Bot) -> None:
    """Load the /payday cog on the bot's service, and register its buttons so those of earlier
    messages keep working; each answer is timed if the bot serves metrics."""
    assert isinstance(bot, Host), "the /payday cog is loaded by the application's bot (bot/app/bot.py)"
    bot.add_dynamic_items(*controls_of(Payday))
    timing = UNTIMED if bot.metrics is None else bot.metrics
    await bot.add_cog(Payday(bot, bot.service, bot.live, timing))


async def add_part(bot: commands.Bot, part: type[FeatureCog]) -> None:
    """Load a feature's part of /payday (after the /payday cog) with its buttons, as `setup` does
    the core's."""
    bot.add_dynamic_items(*controls_of(part))
    await bot.add_cog(part(bot))
