"""Looking at the game: the board shown again, a player's hand, the rules, and where the live message
is. Reads take no lock where a click out of date does no harm; the two small changes here (the live
message moved, a player's calls switched) are saved like any other.
"""

from bot.service.core import UseCases, log_change, seat_of
from bot.service.reads import HandView, RulesView
from bot.service.tables import Loaded
from bot.service.tallies import Tally
from bot.service.values import (
    Answer,
    Ending,
    LiveView,
    Note,
    NoteCode,
    Person,
    Refused,
    ServiceCode,
    Show,
    Standings,
    Update,
)
from db.interface import StaleVersion


class Looks(UseCases):
    """What a player or an onlooker asks to see, and where the live message is."""

    async def status(self, channel_id: int, person: Person) -> Update:
        """The game here shown again: reposted at the bottom of the channel (`Show.POST`; the caller
        then says where with `moved`), or, for someone not seated in a running game, a private look
        (`Show.LOOK`), so onlookers can't flood the channel; an open lobby is reposted for anyone."""
        async with self.core.changing(channel_id):
            loaded = await self.core.load(channel_id)
            if loaded is None:
                return await self._last_standings(channel_id)
            table = loaded.table
            if table.seat_of(person.user_id) is None and table.state is not None:
                return Update(channel_id, loaded, answer=Answer(Show.LOOK))
            return Update(channel_id, loaded, answer=Answer(Show.POST))

    async def _last_standings(self, channel_id: int) -> Update:
        """After a game, the channel's last standings (from history) instead of "no game"."""
        finished = await self.core.tables.finished(channel_id)
        if finished is None:
            raise Refused(ServiceCode.NO_GAME)
        summary = finished.summary
        ending = Ending(summary.get("reason", Ending.RETIRED))
        kept = [player.get("tally") for player in summary.get("players", [])]
        tallied = (
            tuple(Tally.read(tally) for tally in kept) if all(kept) else ()
        )  # none before they were kept
        standings = Standings(
            finished.game_id, finished.table, ending, summary.get("ended_by", ""), tallies=tallied
        )
        return Update(channel_id, answer=Answer(Show.STANDINGS), follow=[standings])

    async def moved(self, shown: Loaded, message_id: int) -> Loaded | None:
        """The live message is now `message_id`, a new message showing the snapshot `shown`: saved
        under the lock, before anyone is told. None if the game is gone meanwhile, or was saved by
        another process since this one read it (that process shows its own change).

        It is saved on the last save (a click may have been saved since `shown`), whose table only
        changes its message; while `shown` is the last save, it is not parsed again."""
        channel_id = shown.row.channel_id
        async with self.core.tables.lock(channel_id):
            saved = await self.core.load(channel_id, known=shown)
            if saved is None or saved.row.game_id != shown.row.game_id:
                return None
            unchanged = saved.row.version == shown.row.version
            month = saved.table.leading_month()
            table = saved.table.model_copy(update={"message_id": message_id, "message_month": month})
            try:
                loaded = await self.core.tables.save(Loaded(saved.row, table))
            except StaleVersion:
                log_change("live message not moved: another process saved the game", saved)
                return None
            self.core.show(Update(channel_id, loaded, live=LiveView(loaded, shown=unchanged)))
        log_change("live message moved", loaded, message_id=message_id)
        return loaded

    async def live_message(self, channel_id: int) -> tuple[int | None, int] | None:
        """(guild id, message id) of the channel's live message, for a link back to it (read
        without the lock); None when the channel has none."""
        loaded = await self.core.tables.peek(channel_id)
        if loaded is None or loaded.table.message_id is None:
            return None
        return loaded.row.guild_id, loaded.table.message_id

    async def hand(self, channel_id: int, person: Person, game_id: int | None = None) -> HandView:
        """What a player holds, read without the lock (`game_id`: from a button of that game), and
        when it was read."""
        loaded = await self.core.glance(channel_id, game_id)
        return HandView(loaded.table, seat_of(loaded, person), loaded.row.game_id, self.core.now())

    async def switch_calls(self, channel_id: int, person: Person, on: bool) -> Update:
        """A member turns their calls by name on or off: a lasting preference, for every game they
        play from now on, and at once at this channel's table if they are seated at it (the answer
        says which: `here`). The preference is saved first, so a failure leaves no table ahead of it."""
        code = NoteCode.CALLS_ON if on else NoteCode.CALLS_OFF
        await self.core.tables.remember_calls(person.user_id, on)
        async with self.core.changing(channel_id):
            loaded = await self.core.load(channel_id)
            seat = None if loaded is None else loaded.table.seat_of(person.user_id)
            if loaded is None or seat is None:
                return Update(channel_id, answer=Answer(said=Note(code, {"here": False})))
            loaded.table.seats[seat].notices = on
            loaded = await self.core.tables.save(loaded)
            log_change("calls switched", loaded, seat=seat, on=on)
            return Update(channel_id, loaded, answer=Answer(said=Note(code, {"here": True})))

    async def rules(
        self, channel_id: int, guild_id: int | None, topic: str, edition: str | None
    ) -> RulesView:
        """A rules topic, with the rules and time limits of the game in this channel (unless another
        `edition` is asked), else of a new game on this server (its edition unless `edition`)."""
        loaded = await self.core.tables.peek(channel_id)
        if loaded is not None and edition in (None, loaded.table.ruleset):
            table = loaded.table
            return RulesView(topic, table.ruleset, table.turn_seconds, table.interrupt_seconds, table.rules)
        server = await self.core.tables.server_settings(guild_id)
        bot = self.core.settings
        edition = edition or server.ruleset
        times = server.times(None, bot.turn_seconds, bot.interrupt_seconds)
        return RulesView(topic, edition, *times, server.rules(edition))
