"""/payday history, stats and leaderboard end to end: a game played to its end is in all three, and
who left it (placed last), a game ended early only in history, ties share a place, a member short of
the minimum is told how many rated games they have, page buttons work after a restart, and no server
sees another's games."""

import re
import sqlite3

import pytest
import simcord
import simcord.interactions

from bot.service import ratings
from bot.service.ratings import rate
from bot.service.results import result_of
from bot.table.settings import ServerSettings
from tests.cogs.payday.rig import (
    client_locales,
    finished,
    labels,
    play_to_end,
    random_button,
    start_game,
    step,
    unescape,
)
from tests.cogs.payday.test_kick import moderator
from tests.helpers import click, end_game, refusal, slash

Seat = tuple[simcord.MemberActor | None, int] | tuple[None, int, str]
"""A seat of a seeded game: (member, net worth), or (None, net worth, strength) for a computer."""


async def seed(
    env, guild, channel, *seats: Seat, reason: str = "retired", ruleset: str = "modern", **more
) -> int:
    """A finished game recorded the way a game's end records it, without playing it."""
    players = []
    for seat in seats:
        member, worth, *strength = seat
        player = {"name": "robo" if member is None else member.name, "user_id": getattr(member, "id", None)}
        players.append(
            {**player, "net_worth": worth, "tally": {"sold": 2, "jackpot_won": 900, "best_jackpot": 900}}
        )
        if strength:
            players[-1]["strength"] = strength[0]
    summary = {"reason": reason, "ruleset": ruleset, "months": 2, "players": players, **more}
    store = env.bot.store
    row = await store.create(channel.id, guild.id, "{}")
    await store.finish(row, '{"message_id": 1}', summary, [], (result_of(summary, 1), rate))
    return row.game_id


def lines(text: str) -> list[str]:
    return [unescape(line) for line in text.splitlines()]


RANKED = re.compile(
    r"\*\*(\d+)\.\*\* (?:__)?([a-z0-9]+)(?:__)? — rating ([\d,]+) · won (\d+) of (\d+) games?"
)


def ranked(description: str) -> list[tuple[int, str, int]]:
    """(place, name, points) of each line of a leaderboard page."""
    return [
        (int(m[1]), m[2], int(m[3].replace(",", "")))
        for m in map(RANKED.fullmatch, lines(description))
        if m is not None
    ]


