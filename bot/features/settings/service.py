"""Changing a server's settings (`/payday settings`): its defaults for every new game and its house
rules per edition, read and changed here only by members with Manage Server. Reading them for a new
game is the core's (`Tables.server_settings`).

A change is all or nothing: every value is checked (`ServerSettings`) before anything is saved, and
a value a control could never have sent is refused in one sentence. Changes take turns in a process
(one lock) and are checked against each other across processes (the settings' version, `_update`):
two admins' changes both land, or the later is refused, never lost.
"""

import asyncio
import logging
from collections.abc import Callable, Mapping
from enum import StrEnum

from pydantic import ValidationError

from bot.game.house import HouseValue
from bot.game.rulesets import RULESETS
from bot.service.core import Core, UseCases, house_refused
from bot.service.lost import NotSaved, Unconfirmed
from bot.service.reads import HouseView
from bot.service.tables import StoredSettings
from bot.service.values import Person, Refused, ServiceCode
from bot.table.settings import (
    HouseRules,
    ServerSettings,
    house_changed,
    house_marked,
    house_shown,
    house_turned,
)
from db.interface import StaleVersion

log = logging.getLogger(__name__)


class SettingsCode(StrEnum):
    """Why a change of a server's settings is refused (beyond the core's: a value no control offers,
    a house rule outside its limits, a change not saved)."""

    MANAGE_SERVER = "manage_server"
    """The server's settings are changed only by members with Manage Server."""
    SETTINGS_CHANGED = "settings_changed"
    """Another process saved the server's settings since this change read them, setting one it sets
    to another value (`SettingsEditing._update`): nothing was changed, and the panel shows them now."""
    SETTINGS_UNCONFIRMED = "settings_unconfirmed"
    """The store's answer to a change of the server's settings was lost, and they could not be read
    again to know whether it was made: the admin opens them again in a moment to see."""


