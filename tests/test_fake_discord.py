"""The fake Discord holds the bot to Discord's rate limits as discord.py meets them, so the load
benchmarks' budget figures mean what they say."""

import asyncio

import discord
import pytest

from tests.fake_discord import FakeDiscord, FakeInteraction, FakeUser, Limits

CHANNEL = 1_000


class Clock:
    """A clock the test moves by hand, with asyncio.sleep moving it too (nothing really waits)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        clock.now += seconds
        await real_sleep(0)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return clock


async def test_the_51st_bot_token_request_in_a_second_gets_a_429_and_waits(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)
    channels = [fake.bot_channel(CHANNEL + n) for n in range(51)]  # one each: no route bucket fills

    for channel in channels:
        await channel.send("hello")

    assert limits.http_429 == 1 and limits.invalid_requests == 1
    assert clock.now == pytest.approx(1.0)  # the 51st went once the first left the window
    assert fake.bot_token_requests == 51


async def test_interaction_requests_are_not_counted_by_the_global_limit(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)
    user = FakeUser(1, "alice")

    for n in range(60):
        await FakeInteraction(fake, CHANNEL + n, user, None).response.send_message("hi")

    assert limits.http_429 == 0 and clock.now == 0.0 and fake.bot_token_requests == 0


async def test_a_full_channel_bucket_delays_without_a_429(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)
    channel = fake.bot_channel(CHANNEL)

    for _ in range(6):  # 5 posts per 5 s per channel
        await channel.send("hello")

    assert limits.http_429 == 0 and limits.route_waits == 1 and clock.now == pytest.approx(5.0)


async def test_an_interactions_token_writes_for_fifteen_minutes_then_answers_401(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)
    click = FakeInteraction(fake, CHANNEL, FakeUser(1, "alice"), fake.new_message(CHANNEL, None))
    await click.response.defer()
    clock.now += 14 * 60
    await click.edit_original_response(content="still mine")

    clock.now += 60
    with pytest.raises(discord.HTTPException) as refused:
        await click.followup.send("too late")

    assert refused.value.status == 401 and limits.invalid_requests == 1
    assert fake.requests == {"response.defer": 1, "interaction.edit_original_response": 1}


async def test_a_post_where_the_bot_may_not_send_is_a_403_and_an_invalid_request(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)
    fake.muted.add(CHANNEL)

    with pytest.raises(discord.Forbidden) as refused:
        await fake.bot_channel(CHANNEL).send("hello")
    await fake.bot_channel(CHANNEL + 1).send("hello")

    assert refused.value.status == 403 and refused.value.code == 50013
    assert limits.invalid_requests == 1 and fake.requests == {"channel.send": 1}


async def test_after_a_429_the_other_bot_token_requests_wait_without_one(clock):
    limits = Limits(clock=clock)
    fake = FakeDiscord(limits=limits)

    await asyncio.gather(*(fake.bot_channel(CHANNEL + n).send("hello") for n in range(120)))

    assert fake.bot_token_requests == 120 and clock.now >= 2.0
    assert limits.http_429 <= 2  # one per second over the limit: discord.py's global lock holds the rest
