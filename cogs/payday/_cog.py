"""The /payday cog: a thin adapter between Discord and the service, in parts by what the player
does (lobby, play, hand, seats, house rules, help) that share
one way of answering (`_base.Answering`) and one router of submitted forms (`_forms.Forms`)."""

from discord import app_commands
from discord.ext import commands

from bot.service import Service
from cogs.payday._base import UNTIMED, Timing
from cogs.payday._forms import Forms
from cogs.payday._hand import HandPanel
from cogs.payday._help import Help
from cogs.payday._house import HouseEditor
from cogs.payday._lobby import Lobby
from cogs.payday._play import Play
from cogs.payday._seats import Seats
from cogs.payday.live import LiveMessage


@app_commands.guild_only()
class Payday(
    # discord.py lists a cog's commands from its last base to its first: start, join, leave (Lobby),
    # loan ... status (Play), hand, notices, end, kick, and help and rules last; a feature's
    # commands join after them (bot/features/).
    Help,
    HouseEditor,
    Seats,
    HandPanel,
    Play,
    Lobby,
    Forms,
    commands.GroupCog,
    group_name="payday",
    group_description="Play the board game Pay Day in this channel.",
):
    """/payday: lobby, game, bank and rules commands, and the game's buttons."""

    def __init__(
        self,
        bot: commands.Bot | commands.AutoShardedBot,
        service: Service,
        live: LiveMessage,
        timing: Timing = UNTIMED,
    ) -> None:
        """`service` and `live` (the screen it shows its changes on) are the bot's (bot/app/bot.py);
        `timing` times each answer for the operator's metrics."""
        self.bot = bot
        self.service = service
        self.live = live
        self.timing = timing
