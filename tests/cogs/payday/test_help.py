"""/payday help as a player reads it (issue 30.4): one section at a time, turned by a menu, each short
enough for a phone's screen; every /payday command in one section; the buttons and menus it names
read exactly as the game shows them; standing orders explained."""

import discord
import pytest
from discord import app_commands

from bot.render.help import Section, section_of
from bot.render.language.i18n import lang
from tests.cogs.payday.rig import client_locales, cog, live, start_game
from tests.helpers import click, slash, table

PHONE = 1000
"""The most characters a section may hold (title, text and footer). Measured in headless Chromium
on `make try`'s page at 400 px: the longest sections (975 characters, Italian) take 765 px with the
message's header and the menu, within a phone's screen between Discord's header and its message
box; the old help, one 3,522-character list, took about 2,700 px."""


def leaves(synced: list[dict], within: str = "") -> list[tuple[str, dict]]:
    """Every synced subcommand with its name under /payday ("ledger", "savings deposit"): a group's
    (type 2) are its options."""
    found = []
    for command in synced:
        name = f"{within}{command['name']}"
        found += leaves(command["options"], f"{name} ") if command.get("type") == 2 else [(name, command)]
    return found


def synced_commands(env) -> list[dict]:
    [payday] = env.backend.commands[None].values()
    return payday["options"]


def in_reader_language(synced: dict, key: str, L) -> str:
    return (synced.get(f"{key}_localizations") or {}).get(L.code, synced[key])


def shown(channel, member, message_id: int) -> discord.Message:
    return next(m for m in channel.history(viewer=member) if m.id == message_id)


async def sections(env, channel, member) -> dict[Section, discord.Embed]:
    """/payday help, then each section chosen in its menu: the embed each shows."""
    answer = await slash(member, channel, "payday help")
    assert answer.ephemeral
    first = shown(channel, member, answer.response.id)
    seen = {Section.TURN: first.embeds[0]}
    [row] = first.components
    [menu] = row.children
    assert isinstance(menu, discord.SelectMenu)
    assert [option.value for option in menu.options] == [s.value for s in Section]
    assert [option.default for option in menu.options] == [s == Section.TURN for s in Section]
    for section in Section:
        chose = await member.select(first, [section.value])
        assert chose.acknowledged
        now = shown(channel, member, answer.response.id)  # the same message, turned to the section
        seen[section] = now.embeds[0]
        [option] = [o for o in now.components[0].children[0].options if o.default]
        assert option.value == section.value
    return seen


def size(embed: discord.Embed) -> int:
    return len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")


@pytest.mark.parametrize("locale", ["en-US", "it"])
async def test_help_shows_one_section_at_a_time_each_fitting_a_phone_and_every_command_once(
    env, monkeypatch, locale
):
    _, channel, (alice, bob) = table(env, 2)
    client_locales(monkeypatch)[alice.id] = locale
    L = lang(locale)

    seen = await sections(env, channel, alice)

    assert seen[Section.TURN].title == "🎲 " + L._("Playing a turn")
    for section, embed in seen.items():
        assert size(embed) <= PHONE, (section, size(embed))
    for name, command in leaves(synced_commands(env)):
        options = [o["name"] if o.get("required") else f"[{o['name']}]" for o in command.get("options", [])]
        line = f"`{' '.join(['/payday', name, *options])}` — "
        line += in_reader_language(command, "description", L)
        holding = [s for s, embed in seen.items() if f"\n{line}" in (embed.description or "")]
        assert len(holding) == 1, (name, holding)
    group = cog(env).app_command
    commands = [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]
    unplaced = [c.qualified_name for c in commands if section_of(c) is None]
    assert unplaced == []
    assert [m for m in channel.history(viewer=bob) if m.embeds] == []  # alice's help is hers alone


async def test_help_names_the_buttons_and_menus_as_the_game_shows_them(env):
    game = await start_game(env, 2)
    alice = game.players[0]
    board = await live(env, game.channel)
    buttons = [item.label for row in board.components for item in row.children]
    assert buttons == ["Roll the die", "My hand"]
    hand = next(
        item.custom_id for row in board.components for item in row.children if item.label == "My hand"
    )
    panel = (await click(alice, board, custom_id=hand)).response
    orders = next(item for row in panel.components for item in row["components"] if item.get("options"))

    seen = await sections(env, game.channel, alice)

    assert "press **Roll the die**" in seen[Section.TURN].description
    assert "press **Roll**" not in "".join(e.description or "" for e in seen.values())
    assert seen[Section.MONEY].description.startswith("**My hand**")
    explained = seen[Section.ORDERS].description
    assert f"*{orders['placeholder']}*" in explained
    for option in orders["options"]:
        if "always ante on" in option["label"]:
            assert "**Lottery: always ante on 4**" in explained
        else:
            assert f"**{option['label']}**" in explained
    assert "Every real decision" in explained
