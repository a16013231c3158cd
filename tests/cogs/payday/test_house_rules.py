"""House rules through Discord (issue 18.2, docs/RULES.md §7): a game started with house rules says
so in its lobby, its live message's footer, `/payday rules` and its standings, plays by them from
the first dollar, and its result records them; in English and in Italian.

The host's house-rules editor is issue 18.1's; these tests set the lobby's house rules on the table
directly, as that editor does, and a member's Join draws the lobby again.
"""

import logging

import simcord

from bot.game.house import with_house_rules
from bot.render.language.i18n import lang
from tests.cogs.payday.rig import (
    books,
    client_locales,
    field,
    labels,
    live,
    load,
    message,
    rigged,
    service,
)
from tests.helpers import click, end_game, slash

HOUSE = {"start_cash": 5000, "salary": 6000, "jackpot_seed": 1500, "jackpot_six": "any"}
LINES = [
    "Start cash $5,000 (rules: $3,500)",
    "Salary $6,000 (rules: $3,500)",
    "Jackpot seeded with $1,500 at the start (rules: $0)",
    "Jackpot won by any 6 rolled (rules: a movement 6)",
]
SUMMARY = "House rules: start $5,000 · salary $6,000 · Jackpot seed $1,500 · Jackpot on any 6 rolled"


async def set_house_rules(env: simcord.Env, channel: simcord.ChannelHandle, changes: dict) -> None:
    """The lobby's house rules, saved as the host's editor saves them (checked against their limits)."""
    tables = service(env).tables
    async with tables.lock(channel.id):
        loaded = await tables.load(channel.id)
        assert loaded is not None and loaded.table.state is None, "no lobby to set house rules in"
        with_house_rules(loaded.table.ruleset, changes)
        loaded.table.house_rules = dict(changes)
        await tables.save(loaded)


async def house_lobby(env: simcord.Env, changes: dict, locale: str | None = None, **options):
    """alice opens a lobby, its house rules are set, bob presses Join: (channel, alice, bob, lobby)."""
    guild = env.create_guild("Casino", preferred_locale=locale)
    channel = guild.create_text_channel("payday")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    lobby = (await slash(alice, channel, "payday start", months=1, **options)).response
    await set_house_rules(env, channel, changes)
    await click(bob, lobby, label=labels(lobby)[0])  # Join, in the game's language
    return channel, alice, bob, lobby


async def game_id(env: simcord.Env, channel: simcord.ChannelHandle) -> int:
    row = await env.bot.store.get(channel.id)
    assert row is not None
    return row.game_id


async def test_a_game_with_house_rules_says_so_everywhere_and_plays_by_them(env, caplog):
    caplog.set_level(logging.INFO)
    channel, alice, bob, lobby = await house_lobby(env, HOUSE)
    assert field(lobby, "House rules") == "\n".join(LINES)

    await click(alice, lobby, label="Start")
    board = (await live(env, channel)).embeds[0]
    assert board.footer.text.endswith("\n" + SUMMARY)
    assert board.description.startswith("**Jackpot** $1,500")  # the Bank's seed, paid at the start
    assert field(await live(env, channel), "Players").count("$5,000") == 2
    table = await load(env, channel)
    assert await books(env, await game_id(env, channel), table.game) == []
    [started] = [r for r in caplog.records if r.getMessage() == "game started"]
    assert started.house_rules == "start_cash=5000,salary=6000,jackpot_seed=1500,jackpot_six=any"

    rules = (await slash(bob, channel, "payday rules")).response.embeds[0].description
    assert "Everyone starts with **$5,000** and earns a **$6,000** salary" in rules
    assert rules.endswith("**House rules**\n" + "\n".join(f"- {line}" for line in LINES))
    board_page = (await slash(bob, channel, "payday rules", topic="board")).response.embeds[0]
    assert "The Bank puts $1,500 on it at the start." in board_page.description

    ended = await end_game(alice, channel)
    [standings] = ended.followups
    assert field(standings.message, "House rules") == "\n".join(LINES)
    [row] = await env.bot.store.history(channel_id=channel.id, limit=1)
    assert row.summary["ruleset"] == "modern"
    assert row.summary["house_rules"] == HOUSE

    await click(alice, standings.message, label="Rematch")  # the same table, house rules and all
    rematch = message(channel, (await load(env, channel)).message_id)
    assert field(rematch, "House rules") == "\n".join(LINES)


