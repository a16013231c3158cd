"""Looking at the game: a private hand, the live message brought back down and Pay Day notices (the
paged ledger: tests/bot/features/books/test_cog.py)."""

import discord
import pytest

from tests.cogs.payday.rig import (
    deal_card,
    labels,
    live,
    load,
    mail_card,
    rigged,
    script,
    start_game,
)
from tests.helpers import click, refusal, slash


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
