"""A click answered by two parties (its reply's deferral and the live message's board) gets one
first answer, and whichever writes next writes through the message that became its original
response."""

import asyncio

from cogs.payday.live._click import Click
from cogs.payday.live._hook import HOOK_LIFETIME
from tests.fake_discord import FakeDiscord, FakeInteraction, FakeUser

CHANNEL = 1_000


def click_on_a_message() -> tuple[FakeDiscord, FakeInteraction]:
    fake = FakeDiscord(round_trip=True)  # each request lets the other party run meanwhile
    board = fake.new_message(CHANNEL, None)
    return fake, FakeInteraction(fake, CHANNEL, FakeUser(1, "alice"), board)


async def test_a_deferral_and_the_boards_edit_at_once_make_one_first_answer():
    fake, interaction = click_on_a_message()
    click = Click(interaction)

    await asyncio.gather(click.defer(public=False), click.edit({"view": None}))

    assert interaction.response.calls == ["defer"]  # a second first answer fails the fake
    assert fake.requests["interaction.edit_original_response"] == 1


async def test_a_click_answered_by_editing_its_message_writes_it_again_as_its_original_response():
    _, interaction = click_on_a_message()
    click = Click(interaction)

    await click.edit({"view": None})

    assert click.hook(interaction.message.id, HOOK_LIFETIME).original
    assert not click.hook(interaction.message.id + 1, HOOK_LIFETIME).original


async def test_a_new_message_the_click_posted_is_its_original_response_unless_it_was_deferred():
    _, answered = click_on_a_message()
    first = Click(answered)
    posted, _ = await first.send_new({"content": "board"})

    _, deferred = click_on_a_message()
    second = Click(deferred)
    await second.defer(public=True)
    followed, _ = await second.send_new({"content": "board"})

    assert first.hook(posted, HOOK_LIFETIME).original
    assert not second.hook(followed, HOOK_LIFETIME).original  # a follow-up: written as one
