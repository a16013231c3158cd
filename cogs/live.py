"""The one live game message per channel: edited in place, reposted when it goes stale.

New messages are only for what deserves a notification; everything else is an edit, ideally the
click's own interaction response, so a plain action costs one Discord request.
"""

import logging

import discord

from bot.render import board, components
from bot.render.i18n import lang
from bot.render.prompts import choices
from cogs.tables import Loaded

log = logging.getLogger(__name__)


def clicked(interaction: discord.Interaction, message_id: int | None) -> bool:
    """Whether the interaction is a click on that message."""
    return interaction.message is not None and message_id is not None and interaction.message.id == message_id


class LiveMessage:
    """Sends and edits the live game message with the bot's token (works after a restart too).

    A Discord failure here is logged, never raised: the game is already saved, so the player must
    not be told to try again, and the next update brings the message up to date.
    """

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    def render(self, loaded: Loaded) -> tuple[discord.Embed, discord.ui.View | None]:
        """The live message's embed, and buttons for the question the game waits on."""
        table = loaded.table
        embed = board.game_embed(table, loaded.row.game_id)
        state = table.state
        if state.over or state.pending is None:
            return embed, None
        view = components.game_view(
            loaded.row.channel_id, loaded.row.game_id, state.prompt, choices(state, lang("en"))
        )
        return embed, view

    async def show(
        self, loaded: Loaded, interaction: discord.Interaction | None, notices: str | None = None
    ) -> bool:
        """Bring the live message up to date, as the click's response when the click came from it.

        A month change or an hour-old message gets a fresh live message instead, since Discord limits
        edits to old messages and a new month deserves a new post; the old one loses its buttons
        only once the new one is there. `notices` (Pay Day summaries) ride on that new message as
        its text, or get one message of their own: never two new messages for one action. Returns
        True when a new live message was posted (the table must be saved).
        """
        table = loaded.table
        embed, view = self.render(loaded)
        on_live = interaction is not None and clicked(interaction, table.message_id)
        if table.live_message_stale(discord.utils.utcnow()):
            old = table.message_id
            if await self._repost(loaded, notices, embed, view):
                if on_live:
                    await self.respond(loaded, interaction.response.edit_message(view=None))
                else:
                    if interaction is not None:
                        await self.respond(loaded, interaction.response.defer())
                    if old is not None:
                        await self.strip_buttons(loaded.row.channel_id, old)
                return True
            notices = None  # could not post: keep the game going on the old message
        if on_live:
            await self.respond(loaded, interaction.response.edit_message(embed=embed, view=view))
        else:
            if interaction is not None:  # a click on an older copy of the board
                await self.respond(loaded, interaction.response.defer())
            if not await self.edit(loaded, embed, view):
                return await self._repost(loaded, notices, embed, view)
        if notices:
            await self.send(loaded.row.channel_id, content=notices)
        return False

    async def respond(self, loaded: Loaded, response) -> None:
        """Answer an interaction; a failure (expired, Discord down) is logged, the game is saved."""
        try:
            await response
        except discord.HTTPException:
            log.warning("interaction answer failed", exc_info=True, extra=_where(loaded))

    async def _repost(
        self, loaded: Loaded, notices: str | None, embed: discord.Embed, view: discord.ui.View | None
    ) -> bool:
        message = await self.send(loaded.row.channel_id, content=notices, embed=embed, view=view)
        if message is None:
            return False
        table = loaded.table
        table.message_id, table.message_month = message.id, table.leading_month()
        log.info("live message posted", extra={**_where(loaded), "message_id": message.id})
        return True

    async def edit(self, loaded: Loaded, embed: discord.Embed, view: discord.ui.View | None) -> bool:
        """Edit the live message; False if it is gone (deleted by someone)."""
        message_id = loaded.table.message_id
        if message_id is None:
            return False
        channel = self.bot.get_partial_messageable(loaded.row.channel_id)
        try:
            await channel.get_partial_message(message_id).edit(embed=embed, view=view)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            log.warning("live message edit failed", exc_info=True, extra=_where(loaded))
        return True

    async def strip_buttons(self, channel_id: int, message_id: int) -> None:
        """An older copy of the board loses its buttons, so only one message can be answered."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException:
            log.info("old live message not edited", extra={"channel": channel_id, "message_id": message_id})

    async def send(self, channel_id: int, **message) -> discord.Message | None:
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            return await channel.send(**message)
        except discord.HTTPException:
            log.warning("message not sent", exc_info=True, extra={"channel": channel_id})
            return None


def _where(loaded: Loaded) -> dict:
    return {"channel": loaded.row.channel_id, "game": loaded.row.game_id}
