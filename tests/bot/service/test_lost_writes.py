"""A write whose answer is lost on SQLite (its COMMIT fails: it may have landed or not) of a server's
settings, a member's preference or an unreadable game's move aside: settings and the channel are
read again, and answered as what happened (saved, or one sentence with nothing changed); a
preference, which sets a value, is written once more."""

import pytest

from bot.features.settings.service import SettingsCode, SettingsEditing
from bot.render.language.i18n import lang
from bot.render.refusals import refusal_text
from bot.service import AlertCode, Person, Refused, ServiceCode
from db import StoreError
from tests.db.sqlite.faults import failing_commits

GUILD, CHANNEL = 20, 10
ADMIN = Person(1, "alice", manages_server=True)


@pytest.fixture
def commit_fails(service, monkeypatch):
    """`commit_fails(landed)`: the store's next COMMIT fails as a disk I/O error does, after it
    landed (`landed`) or before."""
    return failing_commits(service.tables.store, monkeypatch)


async def test_settings_saved_though_the_answer_was_lost_are_saved(service, commit_fails):
    commit_fails(True)

    shown = await SettingsEditing(service.core).change(GUILD, ADMIN, {"months": 5})

    saved = await service.tables.store.server_settings(GUILD)
    assert shown.months == 5 and saved is not None and (saved.version, saved.data) == (1, shown.to_json())


async def test_settings_whose_save_did_not_land_are_one_sentence_and_nothing_changes(service, commit_fails):
    await SettingsEditing(service.core).change(GUILD, ADMIN, {"months": 3})
    before = await service.tables.store.server_settings(GUILD)
    commit_fails(False)

    with pytest.raises(Refused) as refused:
        await SettingsEditing(service.core).change(GUILD, ADMIN, {"months": 5})

    assert refused.value.code is ServiceCode.NOT_SAVED
    assert await service.tables.store.server_settings(GUILD) == before
    assert (
        await SettingsEditing(service.core).change(GUILD, ADMIN, {"months": 5})
    ).months == 5  # again: it works


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not_landed"])
async def test_a_preference_whose_answer_was_lost_is_written_again(service, commit_fails, landed):
    commit_fails(landed)

    await service.looks.switch_calls(CHANNEL, ADMIN, False)

    assert (await service.tables.store.preferences([ADMIN.user_id]))[ADMIN.user_id].calls is False


async def test_settings_nobody_could_confirm_are_one_sentence_that_says_to_look_again(
    service, commit_fails, monkeypatch
):
    store = service.tables.store
    read, save = store.server_settings, store.set_server_settings

    async def saved_then_unreadable(*args):
        try:
            return await save(*args)
        finally:
            monkeypatch.setattr(store, "server_settings", unreadable)

    async def unreadable(guild_id):
        raise StoreError("Could not read the database in time")

    monkeypatch.setattr(store, "set_server_settings", saved_then_unreadable)
    commit_fails(True)

    with pytest.raises(Refused) as refused:
        await SettingsEditing(service.core).change(GUILD, ADMIN, {"months": 5})

    assert refused.value.code is SettingsCode.SETTINGS_UNCONFIRMED
    assert "/payday settings" in refusal_text(refused.value, lang("en"))
    monkeypatch.setattr(store, "server_settings", read)
    assert (
        await SettingsEditing(service.core).settings(GUILD, ADMIN)
    ).months == 5  # it landed: the panel shows it


def told_set_aside(service) -> int:
    """How many times the channel was told its game was set aside."""
    return sum(
        1
        for update in service.screen.updates
        for notice in update.notices
        if getattr(notice, "code", None) is AlertCode.SET_ASIDE
    )


@pytest.mark.parametrize("landed", [True, False], ids=["landed", "not_landed"])
async def test_an_unreadable_game_whose_move_aside_was_lost_is_told_once_it_is_known(
    service, commit_fails, landed
):
    store = service.tables.store
    await store.create(CHANNEL, GUILD, '{"seats": "everyone"}')  # a document this version rejects
    commit_fails(landed)

    with pytest.raises(Refused) as refused:
        await service.lobbies.join(CHANNEL, ADMIN)
    if not landed:  # one sentence; the next click moves it
        assert refused.value.code is ServiceCode.NOT_SAVED and told_set_aside(service) == 0
        with pytest.raises(Refused) as refused:
            await service.lobbies.join(CHANNEL, ADMIN)

    assert refused.value.code is ServiceCode.NO_GAME and told_set_aside(service) == 1
    assert await store.get(CHANNEL) is None
