"""The books through Discord: `/payday ledger`, the Bank's statement and the loan book page by page,
for a finished game too; and `/payday log` (issue 9.3): the whole story, one block per turn with the
roll as a die face, the big moments in bold with their sign, in pages whose buttons still work after
a restart, in the reader's own language, for a finished game too."""

import pytest

from tests.cogs.payday.rig import (
    client_locales,
    field,
    labels,
    live,
    play_to_end,
    random_button,
    rigged,
    script,
    start_game,
    unescape,
)
from tests.helpers import click, end_game, refusal, slash

OPTIONS = {"seed": 99, "turn_seconds": 60, "interrupt_seconds": 30}


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
    assert labels(page) == ["Older ▶", "Loan book", "Only mine"]  # a player may keep to their own

    await click(bob, page, label="Older ▶")  # the private message is edited in place
    assert page.embeds[0].footer.text.startswith("Page 2 of 2")
    assert page.embeds[0].description.split("\n") == [
        "`M1 D 0` the Bank → alice **$1,000** · loan",
        "`M1 D 0` the Bank → alice **$1,000** · loan",
        "`M1 D 0` the Bank → bob **$3,500** · start cash",  # the Banker's first payments
        "`M1 D 0` the Bank → alice **$3,500** · start cash",
    ]
    assert labels(page) == ["◀ Newer", "Loan book", "Only mine"]

    await click(bob, page, label="◀ Newer")
    assert page.embeds[0].footer.text.startswith("Page 1 of 2")

    await click(bob, page, label="Loan book")
    assert page.embeds[0].title == "The Loan Record Keeper's book"
    assert field(page, "Loans outstanding") == "alice: $16,000\nbob: $3,000"
    assert labels(page) == ["Older ▶", "Bank statement", "Only mine"]

    late = await slash(bob, game.channel, "payday ledger", page=9)  # past the end: the last page
    assert late.response.embeds[0].footer.text.startswith("Page 2 of 2")

    # After the game, the books stay open: the ledger reads the finished game from the history.
    await end_game(alice, game.channel)
    after = (await slash(bob, game.channel, "payday ledger", book="loans")).response
    assert after.embeds[0].footer.text.startswith("Page 1 of 2")
    await click(bob, after, label="Older ▶")
    assert after.embeds[0].footer.text.startswith("Page 2 of 2")


async def test_a_player_switches_to_their_own_payments_and_the_page_buttons_keep_to_them(env):
    """Issue 29's worked example: "show me only what I paid and received"."""
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    for _ in range(16):  # with her start cash, 17 lines of alice's: two pages of her own
        await slash(alice, game.channel, "payday loan", amount=1000)
    await slash(bob, game.channel, "payday loan", amount=3000)

    whole = (await slash(alice, game.channel, "payday ledger")).response
    assert whole.embeds[0].title == "The Bank's statement"
    assert labels(whole) == ["Older ▶", "Loan book", "Only mine"]

    await click(alice, whole, label="Only mine")  # the private message is edited in place
    assert whole.embeds[0].title == "The Bank's statement: your payments"
    lines = [unescape(line) for line in whole.embeds[0].description.split("\n")]
    assert len(lines) == 15 and all("→ alice **" in line for line in lines)
    assert field(whole, "Your payments in this book") == "You paid $0 and received $19,500."
    assert whole.embeds[0].footer.text.startswith("Page 1 of 2")
    assert labels(whole) == ["Older ▶", "Loan book", "Everyone"]

    await click(alice, whole, label="Older ▶")
    assert whole.embeds[0].title == "The Bank's statement: your payments"
    assert whole.embeds[0].footer.text.startswith("Page 2 of 2")
    assert whole.embeds[0].description.split("\n") == [
        "`M1 D 0` the Bank → alice **$1,000** · loan",
        "`M1 D 0` the Bank → alice **$3,500** · start cash",
    ]
    assert labels(whole) == ["◀ Newer", "Loan book", "Everyone"]

    await click(alice, whole, label="Loan book")
    assert whole.embeds[0].title == "The Loan Record Keeper's book: your payments"
    assert "bob" not in whole.embeds[0].description
    assert field(whole, "Loans outstanding") == "alice: $16,000\nbob: $3,000"

    await click(alice, whole, label="Everyone")
    assert whole.embeds[0].title == "The Loan Record Keeper's book"
    assert "bob" in whole.embeds[0].description
    assert labels(whole) == ["Older ▶", "Bank statement", "Only mine"]

    theirs = (await slash(bob, game.channel, "payday ledger", mine=True)).response
    assert unescape(theirs.embeds[0].description).split("\n") == [
        "`M1 D 0` the Bank → bob **$3,000** · loan",
        "`M1 D 0` the Bank → bob **$3,500** · start cash",
    ]
    assert field(theirs, "Your payments in this book") == "You paid $0 and received $6,500."
    assert labels(theirs) == ["Loan book", "Everyone"]
    await click(bob, theirs, label="Loan book")
    assert unescape(theirs.embeds[0].description) == "`M1 D 0` the Bank → bob **$3,000** · loan"


async def test_an_empty_book_of_ones_own_payments_says_so(env):
    game = await start_game(env, 2, months=1)
    shown = await slash(game.players[1], game.channel, "payday ledger", book="loans", mine=True)
    assert shown.ephemeral
    assert shown.response.embeds[0].description == "Nothing you paid or received is in this book yet."
    assert field(shown.response, "Your payments in this book") == "You paid $0 and received $0."


