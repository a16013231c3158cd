"""A write whose answer was lost, resolved by reading the store again, never assumed either way.

Apart from tables.py because it is one question asked four ways (a game's save, its end, a lobby's
close, a move to quarantine; a server's settings): did the write land? Made, it went well; not made,
`NotSaved`; the store unreadable too, `Unconfirmed`. `Tables` calls these when the store raises
`OutcomeUnknown` (the connection dropped, no answer in time, a failed COMMIT).
"""

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple

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


class NotSaved(Exception):
    """A write's answer was lost (a save, a game's end, a lobby's close), and the store read again
    shows it was not made: nothing was done."""


class Unconfirmed(Exception):
    """A write's answer was lost, and the store could not be read again to tell whether it was
    made: the kept row is dropped, and the channel's next load reads the store (a save found
    there comes back `Landed`)."""


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


async def resolve(
    store: GameStore,
    write: str,
    channel_id: int,
    sent: GameRow | None,
    lost: OutcomeUnknown,
    landed: Callable[[GameRow | None], Awaitable[bool]],
) -> GameRow | None:
    """A `write` in the channel, made on `sent` (None: a create), whose answer was `lost`,
    resolved by reading the store: the channel's row now if the write `landed` in it; else
    `NotSaved` if the row is still `sent` (none, for a create), `StaleVersion` if another
    process changed it (`GameExists` if it opened a game there), and `Unconfirmed` if the store
    cannot be read."""
    where: dict[str, object] = {"channel": channel_id, "action": write}
    if sent is not None:
        where |= {"game": sent.game_id, "version": sent.version}
    try:
        stored = await store.get(channel_id)
        written = await landed(stored)
    except (StoreError, DamagedRow):
        log.warning("write unconfirmed: the game could not be read again", exc_info=True, extra=where)
        raise Unconfirmed(str(lost)) from lost
    if written:
        log.warning("write confirmed by reading the game again", extra={**where, "why": str(lost)})
        return stored
    log.warning("write not made, as the game read again shows", extra={**where, "why": str(lost)})
    if sent is None:
        if stored is not None:
            raise GameExists(f"channel {channel_id} has another game") from lost
    elif stored is None or (stored.game_id, stored.version) != (sent.game_id, sent.version):
        raise StaleVersion(f"game {sent.game_id} changed meanwhile") from lost
    raise NotSaved(str(lost)) from lost


async def moved_after_all(
    store: GameStore, channel_id: int, game_id: int, version: int, lost: OutcomeUnknown
) -> bool:
    """Whether a move to quarantine whose answer was `lost` was made, read off the channel: its
    row gone, it was (the channel is told, as for any move); another row there now, another
    process changed the game first, as `set_aside`'s False says. The row read at `version`
    still there, `NotSaved`; the store unreadable, `Unconfirmed`: the next load tries again."""
    where = {"channel": channel_id, "game": game_id, "version": version, "action": "set aside"}
    try:
        stored = await store.get(channel_id)
        now = None if stored is None else (stored.game_id, stored.version)
    except DamagedRow as damage:
        now = (damage.game_id, damage.version)
    except StoreError:
        log.warning("write unconfirmed: the game could not be read again", exc_info=True, extra=where)
        raise Unconfirmed(str(lost)) from lost
    if now == (game_id, version):
        log.warning("write not made, as the game read again shows", extra={**where, "why": str(lost)})
        raise NotSaved(str(lost)) from lost
    log.warning(
        "write resolved by reading the game again",
        extra={**where, "why": str(lost), "moved": now is None},
    )
    return now is None


async def settings_after_all(
    store: GameStore, guild_id: int, sent: SettingsRow, lost: OutcomeUnknown
) -> SettingsRow:
    """The server's settings row as `sent` (the row it would be), if the save whose answer was
    `lost` landed; else as `save_server_settings` says."""
    where = {"guild": guild_id, "version": sent.version - 1, "action": "settings", "why": str(lost)}
    try:
        stored = await store.server_settings(guild_id)
    except StoreError:
        log.warning("write unconfirmed: the settings could not be read again", exc_info=True, extra=where)
        raise Unconfirmed(str(lost)) from lost
    if stored == sent:
        log.warning("write confirmed by reading the settings again", extra=where)
        return stored
    log.warning("write not made, as the settings read again show", extra=where)
    if (0 if stored is None else stored.version) != sent.version - 1:
        raise StaleVersion(f"the settings of server {guild_id} changed meanwhile") from lost
    raise NotSaved(str(lost)) from lost
