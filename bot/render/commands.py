"""Slash commands in each reader's language: a discord.py `Translator` that reads the message catalog.

Discord shows every user the command descriptions, option descriptions and choice names of their own
client's language. Names of commands and options stay English in every language (docs/DESIGN.md says
why). Each text is a message of context "command" in the catalog; `command_strings` lists them, so
`python -m bot.render.catalog update` finds them as it finds the render code's messages.
"""

import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from bot.render.i18n import ENGLISH, lang

CONTEXT = "command"
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
"""What stays English in every language: `/payday start`, `months:`."""
AppCommand = app_commands.Command | app_commands.Group


class CatalogTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalog, for each Discord locale the bot has a language for."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        if context.location in NAMES:
            return None
        L = lang(locale.value)
        if L.code == ENGLISH or not L.translates(CONTEXT, string.message):
            return None  # Discord shows the English text
        return L.pgettext(CONTEXT, string.message)


def command_strings() -> Iterator[tuple[str, str]]:
    """(text, file) for every description and choice name of the commands of the bot's cogs."""
    from bot.app.bot import EXTENSIONS

    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for cog in vars(module).values():
            if isinstance(cog, type) and issubclass(cog, commands.Cog) and _in(cog.__module__, extension):
                where = Path(inspect.getfile(cog)).relative_to(Path(__file__).resolve().parents[2]).as_posix()
                if cog.__cog_is_app_commands_group__:
                    yield str(cog.__cog_group_description__), where
                for command in cog.__cog_app_commands__:
                    yield from ((text, where) for text in _texts(command))


def _in(module: str, extension: str) -> bool:
    """Whether `module` is the extension or one of its modules (an extension may be a package)."""
    return module == extension or module.startswith(extension + ".")


def _texts(command: AppCommand) -> Iterator[str]:
    yield command.description
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _texts(sub)
        return
    for param in command.parameters:
        yield param.description
        yield from (choice.name for choice in param.choices)
