"""The live message laid out for a glance, on a phone too (issue 17.3 and 17.4): the board and its
wide picture in the first embed, the question and its time limit in the last, directly above the
buttons that answer it; and a live message posted before this layout is edited into it."""

import discord

from bot.render.board_picture import scene
from tests.cogs.payday.rig import field, labels, live, rigged, start_game
from tests.helpers import click, slash


def question(msg: discord.Message) -> str:
    """The words directly above the buttons: the last embed's description."""
    return msg.embeds[-1].description or ""


async def test_the_question_and_its_time_limit_sit_directly_above_their_buttons(env):
    game = await start_game(env, 3, months=1)
    alice, _, _ = game.players
    board = await live(env, game.channel)

    shown, asked = board.embeds
    assert shown.title == "Pay Day — month 1 of 1" and shown.description == "**Jackpot** $0"
    assert [f.name for f in shown.fields][:1] == ["Players"]
    [attachment] = board.attachments
    assert shown.image.url.endswith(attachment.filename)  # the picture is the board's, not the question's
    assert asked.title is None and not asked.fields and asked.image.url is None
    assert asked.description.startswith("**alice**, roll the die.\nTime runs out <t:")
    assert asked.colour == shown.colour
    assert labels(board) == ["Roll the die"]

    async with rigged(env, game.channel) as state:
        state.script.append(2)  # Sweepstakes: nothing to answer, bob's turn
    await click(alice, board, label="Roll the die")
    board = await live(env, game.channel)
    assert len(board.embeds) == 2 and question(board).startswith("**bob**, roll the die.")
    assert "**alice** — Tue 2: Sweepstakes" in field(board, "Players")


async def test_an_onlookers_look_at_the_board_ends_with_the_question_too(env):
    game = await start_game(env, 2, months=1)

    look = (await slash(game.outsider, game.channel, "payday status")).response

    assert look.ephemeral and [e.title for e in look.embeds] == ["Pay Day — month 1 of 1", None]
    assert question(look).startswith("**alice**, roll the die.")


async def test_an_italian_game_asks_in_italian_above_its_buttons(env):
    game = await start_game(env, 2, months=1, language="it")

    board = await live(env, game.channel)

    assert [e.title for e in board.embeds] == ["Pay Day: mese 1 di 1", None]
    assert question(board).startswith("**alice**, tira il dado.\nIl tempo scade <t:")


async def test_a_live_message_posted_before_this_layout_is_edited_into_it(env, make_bot, monkeypatch):
    """A game saved by the previous version: its live message is one embed (the question in its
    description, above the fields) with a picture of the old layout. After the upgrade, the next
    change edits that very message into the two embeds and a new picture, and its old button
    still answers."""
    monkeypatch.setattr(scene, "LAYOUT_VERSION", 2)  # pictures named as the old version named them
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    board = await live(env, game.channel)
    old = discord.Embed.from_dict({**board.embeds[0].to_dict(), "description": question(board)})
    channel = env.bot.get_partial_messageable(game.channel.id)
    await channel.get_partial_message(board.id).edit(embed=old, attachments=board.attachments)
    before = await live(env, game.channel)
    assert len(before.embeds) == 1 and question(before).startswith("**alice**, roll the die.")
    monkeypatch.undo()
    await env.bot.close()
    await env.restart_bot(make_bot())

    await slash(alice, game.channel, "payday loan", amount=1000)  # the channel's worker edits it

    after = await live(env, game.channel)
    assert after.id == before.id, "the old message itself was edited"
    shown, _ = after.embeds
    assert shown.description.startswith("**Jackpot**") and question(after).startswith(
        "**alice**, roll the die."
    )
    assert "loan $1,000" in field(after, "Players")
    [picture] = after.attachments
    assert picture.filename != before.attachments[0].filename and shown.image.url.endswith(picture.filename)

    async with rigged(env, game.channel) as state:
        state.script.append(2)
    await click(alice, before, label="Roll the die")  # the button as the old version sent it
    board = await live(env, game.channel)
    assert len(board.embeds) == 2 and question(board).startswith("**bob**, roll the die.")
