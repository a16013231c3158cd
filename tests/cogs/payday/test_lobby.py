"""The lobby by buttons and by slash commands, the host role, and computer players who play alone."""

from datetime import timedelta

import discord
import pytest

from bot.game.events import Event
from bot.game.rulesets import RULESETS
from bot.render.language.events import describe
from bot.render.language.i18n import lang
from bot.table import COMPUTER_DELAY
from tests.cogs.payday.rig import (
    Game,
    field,
    labels,
    live,
    load,
    message,
    play_to_end,
    script,
    service,
    start_game,
    unescape,
)
from tests.helpers import add_computer, click, end_game, refusal, slash, table

LOBBY_BUTTONS = ["Join", "Leave", "Start", "Cancel", "House rules"]


def seats(msg) -> str:
    return unescape(msg.embeds[0].fields[0].value)


def closed_with(msg, title: str = "Pay Day — lobby closed") -> str:
    """What a closed lobby's message says closed it: its title says closed, its text begins with
    who or what closed it, and nothing invites anyone or counts down to a closing."""
    embed = msg.embeds[0]
    assert embed.title == title and embed.footer.text is None
    assert "closes by itself" not in embed.description and "<t:" not in embed.description
    assert "/" not in embed.fields[0].name  # the players who were there, no seats left to count
    return embed.description.split("\n")[0]


async def test_join_leave_and_computers_by_buttons_and_commands(env):
    _, channel, (alice, bob, carol) = table(env, 3)
    lobby = (await slash(alice, channel, "payday start", months=2)).response
    assert labels(lobby) == LOBBY_BUTTONS
    assert seats(lobby) == "1. alice (host)"

    await click(bob, lobby, label="Join")
    joined = await slash(carol, channel, "payday join")
    assert joined.ephemeral and joined.response.content == "carol joined."
    assert seats(lobby) == "1. alice (host)\n2. bob\n3. carol"
    assert lobby.embeds[0].fields[0].name == "Players (3/6)"

    await click(bob, lobby, label="Leave")
    assert lobby.embeds[0].footer.text == "bob left."
    left = await slash(carol, channel, "payday leave")
    assert left.ephemeral and left.response.content == "carol left."
    await add_computer(alice, lobby)
    assert seats(lobby) == "1. alice (host)\n2. Bot Penny (computer: Normal)"

    await click(alice, lobby, label="Start")
    table_ = await load(env, channel)
    assert [s.name for s in table_.seats] == ["alice", "Bot Penny"] and table_.state.months == 2
    assert lobby.id == table_.message_id  # the lobby message became the live game message
    assert labels(await live(env, channel)) == ["Roll the die"]


async def test_host_leaving_passes_the_host_role_and_the_last_one_out_closes_the_lobby(env):
    _, channel, (alice, bob, carol) = table(env, 3)
    lobby = (await slash(alice, channel, "payday start")).response
    await click(bob, lobby, label="Join")
    await click(carol, lobby, label="Join")

    await click(alice, lobby, label="Leave")
    assert seats(lobby) == "1. bob (host)\n2. carol"
    assert (await load(env, channel)).host_id == bob.id
    refused = await click(alice, lobby, label="Start")
    assert refused.ephemeral and refusal(refused) == "Only the host, bob, can start the game."

    await slash(bob, channel, "payday leave")
    assert seats(lobby) == "1. carol (host)"
    await click(carol, lobby, label="Leave")
    assert closed_with(lobby) == "Everyone left: the lobby is closed."
    assert labels(lobby) == []
    assert await load(env, channel) is None


async def test_cancel_closes_the_lobby_and_frees_the_channel(env):
    _, channel, (alice, bob) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start")).response
    await click(bob, lobby, label="Join")

    await click(alice, lobby, label="Cancel")

    assert closed_with(lobby) == "Cancelled by alice."
    assert "Join" not in lobby.embeds[0].description and seats(lobby) == "1. alice (host)\n2. bob"
    assert labels(lobby) == []
    assert await env.bot.store.get(channel.id) is None
    again = await slash(bob, channel, "payday start")  # a new lobby, under the id this one gave back
    assert not again.ephemeral and seats(again.response) == "1. bob (host)"
    assert again.response.embeds[0].title == "Pay Day — a game is forming"
    assert again.response.embeds[0].footer.text is None  # nothing of the closed lobby's
    await click(alice, again.response, label="Join")
    assert again.response.embeds[0].footer.text == "alice joined."
    assert (await service(env).tables.load(channel.id)).row.game_id == 1


