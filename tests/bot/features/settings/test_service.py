"""A server's settings through the service: only Manage Server changes them, every change is checked
whole before it is saved, a new lobby takes them for whatever its host did not choose, and two
processes changing them (or a lobby's house rules) at once never lose a change silently."""

import asyncio
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.features.settings.service import SettingsChanged, SettingsCode, SettingsEditing
from bot.game.rulesets import RULESETS
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.service import GameSettings, LobbyOptions, NoteCode, Person, Refused, Service, ServiceCode, Tables
from bot.table import Table
from bot.table.lobby import LobbyCode
from bot.table.settings import house_mark
from db.interface import Shards
from db.opening import open_store
from tests.bot.service.fakes import Clock, Screen
from tests.postgres import fresh_schema, in_schema, postgres_url_or_skip

CHANNEL, GUILD = 10, 20
ADMIN = Person(1, "alice", manages_server=True)
MEMBER = Person(2, "bob")
OTHER_ADMIN = Person(3, "carol", manages_server=True)
CHANGED_MEANWHILE = (
    "Someone else changed these settings meanwhile, so your change wasn't saved: the panel now "
    "shows them as they are; try again if you still want it."
)
EDITING: "weakref.WeakKeyDictionary[Service, SettingsEditing]" = weakref.WeakKeyDictionary()


def editing(service: Service) -> SettingsEditing:
    """The settings' use cases of `service`'s process: one for each, as the bot's settings part holds
    one (its changes take turns in the process)."""
    if service not in EDITING:
        EDITING[service] = SettingsEditing(service.core)
    return EDITING[service]


async def test_only_manage_server_reads_or_changes_the_settings(service):
    for call in (
        editing(service).settings(GUILD, MEMBER),
        editing(service).change(GUILD, MEMBER, {"months": 5}),
        editing(service).set_house_rule(GUILD, MEMBER, "modern", "salary", 5000),
        editing(service).reset_house(GUILD, MEMBER, "modern"),
    ):
        with pytest.raises(Refused) as refused:
            await call
        assert refused.value.code == SettingsCode.MANAGE_SERVER
    assert await service.tables.store.server_settings(GUILD) is None


async def test_a_bad_value_is_refused_whole_and_nothing_is_saved(service):
    await editing(service).change(GUILD, ADMIN, {"months": 5})
    with pytest.raises(Refused) as refused:
        await editing(service).change(GUILD, ADMIN, {"months": 6, "turn_seconds": 10**9})
    assert refused.value.code == ServiceCode.BAD_SETTING and refused.value.params == {
        "setting": "turn_seconds"
    }
    with pytest.raises(Refused) as refused:
        await editing(service).set_house_rule(GUILD, ADMIN, "classic", "salary", 5000)
    assert refused.value.code == ServiceCode.HOUSE_VALUE
    assert refused.value.params == {"rule": "salary", "least": 0, "most": 1857}
    settings = await editing(service).settings(GUILD, ADMIN)
    assert (settings.months, settings.turn_seconds, settings.house) == (5, None, {})


async def test_a_new_lobby_takes_the_servers_defaults_and_the_hosts_choices_over_them(service):
    await editing(service).change(
        GUILD,
        ADMIN,
        {
            "ruleset": "family",
            "months": 7,
            "turn_seconds": 86400,
            "language": "it",
            "calls": False,
            "idle_end_days": 3,
            "pause_end_days": 14,
            "interrupt_seconds": 3600,
        },
    )
    await editing(service).set_house_rule(GUILD, ADMIN, "family", "salary", 5000)

    table = (await service.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())).loaded.table
    assert (table.ruleset, table.months, table.turn_seconds, table.language) == ("family", 7, 86400, "it")
    assert table.house_rules == {"salary": 5000} and table.call_by_name is False
    assert (table.idle_end_days, table.pause_end_days) == (3, 14)
    assert table.interrupt_seconds == 3600  # the server's own choice, not by post's quarter of a day
    await service.lobbies.cancel(CHANNEL, ADMIN)

    chosen = LobbyOptions(months=2, turn_seconds=60, ruleset="classic", language="en")
    table = (await service.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, chosen)).loaded.table
    assert (table.ruleset, table.months, table.turn_seconds, table.language) == ("classic", 2, 60, "en")
    assert table.house_rules == {}  # the server's house rules are the family edition's


