"""Slash options checked again inside the bot, against what each command declares.

Discord's client enforces `Range`, `choices` and types, but a hand-made request can carry any value
and discord.py passes it on unchecked: `turn_time=-60` would make a game play itself, `10**12`
overflow, an unknown edition crash. Every option is checked before the command's use case runs, and
a bad one is refused like any other refusal (`OptionCode`).
"""

import math
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.render.refusals import OptionCode
from bot.service import Refused


def check(interaction: discord.Interaction) -> None:
    """Raise `Refused` for the first option of the command that it does not allow."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    for param in command.parameters:
        value = getattr(interaction.namespace, param.name, None)
        if value is not None:
            _check(param, value)


def _check(param: app_commands.Parameter, value: Any) -> None:
    option = param.display_name
    if param.type in (Kind.integer, Kind.number):
        wanted = int if param.type is Kind.integer else (int, float)
        if not isinstance(value, wanted) or isinstance(value, bool) or not math.isfinite(value):
            raise Refused(OptionCode.NOT_A_NUMBER, option=option)
        size = value
    elif param.type is Kind.string:
        if not isinstance(value, str):
            raise Refused(OptionCode.NOT_TEXT, option=option)
        size = len(value)
    else:
        return
    if param.choices:
        if value not in [choice.value for choice in param.choices]:
            raise Refused(OptionCode.NOT_A_CHOICE, option=option, choices=[c.name for c in param.choices])
        return
    low, high = param.min_value, param.max_value
    if (low is None or size >= low) and (high is None or size <= high):
        return
    text = param.type is Kind.string
    if high is None:
        raise Refused(OptionCode.TOO_SHORT if text else OptionCode.TOO_SMALL, option=option, least=low)
    code = OptionCode.WRONG_LENGTH if text else OptionCode.OUT_OF_RANGE
    raise Refused(code, option=option, least=low or 0, most=high)
