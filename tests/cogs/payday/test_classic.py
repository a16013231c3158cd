"""The classic (1975, reconstructed) edition through Discord: offered at /payday start, played to the
end by clicks, and its savings commands refused or confirmed in one private sentence."""

import pytest
import simcord

from bot.game.rulesets import RULESETS
from tests.cogs.payday.rig import (
    field,
    labels,
    live,
    load,
    menu_options,
    play_to_end,
    random_button,
    rigged,
    script,
    start_game,
    stored,
    unescape,
)
from tests.helpers import click, refusal, slash


def refused(result: simcord.InteractionResult, text: str) -> None:
    assert result.acknowledged and result.ephemeral, result
    assert refusal(result) == text


def ruleset_choices(env) -> list[dict]:
    """The `ruleset` choices /payday start was registered with."""
    for request in env.http_requests:
        if request.method == "PUT" and request.path.endswith("/commands"):
            [payday] = [c for c in request.json if c["name"] == "payday"]
            [start] = [o for o in payday["options"] if o["name"] == "start"]
            [ruleset] = [o for o in start["options"] if o["name"] == "ruleset"]
            return ruleset["choices"]
    raise AssertionError("no command sync seen")


@pytest.mark.bot(seed=1975)
async def test_a_classic_game_is_offered_and_played_to_the_end_by_clicks(env):
    game = await start_game(env, 2, months=1, ruleset="classic")
    assert ("Classic 1975 (reconstructed)", "classic") in [
        (c["name"], c["value"]) for c in ruleset_choices(env)
    ]
    table = await load(env, game.channel)
    assert table.ruleset == "classic" and [p.cash for p in table.state.players] == [325, 325]
    board = await live(env, game.channel)
    assert "Classic 1975 (reconstructed)" in board.embeds[0].footer.text

    await play_to_end(env, game, random_button(11))

    [finished] = await env.bot.store.history()
    state = type(table).model_validate_json(finished.data).state
    assert state.over and state.money_balances() and state.ruleset == "classic"
    for seat, player in enumerate(state.players):
        assert state.net_worth(seat) == player.cash + player.savings - player.loan
    standings = game.channel.last_message.embeds[-1]
    assert standings.footer.text.startswith("Net worth = cash + savings − loans.")


async def test_deposit_and_withdraw_commands_are_refused_or_confirmed(env):
    game = await start_game(env, 2, months=2, ruleset="classic")
    alice, bob = game.players
    before = await stored(env, game.channel)
    refused(
        await slash(bob, game.channel, "payday savings deposit", amount=100),
        "Savings deposits are taken only at your own Pay Day.",
    )
    refused(
        await slash(bob, game.channel, "payday savings withdraw", amount=100),
        "You have no savings to withdraw.",
    )
    assert await stored(env, game.channel) == before

    async with rigged(env, game.channel) as state:  # bob saved $300 at an earlier Pay Day
        state.players[1].savings = 300
        state.bank_paid += 300
    refused(
        await slash(bob, game.channel, "payday loan", amount=100),
        "You have $300 in savings: withdraw it before you borrow (nobody holds savings and a loan at once).",
    )
    refused(
        await slash(bob, game.channel, "payday savings withdraw", amount=150),
        "Withdraw in steps of $100, or your whole balance.",
    )
    result = await slash(bob, game.channel, "payday savings withdraw", amount=100)
    assert result.ephemeral
    confirmed = unescape(result.response.content)
    assert "You withdrew $100 from savings (savings now $200)." in confirmed
    assert "You paid the Bank a fee of $50 for withdrawing outside your Pay Day." in confirmed
    board = await live(env, game.channel)
    assert "savings $200" in field(board, "Players")
    [book] = (await slash(bob, game.channel, "payday ledger", book="loans")).response.embeds
    assert "bob's savings → bob **$100** · savings withdrawal" in unescape(book.description)
    assert {f.name: unescape(f.value) for f in book.fields}["Savings"] == "alice: $0\nbob: $200"

    # alice's Pay Day: the banking question, answered by a slash command and then a button.
    async with rigged(env, game.channel) as state:
        state.players[0].day = 30
    await script(env, game.channel, 1)
    await click(alice, await live(env, game.channel), label="Roll the die")
    board = await live(env, game.channel)
    assert "Pay Day banking" in board.embeds[-1].description
    deposits = menu_options(board)  # six deposits are more than a row of buttons: a menu
    assert labels(board) == ["Done"] and "Deposit $100" in deposits and "Deposit $600" in deposits
    result = await slash(alice, game.channel, "payday savings deposit", amount=300)
    assert "You deposited $300 in savings (savings now $300)." in unescape(result.response.content)
    board = await live(env, game.channel)
    assert "Withdraw $100" not in menu_options(board)  # no withdrawal after a deposit, same Pay Day
    await click(alice, board, label="Done")
    table = await load(env, game.channel)
    alice_now = table.state.players[0]
    assert (alice_now.savings, alice_now.cash) == (300, 350)  # 325 + 325 salary - 300 saved
    assert alice_now.months_done == 1 and alice_now.day == 0 and not alice_now.retired


async def test_other_editions_refuse_savings_commands(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    before = await stored(env, game.channel)
    for command in ("payday savings deposit", "payday savings withdraw"):
        refused(
            await slash(alice, game.channel, command, amount=1000),
            "This edition of the rules has no savings accounts.",
        )
    assert await stored(env, game.channel) == before
    assert RULESETS["modern"].rules.savings is False
