"""Spaces that involve the whole table: Lottery, Radio Contest, Walk for Charity, and Pay Day loans."""

from tests.cogs.payday.rig import field, labels, live, load, mail_card, rigged, start_game, stored, unescape
from tests.helpers import click, refusal, slash

NUMBERS = ["1", "2", "3", "4", "5", "6"]


async def test_lottery_with_a_retired_player_an_outsider_and_a_sit_out(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        carol_ = state.players[2]
        carol_.retired, carol_.months_done = True, 1  # carol has finished her months
        state.script.extend([6, 4, 2])  # alice lands on day 6; the draw rolls 4 (nobody's), then 2

    await click(alice, await live(env, game.channel), label="Roll the die")

    board = await live(env, game.channel)
    assert "**Lottery!**" in board.embeds[-1].description
    assert "Waiting for **alice**, **bob** and **carol**" in board.embeds[-1].description
    assert labels(board) == [*NUMBERS, "Sit out"]
    assert "🏁 **carol** — retired" in field(board, "Players")

    before = await stored(env, game.channel)
    refused = await click(game.outsider, board, label="1")
    assert refused.ephemeral and refusal(refused) == "You're not playing in this game."
    assert await stored(env, game.channel) == before

    await click(bob, board, label="Sit out")
    board = await live(env, game.channel)
    assert labels(board) == [*NUMBERS, "Sit out"]
    assert "Waiting for **alice** and **carol**" in board.embeds[-1].description
    assert field(board, "Latest").endswith("Lottery: bob sat out")

    await click(alice, board, label="1")
    board = await live(env, game.channel)
    assert labels(board) == ["2", "3", "4", "5", "6", "Sit out"]  # a taken number is gone
    assert "Taken: 1 (alice)" in board.embeds[-1].description
    assert "Lottery pot $100" in board.embeds[0].description

    await click(carol, board, label="2")  # the retired player antes too; that was the last answer

    table = await load(env, game.channel)
    cash = [p.cash for p in table.state.players]
    assert cash == [3400, 3500, 3500 - 100 + 1200]  # carol's number came up: the Bank's $1,000 + 2 antes
    assert table.state.pot == 0
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert latest.endswith(
        "Lottery at $100 a number: alice on 1 and carol on 2; bob sat out\n"
        "🎟️ Lottery: 2 came up after 2 rolls — carol wins $1,200"
    )
    assert "**bob**, roll the die." in (await live(env, game.channel)).embeds[-1].description


async def test_radio_contest_goes_round_from_the_lander_one_roll_each(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = 5
        state.script.extend([3, 1, 2, 3])  # alice moves to day 8; radio rolls: alice 1, bob 2, carol 3

    await click(alice, await live(env, game.channel), label="Roll the die")

    for roller, others in ((alice, (bob, carol)), (bob, (alice, carol)), (carol, (alice, bob))):
        board = await live(env, game.channel)
        assert f"**Radio Contest:** **{roller.name}**, roll" in board.embeds[-1].description
        before = await stored(env, game.channel)
        for other in others:
            refused = await click(other, board, label="Roll the die")
            assert refused.ephemeral
            assert refusal(refused) == f"It's not your move: the game is waiting for {roller.name}."
        assert await stored(env, game.channel) == before
        await click(roller, board, label="Roll the die")

    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3500, 3500, 4500]
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert latest.endswith(
        "alice rolled ⚂ 3 → Mon 8: Radio Contest\nRadio Contest: carol wins $1,000 after 3 rolls"
    )
    assert "**bob**, roll the die." in (await live(env, game.channel)).embeds[-1].description


async def test_walk_for_charity_every_other_player_rolls_and_pays(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = 29
        state.script.extend([1, 5, 2])  # alice to day 30; then carol rolls 5 and bob 2

    await click(alice, await live(env, game.channel), label="Roll the die")
    board = await live(env, game.channel)
    assert "**Walk for Charity:** **bob** and **carol**, roll" in board.embeds[-1].description

    before = await stored(env, game.channel)
    refused = await click(alice, board, label="Roll the die")
    assert refused.ephemeral
    assert refusal(refused) == "It's not your move: the game is waiting for bob and carol."
    assert await stored(env, game.channel) == before

    await click(carol, board, label="Roll the die")  # any order
    await click(bob, await live(env, game.channel), label="Roll the die")

    table = await load(env, game.channel)
    assert [p.cash for p in table.state.players] == [3500, 3300, 3000]
    assert table.state.jackpot == 700
    board = await live(env, game.channel)
    assert board.embeds[0].description == "**Jackpot** $700"
    latest = unescape(field(board, "Latest"))
    assert latest.endswith(
        "carol rolled ⚄ 5 and paid $500 into the Jackpot (Walk for Charity)\n"
        "bob rolled ⚁ 2 and paid $200 into the Jackpot (Walk for Charity)"
    )


async def test_pay_day_shortfall_becomes_a_loan_on_the_board_and_in_the_loan_book(env):
    game = await start_game(env, 3, months=2)
    alice, bob, _ = game.players
    async with rigged(env, game.channel) as state:
        a = state.players[0]
        a.day, a.cash, a.mail = 30, 500, [mail_card("New Roof")]  # a $5,000 bill waits for Pay Day
        state.script.append(1)

    await click(alice, await live(env, game.channel), label="Roll the die")

    table = await load(env, game.channel)
    assert (table.state.players[0].cash, table.state.players[0].loan) == (0, 1000)  # 500 + 3,500 - 5,000
    board = await live(env, game.channel)  # alice leads into month 2: a fresh live message
    assert board.content == (
        "💵 **Pay Day: alice starts month 2** — cash $0 · loan $1,000 · net worth -$1,000\n"
        "↳ salary +$3,500 · 1 bill -$5,000 = -$1,500 · borrowed $1,000\n\n"
        f"🔔 <@{bob.id}>, your turn."  # the Pay Day summary rides on the board that calls bob
    )
    assert "**alice** — START · $0 · loan $1,000" in field(board, "Players")
    latest = unescape(field(board, "Latest"))  # the loan is no gain: the log and the summary agree
    assert latest.endswith(
        "alice rolled ⚀ 1 → Wed 31: Pay Day\n💵 Pay Day for alice: -$1,500; month 2 begins"
    )  # the loan is no gain

    book = await slash(bob, game.channel, "payday ledger", book="loans")
    assert book.ephemeral
    [embed] = book.response.embeds
    assert embed.title == "The Loan Record Keeper's book"
    assert unescape(embed.description) == "`M1 D31` the Bank → alice **$1,000** · loan to cover a payment"
    assert field(book.response, "Loans outstanding") == "alice: $1,000\nbob: $0\ncarol: $0"