async def test_the_host_changes_the_lobbys_house_rules_and_the_game_plays_by_them(service):
    await service.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())
    game_id = (await service.lobbies.join(CHANNEL, MEMBER)).loaded.row.game_id
    with pytest.raises(Refused) as refused:
        await service.lobbies.set_house_rule(CHANNEL, MEMBER, game_id, "salary", 4000)
    assert refused.value.code == LobbyCode.HOST_HOUSE_RULES
    with pytest.raises(Refused) as refused:
        await service.lobbies.set_house_rule(CHANNEL, ADMIN, game_id, "salary", 10**6)
    assert refused.value.code == ServiceCode.HOUSE_VALUE

    changed = await service.lobbies.set_house_rule(CHANNEL, ADMIN, game_id, "salary", 4000)
    assert changed.live.note.code is NoteCode.HOUSE_RULES_CHANGED
    assert (await service.lobbies.house_rules(CHANNEL, ADMIN, game_id)).house == {"salary": 4000}
    started = await service.lobbies.start(CHANNEL, ADMIN)

    assert started.loaded.table.game.rules.salary == 4000
    assert started.loaded.table.game.rules.start_cash == RULESETS["modern"].rules.start_cash


async def test_stored_settings_that_no_longer_hold_never_stop_a_game_from_starting(service):
    bad = '{"months": 99, "ruleset": "family", "house": {"family": {"salary": -5, "lottery_ante": 150}}}'
    await service.tables.store.set_server_settings(GUILD, bad, 0)

    table = (await service.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())).loaded.table

    assert (table.months, table.ruleset, table.house_rules) == (3, "family", {"lottery_ante": 150})
    await service.lobbies.join(CHANNEL, MEMBER)
    assert (await service.lobbies.start(CHANNEL, ADMIN)).loaded.table.game.rules.lottery_ante == 150


async def test_two_clicks_at_once_on_a_switch_or_a_choice_each_move_it_on(service):
    await asyncio.gather(*(editing(service).flip(GUILD, ADMIN, "calls") for _ in range(2)))
    await asyncio.gather(
        *(editing(service).turn_house_rule(GUILD, ADMIN, "modern", "jackpot_six") for _ in range(2))
    )

    settings = await editing(service).settings(GUILD, ADMIN)
    assert settings.calls is True  # off, then on again: neither click lost
    assert settings.house_rules("modern") == {"jackpot_six": "none"}  # movement, any, none

    await service.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())
    game_id = (await service.lobbies.join(CHANNEL, MEMBER)).loaded.row.game_id
    turns = (service.lobbies.turn_house_rule(CHANNEL, ADMIN, game_id, "jackpot_six") for _ in range(2))
    await asyncio.gather(*turns)
    assert (await service.lobbies.house_rules(CHANNEL, ADMIN, game_id)).house == {"jackpot_six": "any"}


async def test_only_a_switch_flips_and_only_a_switch_or_a_choice_moves_on(service):
    for call in (
        editing(service).flip(GUILD, ADMIN, "months"),
        editing(service).flip(GUILD, ADMIN, "changed"),
        editing(service).turn_house_rule(GUILD, ADMIN, "modern", "salary"),
        editing(service).turn_house_rule(GUILD, ADMIN, "modern", "no_such_rule"),
    ):
        with pytest.raises(Refused) as refused:
            await call
        assert refused.value.code == ServiceCode.BAD_SETTING
    with pytest.raises(Refused) as refused:
        await editing(service).flip(GUILD, MEMBER, "calls")
    assert refused.value.code == SettingsCode.MANAGE_SERVER
    assert await service.tables.store.server_settings(GUILD) is None


