"""/payday kick through Discord: the host or a moderator removes a player. From a lobby the seat is
freed (they may join again); from a running game a computer player takes the seat exactly as when
the player leaves, the table is told who removed whom, and the game never waits for a restart."""

import discord

from bot.render.language.i18n import lang
from tests.cogs.payday.rig import books, field, live, load, script, service, start_game, stored, unescape
from tests.cogs.payday.test_lobby import COMPUTERS_WAIT_FOR_THE_CLOCK, seats
from tests.helpers import click, refusal, slash, table

ENGLISH = lang("en")


def posted(channel) -> list[str]:
    """The text of every public message in the channel, oldest first."""
    return [msg.content for msg in reversed(channel.history()) if msg.content]


def moderator(env, game_guild):
    role = game_guild.create_role("Mod", permissions=discord.Permissions(manage_channels=True))
    return game_guild.add_member(env.create_user("mod"), roles=[role])


async def bobs_turn(env, game, words=ENGLISH) -> None:
    """alice rolls a 2 (nothing to decide there): the game asks bob, whose die will show 3."""
    await script(env, game.channel, 2, 3)
    await click(game.players[0], await live(env, game.channel), label=words._("Roll the die"))
    assert (await load(env, game.channel)).state.pending.seats == [1]


async def test_the_host_removes_a_player_from_the_lobby_who_may_join_again(env):
    _, channel, (alice, bob, carol) = table(env, 3)
    lobby = (await slash(alice, channel, "payday start")).response
    await click(bob, lobby, label="Join")
    await click(carol, lobby, label="Join")

    removed = await slash(alice, channel, "payday kick", member=bob)

    assert removed.ephemeral and removed.response.content == "bob was removed by alice."
    assert lobby.embeds[0].footer.text == "bob was removed by alice."
    assert seats(lobby) == "1. alice (host)\n2. carol"
    await click(bob, lobby, label="Join")  # nobody is banned
    assert seats(lobby) == "1. alice (host)\n2. carol\n3. bob"


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_removing_the_player_asked_hands_the_turn_to_a_computer_and_keeps_the_books(env):
    game = await start_game(env, 3, months=1)
    alice, bob, _ = game.players
    await bobs_turn(env, game)
    before = (await load(env, game.channel)).state.prompt

    removed = await slash(alice, game.channel, "payday kick", member=bob)

    assert removed.ephemeral
    assert removed.response.content == "You removed bob from the game; a computer player took their seat."
    told = "alice removed bob from the game: a computer player takes over their seat and their money."
    assert posted(game.channel)[-1] == told
    latest = unescape(field(await live(env, game.channel), "Latest"))
    assert "bob was removed from the game; a computer player takes over their seat." in latest
    table_ = await load(env, game.channel)
    assert table_.seats[1].computer and table_.seats[1].name == "bob"
    assert service(env).timers.armed(game.channel.id) == table_.computer_at  # the game goes on by itself

    await env.advance_time(2)  # the computer now in bob's seat answers for it

    table_ = await load(env, game.channel)
    assert table_.state.prompt > before and table_.state.players[1].day == 3
    row = await env.bot.store.get(game.channel.id)
    assert await books(env, row.game_id, table_.state) == []
    story = (await slash(alice, game.channel, "payday log")).response.embeds[0].description
    assert "bob was removed from the game; a computer player takes over their seat." in unescape(story)


async def test_only_the_host_or_a_moderator_removes_and_only_someone_else_still_seated(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    await slash(alice, game.channel, "payday kick", member=carol)
    before, messages = await stored(env, game.channel), len(game.channel.history())

    attempts = [
        (bob, alice, "Only the host, alice, or someone with Manage Channels can do that."),
        (alice, alice, "To leave the game yourself, use /payday leave."),
        (alice, game.outsider, "olga has no seat in this game."),
        (alice, carol, "carol is no longer in this game: a computer player already plays their seat."),
    ]
    for who, whom, said in attempts:
        result = await slash(who, game.channel, "payday kick", member=whom)
        assert result.ephemeral and refusal(result) == said
        assert result.response.content.count("\n") == 1  # linked to the live message

    assert await stored(env, game.channel) == before and len(game.channel.history()) == messages
    elsewhere = game.guild.create_text_channel("elsewhere")
    assert refusal(await slash(alice, elsewhere, "payday kick", member=bob)) == (
        "There is no game in this channel: start one with /payday start."
    )


async def test_someone_with_manage_channels_removes_a_player_they_do_not_play_with(env):
    game = await start_game(env, 3, months=1)
    mod = moderator(env, game.guild)

    removed = await slash(mod, game.channel, "payday kick", member=game.players[0])

    assert removed.response.content == "You removed alice from the game; a computer player took their seat."
    assert posted(game.channel)[-1] == (
        "mod removed alice from the game: a computer player takes over their seat and their money."
    )
    table_ = await load(env, game.channel)
    assert table_.seats[0].computer and table_.host_id == game.players[1].id  # the host role passed on


@COMPUTERS_WAIT_FOR_THE_CLOCK
async def test_an_italian_table_is_told_in_italian_and_the_host_answered_in_their_own_language(env):
    it = lang("it")
    game = await start_game(env, 3, months=1, language="it")
    alice, bob, _ = game.players
    await bobs_turn(env, game, it)

    removed = await slash(alice, game.channel, "payday kick", member=bob)

    assert removed.response.content == "You removed bob from the game; a computer player took their seat."
    assert posted(game.channel)[-1] == (
        "alice ha tolto bob dalla partita: il suo posto e i suoi soldi passano a un giocatore computer."
    )
    latest = unescape(field(await live(env, game.channel), it._("Latest")))
    assert (
        "bob è fuori dalla partita per decisione di chi la gestisce; "
        "il suo posto passa a un giocatore computer." in latest
    )
