"""Discord requests per action: Discord rate-limits message creates and edits per channel, so a plain
click must cost exactly one request (the click's own answer, which edits the live message), and a
click that makes the game call players by name two: its answer posts the board anew with the call
(only a new message notifies), and the old board goes, through the interaction of the last click on
it (/webhooks/...), which the bot's global limit of 50 requests a second does not count."""

import pytest

from tests.cogs.payday.rig import (
    alice_and_a_computer,
    cog,
    field,
    live,
    load,
    rigged,
    script,
    start_game,
    unescape,
)
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK
from tests.helpers import click, slash

FIFTEEN_MINUTES = 15 * 60


def requests_since(env, mark: int) -> list[tuple[str, str]]:
    return [(r.method, r.path.split("/")[1]) for r in env.http_requests[mark:]]


async def test_a_click_costs_one_request_and_two_when_it_calls_someone(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 2, 6, 2)  # Sweepstakes for alice; bob reaches the Lottery; carol a Deal

    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")  # bob's turn: he is called
    assert requests_since(env, mark) == [("POST", "interactions"), ("DELETE", "webhooks")]

    mark = len(env.http_requests)
    await click(bob, await live(env, game.channel), label="Roll the die")  # the Lottery calls carol, alice
    assert requests_since(env, mark) == [("POST", "interactions"), ("DELETE", "webhooks")]
    mark = len(env.http_requests)
    await click(carol, await live(env, game.channel), label="3")  # an ante that does not end the Lottery
    await click(bob, await live(env, game.channel), label="Sit out")
    assert requests_since(env, mark) == [("POST", "interactions")] * 2


async def test_a_refusal_and_a_private_view_cost_one_request(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players

    mark = len(env.http_requests)
    await click(bob, await live(env, game.channel), label="Roll the die")  # not bob's turn
    await slash(alice, game.channel, "payday hand")
    assert requests_since(env, mark) == [("POST", "interactions")] * 2


async def test_a_bank_command_costs_its_reply_and_one_edit(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players

    mark = len(env.http_requests)
    await slash(alice, game.channel, "payday loan", amount=1000)
    assert requests_since(env, mark) == [("POST", "interactions"), ("PATCH", "webhooks")]


async def test_a_pay_day_summary_rides_on_the_board_that_calls_and_stays_when_it_is_replaced(env):
    game = await start_game(env, 2, months=2)
    alice, bob = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = state.players[1].day = 30
        state.script.extend([1, 1])  # both reach Pay Day; neither has a loan to repay

    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")  # month 2 starts, bob called
    summary = (await live(env, game.channel)).content.split("\n\n")[0]
    assert summary.startswith("💵 **Pay Day: alice starts month 2**")
    await click(bob, await live(env, game.channel), label="Roll the die")  # his Pay Day; alice called
    # Each click's answer posts the board anew with the Pay Day summary and the call; the first old
    # board is deleted, the second is cut down to the summary it carried, which stays in its place.
    assert requests_since(env, mark) == [
        ("POST", "interactions"),
        ("DELETE", "webhooks"),
        ("POST", "interactions"),
        ("PATCH", "webhooks"),
    ]
    *_, kept, board = game.channel.history()
    assert kept.content == summary and kept.embeds == [] and kept.components == []
    assert board.content.startswith("💵 **Pay Day: bob starts month 2**")
    assert board.content.endswith(f"🔔 <@{alice.id}>, your turn.")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_a_computers_move_right_after_a_click_is_shown_through_that_click(env):
    channel, alice = await alice_and_a_computer(env, after=[2, 2])  # Sweepstakes for both
    await click(alice, await live(env, channel), label="Roll the die")  # the computer's turn
    mark = len(env.http_requests)

    await env.advance_time(2)  # the computer rolls

    assert (await load(env, channel)).waiting_humans() == [0]
    assert "Bot Penny rolled ⚁ 2 → Tue 2: Sweepstakes" in unescape(field(await live(env, channel), "Latest"))
    sent = requests_since(env, mark)
    assert sent and {where for _, where in sent} == {"webhooks"}  # none with the bot's token


@COMPUTERS_WAIT_FOR_THE_CLOCK
@pytest.mark.bot(turn_seconds=2 * FIFTEEN_MINUTES)
async def test_fifteen_minutes_after_the_last_click_the_bot_writes_with_its_own_token(env):
    channel, _ = await alice_and_a_computer(env, after=[2, 2])
    await env.advance_time(FIFTEEN_MINUTES)  # alice does not answer; the halfway reminder went out
    mark = len(env.http_requests)

    await env.advance_time(FIFTEEN_MINUTES + 5)  # her time runs out: her move is made, then the computer's

    assert (await load(env, channel)).waiting_humans() == [0]
    assert "Bot Penny rolled ⚁ 2 → Tue 2: Sweepstakes" in unescape(field(await live(env, channel), "Latest"))
    sent = requests_since(env, mark)
    assert sent and {where for _, where in sent} == {"channels"}  # no click is fresh: the bot's token


@pytest.mark.bot(turn_seconds=4 * FIFTEEN_MINUTES)
async def test_a_click_whose_token_discord_refuses_is_let_go_for_the_bots_token(env):
    """The bot trusts a click longer than Discord does (a clock that drifts): Discord refuses the
    write through it once, the bot's token writes instead, and the click is not tried again."""
    cog(env).live.hook_lifetime = 4 * FIFTEEN_MINUTES
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    await env.advance_time(FIFTEEN_MINUTES + 1)
    mark = len(env.http_requests)

    await slash(alice, game.channel, "payday loan", amount=1000)
    await slash(alice, game.channel, "payday loan", amount=1000)

    assert "loan $2,000" in field(await live(env, game.channel), "Players")
    assert requests_since(env, mark) == [
        ("POST", "interactions"),
        ("PATCH", "webhooks"),  # refused: the click's 15 minutes are over
        ("PATCH", "channels"),
        ("POST", "interactions"),
        ("PATCH", "channels"),
    ]
