"""The README says what the bot really is: its command table lists every /payday command, and its
invite link grants every permission the bot asks for (issue 30.4)."""

import re
from pathlib import Path

import discord

from cogs.payday._threads import NEEDED, THREAD_PERMISSIONS
from tests.cogs.payday.test_help import leaves
from tests.helpers import table

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


async def test_the_command_table_lists_every_command_of_the_payday_group(env):
    table(env, 1)  # a server, so the commands are synced
    [payday] = env.backend.commands[None].values()
    commands = README.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]  # the section's table
    rows = re.findall(
        r"^\| `/payday ([^`]*)`", commands, re.M
    )  # "ledger [book] [page]", "savings deposit amount"
    names = [name for name, _ in leaves(payday["options"])]
    assert len(rows) == len(names)
    for name in names:
        assert len([row for row in rows if f"{row} ".startswith(f"{name} ")]) == 1, name


def test_the_invite_link_grants_every_permission_a_game_needs_threads_included():
    [granted] = set(re.findall(r"oauth2/authorize\?[^`]*permissions=(\d+)", README))
    permissions = discord.Permissions(int(granted))
    for flag in ("view_channel", "read_message_history", *NEEDED, *THREAD_PERMISSIONS):
        assert getattr(permissions, flag), flag
    assert f"permission integer `{granted}`" in README
