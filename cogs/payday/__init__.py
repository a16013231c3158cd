"""Pay Day on Discord: the /payday commands, the game's buttons and the live game message."""

from typing import TYPE_CHECKING

from cogs.payday._base import UNTIMED
from cogs.payday._cog import Payday
from cogs.payday._items import CONTROLS

if TYPE_CHECKING:  # the bot imports this package's live message to build its service
    from bot.app.bot import PaydayBot


async def setup(bot: "PaydayBot") -> None:
    """Load the /payday cog on the bot's service, and register its buttons so those of earlier
    messages keep working; each answer is timed if the bot serves metrics."""
    bot.add_dynamic_items(*CONTROLS.values())
    timing = UNTIMED if bot.metrics is None else bot.metrics
    await bot.add_cog(Payday(bot, bot.service, bot.live, timing))
