"""`/payday replay` and `/payday export` (issue 19.4-5), end to end: a finished game stepped through
privately, turn by turn, with each button, after a restart too; its record and ledger as files that
parse and audit; another server's game, a pruned game and a forged step refused in one line; in the
reader's own language."""

import csv
import io
import json
from datetime import timedelta

import discord
import pytest

from bot.features.replay.exports import audit
from cogs.payday.live._controls import Controls
from tests.cogs.payday.rig import Game, client_locales, finished, play_to_end, random_button, start_game
from tests.helpers import click, refusal, slash

OPTIONS = {"seed": 21, "turn_seconds": 60, "interrupt_seconds": 30}


async def played(env, months: int = 1):
    """A game of alice, bob and carol played to its end; returns (game, its number)."""
    game = await start_game(env, 3, months=months)
    await play_to_end(env, game, random_button(3))
    game_id, _ = await finished(env, game.channel)
    return game, game_id


def shown(result) -> tuple[discord.Embed, str]:
    """The replay's embed as the answer shows it, and its footer (which step)."""
    [embed] = result.response.embeds
    return embed, embed.footer.text


def turn(footer: str) -> int:
    """The step a footer names: 0 for the deal."""
    return 0 if footer.startswith("Before the first turn") else int(footer.split(" ", 2)[1])


def last_of(footer: str) -> int:
    return int(footer.split(" of ", 1)[1].split(" ", 1)[0])


def enabled(result) -> list[str]:
    message = result.response.message
    return [b.label for row in message.components for b in row.children if not b.disabled]


@pytest.mark.bot(**OPTIONS)
async def test_a_finished_game_steps_with_each_button_and_after_a_restart(env, make_bot):
    game, game_id = await played(env)
    alice = game.players[0]

    first = await slash(alice, game.channel, "payday replay", game=game_id)

    embed, footer = shown(first)
    assert first.ephemeral and embed.title == f"Replay of game #{game_id}"
    assert footer == f"Before the first turn · game #{game_id} · Modern edition"
    assert embed.description.startswith("**The game begins**\nalice, bob and carol each collected $3,500")
    [board] = first.response.message.attachments
    assert board.filename.startswith("board-") and embed.image.url.endswith(board.filename)
    assert enabled(first) == ["Next ▶", "End ⏭", "Next Pay Day"]  # nothing before the deal

    step = await click(alice, first.response, label="Next ▶")
    embed, footer = shown(step)
    assert turn(footer) == 1 and embed.description.startswith("**Month 1 · alice ")
    [moved] = step.response.message.attachments  # the board as it stood then, in place of the deal's
    assert embed.image.url.endswith(moved.filename) and moved.filename != board.filename
    last = last_of(footer)

    end = await click(alice, step.response, label="End ⏭")
    embed, footer = shown(end)
    assert turn(footer) == last and "🏆 **Game over: " in embed.description
    assert enabled(end) == ["⏮ Start", "◀ Back"]

    back = await click(alice, end.response, label="◀ Back")
    assert turn(shown(back)[1]) == last - 1

    await env.bot.close()
    await env.restart_bot(make_bot(**OPTIONS))
    start = await click(alice, back.response, label="⏮ Start")  # a button sent before the restart
    assert turn(shown(start)[1]) == 0

    payday = await click(alice, start.response, label="Next Pay Day")
    embed, footer = shown(payday)
    assert 0 < turn(footer) < last and ": Pay Day**\n" in embed.description  # the first to reach it
    assert "**Pay Day for " in embed.description


async def forged(env, channel, custom_id: str) -> discord.Message:
    """A message holding a button of a hand-made custom_id (what a forger could get clicked)."""
    button = {"type": 2, "style": 2, "label": "Forged", "custom_id": custom_id}
    sent = await env.bot.get_channel(channel.id).send(
        "forged", view=Controls([{"type": 1, "components": [button]}])
    )
    return next(m for m in channel.history() if m.id == sent.id)


@pytest.mark.bot(**OPTIONS)
async def test_another_servers_game_an_unknown_one_and_a_forged_step_are_refused(env):
    game, game_id = await played(env)
    alice = game.players[0]
    elsewhere = env.create_guild("Elsewhere")
    channel = elsewhere.create_text_channel("payday")
    olga = elsewhere.add_member(env.create_user("olga"))

    for command in ("payday replay", "payday export"):
        refused = await slash(olga, channel, command, game=game_id)
        assert refused.ephemeral and refusal(refused) == f"No game #{game_id} has finished in this server."
        unknown = await slash(alice, game.channel, command, game=game_id + 7)
        assert refusal(unknown) == f"No game #{game_id + 7} has finished in this server."
    clicked = await click(olga, await forged(env, channel, f"pdw:{game_id}:1:next"), label="Forged")
    assert clicked.ephemeral and refusal(clicked) == f"No game #{game_id} has finished in this server."

    last = last_of(
        shown(
            await click(
                alice,
                (await slash(alice, game.channel, "payday replay", game=game_id)).response,
                label="Next ▶",
            )
        )[1]
    )
    clicked = await click(
        alice, await forged(env, game.channel, f"pdw:{game_id}:{last + 1}:next"), label="Forged"
    )
    assert clicked.ephemeral
    assert refusal(clicked) == f"Game #{game_id} has no such turn: its turns go from 0 to {last}."
    assert not env.errors