class SettingsEditing(UseCases):
    """Reading and changing each server's settings, for its admins."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self._writing = asyncio.Lock()
        """Changes in this process take turns, so two clicks here never race each other's save (they
        are rare: one lock for every server is enough); other processes' are met by the version."""

    async def settings(self, guild_id: int, person: Person) -> ServerSettings:
        """The server's settings, for a member who may change them."""
        return (await self.stored(guild_id, person)).settings

    async def stored(self, guild_id: int, person: Person) -> StoredSettings:
        """The server's settings with their version, for a form that sends them back whole."""
        _may_change(person)
        return await self.core.tables.stored_settings(guild_id)

    async def change(
        self, guild_id: int, person: Person, values: Mapping[str, object], seen: int | None = None
    ) -> ServerSettings:
        """Set `values` (setting name -> value), all checked first: one that is not allowed changes
        nothing and is refused, naming it. `seen`: the version of the settings a form showed, which
        sends back every value it showed, changed or not; if they were saved since, it is refused
        (`SettingsChanged`), so the form never puts back a value another admin changed meanwhile."""

        def change(settings: ServerSettings) -> ServerSettings:
            try:
                return settings.changed(**values)
            except ValidationError as error:
                setting = next((str(e["loc"][0]) for e in error.errors() if e["loc"]), "")
                raise Refused(ServiceCode.BAD_SETTING, setting=setting) from None

        return await self._update(guild_id, person, change, list(values), seen)

    async def flip(
        self, guild_id: int, person: Person, setting: str, shown: bool | None = None
    ) -> ServerSettings:
        """A setting that is on or off, switched to the other position from the one it has now (read
        under the lock: two clicks at once switch it twice), which is the one the admin's panel
        `shown` (else refused, as `SettingsChanged`: switched since, it would be switched back)."""

        def change(settings: ServerSettings) -> ServerSettings:
            now = getattr(settings, setting) if setting in ServerSettings.model_fields else None
            if not isinstance(now, bool):
                raise Refused(ServiceCode.BAD_SETTING, setting=setting)
            if shown is not None and now != shown:
                raise SettingsChanged(settings)
            return settings.changed(**{setting: not now})

        return await self._update(guild_id, person, change, [setting])

    async def house(self, guild_id: int, person: Person, ruleset: str) -> HouseView:
        """The server's house rules for `ruleset`, for the editor."""
        settings = await self.settings(guild_id, person)
        return HouseView(_edition(ruleset), settings.house_rules(ruleset))

    async def set_house_rule(
        self,
        guild_id: int,
        person: Person,
        ruleset: str,
        key: str,
        value: HouseValue,
        shown: str | None = None,
    ) -> ServerSettings:
        """One house rule of `ruleset` set, within its limits (refused, naming them, if not), from
        the value the admin's form `shown` (refused, as `SettingsChanged`, if it has another now)."""

        def change(settings: ServerSettings) -> ServerSettings:
            house = _house_as_shown(settings, ruleset, key, shown)
            with house_refused():
                house = house_changed(ruleset, house, key, value)
            return settings.with_house(ruleset, house)

        return await self._update(guild_id, person, change, [key])

    async def turn_house_rule(
        self, guild_id: int, person: Person, ruleset: str, key: str, shown: str | None = None
    ) -> ServerSettings:
        """One house rule of `ruleset` that is a switch or a choice moved on from the value it has now
        (read under the lock: two clicks at once move it twice), which is the one the admin's editor
        `shown` (else refused, as `SettingsChanged`: it moved since, and would be moved back)."""

        def change(settings: ServerSettings) -> ServerSettings:
            house = _house_as_shown(settings, ruleset, key, shown)
            with house_refused():
                house = house_turned(ruleset, house, key)
            return settings.with_house(ruleset, house)

        return await self._update(guild_id, person, change, [key])

    async def reset_house(
        self, guild_id: int, person: Person, ruleset: str, shown: str | None = None
    ) -> ServerSettings:
        """`ruleset`'s house rules back to the edition's own, if they are those the admin's panel
        `shown` (`house_mark`; else refused, as `SettingsChanged`: one set since would be lost)."""

        def change(settings: ServerSettings) -> ServerSettings:
            if not house_marked(settings.house_rules(_edition(ruleset)), shown):
                raise SettingsChanged(settings)
            return settings.with_house(ruleset, {})

        return await self._update(guild_id, person, change, ["house"])

    async def _update(
        self,
        guild_id: int,
        person: Person,
        change: Callable[[ServerSettings], ServerSettings],
        changed: list[str],
        seen: int | None = None,
    ) -> ServerSettings:
        """The server's settings changed by `change`, which reads them under the lock (a refusal it
        raises saves nothing), for a member who may change them.

        The save names the version it read, as a game's does. Another process may have saved the
        settings since (a shard moving, two admins at once): that save then writes nothing, and the
        change is made once more, on the settings stored now, if the two changed different settings
        (`ServerSettings.rebased`): both admins' changes land. If they set one setting to different
        values, or the retry loses a race too, the admin is refused (`SettingsChanged`) and shown
        the stored settings, so nobody's choice is written over one they have not seen. So is a
        change made on a view of the settings of another version than the one read (`seen`).
        """
        _may_change(person)
        tables, where = self.core.tables, {"guild": guild_id, "user": person.user_id, "changed": changed}
        async with self._writing:
            read = await tables.stored_settings(guild_id)
            if seen is not None and seen != read.version:
                log.info("server settings changed since the form showed them: refused", extra=where)
                raise SettingsChanged(read.settings)
            wanted = change(read.settings)
            try:
                saved = await self._save(guild_id, wanted, read.version)
            except StaleVersion:
                saved = await self._again(guild_id, read.settings, change, wanted, where)
        log.info("server settings changed", extra=where)
        return saved.settings

    async def _again(
        self,
        guild_id: int,
        read: ServerSettings,
        change: Callable[[ServerSettings], ServerSettings],
        wanted: ServerSettings,
        where: dict[str, object],
    ) -> StoredSettings:
        """The change from `read` to `wanted`, whose save lost the race to another process's, made
        once more on the settings stored now; refused if the change would refuse them (a Reset whose
        house rules another admin changed meanwhile: it would take that change away unseen), if the
        two changes set one setting apart, or if this save loses too."""
        tables = self.core.tables
        stored = await tables.stored_settings(guild_id)
        change(stored.settings)  # its own checks, on what is stored now: a refusal saves nothing
        rebased = wanted.rebased(read, stored.settings)
        if rebased is None:
            log.info("server settings changed meanwhile: refused", extra=where)
            raise SettingsChanged(stored.settings)
        log.info("server settings changed meanwhile: made again on them", extra=where)
        try:
            return await self._save(guild_id, rebased, stored.version)
        except StaleVersion:
            raise SettingsChanged(await tables.server_settings(guild_id)) from None

    async def _save(self, guild_id: int, settings: ServerSettings, version: int) -> StoredSettings:
        """The settings saved over `version`; one whose answer was lost, and that reading them again
        did not show made, is refused in one sentence (a lost race is the caller's)."""
        try:
            return await self.core.tables.save_server_settings(guild_id, settings, version)
        except NotSaved:
            raise Refused(ServiceCode.NOT_SAVED) from None
        except Unconfirmed:
            raise Refused(SettingsCode.SETTINGS_UNCONFIRMED) from None


class SettingsChanged(Refused):
    """A change of a server's settings refused because another process saved them meanwhile,
    setting one it sets to another value; `stored`: the settings now, for the panel to show."""

    def __init__(self, stored: ServerSettings) -> None:
        super().__init__(SettingsCode.SETTINGS_CHANGED)
        self.stored = stored


def _house_as_shown(settings: ServerSettings, ruleset: str, key: str, shown: str | None) -> HouseRules:
    """`ruleset`'s house rules, if rule `key` still has the value a control `shown` (`house_shown`);
    else the change is refused with the settings stored now."""
    house = settings.house_rules(_edition(ruleset))
    if not house_shown(ruleset, house, key, shown):
        raise SettingsChanged(settings)
    return house


def _may_change(person: Person) -> None:
    if not person.manages_server:
        raise Refused(SettingsCode.MANAGE_SERVER)


def _edition(ruleset: str) -> str:
    """A ruleset's name as a control carried it: one the bot has, else refused."""
    if ruleset not in RULESETS:
        raise Refused(ServiceCode.BAD_SETTING, setting="ruleset")
    return ruleset