# -- two processes at once ---------------------------------------------------------------------------
@pytest.fixture(params=["sqlite", "postgres"])
async def two_processes(request, tmp_path) -> AsyncIterator[tuple[Service, Service]]:
    """Two processes of the bot on one database (an SQLite file, or a PostgreSQL schema of its own),
    each a `Service` on a store of its own: separate connections, the same rows."""
    if request.param == "sqlite":
        async for services in _processes(str(tmp_path / "shared.sqlite3")):
            yield services
        return
    url = postgres_url_or_skip()
    async with fresh_schema(url) as schema:
        async for services in _processes(in_schema(url, schema)):
            yield services


async def _processes(location: str) -> AsyncIterator[tuple[Service, Service]]:
    clock = Clock()
    first, second = [
        Service(
            Tables(await open_store(location), Shards(2, frozenset({shard}))), GameSettings(), Screen(), clock
        )
        for shard in range(2)
    ]
    yield first, second
    for service in (first, second):
        await service.close()
        await service.tables.store.close()


def meanwhile(monkeypatch, service: Service, *changes: Callable[[], Awaitable[object]]) -> None:
    """`service`'s next saves of a server's settings each come after one of `changes`, another
    process's, saved between this one's read and its save: the two changes are made at once."""
    store = service.tables.store
    save, pending = store.set_server_settings, list(changes)

    async def late(*args: object) -> object:
        if pending:
            await pending.pop(0)()
        return await save(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "set_server_settings", late)


async def test_two_processes_changing_different_settings_at_once_both_land(two_processes, monkeypatch):
    first, second = two_processes
    meanwhile(monkeypatch, first, lambda: editing(second).flip(GUILD, OTHER_ADMIN, "calls"))

    shown = await editing(first).change(GUILD, ADMIN, {"months": 5})

    stored = await editing(second).settings(GUILD, OTHER_ADMIN)
    assert (stored.months, stored.calls) == (5, False) and shown == stored


async def test_two_processes_changing_different_house_rules_of_an_edition_at_once_both_land(
    two_processes, monkeypatch
):
    first, second = two_processes
    await editing(first).set_house_rule(GUILD, ADMIN, "modern", "repay_anytime", True)
    meanwhile(
        monkeypatch,
        first,
        lambda: editing(second).set_house_rule(GUILD, OTHER_ADMIN, "modern", "lottery_ante", 250),
    )

    await editing(first).set_house_rule(GUILD, ADMIN, "modern", "salary", 4000)

    stored = await editing(second).settings(GUILD, OTHER_ADMIN)
    assert stored.house_rules("modern") == {"repay_anytime": True, "lottery_ante": 250, "salary": 4000}


async def test_two_processes_setting_one_setting_to_different_values_at_once_the_later_is_refused(
    two_processes, monkeypatch
):
    first, second = two_processes
    await editing(second).change(GUILD, OTHER_ADMIN, {"months": 4})
    meanwhile(
        monkeypatch,
        first,
        lambda: editing(second).change(GUILD, OTHER_ADMIN, {"months": 7}),
        lambda: editing(second).set_house_rule(GUILD, OTHER_ADMIN, "modern", "salary", 5000),
    )
    store = first.tables.store

    with pytest.raises(SettingsChanged) as refused:
        await editing(first).change(GUILD, ADMIN, {"months": 5, "calls": False})
    settled = await store.server_settings(GUILD)
    with pytest.raises(SettingsChanged) as house:
        await editing(first).set_house_rule(GUILD, ADMIN, "modern", "salary", 4000)

    assert refusal_text(refused.value, lang("en")) == CHANGED_MEANWHILE
    assert refused.value.code == SettingsCode.SETTINGS_CHANGED
    assert (refused.value.stored.months, refused.value.stored.calls) == (7, True)  # none of it saved
    assert house.value.stored.house_rules("modern") == {"salary": 5000}
    assert await store.server_settings(GUILD) != settled  # the other process's salary, nothing more
    assert await editing(second).settings(GUILD, OTHER_ADMIN) == house.value.stored


