"""A game in a thread of its own, and a channel or thread that goes away mid-game.

`/payday start` with a thread posts one short line in the channel and opens a public thread from
it; the lobby and the whole game live in the thread. A thread id is a channel id, so everything
keyed by the channel (the store, the locks, the timers, the buttons' custom_ids, `/payday status`)
works per thread, and one channel holds as many games as it has threads. The table keeps the
channel the thread came from (`Table.parent_id`), where the standings go if the thread is lost.

When Discord says a channel or thread was deleted, its game ends at once, without a request to it
(the live message's `Reach` also finds out from Discord's answers: cogs/payday/_reach.py).
"""

import contextlib
import logging
from typing import Literal

import discord
from discord.ext import commands

from bot.render.i18n import lang
from bot.render.threads import no_thread, opened_in_thread, thread_name
from bot.service import LobbyOptions, Person, Update
from cogs.payday._base import Answering, channel_of, person, user_language

log = logging.getLogger(__name__)

THREAD_DEFAULT = False
"""Whether `/payday start` opens a thread when the host does not say (the server's own setting,
issue 18.1, takes its place)."""
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
"""What the bot needs beyond a channel game's permissions (which a thread inherits) to open one."""
ARCHIVE_MINUTES: Literal[10080] = 10080
"""A game's thread archives itself after a week without messages, the longest Discord offers (a
turn may last days); the bot reopens it when it must post."""


def without_thread(interaction: discord.Interaction) -> str | None:
    """Why no thread can be opened for a game here, in one line in the host's language; None if
    one can."""
    if not isinstance(interaction.channel, discord.TextChannel):
        return no_thread([], user_language(interaction))
    granted = interaction.app_permissions
    missing = [flag for flag in THREAD_PERMISSIONS if not getattr(granted, flag)]
    return no_thread(missing, user_language(interaction)) if missing else None


class Threads(Answering):
    """Opening a game in its own thread (for `/payday start`), and ending the game of a channel or
    thread Discord says was deleted."""

    async def _open_in_thread(self, interaction: discord.Interaction, chosen: LobbyOptions) -> None:
        """Answer the command with one line in the channel, open a thread from it and post the lobby
        there with the bot's token; a lobby that could not be posted is dropped."""
        channel_id = channel_of(interaction)
        host = person(interaction)

        L = lang(chosen.language)

        async def open_lobby() -> Update:
            answered = await interaction.response.send_message(opened_in_thread(host.name, L))
            try:
                starter = answered.resource
                if not isinstance(starter, discord.InteractionMessage):
                    starter = await interaction.original_response()
                thread = await starter.create_thread(
                    name=thread_name(host.name, L), auto_archive_duration=ARCHIVE_MINUTES
                )
                return await self._lobby_in(thread, host, chosen, channel_id)
            except BaseException:
                # Nothing to join: the line announcing the game goes too.
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
                raise

        await self._run(interaction, open_lobby, _shown_already, public=True)

    async def _lobby_in(
        self, thread: discord.Thread, host: Person, chosen: LobbyOptions, parent_id: int
    ) -> Update:
        """Open the lobby in the new thread and post it there; a lobby that could not be posted is
        dropped (nobody could see it, so nobody could close it)."""
        update = await self.service.open_lobby(thread.id, thread.guild.id, host, chosen, parent_id=parent_id)
        assert update.loaded is not None, "a new lobby is a saved table"
        loaded = update.loaded
        try:
            posted = await thread.send(**await self.live.new_message(loaded))
        except discord.HTTPException:
            await self.service.discard(thread.id, loaded.row.game_id)
            self.live.forget(thread.id)
            raise
        await self.service.moved(loaded, posted.id)
        self.live.done(thread.id)
        where = {"channel": thread.id, "parent": parent_id, "game": loaded.row.game_id, "action": "open"}
        log.info("lobby opened in a thread", extra={**where, "host": host.user_id})
        return update

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.live.lose(channel.id, "channel deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.live.lose(payload.thread_id, "thread deleted")


def _shown_already(*_: object) -> None:
    """The command was answered in the channel, and the lobby posted in its thread."""
