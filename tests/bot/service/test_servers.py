"""A server's settings through the service: only Manage Server changes them, every change is checked
whole before it is saved, and a new lobby takes them for whatever its host did not choose."""

import asyncio

import pytest

from bot.game.rulesets import RULESETS
from bot.service import LobbyOptions, NoteCode, Person, Refused, ServiceCode
from bot.table.lobby import LobbyCode

CHANNEL, GUILD = 10, 20
ADMIN = Person(1, "alice", manages_server=True)
MEMBER = Person(2, "bob")


async def test_only_manage_server_reads_or_changes_the_settings(service):
    for call in (
        service.server_settings(GUILD, MEMBER),
        service.change_server_settings(GUILD, MEMBER, {"months": 5}),
        service.set_server_house_rule(GUILD, MEMBER, "modern", "salary", 5000),
        service.reset_server_house_rules(GUILD, MEMBER, "modern"),
    ):
        with pytest.raises(Refused) as refused:
            await call
        assert refused.value.code == ServiceCode.MANAGE_SERVER
    assert await service.tables.store.server_settings(GUILD) is None


async def test_a_bad_value_is_refused_whole_and_nothing_is_saved(service):
    await service.change_server_settings(GUILD, ADMIN, {"months": 5})
    with pytest.raises(Refused) as refused:
        await service.change_server_settings(GUILD, ADMIN, {"months": 6, "turn_seconds": 10**9})
    assert refused.value.code == ServiceCode.BAD_SETTING and refused.value.params == {
        "setting": "turn_seconds"
    }
    with pytest.raises(Refused) as refused:
        await service.set_server_house_rule(GUILD, ADMIN, "classic", "salary", 5000)
    assert refused.value.code == ServiceCode.HOUSE_VALUE
    assert refused.value.params == {"rule": "salary", "least": 0, "most": 1857}
    settings = await service.server_settings(GUILD, ADMIN)
    assert (settings.months, settings.turn_seconds, settings.house) == (5, None, {})


async def test_a_new_lobby_takes_the_servers_defaults_and_the_hosts_choices_over_them(service):
    await service.change_server_settings(
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
    await service.set_server_house_rule(GUILD, ADMIN, "family", "salary", 5000)

    table = (await service.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())).loaded.table
    assert (table.ruleset, table.months, table.turn_seconds, table.language) == ("family", 7, 86400, "it")
    assert table.house_rules == {"salary": 5000} and table.call_by_name is False
    assert (table.idle_end_days, table.pause_end_days) == (3, 14)
    assert table.interrupt_seconds == 3600  # the server's own choice, not by post's quarter of a day
    await service.cancel(CHANNEL, ADMIN)

    chosen = LobbyOptions(months=2, turn_seconds=60, ruleset="classic", language="en")
    table = (await service.open_lobby(CHANNEL, GUILD, ADMIN, chosen)).loaded.table
    assert (table.ruleset, table.months, table.turn_seconds, table.language) == ("classic", 2, 60, "en")
    assert table.house_rules == {}  # the server's house rules are the family edition's


async def test_the_host_changes_the_lobbys_house_rules_and_the_game_plays_by_them(service):
    await service.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())
    game_id = (await service.join(CHANNEL, MEMBER)).loaded.row.game_id
    with pytest.raises(Refused) as refused:
        await service.set_lobby_house_rule(CHANNEL, MEMBER, game_id, "salary", 4000)
    assert refused.value.code == LobbyCode.HOST_HOUSE_RULES
    with pytest.raises(Refused) as refused:
        await service.set_lobby_house_rule(CHANNEL, ADMIN, game_id, "salary", 10**6)
    assert refused.value.code == ServiceCode.HOUSE_VALUE

    changed = await service.set_lobby_house_rule(CHANNEL, ADMIN, game_id, "salary", 4000)
    assert changed.live.note.code is NoteCode.HOUSE_RULES_CHANGED
    assert (await service.lobby_house_rules(CHANNEL, ADMIN, game_id)).house == {"salary": 4000}
    started = await service.start(CHANNEL, ADMIN)

    assert started.loaded.table.game.rules.salary == 4000
    assert started.loaded.table.game.rules.start_cash == RULESETS["modern"].rules.start_cash


async def test_stored_settings_that_no_longer_hold_never_stop_a_game_from_starting(service):
    bad = '{"months": 99, "ruleset": "family", "house": {"family": {"salary": -5, "lottery_ante": 150}}}'
    await service.tables.store.set_server_settings(GUILD, bad)

    table = (await service.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())).loaded.table

    assert (table.months, table.ruleset, table.house_rules) == (3, "family", {"lottery_ante": 150})
    await service.join(CHANNEL, MEMBER)
    assert (await service.start(CHANNEL, ADMIN)).loaded.table.game.rules.lottery_ante == 150


async def test_two_clicks_at_once_on_a_switch_or_a_choice_each_move_it_on(service):
    await asyncio.gather(*(service.flip_server_setting(GUILD, ADMIN, "calls") for _ in range(2)))
    await asyncio.gather(
        *(service.turn_server_house_rule(GUILD, ADMIN, "modern", "jackpot_six") for _ in range(2))
    )

    settings = await service.server_settings(GUILD, ADMIN)
    assert settings.calls is True  # off, then on again: neither click lost
    assert settings.house_rules("modern") == {"jackpot_six": "none"}  # movement, any, none

    await service.open_lobby(CHANNEL, GUILD, ADMIN, LobbyOptions())
    game_id = (await service.join(CHANNEL, MEMBER)).loaded.row.game_id
    turns = (service.turn_lobby_house_rule(CHANNEL, ADMIN, game_id, "jackpot_six") for _ in range(2))
    await asyncio.gather(*turns)
    assert (await service.lobby_house_rules(CHANNEL, ADMIN, game_id)).house == {"jackpot_six": "any"}


async def test_only_a_switch_flips_and_only_a_switch_or_a_choice_moves_on(service):
    for call in (
        service.flip_server_setting(GUILD, ADMIN, "months"),
        service.flip_server_setting(GUILD, ADMIN, "changed"),
        service.turn_server_house_rule(GUILD, ADMIN, "modern", "salary"),
        service.turn_server_house_rule(GUILD, ADMIN, "modern", "no_such_rule"),
    ):
        with pytest.raises(Refused) as refused:
            await call
        assert refused.value.code == ServiceCode.BAD_SETTING
    with pytest.raises(Refused) as refused:
        await service.flip_server_setting(GUILD, MEMBER, "calls")
    assert refused.value.code == ServiceCode.MANAGE_SERVER
    assert await service.tables.store.server_settings(GUILD) is None
