"""The lobby: /payday start, join and leave, the lobby's buttons, and Rematch on the standings."""

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.game.strengths import Strength
from bot.render.components import AddComputer, LobbyAction, Rematch
from bot.render.i18n import NAMES, SUPPORTED
from bot.service import Loaded, LobbyButton, LobbyOptions, Refused, ServiceCode, Update
from cogs.payday._base import RULESET_CHOICES, Answering, channel_of, person, same_channel, server_language

log = logging.getLogger(__name__)

TURN_TIMES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        ("1 minute", 60),
        ("2 minutes", 120),
        ("5 minutes", 300),
        ("15 minutes", 900),
        ("1 hour", 3600),
        ("1 day", 86400),
    )
]
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in SUPPORTED]
NEEDED = ("send_messages", "embed_links", "attach_files")
"""Channel permissions a game needs beyond answering interactions: the live message is posted anew
each month and to call players, with the drawn board as its attached picture, and the standings
are a message of their own."""
IN_THREADS = "send_messages_in_threads"
"""What Send Messages is called in a thread, where Send Messages itself does not count."""
THREADS = frozenset(
    {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}
)


class Lobby(Answering):
    @app_commands.command(name="start")
    @app_commands.describe(
        months="How many months to play (1–12).",
        turn_time="How long a player has to answer before the bot chooses for them.",
        ruleset="Which edition of the rules.",
        language="The game's language (the server's, if the bot speaks it, else English).",
    )
    @app_commands.choices(turn_time=TURN_TIMES)
    @app_commands.choices(ruleset=RULESET_CHOICES, language=LANGUAGE_CHOICES)
    async def start(
        self,
        interaction: discord.Interaction,
        months: app_commands.Range[int, 1, 12] = 3,
        turn_time: int | None = None,
        ruleset: str = "modern",
        language: str | None = None,
    ) -> None:
        """Open a game of Pay Day in this channel; others join with the button."""
        channel_id = channel_of(interaction)
        chosen = LobbyOptions(months, turn_time, ruleset, language or server_language(interaction))

        async def open_lobby() -> Update:
            missing = _missing_permissions(interaction)
            if missing:
                raise Refused(ServiceCode.MISSING_PERMISSIONS, permissions=missing)
            return await self.service.open_lobby(
                channel_id, interaction.guild_id, person(interaction), chosen
            )

        loaded = await self._post_lobby(interaction, open_lobby)
        if loaded is not None:
            log.info(
                "lobby opened",
                extra={
                    "channel": channel_id,
                    "game": loaded.row.game_id,
                    "host": interaction.user.id,
                    "ruleset": ruleset,
                    "months": months,
                    "language": chosen.language,
                },
            )

    async def rematch_click(self, interaction: discord.Interaction, clicked: Rematch) -> None:
        """The Rematch button of a finished game's standings: a lobby for the same table again."""
        channel_id = channel_of(interaction)

        async def open_lobby() -> Update:
            return await self.service.rematch(
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
                await self.service.discard(channel_id, created.loaded.row.game_id)
                self.live.forget(channel_id)
            raise
        if created is None or created.loaded is None or reply.posted is None:
            return None
        return await self.service.moved(created.loaded, reply.posted)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the game waiting to start here."""
        await self._lobby(interaction, channel_of(interaction), self.service.join)

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the game here (a computer player takes over a running game's seat)."""
        await self._lobby(interaction, channel_of(interaction), self.service.leave)

    async def lobby_click(self, interaction: discord.Interaction, clicked: LobbyAction) -> None:
        """A lobby button: join, leave, addbot, start or cancel."""
        use_case = self.service.lobby_buttons[clicked.change]
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
            return await self.service.add_computer(channel_id, person(interaction), clicked.game_id, chosen)

        await self._run(interaction, call, self._show)

    async def _lobby(
        self,
        interaction: discord.Interaction,
        channel_id: int,
        use_case: LobbyButton,
        game_id: int | None = None,
    ) -> None:
        async def call() -> Update:
            same_channel(interaction, channel_id)
            return await use_case(channel_id, person(interaction), game_id)

        await self._run(interaction, call, self._show)


def _missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks to run a game here; in a thread, posting is Send Messages in
    Threads (Send Messages alone does not let the bot post there)."""
    granted = interaction.app_permissions
    needed = NEEDED
    if getattr(interaction.channel, "type", None) in THREADS:
        needed = (IN_THREADS, *NEEDED[1:])
    return [flag for flag in needed if not getattr(granted, flag)]
