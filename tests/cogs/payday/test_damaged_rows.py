"""A saved game the bot cannot read stops neither the bot nor the other games: it is set aside."""

import logging
import sqlite3

import pytest

from tests.cogs.payday.rig import live, load, start_game, step
from tests.helpers import click, slash

OPTIONS = {"seed": 99, "turn_seconds": 60, "interrupt_seconds": 30}
NOT_UTF8 = b'{"host_id": 1, "seats": "\xff\xfe"}'


def tamper(database_path, channel_id: int, sql: str, *params) -> None:
    with sqlite3.connect(database_path) as raw:
        raw.execute(sql, (*params, channel_id))
    raw.close()


def told(channel) -> list[str]:
    return [m.content for m in channel.history() if "could not be read" in (m.content or "")]


@pytest.mark.bot(**OPTIONS)
async def test_unreadable_games_are_set_aside_once_and_the_others_play_on(
    env, make_bot, database_path, caplog
):
    good = await start_game(env, 2)
    garbled = await start_game(env, 2)  # bytes that are not text (a bad disk, a stray tool)
    outdated = await start_game(env, 2)  # JSON this version's model rejects (after an upgrade)
    garbled_board = await live(env, garbled.channel)
    await env.bot.close()
    tamper(
        database_path,
        garbled.channel.id,
        "UPDATE games SET data = CAST(? AS TEXT) WHERE channel_id = ?",
        NOT_UTF8,
    )
    tamper(
        database_path,
        outdated.channel.id,
        "UPDATE games SET data = json_set(data, '$.seats', 'everyone') WHERE channel_id = ?",
    )
    caplog.set_level(logging.WARNING, logger="bot.service.tables")

    await env.restart_bot(make_bot(**OPTIONS))  # used to stop with a traceback

    assert await step(env, good)  # the healthy game plays on
    # A click on the garbled game's old board: refused in words, and the channel told, once.
    result = await click(
        garbled.players[0], garbled_board, label=garbled_board.components[0].children[0].label
    )
    assert result.ephemeral and "ended" in result.response.content
    await env.advance_time(120)  # every timer fires, the outdated game's included
    assert await step(env, good)
    assert len(told(garbled.channel)) == 1 and len(told(outdated.channel)) == 1
    await click(garbled.players[0], garbled_board, label=garbled_board.components[0].children[0].label)
    assert len(told(garbled.channel)) == 1

    # Kept byte for byte, never deleted; the log names each channel.
    with sqlite3.connect(database_path) as raw:
        kept = dict(raw.execute("SELECT channel_id, data FROM quarantine").fetchall())
    raw.close()
    assert kept[garbled.channel.id] == NOT_UTF8
    assert b'"seats":"everyone"' in kept[outdated.channel.id]
    set_aside = [r for r in caplog.records if r.getMessage() == "unreadable game set aside"]
    assert sorted(r.channel for r in set_aside) == sorted([garbled.channel.id, outdated.channel.id])
    assert "UTF-8" in next(r.reason for r in set_aside if r.channel == garbled.channel.id)

    # The channel is free for a new game.
    await slash(outdated.players[0], outdated.channel, "payday start")
    assert (await load(env, outdated.channel)).host_id == outdated.players[0].id
