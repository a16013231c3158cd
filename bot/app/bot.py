"""The bot object, and the one place the game is put together: on start-up it opens the store,
builds the service on it and the live message the service shows its changes on, hands both to the
game's cog, re-arms the timers and syncs the slash commands; `close` stops them all again."""

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import collector
from bot.app.metrics import Metrics
from bot.features import extensions
from bot.render.commands import CatalogTranslator
from bot.render.language.i18n import lang
from bot.render.refusals import went_wrong
from bot.service import GameSettings, Loaded, Service, Tables
from bot.service.results import backfill
from bot.service.timers import Clock, Lateness
from cogs.payday.live import LiveMessage
from db import GameStore, Shards
from db.opening import is_postgres, open_store

log = logging.getLogger(__name__)

GAME_COG = "cogs.payday"
"""The extension of the /payday cog; its `setup` hands it the bot's service and live message."""


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


@dataclass(frozen=True, slots=True)
class Running:
    """What `setup_hook` builds and `close` stops: the store, the service on it, its live message."""

    store: GameStore
    service: Service
    live: LiveMessage


def build_service(
    client: discord.Client,
    tables: Tables,
    settings: GameSettings,
    *,
    pictures: bool = True,
    now: Clock = discord.utils.utcnow,
    lateness: Lateness | None = None,
) -> tuple[Service, LiveMessage]:
    """The service on `tables`, and the live message it shows its changes on, sent with `client`'s
    token (`pictures`: with the drawn board; `lateness`: hears how late each timer fired). Each
    needs the other: the service hands the live message every saved change, and the live message
    tells the service where it posted a new one."""

    async def moved(shown: Loaded, message_id: int) -> Loaded | None:
        return await service.looks.moved(shown, message_id)

    async def gone(channel_id: int) -> object:
        return await service.waking.channel_gone(channel_id)

    async def posted(game_id: int, message_id: int) -> None:
        await service.tables.standings_posted(game_id, message_id)

    live = LiveMessage(client, moved, gone, posted, pictures=pictures)
    service = Service(tables, settings, live, now, lateness=lateness)
    return service, live


class PaydayBot(commands.AutoShardedBot):
    """The Pay Day bot.

    Sharded from the start: one process runs `shard_ids` of `shard_count` shards (every shard, with
    Discord's recommended count, when both are None). See docs/SCALING.md for what that keeps correct.
    """

    def __init__(
        self,
        database: str,
        *,
        dev_guild_id: int | None,
        game_settings: GameSettings,
        board_pictures: bool = True,
        shard_count: int | None = None,
        shard_ids: list[int] | None = None,
        metrics_port: int | None = None,
        metrics_host: str = "127.0.0.1",
    ) -> None:
        # The bot never joins voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # discord.py takes no shard_ids as "every shard", nor a trace as "none": it admits no None.
        options: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            options["shard_ids"] = shard_ids
        # Measured only when served: without a port nothing is hooked in (bot/app/metrics.py).
        metrics = None if metrics_port is None else Metrics(metrics_host, metrics_port)
        if metrics is not None:
            options["http_trace"] = metrics.discord_trace()
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
            **options,
        )
        self.database = database
        """DATABASE_URL (postgresql://...) or the SQLite file's path."""
        self.dev_guild_id = dev_guild_id
        self.game_settings = game_settings
        # Off: the live message shows the board in words only, and no picture is drawn (bench/load.py).
        self.board_pictures = board_pictures
        self.metrics = metrics
        self._running: Running | None = None
        self._frozen = False

    def served_shards(self) -> Shards | None:
        """The shards whose games' timers this process arms; None when it runs every shard."""
        if self.shard_count is None or self.shard_ids is None:
            return None
        return Shards(self.shard_count, frozenset(self.shard_ids))

    @property
    def running(self) -> Running:
        """The store, service and live message; they exist from `setup_hook` until `close`."""
        if self._running is None:
            raise RuntimeError("the store and the service are built in setup_hook and stopped in close()")
        return self._running

    @property
    def store(self) -> GameStore:
        return self.running.store

    @property
    def service(self) -> Service:
        return self.running.service

    @property
    def live(self) -> LiveMessage:
        return self.running.live

    async def setup_hook(self) -> None:
        store = await open_store(self.database, now=discord.utils.utcnow)
        if self.is_closed():  # closed while the store opened (the file check beside it found damage)
            await store.close()
            return
        log.info(
            "store opened", extra={"store": "postgresql" if is_postgres(self.database) else self.database}
        )
        await backfill(store)  # before any game can finish, so ratings learn in the order played
        metrics = self.metrics
        tables = Tables(store if metrics is None else metrics.timed(store), self.served_shards())
        service, live = build_service(
            self,
            tables,
            self.game_settings,
            pictures=self.board_pictures,
            lateness=None if metrics is None else metrics.late,
        )
        self._running = Running(store, service, live)
        if metrics is not None:
            await metrics.start(ping=store.ping, live_games=service.timers.pending)
        await self.load_extension(GAME_COG)
        for feature in extensions():  # each joins the /payday cog loaded above
            await self.load_extension(feature)
        await service.waking.resume()  # after the cog registered its buttons: a timer may post at once
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
        """Timers and the live message's workers stop first, so none writes to a closed store."""
        running, self._running = self._running, None
        try:
            if self.metrics is not None:  # first: a health check must not ping a store being closed
                await self.metrics.stop()
            if running is not None:
                await running.service.close()
                await running.live.close()
            await super().close()
        finally:
            if running is not None:
                await running.store.close()


def create_bot(
    database: str | Path,
    *,
    dev_guild_id: int | None = None,
    turn_seconds: int = 300,
    interrupt_seconds: int = 60,
    lobby_minutes: int = 30,
    board_pictures: bool = True,
    seed: int | None = None,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
    metrics_port: int | None = None,
    metrics_host: str = "127.0.0.1",
) -> PaydayBot:
    """An unstarted bot on `database` (a postgresql:// URL, or an SQLite file's path):
    `bot.start(token)` runs it, tests hand it to simcord."""
    return PaydayBot(
        str(database),
        dev_guild_id=dev_guild_id,
        game_settings=GameSettings(turn_seconds, interrupt_seconds, lobby_minutes, seed),
        board_pictures=board_pictures,
        shard_count=shard_count,
        shard_ids=shard_ids,
        metrics_port=metrics_port,
        metrics_host=metrics_host,
    )
