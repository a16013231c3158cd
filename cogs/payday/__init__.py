"""Pay Day on Discord: the /payday commands, the game's buttons and the live game message."""

from bot.app.bot import PaydayBot
from cogs.payday._cog import Payday
from cogs.payday._items import ITEMS


async def setup(bot: PaydayBot) -> None:
    """Load the /payday cog, and register its buttons so those of earlier messages keep working."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Payday(bot))
