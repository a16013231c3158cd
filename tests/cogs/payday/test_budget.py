"""Discord requests per action: Discord rate-limits message creates and edits per channel, so a plain
click must cost exactly one request (the click's own answer, which edits the live message), and a
click that makes the game call players by name two: its answer posts the board anew with the call
(only a new message notifies), and the old board goes, through the interaction of the last click on
it (/webhooks/...), which the bot's global limit of 50 requests a second does not count."""

from tests.cogs.payday.rig import live, rigged, script, start_game
from tests.helpers import click, slash


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
