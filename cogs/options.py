"""Slash options checked again inside the bot, against what each command declares.

Discord's client enforces `Range`, `choices` and types, but a hand-made request can carry any value
and discord.py passes it on unchecked: `turn_time=-60` would make a game play itself, `10**12`
overflow, an unknown edition crash. Every option is checked before the command runs.
"""

import math
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.app import Refused


class BadOption(Refused):
    """An option outside what its command declares; `message` is the player's one-line refusal."""


def check(interaction: discord.Interaction) -> None:
    """Raise BadOption for the first option of the command that it does not allow."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    for param in command.parameters:
        value = getattr(interaction.namespace, param.name, None)
        if value is None:
            continue
        problem = _problem(param, value)
        if problem is not None:
            raise BadOption(f"That {param.display_name} is not allowed: {problem}.")


def _problem(param: app_commands.Parameter, value: Any) -> str | None:
    if param.type in (Kind.integer, Kind.number):
        wanted = int if param.type is Kind.integer else (int, float)
        if not isinstance(value, wanted) or isinstance(value, bool) or not math.isfinite(value):
            return "it must be a number"
        size = value
    elif param.type is Kind.string:
        if not isinstance(value, str):
            return "it must be text"
        size = len(value)
    else:
        return None
    if param.choices:
        allowed = [choice.value for choice in param.choices]
        if value not in allowed:
            return f"choose one of {', '.join(choice.name for choice in param.choices)}"
        return None
    low, high = param.min_value, param.max_value
    if (low is not None and size < low) or (high is not None and size > high):
        unit = " characters" if param.type is Kind.string else ""
        if high is None:
            return f"use {low:,}{unit} or more"
        return f"use {low or 0:,} to {high:,}{unit}"
    return None
