"""Slash commands in each reader's language: a discord.py `Translator` that reads the message catalog,
and `/payday help` written from the command tree itself.

Discord shows every user the command descriptions, option descriptions and choice names of their own
client's language (es-ES and es-419 both read the Spanish catalog, pt-BR the Brazilian one). Names
of commands and options stay English in every language (docs/DESIGN.md says why), and so does each
language's own name among the `language:` choices ("Deutsch" for every reader), so turning a
language on adds no message to the others' catalogs. Each text is a message of context "command"
in the catalog; `command_strings` lists those of the cog modules it is given, so `python -m
tools.catalog update` finds them as it finds the render code's messages. The help reads the same
commands, so it lists every command with the options it has now, in the words the command picker
shows (bot/render/help.py puts each in its section).
"""

import inspect
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from bot.render.language import i18n
from bot.render.language.i18n import ENGLISH, Lang, lang, language_of

CONTEXT = "command"
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
"""What stays English in every language: `/payday start`, `months:`."""
OWN_NAMES = frozenset(i18n.NAMES.values())
"""The languages' own names: a `language:` choice named so is the same for every reader."""
AppCommand = app_commands.Command[Any, ..., Any] | app_commands.Group
HELP_NOTE = "help_note"
"""A command's `extras` key for a line of its own under it in /payday help: a function of the
reader's language (its words are bot/render's), for what a description's 100 characters cannot say."""


class CatalogTranslator(app_commands.Translator):
    """Descriptions and choice names from the catalog, for each Discord locale the bot has a language for."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in NAMES or _own_name(context.location, string.message):
            return None
        L = lang(locale.value)
        if L.code == ENGLISH or not L.translates(CONTEXT, string.message):
            return None  # Discord shows the English text
        return in_language(string.message, L)


def discord_locales(code: str) -> list[str]:
    """The Discord locales whose readers get language `code` (es-419 and es-ES for "es"), in
    discord.py's order: what a server or a client must say to be served the language."""
    return [locale.value for locale in discord.Locale if language_of(locale) == code]


def in_language(text: str | app_commands.locale_str, L: Lang) -> str:
    """A command's description or a choice's name as Discord shows it to a reader of `L`: the
    catalog's translation, else the English."""
    message = _message(text)
    return L.pgettext(CONTEXT, message) if L.translates(CONTEXT, message) else message


def help_lines(group: app_commands.Group, L: Lang) -> list[tuple[app_commands.Command[Any, ..., Any], str]]:
    """`/payday help`'s lines: every command of `group` (the cog's tree, so a command added or an
    option changed shows here with nothing else to edit) with its line, in the tree's order."""
    return [(command, _help_line(command, L)) for command in _leaves(group)]


def _leaves(group: app_commands.Group) -> Iterator[app_commands.Command[Any, ..., Any]]:
    for command in group.walk_commands():
        if isinstance(command, app_commands.Command):
            yield command


def _help_line(command: app_commands.Command[Any, ..., Any], L: Lang) -> str:
    """ "`/payday ledger [book] [page]` — what it does", then the command's own note (`HELP_NOTE`)
    under it, if any; an option that may be left out is in brackets. An option's choices are left to
    Discord's picker, which shows them as the option is typed: the help fits a phone's screen."""
    options = [param.name if param.required else f"[{param.name}]" for param in command.parameters]
    usage = " ".join(["/" + command.qualified_name, *options])
    line = f"`{usage}` — {in_language(command.description, L)}"
    note: Callable[[Lang], str] | None = command.extras.get(HELP_NOTE)
    return line if note is None else f"{line}\n↳ {note(L)}"


def command_strings(modules: Iterable[ModuleType]) -> Iterator[tuple[str, str]]:
    """(text, file) for every description and choice name of the slash commands of the cogs that
    `modules` define (the catalog tool says which modules those are)."""
    root = Path(__file__).resolve().parents[2]
    for module in modules:
        where = Path(inspect.getfile(module)).relative_to(root).as_posix()
        for cog in vars(module).values():
            if isinstance(cog, type) and issubclass(cog, commands.Cog) and cog.__module__ == module.__name__:
                if cog.__cog_is_app_commands_group__:
                    yield _message(cog.__cog_group_description__), where
                for command in cog.__cog_app_commands__:
                    yield from ((text, where) for text in _texts(command))


def _own_name(where: Where, text: str) -> bool:
    """A language's own name offered as a choice: never translated, so no catalog holds it."""
    return where is Where.choice_name and text in OWN_NAMES


def _message(text: str | app_commands.locale_str) -> str:
    """The English text of a description: discord.py may hold it as a `locale_str`."""
    return text.message if isinstance(text, app_commands.locale_str) else text


def _texts(command: AppCommand) -> Iterator[str]:
    yield command.description
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _texts(sub)
        return
    for param in command.parameters:
        yield param.description
        yield from (choice.name for choice in param.choices if not _own_name(Where.choice_name, choice.name))
