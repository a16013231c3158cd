"""The bot object: opens the store, loads the cogs and syncs the slash commands on start-up."""

import logging
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import collector
from bot.render.commands import CatalogTranslator
from bot.render.i18n import lang
from bot.render.refusals import went_wrong
from db.store import Store

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.payday",)


class PaydayTree(app_commands.CommandTree):
    """Answers a command that crashed, so the player sees a sentence instead of "interaction failed".
    (A refusal is no error: the cog answers it, cogs/payday/_base.py.)"""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "command failed",
            exc_info=error,
            extra={"channel": interaction.channel_id, "command": command, "user": interaction.user.id},
        )
        await _answer(interaction, went_wrong(lang(interaction.locale)))


async def _answer(interaction: discord.Interaction, text: str) -> None:
    """A private line, as the answer or as a follow-up if the command already answered."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        pass  # The interaction expired or Discord is down: the log line is all we can do.


class PaydayBot(commands.AutoShardedBot):
    """The Pay Day bot; the game cog reads the store and the default time limits from it.

    Sharded from the start: one process runs `shard_ids` of `shard_count` shards (every shard, with
    Discord's recommended count, when both are None). See docs/SCALING.md for what that keeps correct.
    """

    def __init__(
        self,
        database_path: Path,
        *,
        dev_guild_id: int | None,
        turn_seconds: int,
        interrupt_seconds: int,
        lobby_minutes: int = 30,
        board_pictures: bool = True,
        seed: int | None = None,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
    ) -> None:
        # The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            tree_cls=PaydayTree,
            # Slash commands and buttons need no privileged intent, so nobody has to tick one.
            intents=discord.Intents(guilds=True),
            # Nobody is pinged unless a message opts in (the player whose turn it is).
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=False, replied_user=False
            ),
            shard_count=shard_count,
            shard_ids=shard_ids,
        )
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.turn_seconds = turn_seconds
        self.interrupt_seconds = interrupt_seconds
        self.lobby_minutes = lobby_minutes
        # Off: the live message shows the board in words only, and no picture is drawn (bench/load.py).
        self.board_pictures = board_pictures
        # A fixed seed makes every game reproducible (seed + game id), for tests; None is truly random.
        self.seed = seed
        self._store: Store | None = None
        self._frozen = False

    @property
    def store(self) -> Store:
        """The open store; it exists from `setup_hook` until `close`."""
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook and closed in close()")
        return self._store

    async def setup_hook(self) -> None:
        self._store = await Store.open(self.database_path, now=discord.utils.utcnow)
        log.info("store opened", extra={"path": self.database_path})
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogTranslator())  # descriptions in each user's language
        if self.dev_guild_id is None:
            synced = await self.tree.sync()
        else:
            # A guild sync shows up at once; a global one can take a while to reach every client.
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info("commands synced", extra={"count": len(synced), "guild": self.dev_guild_id or "global"})

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("shard ready", extra={"shard": shard_id, "shards": self.shard_count})

    async def on_ready(self) -> None:
        log.info("connected", extra={"user": self.user, "guilds": len(self.guilds)})
        if not self._frozen:
            # Once only: after a reconnect, garbage alive then would never be freed.
            collector.settle()
            self._frozen = True

    async def close(self) -> None:
        # Cogs unload inside super().close(), so they can still use the store while they stop.
        try:
            await super().close()
        finally:
            store, self._store = self._store, None
            if store is not None:
                await store.close()


def create_bot(
    database_path: str | Path,
    *,
    dev_guild_id: int | None = None,
    turn_seconds: int = 300,
    interrupt_seconds: int = 60,
    lobby_minutes: int = 30,
    board_pictures: bool = True,
    seed: int | None = None,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
) -> PaydayBot:
    """An unstarted bot: `bot.start(token)` runs it, tests hand it to simcord."""
    return PaydayBot(
        Path(database_path),
        dev_guild_id=dev_guild_id,
        turn_seconds=turn_seconds,
        interrupt_seconds=interrupt_seconds,
        lobby_minutes=lobby_minutes,
        board_pictures=board_pictures,
        seed=seed,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )
