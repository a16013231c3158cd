"""A write whose answer was lost, resolved by reading the store again, never assumed either way.

Apart from tables.py because it is one question asked of several writes (a game's create, save and
end, a lobby's close, a move to quarantine; a server's settings): did the write land? Made, it went
well; another process changed the row first, as that write's own refusal says; still as the write
found it, `NotSaved` once the write can no longer land (`OutcomeUnknown.settled`), and
`Unconfirmed` while it still may, or when the store cannot be read. `Tables` asks it when the store
raises `OutcomeUnknown` (the connection dropped, no answer in time, a failed COMMIT).
"""

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple, TypeVar

from db.interface import (
    DamagedRow,
    GameExists,
    GameRow,
    GameStore,
    OutcomeUnknown,
    SettingsRow,
    StaleVersion,
    StoreError,
)

log = logging.getLogger(__name__)


Now = TypeVar("Now")
"""What a write's row is found to be when read again."""


class NotSaved(Exception):
    """A write's answer was lost (a save, a game's end, a lobby's close), and the store read again,
    once the write could no longer land, shows it was not made: nothing was done."""


class Unconfirmed(Exception):
    """A write's answer was lost, and the store could not tell whether it was made (it could not be
    read, or the write may still land): the kept row is dropped, and the channel's next load reads
    the store (a save found there comes back `Landed`)."""


class Sent(NamedTuple):
    """A write of a game whose outcome is unknown: the document it wrote, and the row it was made
    on (None: a create, whose document is its own, as its lobby's seed is random)."""

    data: str
    row: GameRow | None = None

    def landed(self, stored: GameRow | None) -> bool:
        """Whether `stored` (the channel's row read now) is this write, committed."""
        if stored is None or stored.data != self.data:
            return False
        return self.row is None or (stored.game_id, stored.version) == (
            self.row.game_id,
            self.row.version + 1,
        )

    def untouched(self, stored: GameRow | None) -> bool:
        """Whether `stored` is still the row this write was made on (no row, for a create): only
        then may it land yet."""
        return _still(stored, self.row)


def _still(stored: GameRow | None, sent: GameRow | None) -> bool:
    """Whether the channel's row `stored` is the row `sent` (None: there is none)."""
    if stored is None or sent is None:
        return stored is sent
    return (stored.game_id, stored.version) == (sent.game_id, sent.version)


class Unsure(NamedTuple):
    """A save or create whose answer was `lost`, that no read could tell about yet."""

    sent: Sent
    lost: OutcomeUnknown


async def after_all(
    lost: OutcomeUnknown,
    where: dict[str, object],
    read: Callable[[], Awaitable[Now]],
    made: Callable[[Now], Awaitable[bool]],
    untouched: Callable[[Now], bool],
    overtaken: Callable[[Now], Exception | None],
) -> Now:
    """Whether the write whose answer was `lost` landed, as the store `read` again says: what it
    read (`now`) if the write was `made` there, or if another process changed the row first and
    that is no error (`overtaken` gives None); `overtaken`'s error if it is one. The row still
    `untouched`, `NotSaved`, once the write can no longer land; `Unconfirmed` while it still may,
    or if the store cannot be read. `where` names the write in the logs."""
    settled = await lost.settled()  # before the read: a read after it tells for good
    where = {**where, "why": str(lost)}
    try:
        now = await read()
        written = await made(now)
    except (StoreError, DamagedRow):
        log.warning("write unconfirmed: the store could not be read again", exc_info=True, extra=where)
        raise Unconfirmed(str(lost)) from lost
    if written:
        log.warning("write confirmed by reading the store again", extra=where)
        return now
    if not untouched(now):
        log.warning("write not made: another process changed the row first", extra=where)
        error = overtaken(now)
        if error is not None:
            raise error from lost
        return now
    if not settled:
        log.warning("write unconfirmed: not made yet, and it may still land", extra=where)
        raise Unconfirmed(str(lost)) from lost
    log.warning("write not made, as the store read again shows", extra=where)
    raise NotSaved(str(lost)) from lost


async def resolve(
    store: GameStore,
    write: str,
    channel_id: int,
    sent: GameRow | None,
    lost: OutcomeUnknown,
    landed: Callable[[GameRow | None], Awaitable[bool]],
) -> GameRow | None:
    """A `write` in the channel, made on `sent` (None: a create), whose answer was `lost`: the
    channel's row now if the write `landed` in it; `StaleVersion` if another process changed the
    row (`GameExists` if it opened a game there); else as `after_all` says."""
    where: dict[str, object] = {"channel": channel_id, "action": write}
    if sent is not None:
        where |= {"game": sent.game_id, "version": sent.version}

    def overtaken(stored: GameRow | None) -> Exception:
        if sent is None:
            return GameExists(f"channel {channel_id} has another game")
        return StaleVersion(f"game {sent.game_id} changed meanwhile")

    return await after_all(
        lost, where, lambda: store.get(channel_id), landed, lambda stored: _still(stored, sent), overtaken
    )


async def moved_after_all(
    store: GameStore, channel_id: int, game_id: int, version: int, lost: OutcomeUnknown
) -> bool:
    """Whether a move to quarantine whose answer was `lost` was made, read off the channel: its
    row gone, it was (the channel is told, as for any move); another row there now, another
    process changed the game first, as `set_aside`'s False says. The row read at `version`
    still there, as `after_all` says (the next load tries again)."""

    async def read() -> tuple[int, int] | None:
        try:
            stored = await store.get(channel_id)
        except DamagedRow as damage:
            return damage.game_id, damage.version
        return None if stored is None else (stored.game_id, stored.version)

    async def moved(now: tuple[int, int] | None) -> bool:
        return now is None

    where = {"channel": channel_id, "game": game_id, "version": version, "action": "set aside"}
    now = await after_all(lost, where, read, moved, lambda now: now == (game_id, version), lambda now: None)
    return now is None


async def settings_after_all(
    store: GameStore, guild_id: int, sent: SettingsRow, lost: OutcomeUnknown
) -> SettingsRow:
    """The server's settings row as `sent` (the row it would be), if the save whose answer was
    `lost` landed; `StaleVersion` if another process saved them first; else as `after_all` says."""

    async def saved(stored: SettingsRow | None) -> bool:
        return stored == sent

    def untouched(stored: SettingsRow | None) -> bool:
        return (0 if stored is None else stored.version) == sent.version - 1

    def overtaken(stored: SettingsRow | None) -> Exception:
        return StaleVersion(f"the settings of server {guild_id} changed meanwhile")

    where = {"guild": guild_id, "version": sent.version - 1, "action": "settings"}
    stored = await after_all(
        lost, where, lambda: store.server_settings(guild_id), saved, untouched, overtaken
    )
    assert stored is not None, "settings saved are stored"
    return stored
