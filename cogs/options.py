"""Slash options checked again inside the bot, against what each command declares.

Discord's client enforces `Range`, `choices` and types, but a hand-made request can carry any value
and discord.py passes it on unchecked: `turn_time=-60` would make a game play itself, `10**12`
overflow, an unknown edition crash. Every option is checked before the command runs.
"""

import math
from collections.abc import Callable
from typing import Any

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.app.bot import CommandRefused
from bot.render.i18n import Lang

Problem = Callable[[Lang, str], str]
"""The refusal in words: (language, option name) -> one sentence."""


class BadOption(CommandRefused):
    """An option outside what its command declares."""

    def __init__(self, option: str, problem: Problem) -> None:
        super().__init__(f"bad option {option}")
        self.option, self.problem = option, problem

    def text(self, L: Lang) -> str:
        return self.problem(L, self.option)


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
            raise BadOption(param.display_name, problem)


def _problem(param: app_commands.Parameter, value: Any) -> Problem | None:
    if param.type in (Kind.integer, Kind.number):
        wanted = int if param.type is Kind.integer else (int, float)
        if not isinstance(value, wanted) or isinstance(value, bool) or not math.isfinite(value):
            return lambda L, o: L._("That {option} is not allowed: it must be a number.", option=o)
        size = value
    elif param.type is Kind.string:
        if not isinstance(value, str):
            return lambda L, o: L._("That {option} is not allowed: it must be text.", option=o)
        size = len(value)
    else:
        return None
    if param.choices:
        if value not in [choice.value for choice in param.choices]:
            names = ", ".join(choice.name for choice in param.choices)
            return lambda L, o: L._(
                "That {option} is not allowed: choose one of {choices}.", option=o, choices=names
            )
        return None
    low, high = param.min_value, param.max_value
    if (low is None or size >= low) and (high is None or size <= high):
        return None
    text = param.type is Kind.string
    if high is None:
        if text:
            return lambda L, o: L._(
                "That {option} is not allowed: use {least} characters or more.", option=o, least=L.number(low)
            )
        return lambda L, o: L._(
            "That {option} is not allowed: use {least} or more.", option=o, least=L.number(low)
        )
    least = low or 0
    if text:
        return lambda L, o: L._(
            "That {option} is not allowed: use {least} to {most} characters.",
            option=o,
            least=L.number(least),
            most=L.number(high),
        )
    return lambda L, o: L._(
        "That {option} is not allowed: use {least} to {most}.",
        option=o,
        least=L.number(least),
        most=L.number(high),
    )
