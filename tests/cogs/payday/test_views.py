"""Looking at the game: a private hand, the live message brought back down, Pay Day notices and the
paged ledger."""

import discord
import pytest

from tests.cogs.payday.rig import (
    deal_card,
    field,
    labels,
    live,
    load,
    mail_card,
    rigged,
    script,
    start_game,
    unescape,
)
from tests.helpers import click, end_game, refusal, slash


def visible_to(channel, member) -> set[int]:
    return {m.id for m in channel.history(viewer=member)}


async def test_hand_is_private_and_shows_mail_and_deals(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    async with rigged(env, game.channel) as state:
        b = state.players[1]
        b.mail, b.deals, b.loan, b.cash = [mail_card("New Roof")], [deal_card("Teen Jeans")], 2000, 4000

    result = await slash(bob, game.channel, "payday hand")

    assert result.ephemeral
    assert result.response.id in visible_to(game.channel, bob)
    assert result.response.id not in visible_to(game.channel, alice)
    [hand] = result.response.embeds
    assert hand.title == "Your hand, bob"
    read = int(discord.utils.utcnow().timestamp())
    assert hand.description == f"Cash $4,000 · Loan $2,000 · Net worth $2,000\n🕒 As of <t:{read}:R>"
    fields = {f.name: f.value for f in hand.fields}
    assert fields["Due at your next Pay Day"] == "• Bill $5,000: New Roof\n**Total: $5,000**"
    assert fields["Your Deal"].startswith("• Teen Jeans (cost $7,000, sells for $14,000)\n")

    outsider = await slash(game.outsider, game.channel, "payday hand")
    assert outsider.ephemeral and refusal(outsider) == "You're not playing in this game."


async def test_status_reposts_the_live_message_and_strips_the_old_one(env):
    game = await start_game(env, 3, months=1)
    alice, _, carol = game.players
    await script(env, game.channel, 2)
    old = await live(env, game.channel)

    result = await slash(carol, game.channel, "payday status")

    assert not result.ephemeral
    new = result.response.message
    assert new.id != old.id and game.channel.last_message.id == new.id
    assert (await load(env, game.channel)).message_id == new.id
    assert labels(new) == ["Roll the die"]
    assert new.embeds[0].description == old.embeds[0].description
    assert [m.components for m in game.channel.history() if m.id == old.id] == [[]]

    await click(alice, new, label="Roll the die")  # the game goes on from the new message
    assert (await load(env, game.channel)).state.pending.seats == [1]


async def test_status_from_an_onlooker_is_a_private_look_that_moves_nothing(env):
    game = await start_game(env, 2, months=1)
    old = await live(env, game.channel)
    history = [m.id for m in game.channel.history()]

    result = await slash(game.outsider, game.channel, "payday status")

    assert result.ephemeral and result.response.embeds[0].title == old.embeds[0].title
    assert [m.id for m in game.channel.history()] == history
    assert (await load(env, game.channel)).message_id == old.id
    assert labels(await live(env, game.channel)) == ["Roll the die"]


async def test_ledger_pages_through_the_bank_statement_and_switches_to_the_loan_book(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    for _ in range(16):  # with bob's and the start cash, 19 ledger lines: a page holds 15
        await slash(alice, game.channel, "payday loan", amount=1000)
    await slash(bob, game.channel, "payday loan", amount=3000)

    first = await slash(bob, game.channel, "payday ledger")

    assert first.ephemeral
    page = first.response
    lines = page.embeds[0].description.split("\n")
    assert page.embeds[0].title == "The Bank's statement"
    assert len(lines) == 15 and unescape(lines[0]) == "`M1 D 0` the Bank → bob **$3,000** · loan"
    assert page.embeds[0].footer.text.startswith("Page 1 of 2")
    assert labels(page) == ["Older ▶", "Loan book"]

    await click(bob, page, label="Older ▶")  # the private message is edited in place
    assert page.embeds[0].footer.text.startswith("Page 2 of 2")
    assert page.embeds[0].description.split("\n") == [
        "`M1 D 0` the Bank → alice **$1,000** · loan",
        "`M1 D 0` the Bank → alice **$1,000** · loan",
        "`M1 D 0` the Bank → bob **$3,500** · start cash",  # the Banker's first payments
        "`M1 D 0` the Bank → alice **$3,500** · start cash",
    ]
    assert labels(page) == ["◀ Newer", "Loan book"]

    await click(bob, page, label="◀ Newer")
    assert page.embeds[0].footer.text.startswith("Page 1 of 2")

    await click(bob, page, label="Loan book")
    assert page.embeds[0].title == "The Loan Record Keeper's book"
    assert field(page, "Loans outstanding") == "alice: $16,000\nbob: $3,000"
    assert labels(page) == ["Older ▶", "Bank statement"]

    late = await slash(bob, game.channel, "payday ledger", page=9)  # past the end: the last page
    assert late.response.embeds[0].footer.text.startswith("Page 2 of 2")

    # After the game, the books stay open: the ledger reads the finished game from the history.
    await end_game(alice, game.channel)
    after = (await slash(bob, game.channel, "payday ledger", book="loans")).response
    assert after.embeds[0].footer.text.startswith("Page 1 of 2")
    await click(bob, after, label="Older ▶")
    assert after.embeds[0].footer.text.startswith("Page 2 of 2")


@pytest.mark.bot(turn_seconds=60, interrupt_seconds=30)
async def test_a_deleted_live_message_comes_back_at_the_next_update(env):
    game = await start_game(env, 2, months=1)
    role = game.guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    mod = game.guild.add_member(env.create_user("mod"), roles=[role])
    deleted = await live(env, game.channel)
    await mod.delete(deleted)
    await script(env, game.channel, 2)

    await env.advance_time(60)  # alice times out: the bot rolls for her and shows the board again

    board = await live(env, game.channel)
    assert board.id != deleted.id and game.channel.last_message.id == board.id
    assert labels(board) == ["Roll the die"] and "**bob**, roll the die." in board.embeds[-1].description


async def test_every_pay_day_notice_stays_visible(env):
    game = await start_game(env, 2, months=2)
    alice, bob = game.players
    async with rigged(env, game.channel) as state:
        state.players[0].day = state.players[1].day = 30
        state.script.extend([1, 1])  # both reach Pay Day, alice first: her month 2 starts a new board

    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(bob, await live(env, game.channel), label="Roll the die")

    texts = [m.content for m in game.channel.history()]
    assert any(t.startswith("💵 **Pay Day: bob starts month 2**") for t in texts)
    assert any(t.startswith("💵 **Pay Day: alice starts month 2**") for t in texts)


async def test_the_rules_board_page_is_the_board_of_the_game_in_this_channel(env):
    game = await start_game(env, 2, ruleset="family")

    mine = (await slash(game.outsider, game.channel, "payday rules", topic="board")).response.embeds[0]
    modern = (
        await slash(game.outsider, game.channel, "payday rules", topic="board", edition="modern")
    ).response.embeds[0]

    assert mine.title == "The calendar — Family variant"
    assert "**Family Casino Night** — days 14, 28" in mine.description
    assert modern.title == "The calendar — Modern edition"
    assert "**Ski Weekend** — day 7: pay $500 into the Jackpot" in modern.description
