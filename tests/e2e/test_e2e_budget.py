"""Discord requests per action: Discord rate-limits message creates and edits per channel, so a plain
click must cost exactly one request (the click's own answer, which edits the live message)."""

from helpers import click, slash
from rig import live, rigged, script, start_game


def requests_since(env, mark: int) -> list[tuple[str, str]]:
    return [(r.method, r.path.split("/")[1]) for r in env.http_requests[mark:]]


async def test_a_plain_roll_costs_one_request(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 2, 6)  # Sweepstakes for alice; bob reaches the Lottery

    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")
    assert requests_since(env, mark) == [("POST", "interactions")]

    mark = len(env.http_requests)
    await click(bob, await live(env, game.channel), label="Roll the die")
    await click(carol, await live(env, game.channel), label="3")  # an ante that does not end the Lottery
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
    assert requests_since(env, mark) == [("POST", "interactions"), ("PATCH", "channels")]


async def test_a_pay_day_click_costs_its_answer_and_one_new_message(env):
    game = await start_game(env, 2, months=2)
    alice, bob = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = state.players[1].day = 30
        state.script.extend([1, 1])  # both reach Pay Day; neither has a loan to repay

    mark = len(env.http_requests)
    await click(alice, await live(env, game.channel), label="Roll the die")  # month 2 starts: new board
    await click(bob, await live(env, game.channel), label="Roll the die")  # his Pay Day notice
    # alice's click: the new month's board is posted first, then her answer strips the old one's
    # buttons; bob's click: his answer edits the board, then his Pay Day notice is posted.
    assert requests_since(env, mark) == [
        ("POST", "channels"),
        ("POST", "interactions"),
        ("POST", "interactions"),
        ("POST", "channels"),
    ]
    notice = game.channel.last_message
    assert notice.content.startswith("💵 **Pay Day: bob starts month 2**") and notice.embeds == []