@pytest.mark.bot(seed=20261202)
async def test_a_game_played_to_its_end_is_in_history_stats_and_the_leaderboard(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    await play_to_end(env, game, random_button(3))
    game_id, table = await finished(env, game.channel)
    state = table.game
    worths = {seat.name: state.net_worth(i) for i, seat in enumerate(table.seats)}

    shown = await slash(bob, game.channel, "payday history")

    assert shown.ephemeral
    [embed] = shown.response.embeds
    assert embed.title == "Finished games"
    [field] = embed.fields
    assert field.name == f"Game #{game_id} · Modern edition · 1 month"
    text = lines(field.value)
    [standings] = [m for m in game.channel.history() if labels(m) == ["Rematch", "My review"]]
    assert standings.id != table.message_id  # the standings, not the last board
    link = f"https://discord.com/channels/{game.guild.id}/{game.channel.id}/{standings.id}"
    assert text[0].endswith(f"· [the game's end]({link})")
    for name, worth in worths.items():
        assert any(line.startswith("**") and f"{name} — ${worth:,}" in line for line in text), text
    winners = [table.seats[seat].name for seat in state.winners]
    assert text[-1] in (f"Winner: {winners[0]}", f"Winners: {' and '.join(winners)}")

    stats = await slash(alice, game.channel, "payday stats")
    person, computers = stats.response.embeds
    assert person.title == "alice's Pay Day"
    [modern] = person.fields
    won = int(0 in state.winners)
    assert modern.name == "Modern edition"
    assert lines(modern.value)[0] == f"Played: 1 · Won: {won} ({100 * won}%)"
    assert lines(modern.value)[1].startswith(f"Net worth: ${worths['alice']:,} on average")
    assert computers.description == "No computer player has finished a game in this server yet."

    board = await slash(alice, game.channel, "payday leaderboard")
    [embed] = board.response.embeds
    assert embed.description == "Nobody is ranked yet: a player is ranked after 3 rated games."
    [you] = embed.fields
    assert (you.name, you.value) == ("You", "1 of the 3 rated games needed to be ranked.")


async def test_a_game_a_moderator_ends_early_is_in_history_but_rates_nobody(env):
    game = await start_game(env, 2, months=1)
    alice, mod = game.players[0], moderator(env, game.guild)
    asked = await slash(mod, game.channel, "payday end")
    assert "leaving" not in asked.response.embeds[0].description  # not playing: leaves nothing
    ended = await end_game(mod, game.channel)

    shown = await slash(alice, game.channel, "payday history")
    [field] = shown.response.embeds[0].fields
    assert "Ended early by the host: not rated." in lines(field.value)
    [standings] = ended.followups  # the answer of who ended it carries them
    assert lines(field.value)[0].endswith(f"/{game.channel.id}/{standings.message.id})")

    board = await slash(alice, game.channel, "payday leaderboard")
    assert board.response.embeds[0].fields == []  # not even "rated games needed": none was rated
    assert await env.bot.store.ratings(game.guild.id, "modern", "") == []


async def test_a_host_who_ends_a_game_early_leaves_it_placed_last_and_rated(env):
    game = await start_game(env, 2, months=1)
    alice, bob = game.players
    asked = await slash(alice, game.channel, "payday end")
    assert asked.response.embeds[0].description.startswith(
        "You play in this game, so ending it counts as you leaving it: for the rating, you are placed last."
    )
    await click(alice, asked.response.message, label="End the game now")

    shown = await slash(bob, game.channel, "payday history")

    [field] = shown.response.embeds[0].fields
    assert "Ended early by a player, placed last: rated." in lines(field.value)
    placings = [line for line in lines(field.value) if line.startswith("**")]
    assert placings[0].startswith("**1.** bob — $") and placings[1].startswith("**2.** alice (left) — $")
    rated = {p.user_id: p.skill for p in await env.bot.store.ratings(game.guild.id, "modern", "")}
    assert rated[alice.id].mu < ratings.MODEL.mu < rated[bob.id].mu


@pytest.mark.bot(seed=20261202)
async def test_who_leaves_a_game_is_in_its_history_placed_last_and_rated_for_it(env):
    game = await start_game(env, 3, months=1)
    carol = game.players[2]
    for _ in range(4):
        await step(env, game, random_button(3))
    left = await slash(carol, game.channel, "payday leave")
    assert left.ephemeral
    await play_to_end(env, game, random_button(3))

    shown = await slash(carol, game.channel, "payday history", member=carol)

    [field] = shown.response.embeds[0].fields
    placings = [line for line in lines(field.value) if line.startswith("**")]
    assert placings[-1].startswith("**3.** carol (left) — $")  # her seat played on by the computer
    board = await slash(carol, game.channel, "payday leaderboard")
    [you] = board.response.embeds[0].fields
    assert (you.name, you.value) == ("You", "1 of the 3 rated games needed to be ranked.")
    [rating] = [p for p in await env.bot.store.ratings(game.guild.id, "modern", "") if p.user_id == carol.id]
    assert rating.wins == 0 and ratings.points(rating.skill) < ratings.BASE


@pytest.mark.bot(seed=20261202)
async def test_who_leaves_a_seat_a_member_then_plays_out_is_in_their_history_placed_last(env):
    game = await start_game(env, 3, months=1)
    alice, bob, carol = game.players
    for _ in range(4):
        await step(env, game, random_button(3))
    await slash(carol, game.channel, "payday leave")
    request = (await slash(game.outsider, game.channel, "payday takeover", seat="carol")).response
    while (await click(alice, request.message, label="Approve")).ephemeral:  # not in the seat's turn
        await step(env, game, random_button(3))
    await play_to_end(env, game._replace(players=[alice, bob, game.outsider]), random_button(3))

    shown = await slash(carol, game.channel, "payday history", member=carol)

    [field] = shown.response.embeds[0].fields
    placings = [line for line in lines(field.value) if line.startswith("**")]
    assert len(placings) == 4 and placings[-1].startswith("**4.** carol (left) — $")
    assert any(re.match(r"\*\*[123]\.\*\* olga — \$", line) for line in placings)
    rated = {p.user_id: p for p in await env.bot.store.ratings(game.guild.id, "modern", "")}
    assert set(rated) == {alice.id, bob.id, carol.id, game.outsider.id}
    assert ratings.points(rated[carol.id].skill) < ratings.BASE


@pytest.mark.simcord(settle_timeout=30)
async def test_a_game_that_ended_by_itself_links_to_the_standings_the_bot_posted(env):
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    await slash(alice, game.channel, "payday pause")
    await env.advance_time(7 * 24 * 3600)  # left paused for a week: it ends, nobody clicking
    standings = game.channel.last_message
    assert labels(standings) == ["Rematch", "My review"]

    shown = await slash(alice, game.channel, "payday history")

    [field] = shown.response.embeds[0].fields
    assert lines(field.value)[0].endswith(f"/{game.channel.id}/{standings.id})")


async def test_the_leaderboard_shares_places_of_ties_and_shows_your_own_place_after_a_restart(env, make_bot):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    p = [guild.add_member(env.create_user(f"p{i}")) for i in range(12)]
    newbie = guild.add_member(env.create_user("newbie"))
    for _ in range(3):
        # p0 and p1 always share first place; the other two tables play out the same way.
        await seed(env, guild, channel, (p[0], 900), (p[1], 900), (p[2], 500), (p[3], 100))
        await seed(env, guild, channel, (p[4], 900), (p[5], 800), (p[6], 700), (p[7], 600))
        await seed(env, guild, channel, (p[8], 900), (p[9], 800), (p[10], 700), (p[11], 600))
    await seed(env, guild, channel, (newbie, 100), (p[3], 900))

    first = await slash(p[7], channel, "payday leaderboard")
    [embed] = first.response.embeds
    top = ranked(embed.description)
    assert len(top) == 10 and embed.footer.text.startswith("Page 1 of 2")
    places = {name: place for place, name, _ in top}
    assert places["p0"] == places["p1"] and places["p4"] == places["p8"] and places["p5"] == places["p9"]
    for place, _, points in top:  # ties share a place; the next place counts everyone above it
        assert place == 1 + sum(other > points for _, _, other in top)
    [you] = embed.fields
    [(my_place, me, my_points)] = ranked(you.value)
    assert me == "p7" and "p7" not in places and my_place > max(places.values())

    short = await slash(newbie, channel, "payday leaderboard")
    assert [(f.name, f.value) for f in short.response.embeds[0].fields] == [
        ("You", "1 of the 3 rated games needed to be ranked.")
    ]

    await env.bot.close()
    await env.restart_bot(make_bot())
    second = await click(p[7], first.response, label="Lower ▶")  # a button sent before the restart
    [embed] = second.response.embeds
    rest = ranked(embed.description)
    assert embed.footer.text.startswith("Page 2 of 2") and (my_place, "p7", my_points) in rest
    assert embed.fields == []  # your own line is on the page itself
    back = await click(p[7], second.response, label="◀ Higher")
    assert ranked(back.response.embeds[0].description) == top


async def test_history_pages_a_members_games_and_stats_keep_computers_apart(env, make_bot):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    for worth in range(7):
        await seed(env, guild, channel, (alice, 1000 + worth), (None, 500, "hard"))
    await seed(env, guild, channel, (bob, 1), (None, 2))  # a computer of a game kept no strength

    shown = await slash(bob, channel, "payday history", member=alice)
    [embed] = shown.response.embeds
    assert embed.title == "alice's finished games" and len(embed.fields) == 5
    assert embed.footer.text == "Page 1 of 2 · 7 games · newest first"
    assert "**1.** alice — $1,006 🏆" in lines(embed.fields[0].value)
    assert "**2.** 🤖 robo (Hard) — $500" in lines(embed.fields[0].value)

    await env.bot.close()
    await env.restart_bot(make_bot())
    older = await click(bob, shown.response, label="Older ▶")
    [embed] = older.response.embeds
    assert embed.title == "alice's finished games" and len(embed.fields) == 2
    assert embed.footer.text == "Page 2 of 2 · 7 games · newest first"

    everyone = await slash(bob, channel, "payday history", page=99)  # past the end: the last page
    assert everyone.response.embeds[0].footer.text == "Page 2 of 2 · 8 games · newest first"

    stats = await slash(bob, channel, "payday stats")
    person, computers = stats.response.embeds
    assert lines(person.fields[0].value)[0] == "Played: 1 · Won: 0 (0%)"
    assert [f.name for f in computers.fields] == ["Modern edition · Hard", "Modern edition · Normal"]
    assert lines(computers.fields[0].value)[0] == "Played: 7 · Won: 0 (0%)"
    assert lines(computers.fields[1].value)[0] == "Played: 1 · Won: 1 (100%)"
    theirs = await slash(bob, channel, "payday stats", member=alice)
    [only] = theirs.response.embeds  # a member's statistics alone
    assert lines(only.fields[0].value)[2:4] == ["Biggest Jackpot: $900", "Most Deals sold in a game: 2"]


async def test_a_members_games_in_one_server_are_never_shown_in_another(env):
    casino, club = env.create_guild("Casino"), env.create_guild("Club")
    here, there = casino.create_text_channel("payday"), club.create_text_channel("payday")
    alice_user, bob_user = env.create_user("alice"), env.create_user("bob")
    alice, bob = casino.add_member(alice_user), casino.add_member(bob_user)
    alice_there = club.add_member(alice_user)
    for _ in range(3):
        await seed(env, casino, here, (alice, 900), (bob, 100))

    history = await slash(alice_there, there, "payday history")
    assert history.response.embeds[0].description == "No game has finished in this server yet."
    mine = await slash(alice_there, there, "payday history", member=alice_there)
    assert mine.response.embeds[0].description == "alice has not finished a game in this server yet."
    stats = await slash(alice_there, there, "payday stats")
    assert stats.response.embeds[0].fields == []
    board = await slash(alice_there, there, "payday leaderboard")
    assert board.response.embeds[0].description.startswith("Nobody is ranked yet")
    assert board.response.embeds[0].fields == []

    home = await slash(alice, here, "payday leaderboard")
    assert [name for _, name, _ in ranked(home.response.embeds[0].description)] == ["alice", "bob"]


async def test_the_records_speak_the_readers_language(env, monkeypatch):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    client_locales(monkeypatch)[alice.id] = "it"
    await seed(env, guild, channel, (alice, 3500), (bob, 100), reason="ended")

    history = await slash(alice, channel, "payday history")
    [embed] = history.response.embeds
    assert embed.title == "Partite finite"
    [field] = embed.fields
    assert field.name == "Partita n. 1 · Edizione moderna · 2 mesi"
    assert "**1.** alice — 3.500\xa0$ 🏆" in lines(field.value)
    assert lines(field.value)[-1] == "Ha vinto: alice"
    board = await slash(alice, channel, "payday leaderboard", period="month")
    [embed] = board.response.embeds
    assert embed.title == "Classifica · Edizione moderna" and embed.author.name == "Questo mese"
    english = await slash(bob, channel, "payday leaderboard", period="30d")
    assert english.response.embeds[0].author.name == "Last 30 days"


async def test_the_italian_records_give_each_count_its_own_number_and_label(env, monkeypatch):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    client_locales(monkeypatch)[alice.id] = "it"
    await seed(env, guild, channel, (alice, 900), (bob, 100))
    for _ in range(2):
        await seed(env, guild, channel, (alice, 100), (bob, 900))

    board = (await slash(alice, channel, "payday leaderboard")).response.embeds[0]

    bob_line, alice_line = lines(board.description)
    assert bob_line.endswith(" · 2 vinte su 3 partite")
    assert alice_line.endswith(" · 1 vinta su 3 partite")
    assert bob_line.startswith("**1.** bob — punteggio ")
    assert alice_line.startswith("**2.** __alice__ — punteggio ")
    stats = (await slash(alice, channel, "payday stats")).response.embeds[0]
    assert lines(stats.fields[0].value)[:1] + lines(stats.fields[0].value)[2:] == [
        "Partite: 3 · Vinte: 1 (33%)",
        "Montepremi più ricco: 900\xa0$",
        "Più Affari venduti in una partita: 2",
        "Lotterie vinte: 0",
        "Concorsi radiofonici vinti: 0",
        "Prestiti presi: 0",
        "Addebiti Mostruosi rimandati: 0",
    ]


async def test_games_finished_before_results_were_kept_are_recorded_at_start_up(env, make_bot, database_path):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    for _ in range(3):
        await seed(env, guild, channel, (alice, 900), (bob, 100))
    await env.bot.close()
    with sqlite3.connect(database_path) as raw:  # as a file from before migration 6 has them: none
        for table in ("results", "placings", "ratings"):
            raw.execute(f"DELETE FROM {table}")
    raw.close()

    await env.restart_bot(make_bot())

    board = (await slash(bob, channel, "payday leaderboard")).response.embeds[0].description
    assert [(place, name) for place, name, _ in ranked(board)] == [(1, "alice"), (2, "bob")]
    assert "won 3 of 3 games" in board
    history = await slash(bob, channel, "payday history")
    assert history.response.embeds[0].footer.text == "Page 1 of 1 · 3 games · newest first"


@pytest.fixture
def forged(monkeypatch):
    """simcord checks options like Discord's client does: let any value through, as a forger would."""
    monkeypatch.setattr(simcord.interactions, "validate_option_value", lambda _name, _option, value: value)


@pytest.mark.parametrize(
    ("command", "options", "text"),
    [
        ("payday leaderboard", {"period": "forever"}, "That period is not allowed: choose one of "),
        ("payday leaderboard", {"edition": "poker night"}, "That edition is not allowed: choose one of "),
        ("payday history", {"page": 0}, "That page is not allowed: use 1 to 100,000."),
        ("payday history", {"page": 10**12}, "That page is not allowed: use 1 to 100,000."),
    ],
)
async def test_forged_options_are_refused_in_one_private_sentence(env, forged, command, options, text):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await seed(env, guild, channel, (alice, 900), (bob, 100))

    result = await slash(alice, channel, command, **options)

    assert result.ephemeral and not result.response.embeds
    assert unescape(refusal(result)).startswith(text), result.response.content
    assert not env.errors


async def test_the_leaderboard_is_of_the_servers_edition_played_by_its_house_rules(env):
    guild = env.create_guild("Casino")
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    rules = {"salary": 4_000}
    for _ in range(3):
        await seed(env, guild, channel, (alice, 900), (bob, 100), ruleset="family", house_rules=rules)
    await seed(env, guild, channel, (alice, 100), (bob, 900), ruleset="family")  # the edition's own rules

    own = (await slash(alice, channel, "payday leaderboard", edition="family")).response.embeds[0]
    assert own.description.startswith("Nobody is ranked yet")  # one game by its own rules

    settings = ServerSettings(ruleset="family", house={"family": rules})
    await env.bot.store.set_server_settings(guild.id, settings.to_json(), 0)
    board = (await slash(bob, channel, "payday leaderboard")).response.embeds[0]
    assert board.title == "Leaderboard · Family variant"
    assert [(place, name) for place, name, _ in ranked(board.description)] == [(1, "alice"), (2, "bob")]
    [house] = board.fields
    assert house.name == "House rules" and house.value.startswith("Salary $4,000 (rules: ")
