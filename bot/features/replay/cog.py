"""A finished game of this server looked at again, privately: `/payday replay` steps through it turn
by turn, `/payday export` gives its record and its ledger as files (docs/RECORD.md).

The replay's buttons carry the game and the step (`ReplayTurn`, controls.py), and every click looks
the game up in history again, so they work after a restart; a game of another server is refused like
a game that never was. The button (`ReplayButton`) is defined beside the cog it calls.
"""

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.features.replay.controls import ReplayTurn
from bot.features.replay.export_csv import ledger_csv
from bot.features.replay.exports import dumps
from bot.features.replay.service import Exported, Replays
from bot.features.replay.words import exported_text, game_choice, replay_message
from bot.render.board_attachment import Picture, board_file, render
from bot.render.board_picture import scene_key
from bot.render.components import Message
from bot.render.help import HELP_SECTION, Section
from bot.render.language.i18n import Lang
from cogs.payday import GAME_NUMBERS, Control, FeatureCog, channel_of, user_language
from cogs.payday.live import Reply


class ReplayAndExport(FeatureCog):
    """/payday replay and /payday export, and the replay's buttons."""

    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.replays = Replays(self.service.core)
        """One for the cog: it keeps the last few games rebuilt, for the clicks that step through them."""

    @app_commands.command(name="replay", extras={HELP_SECTION: Section.HISTORY})
    @app_commands.describe(game="The game's number, as its board showed it (Game #12: 12).")
    async def replay(self, interaction: discord.Interaction, game: GAME_NUMBERS) -> None:
        """Step through a finished game of this server, turn by turn (only you can see it)."""

        def show(reply: Reply, shown: tuple[Message, discord.File], L: Lang) -> None:
            message, board = shown
            reply.say(embed=message.embed, rows=message.rows, files=[board])

        L = user_language(interaction)
        await self._run(interaction, lambda: self._step(interaction, game, 0, L), show)

    @replay.autocomplete("game")
    async def _replay_games(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        return await self._finished_games(interaction, typed)

    async def replay_step(self, interaction: discord.Interaction, clicked: ReplayTurn) -> None:
        """A replay's button: the same message at another step."""

        def show(reply: Reply, shown: tuple[Message, discord.File], L: Lang) -> None:
            message, board = shown
            reply.edit(message, files=[board])

        L = user_language(interaction)
        await self._run(interaction, lambda: self._step(interaction, clicked.game_id, clicked.step, L), show)

    async def _step(
        self, interaction: discord.Interaction, game_id: int, step: int, L: Lang
    ) -> tuple[Message, discord.File]:
        """Step `step` of the game, its board drawn off the event loop."""
        shown = await self.replays.replay(channel_of(interaction), interaction.guild_id, game_id, step)
        # The turn's words read the game's story up to it: beside the event loop, like the drawing.
        message, scene = await asyncio.to_thread(replay_message, shown, step, L)
        drawn = Picture(scene, scene_key(scene))
        return message, board_file(await render(scene), drawn)

    @app_commands.command(name="export", extras={HELP_SECTION: Section.HISTORY})
    @app_commands.describe(game="The game's number, as its board showed it (Game #12: 12).")
    async def export(self, interaction: discord.Interaction, game: GAME_NUMBERS) -> None:
        """A finished game of this server as files: its whole record (JSON) and its ledger (CSV)."""

        def show(reply: Reply, shown: Exported, L: Lang) -> None:
            name = f"payday-game-{shown.game_id}"
            files = [
                discord.File(_bytes(dumps(shown.record)), filename=f"{name}.json"),
                discord.File(_bytes(ledger_csv(shown.record, L)), filename=f"{name}-ledger.csv"),
            ]
            reply.say(exported_text(shown.game_id, L), files=files)

        channel_id, guild_id = channel_of(interaction), interaction.guild_id
        await self._run(interaction, lambda: self.replays.export(channel_id, guild_id, game), show)

    @export.autocomplete("game")
    async def _export_games(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        return await self._finished_games(interaction, typed)

    async def _finished_games(
        self, interaction: discord.Interaction, typed: object
    ) -> list[app_commands.Choice[int]]:
        """This server's finished games, newest first, those whose number starts with what was typed."""
        L = user_language(interaction)
        listed = await self.replays.finished_games(interaction.guild_id)
        wanted = str(typed or "").strip()
        return [
            app_commands.Choice(name=game_choice(game, L), value=game.game_id)
            for game in listed
            if str(game.game_id).startswith(wanted)
        ]


class ReplayButton(Control[ReplayTurn, ReplayAndExport]):
    codec = ReplayTurn.codec
    part = ReplayAndExport

    async def handle(self, cog: ReplayAndExport, interaction: discord.Interaction) -> None:
        await cog.replay_step(interaction, self.target)


def _bytes(text: str) -> io.BytesIO:
    return io.BytesIO(text.encode())