@pytest.mark.bot(**OPTIONS)
async def test_export_gives_the_record_and_the_ledger_as_files_that_parse_and_audit(env):
    game, game_id = await played(env)

    exported = await slash(game.players[1], game.channel, "payday export", game=game_id)

    assert exported.ephemeral and exported.response.content.startswith(f"Game #{game_id}: its record")
    assert "python -m" not in exported.response.content  # a command means nothing to a player
    record_file, ledger_file = exported.response.message.attachments
    assert (record_file.filename, ledger_file.filename) == (
        f"payday-game-{game_id}.json",
        f"payday-game-{game_id}-ledger.csv",
    )
    text = await record_file.read()
    record = json.loads(text)
    assert (record["format"], record["version"], record["game"]) == ("payday-record", 2, game_id)
    assert [p["name"] for p in record["players"]] == ["alice", "bob", "carol"]
    assert audit(text).reproduced
    rows = list(csv.DictReader(io.StringIO((await ledger_file.read()).decode("utf-8-sig"), newline="")))
    assert len(rows) == len(record["ledger"])
    assert rows[0] == {
        "Month": "1",
        "Day": "0",
        "Paid by": "the Bank",
        "Paid to": "alice",
        "Amount": "3500",
        "What for": "start cash",
    }


HOSTILE = ('=HYPERLINK("http://evil","x")', "+SUM(1+1)", "-2+3", "@SUM(A1)", "\t=1+1")
"""Nicknames a spreadsheet would run as formulas (a tab before one is trimmed by the bot anyway)."""


@pytest.mark.bot(**OPTIONS)
async def test_an_exported_ledger_runs_no_nickname_as_a_formula_and_reads_in_the_exporters_words(
    env, monkeypatch
):
    locales = client_locales(monkeypatch)
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    players = [guild.add_member(env.create_user(name)) for name in HOSTILE]
    lobby = (await slash(players[0], channel, "payday start", months=1)).response
    for player in players[1:]:
        await click(player, lobby, label="Join")
    await click(players[0], lobby, label="Start")
    game = Game(guild, channel, players, guild.add_member(env.create_user("olga")))
    await play_to_end(env, game, random_button(4))
    game_id, _ = await finished(env, channel)
    locales[players[1].id] = "it"

    for player, heading, bank, separator in (
        (players[0], "Paid by", "the Bank", ","),
        (players[1], "Pagato da", "Banca", ";"),
    ):
        exported = await slash(player, channel, "payday export", game=game_id)
        ledger = (await exported.response.message.attachments[1].read()).decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(ledger, newline=""), delimiter=separator))

        assert rows[0][2] == heading and rows[1][2] == bank
        assert [row[3] for row in rows[1:6]] == ["'" + name.strip() for name in HOSTILE]
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for cell in row)


@pytest.mark.bot(**OPTIONS)
async def test_a_pruned_game_says_its_moves_were_pruned(env):
    game, game_id = await played(env)
    await env.bot.store.prune(discord.utils.utcnow() + timedelta(days=3650))

    for command in ("payday replay", "payday export"):
        refused = await slash(game.players[0], game.channel, command, game=game_id)
        assert refused.ephemeral
        assert refusal(refused) == f"Game #{game_id}'s moves were pruned: only its result is kept."


@pytest.mark.bot(**OPTIONS)
async def test_a_reader_steps_through_in_their_own_language(env, monkeypatch):
    locales = client_locales(monkeypatch)
    game, game_id = await played(env)
    bob = game.players[1]
    locales[bob.id] = "it"

    first = await slash(bob, game.channel, "payday replay", game=game_id)

    embed, footer = shown(first)
    assert embed.title == f"Rivedi la partita n. {game_id}"
    assert footer.startswith(f"Prima del primo turno · partita n. {game_id} · ")
    assert enabled(first) == ["Avanti ▶", "Fine ⏭", "Giorno di paga seguente"]
    step = await click(bob, first.response, label="Avanti ▶")
    embed, footer = shown(step)
    assert footer.startswith("Turno 1 di ") and embed.description.startswith("**Mese 1 · alice ")
    pruned = await slash(bob, game.channel, "payday replay", game=game_id + 3)
    assert refusal(pruned) == f"Nessuna partita finita con il n. {game_id + 3} in questo server."


@pytest.mark.bot(**OPTIONS)
async def test_the_game_option_suggests_this_servers_finished_games_newest_first(env):
    game, game_id = await played(env)
    alice = game.players[0]
    await slash(alice, game.channel, "payday start", months=1)
    await click(game.players[1], game.channel.last_message, label="Join")
    await click(alice, game.channel.last_message, label="Start")
    await play_to_end(env, game, random_button(5))
    newer, _ = await finished(env, game.channel)
    elsewhere = env.create_guild("Elsewhere")
    olga = elsewhere.add_member(env.create_user("olga"))

    for command in ("payday replay", "payday export"):
        offered = await alice.autocomplete(game.channel, command, "game", "")
        assert [choice["value"] for choice in offered] == [newer, game_id]
        assert offered[1]["name"] == f"Game #{game_id} · Modern edition · alice, bob and carol"
        typed = await alice.autocomplete(game.channel, command, "game", str(newer))
        assert [choice["value"] for choice in typed] == [newer]
        assert await olga.autocomplete(elsewhere.create_text_channel("x"), command, "game", "") == []
