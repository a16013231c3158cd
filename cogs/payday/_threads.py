"""A game in a thread of its own, and a channel or thread that goes away mid-game.

`/payday start` with a thread posts one short line in the channel and opens a public thread from
it; the lobby and the whole game live in the thread. A thread id is a channel id, so everything
keyed by the channel (the store, the locks, the timers, the buttons' custom_ids, `/payday status`)
works per thread, and one channel holds as many games as it has threads. The table keeps the
channel the thread came from (`Table.parent_id`), where the standings go if the thread is lost.

When Discord says a channel or thread was deleted, its game ends at once, without a request to it
(the live message's `Reach` also finds out from Discord's answers: cogs/payday/live/_reach.py).
"""

import contextlib
import logging
from typing import Literal

import discord
from discord.ext import commands

from bot.render.language.i18n import lang
from bot.render.threads import no_thread, opened_in_thread, thread_name
from bot.service import LobbyOptions, Person, Refused, ServiceCode, Update
from cogs.payday._base import Answering, channel_of, person, user_language

log = logging.getLogger(__name__)

NEEDED = ("send_messages", "embed_links", "attach_files")
"""Channel permissions a game needs beyond answering interactions: the live message is posted anew
each month and to call players, with the drawn board as its attached picture, and the standings
are a message of their own."""
IN_THREADS = "send_messages_in_threads"
"""What Send Messages is called in a thread, where Send Messages itself does not count."""
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)
THREAD_PARENTS = frozenset({discord.ChannelType.text, discord.ChannelType.news})
"""The channels a public thread can be opened from (a message in them)."""
THREAD_PERMISSIONS = ("create_public_threads", IN_THREADS)
"""What the bot needs beyond a channel game's permissions (which a thread inherits) to open one."""
ARCHIVE_MINUTES: Literal[10080] = 10080
"""A game's thread archives itself after a week without messages, the longest Discord offers (a
turn may last days); the bot reopens it when it must post."""


def in_a_thread(interaction: discord.Interaction) -> bool:
    """Whether the command came from a thread (a channel discord.py may know only by its type)."""
    return getattr(interaction.channel, "type", None) in THREADS


def missing_permissions(interaction: discord.Interaction, *, in_thread: bool) -> list[str]:
    """The permissions the bot lacks to run a game here, or in a thread of this channel: in a thread,
    posting is Send Messages in Threads (Send Messages alone does not let the bot post there)."""
    needed = (IN_THREADS, *NEEDED[1:]) if in_thread else NEEDED
    return [flag for flag in needed if not getattr(interaction.app_permissions, flag)]


def without_thread(interaction: discord.Interaction) -> str | None:
    """Why no thread can be opened for a game here, in one line in the host's language; None if
    one can."""
    if getattr(interaction.channel, "type", None) not in THREAD_PARENTS:
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

        async def open_lobby() -> Update:
            missing = missing_permissions(interaction, in_thread=True)
            if missing:
                raise Refused(ServiceCode.MISSING_PERMISSIONS, permissions=missing)
            L = lang(await self.service.lobbies.language(interaction.guild_id, chosen))
            answered = await interaction.response.send_message(opened_in_thread(host.name, L))
            try:
                starter = answered.resource
                if not isinstance(starter, discord.InteractionMessage):
                    starter = await interaction.original_response()
                thread = await starter.create_thread(
                    name=thread_name(host.name, L), auto_archive_duration=ARCHIVE_MINUTES
                )
                try:
                    return await self._lobby_in(thread, host, chosen, channel_id)
                except BaseException:
                    await _delete(thread)
                    raise
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
        update = await self.service.lobbies.open_lobby(
            thread.id, thread.guild.id, host, chosen, parent_id=parent_id
        )
        self.live.found(parent_id)  # a game opens from here again: its standings may come back here
        assert update.loaded is not None, "a new lobby is a saved table"
        loaded = update.loaded
        try:
            posted = await thread.send(**await self.live.new_message(loaded))
        except discord.HTTPException:
            await self.service.lobbies.discard(thread.id, loaded.row.game_id)
            self.live.forget(thread.id)
            raise
        await self.service.looks.moved(loaded, posted.id)
        self.live.done(thread.id)
        where = {"channel": thread.id, "parent": parent_id, "game": loaded.row.game_id, "action": "open"}
        log.info("lobby opened in a thread", extra={**where, "host": host.user_id})
        return update

    async def _say_why(self, interaction: discord.Interaction, why_not: str) -> None:
        """Tell the host privately why their game plays in the channel (its lobby is posted already)."""
        try:
            await interaction.followup.send(why_not, ephemeral=True)
        except discord.HTTPException:
            log.warning("no thread: the host was not told why", extra={"channel": interaction.channel_id})

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """The channel's game ends. (discord.py then tells of its threads as deleted too: the games
        in them end with nowhere to post their standings, since the channel is lost first.)"""
        self.live.lose(channel.id, "channel deleted")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.live.lose(payload.thread_id, "thread deleted")


async def _delete(thread: discord.Thread) -> None:
    """A thread whose lobby could not be opened goes: nobody could play in it."""
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("empty thread not deleted", extra={"channel": thread.id, "action": "delete"})


def _shown_already(*_: object) -> None:
    """The command was answered in the channel, and the lobby posted in its thread."""
