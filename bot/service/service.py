"""The one object the cog calls: every use case by name, each a method of the group that owns it
(lobbies.py, playing.py, looks.py, waking.py, takeover.py, servers.py, replays.py, pausing.py;
results.py on the store alone), all over one shared `Core` (core.py)."""

from collections.abc import Awaitable, Callable, Mapping
from types import MappingProxyType

from bot.service.core import Core, GameSettings, Screen
from bot.service.lobbies import Lobbies
from bot.service.looks import Looks
from bot.service.pausing import Pausing
from bot.service.playing import Playing
from bot.service.replays import Replays
from bot.service.results import Results
from bot.service.servers import Servers
from bot.service.tables import Tables
from bot.service.takeover import Takeovers
from bot.service.thinking import Thinker
from bot.service.timers import Clock, DeadlineScheduler, Lateness
from bot.service.values import LobbyChange, Person, Update
from bot.service.waking import Waking

LobbyButton = Callable[[int, Person, int | None], Awaitable[Update]]
"""A lobby button's use case: (channel id, who pressed it, the lobby's game id) -> Update."""


class Service:
    """Every game of the bot, one channel at a time.

    `tables` is the store behind its locks, `screen` shows what each change saved, `now` is the one
    clock of the service and its timers (`lateness` hears how late each timer fired).
    """

    def __init__(
        self,
        tables: Tables,
        settings: GameSettings,
        screen: Screen,
        now: Clock,
        thinker: Thinker | None = None,
        lateness: Lateness | None = None,
    ) -> None:
        self.tables, self.screen, self.now = tables, screen, now
        self.defaults = settings
        """The bot's own defaults, for a server that chose none (`/payday settings` shows them)."""
        self.thinker = thinker or Thinker()
        """Where Hard computer players think (worker processes, started at the first thought)."""
        self.timers = DeadlineScheduler(self.wake, self._wake_failed, now=now, lateness=lateness)
        core = Core(tables, settings, screen, now, self.timers)
        lobbies, playing, looks = Lobbies(core), Playing(core), Looks(core)
        takeovers, servers, replays = Takeovers(core), Servers(core), Replays(core)
        pausing = Pausing(core)
        self._waking = Waking(core, playing, self.thinker)
        self.channel_gone = self._waking.channel_gone

        self.open_lobby = lobbies.open_lobby
        self.lobby_language = lobbies.language
        self.rematch = lobbies.rematch
        self.discard = lobbies.discard
        self.join = lobbies.join
        self.leave = lobbies.leave
        self.add_computer = lobbies.add_computer
        self.start = lobbies.start
        self.cancel = lobbies.cancel
        self.kick = lobbies.kick
        self.lobby_house_rules = lobbies.house_rules
        self.set_lobby_house_rule = lobbies.set_house_rule
        self.turn_lobby_house_rule = lobbies.turn_house_rule
        self.reset_lobby_house_rules = lobbies.reset_house_rules
        self.lobby_buttons: Mapping[LobbyChange, LobbyButton] = MappingProxyType(
            {
                LobbyChange.JOIN: lobbies.join,
                LobbyChange.LEAVE: lobbies.leave,
                LobbyChange.ADD_COMPUTER: lobbies.add_computer,
                LobbyChange.START: lobbies.start,
                LobbyChange.CANCEL: lobbies.cancel,
            }
        )
        """The use case of each lobby button (its custom_id carries the `LobbyChange`)."""

        self.act = playing.act
        self.set_orders = playing.set_orders
        self.ask_end = playing.ask_end
        self.end = playing.end

        self.status = looks.status
        self.moved = looks.moved
        self.live_message = looks.live_message
        self.hand = looks.hand
        self.switch_calls = looks.switch_calls
        self.ledger = looks.ledger
        self.story = looks.story
        self.rules = looks.rules

        self.ask_seat = takeovers.ask
        self.approve_seat = takeovers.approve
        self.decline_seat = takeovers.decline
        self.computer_seats = takeovers.computer_seats

        results = Results(tables, now)
        self.history = results.history
        self.standings_posted = results.standings_posted
        self.stats = results.stats
        self.leaderboard = results.leaderboard

        self.replay = replays.replay
        self.export = replays.export
        self.finished_games = replays.finished_games
        self.pause = pausing.pause
        self.resume_play = pausing.resume

        self.resume = self._waking.resume

        self.server_settings = servers.settings
        self.stored_server_settings = servers.stored
        self.thread_per_game = servers.thread_per_game
        self.change_server_settings = servers.change
        self.flip_server_setting = servers.flip
        self.server_house_rules = servers.house
        self.set_server_house_rule = servers.set_house_rule
        self.turn_server_house_rule = servers.turn_house_rule
        self.reset_server_house_rules = servers.reset_house

    async def wake(self, channel_id: int) -> None:
        """A channel's timer fired (`Waking.wake` does what is due). A method rather than a name for
        it like the others: the scheduler needs it before the groups exist."""
        await self._waking.wake(channel_id)

    async def _wake_failed(self, channel_id: int, failures: int, error: BaseException) -> None:
        await self._waking.failed(channel_id, failures, error)

    async def close(self) -> None:
        """Stop every timer and wait for the work they started, so none outlives the store; then the
        thinking workers (a thought cut short is thought again after a restart: the computer's
        timer is stored)."""
        await self.timers.cancel_all()
        self.thinker.close()