async def test_a_reset_that_loses_a_race_to_another_house_rule_is_refused_whole(two_processes, monkeypatch):
    """A Reset means "the edition's own rules": made again over a house rule another admin set
    meanwhile, it would land in part (their rule kept), so it is refused, and theirs stays."""
    first, second = two_processes
    await editing(first).set_house_rule(GUILD, ADMIN, "modern", "salary", 4000)
    meanwhile(
        monkeypatch,
        first,
        lambda: editing(second).set_house_rule(GUILD, OTHER_ADMIN, "modern", "lottery_ante", 250),
    )

    with pytest.raises(SettingsChanged) as refused:
        await editing(first).reset_house(GUILD, ADMIN, "modern", house_mark({"salary": 4000}))

    stored = await editing(second).settings(GUILD, OTHER_ADMIN)
    assert stored.house_rules("modern") == {"salary": 4000, "lottery_ante": 250}
    assert refused.value.stored == stored


async def test_a_change_that_loses_its_second_race_too_is_refused_and_saves_nothing(
    two_processes, monkeypatch
):
    first, second = two_processes
    meanwhile(
        monkeypatch,
        first,
        lambda: editing(second).flip(GUILD, OTHER_ADMIN, "calls"),
        lambda: editing(second).flip(GUILD, OTHER_ADMIN, "board_pictures"),
    )

    with pytest.raises(SettingsChanged) as refused:
        await editing(first).change(GUILD, ADMIN, {"months": 5})

    stored = await editing(second).settings(GUILD, OTHER_ADMIN)
    assert (stored.months, stored.calls, stored.board_pictures) == (3, False, False)
    assert refused.value.stored == stored


async def test_two_processes_changing_a_lobbys_house_rules_the_later_is_refused_then_lands_on_the_stored_ones(
    two_processes,
):
    """The lobby's house rules are saved with its table, whose version check covers the copy of it
    the first process keeps: the second's change is never written over."""
    first, second = two_processes
    game_id = (await first.lobbies.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())).loaded.row.game_id
    await second.lobbies.set_house_rule(CHANNEL, ADMIN, game_id, "salary", 4000)
    store = first.tables.store
    before = await store.get(CHANNEL)

    with pytest.raises(Refused) as refused:
        await first.lobbies.set_house_rule(CHANNEL, ADMIN, game_id, "lottery_ante", 250)

    assert refused.value.code == ServiceCode.CHANGED_MEANWHILE and await store.get(CHANNEL) == before
    await first.lobbies.set_house_rule(CHANNEL, ADMIN, game_id, "lottery_ante", 250)  # tried again
    stored = Table.model_validate_json((await store.get(CHANNEL)).data)
    assert stored.house_rules == {"salary": 4000, "lottery_ante": 250}


async def test_a_change_made_on_a_view_of_settings_saved_since_is_refused_and_saves_nothing(service):
    """A form carries the version it showed; a switch, a house rule's control or Reset the value it
    showed: each made after another admin's change of what it showed is refused with the settings
    stored now, never saved over them."""
    shown = await editing(service).stored(GUILD, ADMIN)
    await editing(service).change(GUILD, OTHER_ADMIN, {"months": 5, "calls": False})
    await editing(service).set_house_rule(GUILD, OTHER_ADMIN, "modern", "salary", 5000)
    stored = await service.tables.store.server_settings(GUILD)

    for stale in (
        editing(service).change(GUILD, ADMIN, {"months": 3}, shown.version),
        editing(service).flip(GUILD, ADMIN, "calls", True),
        editing(service).set_house_rule(GUILD, ADMIN, "modern", "salary", 4000, "3500"),
        editing(service).turn_house_rule(GUILD, ADMIN, "modern", "repay_anytime", "1"),
        editing(service).reset_house(GUILD, ADMIN, "modern", house_mark({})),
    ):
        with pytest.raises(SettingsChanged) as refused:
            await stale
        assert refused.value.stored.months == 5 and refused.value.stored.house_rules("modern") == {
            "salary": 5000
        }
    assert await service.tables.store.server_settings(GUILD) == stored

    now = await editing(service).stored(GUILD, ADMIN)
    await editing(service).change(GUILD, ADMIN, {"months": 3}, now.version)
    await editing(service).set_house_rule(GUILD, ADMIN, "modern", "salary", 4000, "5000")
    settings = await editing(service).settings(GUILD, ADMIN)
    assert (settings.months, settings.house_rules("modern")) == (3, {"salary": 4000})
