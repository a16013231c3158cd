"""Bad input: each attempt gets a private sentence and changes nothing at all (same stored row version)."""

import discord
import pytest
import simcord

from tests.cogs.payday.rig import live, load, script, start_game, stored
from tests.helpers import add_computer, click, end_game, refusal, slash, table

NO_GAME = "There is no game in this channel: start one with /payday start."


def refused(result: simcord.InteractionResult, text: str) -> None:
    assert result.acknowledged and result.ephemeral, result
    assert refusal(result) == text


@pytest.mark.usefixtures("bot_token_only")
async def test_game_buttons_refuse_outsiders_wrong_turns_stale_prompts_and_double_clicks(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 2)
    first = await live(env, game.channel)

    before = await stored(env, game.channel)
    refused(await click(game.outsider, first, label="Roll the die"), "You're not playing in this game.")
    refused(
        await click(bob, first, label="Roll the die"), "It's not your move: the game is waiting for alice."
    )
    assert await stored(env, game.channel) == before

    # /payday status posts a fresh board; say the old one keeps its buttons (the edit failed).
    env.inject_error("PATCH", f"/channels/{game.channel.id}/messages/*", status=403, code=50013)
    await slash(carol, game.channel, "payday status")
    second = await live(env, game.channel)
    assert second.id != first.id and first.components  # two boards with the same Roll button
    await click(alice, second, label="Roll the die")

    before = await stored(env, game.channel)
    refused(await click(bob, first, label="Roll the die"), "That question has passed.")
    refused(await click(alice, first, label="Roll the die"), "Already done: your answer was counted.")
    assert await stored(env, game.channel) == before


async def test_lottery_second_answer_is_refused(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    await script(env, game.channel, 6)
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(bob, await live(env, game.channel), label="4")

    before = await stored(env, game.channel)
    board = await live(env, game.channel)
    refused(await click(bob, board, label="5"), "Already done: your answer was counted.")
    refused(await click(bob, board, label="Sit out"), "Already done: your answer was counted.")
    assert await stored(env, game.channel) == before


async def test_bank_commands_refuse_bad_amounts_and_repayment_outside_pay_day(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    before = await stored(env, game.channel)

    steps = "Loans come in steps of $1,000: ask for $1,000, $2,000 and so on."
    refused(await slash(alice, game.channel, "payday loan", amount=1500), steps)
    refused(await slash(alice, game.channel, "payday loan", amount=999), steps)
    refused(
        await slash(bob, game.channel, "payday loan", amount=10_000_000),
        "That would take your loan past the $1,000,000 limit.",
    )
    only_pay_day = "Loans can only be repaid at your own Pay Day."
    refused(await slash(alice, game.channel, "payday repay", amount=1000), only_pay_day)
    refused(await slash(bob, game.channel, "payday repay", amount=0), only_pay_day)
    refused(
        await slash(game.outsider, game.channel, "payday loan", amount=1000),
        "You're not playing in this game.",
    )
    # Zero, negative and absurd amounts never reach the bot: Discord's client enforces the range.
    for amount in (0, -1000, 10_000_001):
        with pytest.raises(simcord.OptionError):
            await alice.slash(game.channel, "payday loan", amount=amount)
    with pytest.raises(simcord.OptionError):
        await alice.slash(game.channel, "payday repay", amount=-1000)

    assert await stored(env, game.channel) == before


async def test_only_the_host_or_a_moderator_ends_and_nobody_starts_a_second_game(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    before = await stored(env, game.channel)

    refused(
        await slash(bob, game.channel, "payday end"),
        "Only the host, alice, or someone with Manage Channels can do that.",
    )
    already = "A game is already open here: see /payday status, or /payday end it."
    refused(await slash(bob, game.channel, "payday start"), already)
    refused(await slash(alice, game.channel, "payday start", months=2), already)
    refused(
        await slash(bob, game.channel, "payday join"),
        "The game in this channel has already started: wait for the next one.",
    )
    assert await stored(env, game.channel) == before

    mod_role = game.guild.create_role("Mod", permissions=discord.Permissions(manage_channels=True))
    mod = game.guild.add_member(env.create_user("mod"), roles=[mod_role])
    result = await end_game(mod, game.channel)
    assert result.response.message.flags.ephemeral and result.response.content == "You ended the game."
    assert await load(env, game.channel) is None
    standings = game.channel.last_message.embeds[-1]
    assert standings.description.startswith("Ended early by mod.")


async def test_lobby_refuses_a_full_table_a_lone_start_and_a_guest_start(env):
    _, channel, (alice, bob, carol) = table(env, 3)
    lobby = (await slash(alice, channel, "payday start")).response

    before = await stored(env, channel)
    refused(
        await click(alice, lobby, label="Start"),
        "A game needs 2 to 6 players: invite someone, or add a computer player.",
    )
    refused(await slash(alice, channel, "payday join"), "You're already in this game.")
    refused(
        await slash(alice, channel, "payday loan", amount=1000),
        "The game here hasn't started yet: the host presses Start.",
    )
    refused(await slash(bob, channel, "payday leave"), "You're not in this game.")
    assert await stored(env, channel) == before

    await click(bob, lobby, label="Join")
    before = await stored(env, channel)
    refused(await click(bob, lobby, label="Start"), "Only the host, alice, can start the game.")
    only_the_host = "Only the host, alice, can add computer players."
    refused(await add_computer(bob, lobby), only_the_host)
    refused(
        await click(bob, lobby, label="Cancel"),
        "Only the host, alice, or someone with Manage Channels can do that.",
    )
    assert await stored(env, channel) == before

    for _ in range(4):
        await add_computer(alice, lobby)
    before = await stored(env, channel)
    refused(await click(carol, lobby, label="Join"), "The table is full (6 players).")
    refused(await add_computer(alice, lobby), "The table is full (6 players).")
    assert await stored(env, channel) == before


async def test_commands_without_a_game(env):
    _, channel, (alice,) = table(env, 1)
    for command, options in (
        ("payday loan", {"amount": 1000}),
        ("payday repay", {"amount": 1000}),
        ("payday hand", {}),
        ("payday status", {}),
        ("payday end", {}),
        ("payday join", {}),
        ("payday leave", {}),
    ):
        refused(await slash(alice, channel, command, **options), NO_GAME)
    refused(await slash(alice, channel, "payday ledger"), "No game has been played in this channel yet.")
    assert await stored(env, channel) is None
