"""The one object the cog calls. Its attributes are the use-case groups (lobbies.py, playing.py,
looks.py, waking.py), all over one shared `Core` (core.py): a caller names the group and its method
(`service.looks.status(...)`), so reading a call leads straight to the code."""

from bot.service.core import Core, GameSettings, Screen
from bot.service.lobbies import Lobbies
from bot.service.looks import Looks
from bot.service.playing import Playing
from bot.service.tables import Tables
from bot.service.thinking import Thinker
from bot.service.timers import Clock, DeadlineScheduler, Lateness
from bot.service.waking import Waking


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
        self.core = core = Core(tables, settings, screen, now, self.timers)
        """What every use case stands on; a feature's own use cases (bot/features/) are built on it."""
        self.lobbies = Lobbies(core)
        """Open, fill, start and close a lobby; remove a player; a lobby's house rules."""
        self.playing = Playing(core)
        """A player's answer, standing orders, ending a game early."""
        self.looks = Looks(core)
        """What a player asks to see: the status, a hand, the rules."""
        self.waking = Waking(core, self.playing, self.thinker)
        """The timers' work: resuming after a restart, a channel gone out of reach."""

    async def wake(self, channel_id: int) -> None:
        """A channel's timer fired (`Waking.wake` does what is due). A method of its own rather than
        `waking`'s: the scheduler needs it before the groups exist."""
        await self.waking.wake(channel_id)

    async def _wake_failed(self, channel_id: int, failures: int, error: BaseException) -> None:
        await self.waking.failed(channel_id, failures, error)

    async def close(self) -> None:
        """Stop every timer and wait for the work they started, so none outlives the store; then the
        thinking workers (a thought cut short is thought again after a restart: the computer's
        timer is stored)."""
        await self.timers.cancel_all()
        self.thinker.close()
