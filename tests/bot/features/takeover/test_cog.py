"""A member who is not seated takes over a computer's seat, with the host's approval (issue 17.11):
the request pings the host, Approve hands the seat over between its turns with its money, Decline
leaves it to the computer, and every other click on the request is refused and changes nothing."""

from datetime import timedelta

import discord
import pytest

from bot.render.language.i18n import lang
from bot.table.document import REQUEST_TIME
from tests.cogs.payday.rig import (
    Game,
    calls_sent,
    client_locales,
    field,
    labels,
    live,
    load,
    script,
    start_game,
    step,
    stored,
    unescape,
)
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK
from tests.cogs.payday.test_restart import OPTIONS, restart
from tests.helpers import add_computer, click, refusal, slash

PENNY = 2
"""The seat of the computer player the host adds in the lobby."""


async def with_a_computer(env, language: str | None = None) -> Game:
    """alice hosts, bob joins, alice adds Bot Penny and starts; olga watches without a seat."""
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob, olga = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "olga"))
    words = lang(language)
    options = {"months": 1} if language is None else {"months": 1, "language": language}
    lobby = (await slash(alice, channel, "payday start", **options)).response
    await click(bob, lobby, label=words._("Join"))
    await add_computer(alice, lobby)
    await click(alice, lobby, label=words._("Start"))
    return Game(guild, channel, [alice, bob], olga)


def money(table, seat: int) -> tuple:
    """What a seat owns and where it stands: a takeover keeps all of it."""
    player = table.state.players[seat]
    return player.cash, player.loan, player.mail, player.deals, player.day, player.months_done


async def test_the_host_approves_and_the_member_plays_the_computers_seat_with_its_money(env):
    game = await with_a_computer(env)
    alice, bob = game.players
    olga = game.outsider
    suggested = await olga.autocomplete(game.channel, "payday takeover", "seat", "pen")
    assert [choice["value"] for choice in suggested] == ["Bot Penny"]
    before = money(await load(env, game.channel), PENNY)
    mark = len(env.http_requests)

    asked = await slash(olga, game.channel, "payday takeover", seat="bot penny")

    request = asked.response
    assert not asked.ephemeral
    assert request.content.startswith(
        f"🪑 <@{alice.id}> **olga** asks to take over the seat of **Bot Penny**"
    )
    assert labels(request) == ["Approve", "Decline"]
    assert calls_sent(env, mark) == [[alice.id]]  # the host is pinged, nobody else

    approved = await click(alice, request.message, label="Approve")

    assert not approved.ephemeral
    shown = request.message
    assert shown.content == (
        "✅ alice approved: **olga** plays the seat of **Bot Penny** from now on, with its money, loans, "
        "cards and place."
    )
    assert shown.components == []
    table = await load(env, game.channel)
    assert table.seats[PENNY].user_id == olga.id and table.seats[PENNY].name == "olga"
    assert PENNY not in table.computers() and table.requests == []
    assert money(table, PENNY) == before
    board = await live(env, game.channel)
    assert "**olga**" in field(board, "Players") and "Bot Penny" not in field(board, "Players")
    took_over = "olga took over the seat of Bot Penny from the computer, with its money, loans and cards."
    assert took_over in unescape(field(board, "Latest"))

    playing = game._replace(players=[alice, bob, olga])
    while PENNY not in (await load(env, game.channel)).waiting_humans():
        await step(env, playing)
    board = await live(env, game.channel)
    assert f"<@{olga.id}>" in board.content  # called by name, like any player
    acted = (await load(env, game.channel)).state.actions
    await env.advance_time(10)
    assert (await load(env, game.channel)).state.actions == acted  # the computer does not move for her

    answered = await click(olga, board, label=labels(board)[0])

    assert not answered.ephemeral
    assert (await load(env, game.channel)).state.actions > acted  # her answer (a Lottery asks on)
    hand = await slash(olga, game.channel, "payday hand")
    assert hand.ephemeral and hand.response.embeds  # her own hand panel now


async def test_the_host_declines_and_the_computer_keeps_the_seat(env):
    game = await with_a_computer(env)
    alice, _ = game.players
    request = (await slash(game.outsider, game.channel, "payday takeover", seat="Bot Penny")).response

    await click(alice, request.message, label="Decline")

    shown = request.message
    assert (
        shown.content == "❌ alice declined: the computer keeps playing the seat of **Bot Penny**, not olga."
    )
    assert shown.components == []
    table = await load(env, game.channel)
    assert table.seats[PENNY].computer and table.seats[PENNY].name == "Bot Penny" and table.requests == []


