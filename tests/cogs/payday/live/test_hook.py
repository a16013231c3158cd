"""Which click a channel's worker writes through: the newest fresh one that can write the message,
never one past its lifetime or one Discord refused, and a handful per channel at most, the expired
ones let go when the channel rests."""

from datetime import timedelta
from types import SimpleNamespace

import discord

from cogs.payday.live._channel import HOOKS_KEPT, Channel
from cogs.payday.live._hook import HOOK_LIFETIME, Hook, expired


def click(seconds_ago: float) -> SimpleNamespace:
    """An interaction as a Hook reads it: only when it was made."""
    return SimpleNamespace(created_at=discord.utils.utcnow() - timedelta(seconds=seconds_ago))


def hook(seconds_ago: float, message_id: int, *, original: bool = True, interaction=None) -> Hook:
    """A click made `seconds_ago`, written through for HOOK_LIFETIME."""
    made = click(seconds_ago) if interaction is None else interaction
    return Hook.of(made, message_id, original=original, lifetime=HOOK_LIFETIME)


def refusal(status: int, code: int) -> discord.HTTPException:
    return discord.HTTPException(
        SimpleNamespace(status=status, reason="refused"), {"code": code, "message": ""}
    )


def test_the_live_message_is_written_through_its_newest_fresh_click():
    ch = Channel()
    old, new = hook(60, 1), hook(5, 1)
    ch.hooked(old)
    ch.hooked(new)

    assert ch.hook_for(1) is new and ch.newest() is new
    assert ch.hook_for(2) is None  # no click can write a message it never answered on or posted


def test_a_click_past_its_lifetime_writes_nothing():
    ch = Channel()
    ch.hooked(hook(HOOK_LIFETIME + 1, 1))

    assert ch.hook_for(1) is None and ch.newest() is None and ch.parting(1) is None


def test_a_message_parted_with_is_written_through_its_click_one_last_time():
    ch = Channel()
    parting = hook(5, 1)
    ch.hooked(parting)

    assert ch.parting(1) is parting
    assert ch.hook_for(1) is None


def test_a_click_discord_refused_is_let_go_for_every_message_it_wrote():
    ch = Channel()
    refused = click(5)
    ch.hooked(hook(5, 1, interaction=refused))
    ch.hooked(hook(5, 2, original=False, interaction=refused))
    other = hook(3, 3)
    ch.hooked(other)

    ch.unhook(hook(5, 1, interaction=refused))

    assert ch.hook_for(1) is None and ch.hook_for(2) is None and ch.hook_for(3) is other


def test_a_channel_keeps_a_few_clicks_the_newest():
    ch = Channel()
    for message_id in range(10):
        ch.hooked(hook(100 - message_id, message_id))

    assert sorted(ch.hooks) == list(range(10 - HOOKS_KEPT, 10))


def test_a_follow_up_of_a_click_expires_with_the_click():
    clicked = hook(60, 1)

    posted = clicked.on(2)

    assert (posted.message_id, posted.original, posted.expires) == (2, False, clicked.expires)


def test_a_resting_channel_holds_no_expired_click():
    ch = Channel()
    ch.hooked(hook(5, 2))
    ch.hooked(hook(HOOK_LIFETIME + 1, 1))  # a click on message 1 that expired since

    ch.rest()

    assert list(ch.hooks) == [2]


def test_an_expired_token_is_told_from_a_deleted_message():
    assert expired(refusal(401, 50027))
    assert expired(refusal(404, 10015))  # Unknown Webhook: the token is gone
    assert not expired(refusal(404, 10008))  # Unknown Message: the message was deleted
    assert not expired(refusal(500, 0))
