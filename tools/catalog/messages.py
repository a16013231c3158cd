"""Finding every message the bot can show, and which catalog each belongs to: a feature's own, or
the core's."""

import importlib
import pkgutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from bot.render.commands import command_strings
from bot.render.language.i18n import DOMAIN

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs")
COMMANDS = ("cogs", "bot.features")
"""The packages declaring slash commands (the /payday cog and each feature's part of it), whose
descriptions Discord asks the `CatalogTranslator` about."""
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMAND = "command"
"""The context of a slash command's description or choice name."""
FEATURES = "bot/features/"
"""Where each feature's folder is: a message found only in one of them is that feature's."""
CORE = None
"""The owner of the core catalog (bot/render/locale/): every message no single feature owns."""

Key = tuple[str | None, str | tuple[str, ...]]
"""(context, message id); a plural's id is (singular, plural)."""
Owner = str | None
"""A feature's name (its folder in bot/features/), or CORE."""


@dataclass(frozen=True, slots=True)
class Found:
    key: Key
    where: str
    """The file the message comes from (from the project's root), for translators."""
    comments: tuple[str, ...] = ()


def from_code(root: Path = ROOT) -> Iterator[Found]:
    """Every message written literally in a render call of the code."""
    for folder in SOURCES:
        for filename, _line, message, comments, context in extract_from_dir(
            root / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        ):
            yield Found((context, message), f"{folder}/{filename}", tuple(comments))


def from_data() -> Iterator[Found]:
    """Every name render code looks up by context: cards, Deals, spaces, editions, Jackpots and pots."""
    from bot.game.rulesets import RULESETS
    from bot.render.language.cards import heading_name

    for rs in RULESETS.values():
        yield Found(("edition", rs.title), "bot/game/rulesets.py")
        for name in (rs.jackpot_name, rs.pot_name):
            yield Found(("account", name), "bot/game/rulesets.py")
            yield Found(("heading", heading_name(name)), "bot/game/rulesets.py")
        # rules_text names the Jackpot as a title, without its article.
        yield Found(("jackpot", rs.jackpot_name.removeprefix("the ")), "bot/game/rulesets.py")
        for space in rs.board:
            yield Found(("space", space.name), "bot/game/calendar.py")
        for card in rs.mail:
            yield Found(("mail", card.name), "bot/game/cards.py")
        for deal in rs.deals:
            yield Found(("deal", deal.name), "bot/game/cards.py")


def from_commands() -> Iterator[Found]:
    """Every description and choice name of the slash commands (every module of the COMMANDS
    packages is read, as `from_code` reads every file)."""
    for text, where in command_strings(cog_modules()):
        yield Found((COMMAND, text), where)


def cog_modules() -> Iterator[ModuleType]:
    """Every module of the COMMANDS packages, imported: the slash commands are declared in them."""
    for name in COMMANDS:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, f"{name}."):
            yield importlib.import_module(module.name)


def everything() -> list[Found]:
    return [*from_code(), *from_data(), *from_commands()]


def template(found: Iterable[Found] | None = None) -> Catalog:
    """Every message the bot can show, in the order a translator meets them (file by file)."""
    catalog = Catalog(domain=DOMAIN, project="payday-bot", fuzzy=False)
    for item in found if found is not None else everything():
        context, message = item.key
        string = ("", "") if isinstance(message, tuple) else ""
        existing = catalog.get(message, context)
        where = (item.where, 0)  # a file, no line: the catalogs are written without line numbers
        if existing is None:
            catalog.add(message, string, [where], auto_comments=item.comments, context=context)
        elif where not in existing.locations:
            existing.locations.append(where)
    return catalog


def owner(where: str) -> Owner:
    """The feature whose folder a file is in, or CORE."""
    parts = where.split("/")
    return parts[2] if where.startswith(FEATURES) and len(parts) > 3 else CORE


def templates(found: Iterable[Found] | None = None) -> dict[Owner, Catalog]:
    """Each catalog's messages, the core's first: a message found only in one feature's folder is
    that feature's; one the core uses too, or two features, or the data, stays the core's."""
    found = list(found) if found is not None else everything()
    owners: dict[Key, set[Owner]] = {}
    for item in found:
        owners.setdefault(item.key, set()).add(owner(item.where))
    parts: dict[Owner, list[Found]] = {CORE: []}
    for item in found:
        alone = owners[item.key]
        parts.setdefault(next(iter(alone)) if len(alone) == 1 else CORE, []).append(item)
    return {name: template(items) for name, items in parts.items()}