async def test_only_the_host_answers_and_a_seated_member_cannot_ask(env):
    game = await with_a_computer(env)
    _, bob = game.players
    olga = game.outsider

    own = await slash(bob, game.channel, "payday takeover", seat="Bot Penny")
    a_person = await slash(olga, game.channel, "payday takeover", seat="bob")
    nobody = await slash(olga, game.channel, "payday takeover", seat="Bot Nickel")

    assert own.ephemeral and refusal(own) == (
        "You already play in this game (as bob): only a member without a seat can take one over."
    )
    assert (
        refusal(a_person)
        == "A person plays the seat of bob, not the computer. The computer plays: Bot Penny."
    )
    assert refusal(nobody) == "No seat here is called “Bot Nickel”. The computer plays: Bot Penny."
    assert (await load(env, game.channel)).requests == []

    request = (await slash(olga, game.channel, "payday takeover", seat="Bot Penny")).response
    again = await slash(olga, game.channel, "payday takeover", seat="Bot Penny")
    assert again.ephemeral and refusal(again).startswith("You already asked for the seat of Bot Penny")
    before = await stored(env, game.channel)

    by_bob = await click(bob, request.message, label="Approve")
    by_olga = await click(olga, request.message, label="Decline")

    assert by_bob.ephemeral and refusal(by_bob) == "Only the host, alice, can answer this request."
    assert refusal(by_olga) == "Only the host, alice, can answer this request."
    assert await stored(env, game.channel) == before
    assert labels(request.message) == ["Approve", "Decline"]


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_approval_is_refused_while_the_seat_is_asked_and_accepted_once_its_move_is_done(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    olga = game.outsider
    await slash(alice, game.channel, "payday leave")  # her roll is the computer's now; bob hosts
    request = (await slash(olga, game.channel, "payday takeover", seat="alice")).response
    assert request.content.startswith(f"🪑 <@{bob.id}> **olga** asks to take over the seat of **alice**")
    before = await stored(env, game.channel)

    now = await click(bob, request.message, label="Approve")

    assert now.ephemeral and refusal(now) == (
        "alice is in the middle of a turn or a question: approve again once it is done (the request "
        "stays open)."
    )
    assert await stored(env, game.channel) == before and labels(request.message) == ["Approve", "Decline"]

    await script(env, game.channel, 2)
    await env.advance_time(2)  # the computer rolls for the seat: its turn is over
    table = await load(env, game.channel)
    assert table.state.turn == 1 and table.seats[0].computer

    later = await click(bob, request.message, label="Approve")

    assert not later.ephemeral
    assert (await load(env, game.channel)).seats[0].user_id == olga.id
    rolled = await click(bob, await live(env, game.channel), label="Roll the die")
    assert not rolled.ephemeral  # the table plays on


async def test_the_player_who_left_takes_the_seat_back_only_by_asking(env):
    game = await start_game(env, 3, months=1)
    alice, _, carol = game.players
    await slash(carol, game.channel, "payday leave")
    board = await live(env, game.channel)
    silently = await click(carol, board, label="My hand")
    assert refusal(silently) == "You're no longer in this game: a computer player took over your seat."

    request = (await slash(carol, game.channel, "payday takeover", seat="carol")).response
    await click(alice, request.message, label="Approve")

    table = await load(env, game.channel)
    assert table.seats[2].user_id == carol.id and not table.seats[2].replaced
    assert "**carol** (left: a computer plays on)" not in field(await live(env, game.channel), "Players")


async def test_a_request_outrun_by_another_or_left_from_a_game_over_is_refused(env):
    game = await with_a_computer(env)
    alice, _ = game.players
    olga = game.outsider
    dave = game.guild.add_member(env.create_user("dave"))
    first = (await slash(olga, game.channel, "payday takeover", seat="Bot Penny")).response
    second = (await slash(dave, game.channel, "payday takeover", seat="Bot Penny")).response

    await click(alice, first.message, label="Approve")
    outrun = await click(alice, second.message, label="Approve")

    assert refusal(outrun) == "That seat is no longer the computer's: olga plays it now."
    assert (await load(env, game.channel)).seats[PENNY].user_id == olga.id

    for player in (*game.players, olga):
        await slash(player, game.channel, "payday leave")  # the last one out ends the game
    over = await click(alice, second.message, label="Approve")
    assert refusal(over) == "This game has ended."


@pytest.mark.bot(turn_seconds=900)
async def test_a_request_expires_after_the_turn_time_or_ten_minutes(env):
    game = await with_a_computer(env)
    alice, _ = game.players
    request = (await slash(game.outsider, game.channel, "payday takeover", seat="Bot Penny")).response
    [waiting] = (await load(env, game.channel)).requests
    assert waiting.expires - discord.utils.utcnow() == timedelta(seconds=900) > REQUEST_TIME
    await env.advance_time(900)

    late = await click(alice, request.message, label="Approve")

    assert refusal(late) == "This request has expired: olga can ask again with /payday takeover."
    assert (await load(env, game.channel)).seats[PENNY].computer


@pytest.mark.bot(**OPTIONS)
async def test_the_approve_button_works_after_a_restart(env, make_bot):
    game = await with_a_computer(env)
    alice, _ = game.players
    request = (await slash(game.outsider, game.channel, "payday takeover", seat="Bot Penny")).response

    await restart(env, make_bot)
    approved = await click(alice, request.message, label="Approve")

    assert not approved.ephemeral and request.message.components == []
    assert (await load(env, game.channel)).seats[PENNY].user_id == game.outsider.id


async def test_in_italian(env, monkeypatch):
    locales = client_locales(monkeypatch)
    game = await with_a_computer(env, language="it")
    alice, bob = game.players
    locales[bob.id] = "it"

    asked = await slash(game.outsider, game.channel, "payday takeover", seat="Bot Penny")
    request = asked.response
    assert "**olga** chiede di prendere il posto di **Bot Penny**" in request.content
    assert labels(request) == ["Approva", "Rifiuta"]
    by_bob = await click(bob, request.message, label="Approva")
    assert refusal(by_bob) == "Solo chi ha aperto la partita, alice, può rispondere a questa richiesta."

    await click(alice, request.message, label="Approva")

    assert request.message.content.startswith(
        "✅ alice ha approvato: da ora **olga** prende il posto di **Bot Penny**"
    )
    assert "olga prende il posto di Bot Penny, giocato dal computer" in unescape(
        field(await live(env, game.channel), "Ultime mosse")
    )