async def test_the_house_rules_jackpot_is_won_by_a_6_of_the_radio_contest(env):
    channel, alice, _, lobby = await house_lobby(env, HOUSE)
    await click(alice, lobby, label="Start")
    async with rigged(env, channel) as state:
        state.players[0].day = 7
        state.script.extend([1, 6])  # alice lands on the Radio Contest (day 8) and rolls a 6 in it
    await click(alice, await live(env, channel), label="Roll the die")
    await click(alice, await live(env, channel), label="Roll the die")

    table = await load(env, channel)
    assert table.game.jackpot == 0 and table.game.players[0].cash == 5000 + 1500
    assert "alice collected $1,500 from the Jackpot" in field(await live(env, channel), "Latest")
    assert await books(env, await game_id(env, channel), table.game) == []


async def test_a_game_of_the_editions_own_rules_says_nothing_of_house_rules(env):
    channel, alice, bob, lobby = await house_lobby(env, {})
    assert "House rules" not in [f.name for f in lobby.embeds[0].fields]
    await click(alice, lobby, label="Start")
    assert "House rules" not in (await live(env, channel)).embeds[0].footer.text
    rules = (await slash(bob, channel, "payday rules")).response.embeds[0].description
    assert "**House rules**" not in rules
    await end_game(alice, channel)
    [row] = await env.bot.store.history(channel_id=channel.id, limit=1)
    assert row.summary["house_rules"] == {}


async def test_an_italian_game_says_its_house_rules_in_italian(env, monkeypatch):
    it, locales = lang("it"), client_locales(monkeypatch)
    channel, alice, bob, lobby = await house_lobby(env, {"salary": 6000, "radio_prize": 2500}, locale="it")
    locales[bob.id] = "it"
    lines = [
        "Salario 6.000\u00a0$ (regole: 3.500\u00a0$)",
        "Premio del Concorso radiofonico 2.500\u00a0$ (regole: 1.000\u00a0$)",
    ]
    assert field(lobby, "Regole della casa") == "\n".join(lines)

    await click(alice, lobby, label=it._("Start"))
    footer = (await live(env, channel)).embeds[0].footer.text
    assert footer.endswith("\nRegole della casa: salario 6.000\u00a0$ · Concorso radiofonico 2.500\u00a0$")
    rules = (await slash(bob, channel, "payday rules")).response.embeds[0].description
    assert rules.endswith("**Regole della casa**\n" + "\n".join(f"- {line}" for line in lines))
    ended = await end_game(alice, channel)
    [standings] = ended.followups
    assert field(standings.message, "Regole della casa") == "\n".join(lines)


async def test_an_italian_game_names_each_house_rule_as_its_editor_does(env, monkeypatch):
    it, locales = lang("it"), client_locales(monkeypatch)
    channel, alice, bob, lobby = await house_lobby(env, HOUSE, locale="it")
    locales[bob.id] = "it"

    assert field(lobby, "Regole della casa") == "\n".join(
        [
            "Capitale iniziale 5.000\u00a0$ (regole: 3.500\u00a0$)",
            "Salario 6.000\u00a0$ (regole: 3.500\u00a0$)",
            "Montepremi iniziale 1.500\u00a0$ (regole: 0\u00a0$)",
            "Montepremi vinto con qualsiasi 6 tirato (regole: un 6 tirato per muovere)",
        ]
    )
    await click(alice, lobby, label=it._("Start"))
    footer = (await live(env, channel)).embeds[0].footer.text
    assert footer.endswith(
        "\nRegole della casa: capitale iniziale 5.000\u00a0$ · salario 6.000\u00a0$"
        " · Montepremi iniziale 1.500\u00a0$ · Montepremi con qualsiasi 6 tirato"
    )