async def test_end_closes_a_lobby_for_the_host(env):
    _, channel, (alice, _) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start")).response

    result = await slash(alice, channel, "payday end")

    assert result.ephemeral and result.response.content == "The lobby is closed."
    assert closed_with(lobby) == "Cancelled by alice." and labels(lobby) == []
    assert await env.bot.store.get(channel.id) is None


# A computer waits COMPUTER_DELAY (1.5 s) before acting. simcord lets a sleep that would end within its
# settle timeout (5 s by default) finish inside the current click, in real time. Below 1.5 s the
# computers' sleeps stay parked until the test advances the virtual clock, which is what we want.
COMPUTERS_WAIT_FOR_THE_CLOCK = pytest.mark.simcord(settle_timeout=COMPUTER_DELAY.total_seconds() * 0.9)


@COMPUTERS_WAIT_FOR_THE_CLOCK
@pytest.mark.bot(seed=99)
async def test_a_game_with_computer_players_plays_itself_between_human_turns(env):
    guild, channel, (alice,) = table(env, 1)
    lobby = (await slash(alice, channel, "payday start", months=1)).response
    await add_computer(alice, lobby)
    await add_computer(alice, lobby)
    await click(alice, lobby, label="Start")
    await script(env, channel, 2)  # Sweepstakes: alice's turn ends with her roll
    await click(alice, lobby, label="Roll the die")

    # Nobody clicks: the computers take their turns after a short pause each.
    table_ = await load(env, channel)
    assert table_.waiting_computers() == [1]
    for _ in range(20):
        await env.advance_time(2)
        table_ = await load(env, channel)
        if table_.waiting_humans():
            break
    actions = await env.bot.store.events(1, limit=1000, kinds=["action"])
    assert {a.data["seat"] for a in actions} >= {1, 2}
    assert unescape(field(await live(env, channel), "Latest")).count("Bot ") >= 2

    # And the whole game finishes with alice answering only her own questions.
    steps = await play_to_end(env, Game(guild, channel, [alice], alice))
    assert steps > 0
    [finished] = await env.bot.store.history()
    assert [p["name"] for p in finished.summary["players"]] == ["alice", "Bot Penny", "Bot Nickel"]
    assert channel.last_message.embeds[-1].title.endswith("Pay Day game #1")


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_leaving_a_running_game_hands_the_seat_to_a_computer(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players

    result = await slash(alice, game.channel, "payday leave")

    assert result.ephemeral
    assert result.response.content == "You left the game; a computer player took your seat."
    table_ = await load(env, game.channel)
    assert table_.seats[0].computer and table_.host_id == bob.id
    assert "alice left; a computer player takes over their seat." in field(
        await live(env, game.channel), "Latest"
    )
    await script(env, game.channel, 2)
    await env.advance_time(2)  # alice's roll, made by the computer now in her seat
    table_ = await load(env, game.channel)
    assert table_.state.players[0].day == 2 and table_.state.pending.seats == [1]

    last = await slash(bob, game.channel, "payday leave")
    assert last.response.content == "You left. Nobody else is left, so the game is over."
    assert await load(env, game.channel) is None
    assert game.channel.last_message.embeds[-1].description.startswith("Every player left.")


async def test_the_start_cash_goes_into_the_event_log_as_codes_and_reads_as_words(env):
    game = await start_game(env, 2, months=1)
    loaded = await service(env).tables.peek(game.channel.id)
    rows = await env.bot.store.events(loaded.row.game_id, limit=10, kinds=["transfer"])
    assert all("text" not in row.data for row in rows)  # nothing rendered is saved with a game
    names, ruleset = [seat.name for seat in loaded.table.seats], RULESETS[loaded.table.ruleset]
    assert [describe(Event.from_record(row.data), names, ruleset, lang("en")) for row in reversed(rows)] == [
        "alice collected $3,500 from the Bank (start cash)",
        "bob collected $3,500 from the Bank (start cash)",
    ]
    assert {(row.data["src"], row.data["amount"], row.data["reason"]) for row in rows} == {
        (-1, 3500, "start cash")
    }


@pytest.mark.bot(lobby_minutes=30)
async def test_a_lobby_nobody_starts_closes_by_itself_at_the_time_it_states(env):
    _, channel, (alice, bob) = table(env, 2)
    opened = discord.utils.utcnow()
    lobby = (await slash(alice, channel, "payday start")).response
    closes = discord.utils.format_dt(opened + timedelta(minutes=30), "R")
    assert f"the lobby closes by itself {closes}" in lobby.embeds[0].description
    await click(bob, lobby, label="Join")

    await env.advance_time(29 * 60)
    assert labels(lobby) == LOBBY_BUTTONS and await load(env, channel) is not None
    await env.advance_time(60)

    assert labels(lobby) == []
    assert closed_with(lobby) == "Nobody started the game within 30 minutes: the lobby closed."
    assert await env.bot.store.get(channel.id) is None
    again = await slash(bob, channel, "payday start")  # the channel is free again
    assert not again.ephemeral


@pytest.mark.bot(lobby_minutes=10)
async def test_a_lobby_whose_time_ran_out_while_the_bot_was_down_closes_after_the_restart(env, make_bot):
    _, channel, (alice,) = table(env, 1)
    lobby = (await slash(alice, channel, "payday start")).response
    await env.bot.close()
    await env.advance_time(60 * 60)
    await env.restart_bot(make_bot(lobby_minutes=10))
    await env.advance_time(1)

    assert labels(lobby) == [] and await env.bot.store.get(channel.id) is None


@pytest.mark.bot(lobby_minutes=30, turn_seconds=86400)
async def test_a_started_game_no_longer_closes_like_a_lobby(env):
    game = await start_game(env, 2, months=1)
    await env.advance_time(31 * 60)
    table_ = await load(env, game.channel)
    assert table_ is not None and table_.lobby_closes is None and table_.state is not None


async def test_a_closed_lobby_reads_closed_in_italian_too(env):
    _, channel, (alice, bob) = table(env, 2)
    lobby = (await slash(alice, channel, "payday start", language="it")).response
    assert "si chiude da sola" in lobby.embeds[0].description
    await click(bob, lobby, label="Entra")

    await click(alice, lobby, label="Annulla")

    assert closed_with(lobby, "Pay Day: sala d'attesa chiusa") == "Annullata da alice."
    assert "Entra" not in lobby.embeds[0].description and labels(lobby) == []


@pytest.mark.bot(lobby_minutes=30)
async def test_rematch_lobbies_cancelled_or_expired_use_up_no_game_number(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    assert (await live(env, game.channel)).embeds[0].footer.text.startswith("Game #1 ·")
    await end_game(alice, game.channel)
    standings = game.channel.last_message

    await click(bob, standings, label="Rematch")
    await click(bob, message(game.channel, (await load(env, game.channel)).message_id), label="Cancel")
    await click(alice, standings, label="Rematch")
    await env.advance_time(30 * 60)  # nobody starts it: it closes by itself
    assert await load(env, game.channel) is None

    lobby = (await slash(alice, game.channel, "payday start", months=1)).response
    await click(bob, lobby, label="Join")
    await click(alice, lobby, label="Start")
    assert (await live(env, game.channel)).embeds[0].footer.text.startswith("Game #2 ·")
    await end_game(alice, game.channel)
    assert [row.game_id for row in await env.bot.store.history()] == [2, 1]
    rows, _ = await service(env).tables.log_after(2, 0)  # the game's log, nothing of the lobbies'
    assert rows[0] == {"kind": "lobby", "host": alice.id} and not any("rematch" in row for row in rows)