async def test_someone_not_playing_gets_one_sentence_for_their_own_payments_and_no_switch(env):
    game = await start_game(env, 2, months=1)
    refused = await slash(game.outsider, game.channel, "payday ledger", mine=True)
    assert refused.ephemeral and refusal(refused) == (
        "You're not playing in that game, so none of its payments are yours: leave out mine to read "
        "everyone's."
    )
    onlooker = await slash(game.outsider, game.channel, "payday ledger")
    assert labels(onlooker.response) == ["Loan book"]


async def test_own_payments_after_the_game_and_buttons_of_before_the_switch(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await slash(bob, game.channel, "payday loan", amount=2000)
    await end_game(alice, game.channel)

    after = (await slash(bob, game.channel, "payday ledger", book="loans", mine=True)).response
    assert after.embeds[0].title == "The Loan Record Keeper's book: your payments"
    assert field(after, "Your payments in this book") == "You paid $0 and received $2,000."
    game_id = int(after.components[0]["components"][0]["custom_id"].split(":")[1])
    assert [b["custom_id"] for b in after.components[0]["components"]] == [
        f"pdg:{game_id}:bank:1:1",  # the other book, keeping to bob's own
        f"pdg:{game_id}:loans:1",  # everyone's: the layout of every button sent before
    ]


async def read(actor, channel, **options):
    result = await slash(actor, channel, "payday log", **options)
    assert result.ephemeral, result.response.content
    [embed] = result.response.embeds
    return result, embed


def in_order(text: str, *parts: str) -> bool:
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


async def test_the_log_tells_every_turn_in_order_with_its_roll_as_a_die_face(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await script(env, game.channel, 2, 6, 3)  # Sweepstakes; the Lottery, whose draw rolls 3
    await click(alice, await live(env, game.channel), label="Roll the die")
    await click(bob, await live(env, game.channel), label="Roll the die")
    await click(carol, await live(env, game.channel), label="3")
    await click(alice, await live(env, game.channel), label="Sit out")
    await click(bob, await live(env, game.channel), label="Sit out")

    _, embed = await read(carol, game.channel)
    assert embed.title.startswith("The story of game #") and embed.title.endswith("page 1 of 1")
    assert in_order(
        embed.description,
        "**The game begins**\nalice, bob and carol each collected $3,500 from the Bank (start cash)",
        "**Month 1 · alice ⚁ 2 → Tue 2: Sweepstakes**\nalice collected $",
        "**Month 1 · bob ⚅ 6 → Sat 6: Lottery**",
        "carol paid $100 into the Lottery pot for number 3",
        "Lottery draw: ⚂ 3",
        "🎟️ **carol collected $",
    )


async def test_a_jackpot_stands_out(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    async with rigged(env, game.channel) as state:
        state.jackpot = 700
        state.script.append(6)
    await click(alice, await live(env, game.channel), label="Roll the die")
    _, embed = await read(bob, game.channel)
    assert "🎰 **alice collected $700 from the Jackpot (rolled a 6)**" in embed.description
    assert "**Month 1 · alice ⚅ 6 → Sat 6: Lottery**" in embed.description


@pytest.mark.bot(**OPTIONS)
async def test_pages_turn_with_buttons_that_still_work_after_a_restart(env, make_bot):
    game = await start_game(env, 3, months=2)
    alice, *_ = game.players
    await play_to_end(env, game, random_button(7))  # a finished game has a story too

    result, newest = await read(alice, game.channel)
    count = int(newest.title.rsplit(" ", 1)[1])
    assert count >= 3 and newest.title.endswith(f"page {count} of {count}")
    assert "**Final result**\n🏆 **Game over: " in newest.description
    first = await click(alice, result.response, label="⏮ Start")
    [page] = first.response.embeds
    assert page.title.endswith(f"page 1 of {count}") and page.description.startswith("**The game begins**")

    await env.bot.close()
    await env.restart_bot(make_bot(**OPTIONS))
    later = await click(alice, first.response, label="Later ▶")  # a button sent before the restart
    [page] = later.response.embeds
    assert page.title.endswith(f"page 2 of {count}") and page.description.startswith("**Month 1 · ")

    shown = await slash(alice, game.channel, "payday log", page=2)
    assert shown.response.embeds[0].description == page.description  # the same page, however reached


async def test_a_reader_gets_the_story_in_their_own_language(env, monkeypatch):
    locales = client_locales(monkeypatch)
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    locales[bob.id] = "it"
    await script(env, game.channel, 2)
    await click(alice, await live(env, game.channel), label="Roll the die")
    _, italian = await read(bob, game.channel)
    _, english = await read(alice, game.channel)
    assert italian.title.startswith("La cronaca della partita n. ")
    assert "**Mese 1 · alice ⚁ 2 → Mar 2: Concorso a premi**" in italian.description
    assert "**Month 1 · alice ⚁ 2 → Tue 2: Sweepstakes**" in english.description


async def test_no_story_before_any_game(env):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice = guild.add_member(env.create_user("alice"))
    refused = await slash(alice, channel, "payday log")
    assert refused.ephemeral and refusal(refused) == "No game has been played in this channel yet."
