"""The lobby: /payday start, join and leave, the lobby's buttons, and Rematch on the standings."""

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.game.strengths import Strength
from bot.render.components import AddComputer, LobbyAction, Rematch
from bot.render.language.i18n import ENGLISH, NAMES, SUPPORTED, lang
from bot.render.rules_text import duration
from bot.service import Loaded, LobbyOptions, LobbyUseCase, Refused, ServiceCode, Update
from bot.table import settings
from cogs.payday._base import RULESET_CHOICES, channel_of, person, same_channel, server_language
from cogs.payday._threads import Threads, in_a_thread, missing_permissions, without_thread

log = logging.getLogger(__name__)

TURN_TIMES = [
    app_commands.Choice(name=duration(seconds, lang(ENGLISH)), value=seconds)
    for seconds in settings.TURN_TIMES
]
"""The turn times a host may choose: the ones a server may (from an hour up, a game by post)."""
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in SUPPORTED]


class Lobby(Threads):
    @app_commands.command(name="start")
    @app_commands.describe(
        months="How many months to play (1–12).",
        turn_time="How long a player has to answer before the bot chooses for them.",
        ruleset="Which edition of the rules.",
        language="The game's language (the server's, if the bot speaks it, else English).",
        thread="Play in a thread of its own, so this channel stays quiet (the server's choice if not set).",
    )
    @app_commands.choices(turn_time=TURN_TIMES)
    @app_commands.choices(ruleset=RULESET_CHOICES, language=LANGUAGE_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        months: app_commands.Range[int, 1, 12] | None = None,
        turn_time: int | None = None,
        ruleset: str | None = None,
        language: str | None = None,
        thread: bool | None = None,
    ) -> None:
        """Open a game of Pay Day in this channel; others join with the button."""
        channel_id = channel_of(interaction)
        chosen = LobbyOptions(months, turn_time, ruleset, language, server_language(interaction))
        why_not = None
        if await self.service.lobbies.thread_per_game(interaction.guild_id) if thread is None else thread:
            why_not = without_thread(interaction)
            if why_not is None:
                await self._open_in_thread(interaction, chosen)
                return

        async def open_lobby() -> Update:
            missing = missing_permissions(interaction, in_thread=in_a_thread(interaction))
            if missing:
                raise Refused(ServiceCode.MISSING_PERMISSIONS, permissions=missing)
            update = await self.service.lobbies.open_lobby(
                channel_id, interaction.guild_id, person(interaction), chosen
            )
            self.live.found(channel_id)  # a game opens here again: the bot may reach it again
            return update

        loaded = await self._post_lobby(interaction, open_lobby)
        if loaded is not None and why_not is not None:
            await self._say_why(interaction, why_not)
        if loaded is not None:
            log.info(
                "lobby opened",
                extra={
                    "channel": channel_id,
                    "game": loaded.row.game_id,
                    "host": interaction.user.id,
                    "ruleset": loaded.table.ruleset,
                    "months": loaded.table.months,
                    "language": loaded.table.language,
                },
            )

    async def rematch_click(self, interaction: discord.Interaction, clicked: Rematch) -> None:
        """The Rematch button of a finished game's standings: a lobby for the same table again."""
        channel_id = channel_of(interaction)

        async def open_lobby() -> Update:
            return await self.service.lobbies.rematch(
                channel_id, interaction.guild_id, person(interaction), clicked.game_id
            )

        await self._post_lobby(interaction, open_lobby)

    async def _post_lobby(
        self, interaction: discord.Interaction, open_lobby: Callable[[], Awaitable[Update]]
    ) -> Loaded | None:
        """Open a lobby through `open_lobby`, post it as the answer and save where it is; a lobby that
        could not be posted is dropped (nobody could see it, so nobody could close it)."""
        channel_id = channel_of(interaction)
        created: Update | None = None

        async def call() -> Update:
            nonlocal created
            created = await open_lobby()
            return created

        try:
            reply, _ = await self._run(interaction, call, self._show, public=True)
        except discord.HTTPException:
            if created is not None and created.loaded is not None:
                await self.service.lobbies.discard(channel_id, created.loaded.row.game_id)
                self.live.forget(channel_id)
            raise
        if created is None or created.loaded is None or reply.posted is None:
            return None
        return await self.service.looks.moved(created.loaded, reply.posted)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the game waiting to start here."""
        await self._lobby(interaction, channel_of(interaction), self.service.lobbies.join)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the game here (a computer player takes over a running game's seat)."""
        await self._lobby(interaction, channel_of(interaction), self.service.lobbies.leave)

    async def lobby_click(self, interaction: discord.Interaction, clicked: LobbyAction) -> None:
        """A lobby button: join, leave, addbot, start or cancel."""
        use_case = self.service.lobbies.buttons[clicked.change]
        await self._lobby(interaction, clicked.channel_id, use_case, clicked.game_id)

    async def computer_click(
        self, interaction: discord.Interaction, clicked: AddComputer, values: tuple[str, ...]
    ) -> None:
        """The lobby's menu of computer players: the host seats one of the strength chosen."""
        channel_id = clicked.channel_id

        async def call() -> Update:
            same_channel(interaction, channel_id)
            if len(values) != 1 or values[0] not in {strength.value for strength in Strength}:
                raise Refused(ServiceCode.NO_SUCH_STRENGTH)
            chosen = Strength(values[0])
            return await self.service.lobbies.add_computer(
                channel_id, person(interaction), clicked.game_id, chosen
            )

        await self._run(interaction, call, self._show)

    async def _lobby(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        use_case: LobbyUseCase,
        game_id: int | None = None,
    ) -> None:
        async def call() -> Update:
            same_channel(interaction, channel_id)
            return await use_case(channel_id, person(interaction), game_id)

        await self._run(interaction, call, self._show)
