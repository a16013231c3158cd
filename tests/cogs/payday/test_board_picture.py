"""The drawn board on the live message (issue 9.1), through the bot: the embed shows the attached
picture, a new picture rides on the same request as the click's answer, and it is replaced exactly
when what it shows changes (a token, the players asked, the Jackpot, the month): an answer that
moves nothing keeps the very same attachment."""

import asyncio
import json

import pytest

from bot.render import board_attachment
from bot.render.board_picture import table_scene
from cogs.payday.live._reply import DEFER_AFTER
from tests.cogs.payday.rig import field, live, load, message, rigged, service, start_game, step
from tests.helpers import click, slash


def shows(table) -> tuple:
    """What the picture draws, read from the table: every token's day, who is retired, who is
    asked, the Jackpot and the month."""
    scene = table_scene(table)
    tokens = tuple((t.day, t.retired) for t in scene.tokens)
    return tokens, scene.asked, scene.jackpot, scene.month_label


def picture(msg) -> tuple[int, int, str]:
    """The board picture the message carries: (message id, attachment id, file name)."""
    [attachment] = msg.attachments
    assert msg.embeds[0].image.url.endswith(attachment.filename)  # the embed shows that file
    return msg.id, attachment.id, attachment.filename


async def test_the_picture_changes_exactly_when_what_it_shows_changes(env):
    game = await start_game(env, 3, months=1)
    table = await load(env, game.channel)
    before, shown = picture(message(game.channel, table.message_id)), shows(table)
    changed = kept = moved = 0
    for turn in range(1000):
        if turn == 5:  # a loan moves money, not the board
            await slash(game.players[0], game.channel, "payday loan", amount=1000)
        elif not await step(env, game):
            break
        table = await load(env, game.channel)
        if table is None:
            break
        now, facts = picture(message(game.channel, table.message_id)), shows(table)
        if facts == shown:
            assert now[2] == before[2]
            if now[0] == before[0]:  # the same message (a call posts the board anew, picture and all)
                assert now == before, "nothing drawn changed, yet the picture was uploaded again"
                kept += 1
        else:
            assert now[2] != before[2], "the board changed but the picture did not"
            changed += 1
            moved += facts[0] != shown[0]
        before, shown = now, facts
    assert moved > 10 and changed > moved
    assert kept > 0


async def test_a_plain_click_uploads_the_new_picture_in_its_one_request(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    board = await live(env, game.channel)
    old = picture(board)[2]
    async with rigged(env, game.channel) as state:
        state.script.append(3)
    mark = len(env.http_requests)
    await click(alice, board, label="Roll the die")
    showing = [r for r in env.http_requests[mark:] if "board-" in json.dumps(r.json or {})]
    assert [(r.method, r.path.split("/")[1]) for r in showing] == [("POST", "interactions")]
    assert showing[0].json["data"]["attachments"][0]["id"] == 0  # a new upload, in the answer itself
    board = await live(env, game.channel)
    assert picture(board)[2] != old
    attachment = board.attachments[0]
    assert "alice (A) day 3" in attachment.description  # the alt text says where everyone is


async def test_an_edit_that_moves_nothing_keeps_the_attachment(env):
    """A loan taken with a slash command changes the money, not the board: the channel's worker
    edits the live message and lists its picture instead of uploading it again."""
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    before = picture(await live(env, game.channel))
    await slash(alice, game.channel, "payday loan", amount=1000)
    board = await live(env, game.channel)
    assert "$1,000" in field(board, "Players")  # the edit happened
    assert picture(board) == before


async def test_the_standings_freeze_the_last_picture_and_status_posts_it_anew(env):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    result = await slash(alice, game.channel, "payday status")
    posted = result.response  # the board shown again, at the bottom of the channel
    table = await load(env, game.channel)
    assert posted.attachments and table.message_id == message(game.channel, table.message_id).id
    assert picture(message(game.channel, table.message_id))[2].startswith("board-")


# -- BOARD_PICTURES off: the board in words only ------------------------------------------------------
@pytest.mark.bot(board_pictures=False)
async def test_with_pictures_off_the_board_is_in_words_and_nothing_is_drawn(env, monkeypatch):
    drawn = []
    monkeypatch.setattr(board_attachment, "render_png", lambda scene: drawn.append(scene) or b"")
    game = await start_game(env, 3, months=1)
    posted = set()
    for _ in range(12):  # turns pass from player to player: calls post the board anew
        board = await live(env, game.channel)
        posted.add(board.id)
        assert board.attachments == [] and board.embeds[0].image.url is None
        lines = field(board, "Players").splitlines()  # where everyone is, in words
        assert len(lines) == 3 and all(" — " in line for line in lines)
        assert await step(env, game)
    assert len(posted) > 1 and drawn == []


async def test_turning_pictures_off_takes_the_picture_off_a_game_s_live_message(env, make_bot):
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    assert picture(await live(env, game.channel))  # drawn while the setting was on

    await env.bot.close()
    await env.restart_bot(make_bot(board_pictures=False))
    await slash(alice, game.channel, "payday loan", amount=1000)  # an edit of the same message

    board = await live(env, game.channel)
    assert "$1,000" in field(board, "Players")
    assert board.attachments == [] and board.embeds[0].image.url is None


async def test_a_status_that_had_to_wait_still_posts_the_board_with_its_picture(env, monkeypatch):
    """Deferred ("thinking…"), the board takes the deferred answer's place, its picture attached."""
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    shown = service(env).looks.status

    async def slow_status(*args):  # a busy database
        await asyncio.sleep(DEFER_AFTER + 1)
        return await shown(*args)

    monkeypatch.setattr(service(env).looks, "status", slow_status)
    mark = len(env.http_requests)
    result = await alice.slash(game.channel, "payday status")
    await env.advance_time(DEFER_AFTER + 2)

    assert result.acknowledged and {"type": 5} in [r.json for r in env.http_requests[mark:]]  # "thinking…"
    table = await load(env, game.channel)
    board = message(game.channel, table.message_id)
    assert picture(board)[2].startswith("board-") and not board.flags.ephemeral


async def test_the_alt_text_says_each_players_day_what_is_on_it_and_the_jackpot(env):
    """Read aloud by a screen reader (the uploaded file's description): where each player stands,
    what their day says, as the calendar writes it, and the Jackpot."""
    game = await start_game(env, 2, months=1)
    alice, _ = game.players
    board = await live(env, game.channel)
    async with rigged(env, game.channel) as state:
        state.script.append(2)
    await click(alice, board, label="Roll the die")
    said = (await live(env, game.channel)).attachments[0].description
    assert said.startswith("Pay Day board, Month 1 of 1. Jackpot $0.")
    assert "alice (A) day 2: Sweepstakes (+$5,000)" in said
    assert "bob (B) START" in said
