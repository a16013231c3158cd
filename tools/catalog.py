"""The message catalogs kept in step with the code: every message is found, each language's `.po` is
updated with one command, and a check says what a language still lacks.

    python -m tools.catalog update   # add new messages, drop unused ones, keep every translation
    python -m tools.catalog check    # exit status 1 if any language lacks or misuses a message
    python -m tools.catalog update it --compendium other.po   # reuse translations made elsewhere

A message comes from one of three places, each under a gettext context when it needs one:
- the code: every `L._(...)`, `L.ngettext(...)` and `L.pgettext(context, ...)` with literal text in
  bot/ and cogs/, found by Babel's extractor (a method call `L._("...")` counts: Babel reads the
  name just before the bracket);
- the data: the names of every card ("mail"), Deal ("deal"), space ("space"), edition ("edition"),
  Jackpot and pot ("account", "jackpot") of every ruleset, which render code passes as variables;
- the slash commands: every description and choice name of the cogs' commands ("command"), which
  Discord asks `bot.render.commands.CatalogTranslator` for. Command and option names are not translated
  (docs/DESIGN.md says why).
"""

import argparse
import difflib
import importlib
import io
import pkgutil
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.render.commands import command_strings
from bot.render.i18n import DOMAIN, ENGLISH, SUPPORTED, po_path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot", "cogs")
COMMANDS = ("cogs", "bot.features")
"""The packages declaring slash commands (the /payday cog and each feature's part of it), whose
descriptions Discord asks the `CatalogTranslator` about."""
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMAND = "command"
"""The context of a slash command's description or choice name."""
SAME = "same-as-english"
"""A `.po` flag: this translation is rightly the English text ("Jackpot" in Italian too)."""
DISCORD_LIMIT = 100
"""Discord refuses a command whose localised description or choice name is longer."""
PLACEHOLDER = re.compile(r"\{(\w*)\}")
WORD = re.compile(r"[^\W\d_]{2,}")

Key = tuple[str | None, str | tuple[str, ...]]
"""(context, message id); a plural's id is (singular, plural)."""


@dataclass(frozen=True, slots=True)
class Found:
    key: Key
    where: str
    """The file the message comes from, for translators."""
    comments: tuple[str, ...] = ()


# -- finding every message ----------------------------------------------------------------------------
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
    from bot.render.cards import heading_name

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


def template(found: Iterable[Found] | None = None) -> Catalog:
    """Every message the bot can show, in the order a translator meets them (file by file)."""
    catalog = Catalog(domain=DOMAIN, project="payday-bot", fuzzy=False)
    for item in found if found is not None else [*from_code(), *from_data(), *from_commands()]:
        context, message = item.key
        string = ("", "") if isinstance(message, tuple) else ""
        existing = catalog.get(message, context)
        where = (item.where, 0)  # a file, no line: the catalogs are written without line numbers
        if existing is None:
            catalog.add(message, string, [where], auto_comments=item.comments, context=context)
        elif where not in existing.locations:
            existing.locations.append(where)
    return catalog


# -- a language's catalog -------------------------------------------------------------------------------
def load(path: Path) -> Catalog:
    """A `.po` file: its language is the folder above LC_MESSAGES, or else its `Language` header."""
    locale = path.parent.parent.name if path.parent.name == "LC_MESSAGES" else None
    with path.open("rb") as source:
        return read_po(source, locale=locale, domain=DOMAIN)


def write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, ignore_obsolete=True, include_previous=False, include_lineno=False, width=100)
    path.write_bytes(out.getvalue())


def update(path: Path, wanted: Catalog | None = None, compendium: Catalog | None = None) -> Catalog:
    """Bring a language's catalog in step with the code: new messages come in untranslated (or fuzzy,
    with the translation of a message whose English changed a little), unused ones go. A new message
    the `compendium` translates (a `.po` made elsewhere, on another branch) takes its translation."""
    wanted = wanted or template()
    catalog = load(path)
    dates = catalog.creation_date, catalog.revision_date
    catalog.update(wanted, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
    catalog.creation_date, catalog.revision_date = dates  # no churn in the header
    if compendium is not None:
        _fill_from(catalog, compendium)
    write(path, catalog)
    return catalog


def _fill_from(catalog: Catalog, compendium: Catalog) -> None:
    """A message that is untranslated, or only guessed (fuzzy), takes the compendium's translation of
    the same message; an untranslated one, failing that, the translation (fuzzy, to be checked) of the
    closest message in the same context whose English differs a little."""
    known = {_key(m): m for m in list(compendium)[1:] if all(_forms(m)) and not m.fuzzy}
    for message in list(catalog)[1:]:
        translated = all(_forms(message))
        if translated and not message.fuzzy:
            continue
        found = known.get(_key(message))
        fuzzy = found is None
        if fuzzy and not translated:
            found = _closest(message, known)
        if found is not None:
            message.string = found.string
            message.flags = (
                (message.flags - {"fuzzy", SAME}) | (found.flags & {SAME}) | ({"fuzzy"} if fuzzy else set())
            )


def _closest(message: Message, known: dict[Key, Message]) -> Message | None:
    """The known message in the same context whose English is closest, if it differs only a little."""
    alike = {
        str(key[1]): found
        for key, found in known.items()
        if key[0] == message.context and found.pluralizable == message.pluralizable
    }
    close = difflib.get_close_matches(str(message.id), list(alike), n=1, cutoff=0.8)
    return alike[close[0]] if close else None


# -- checking it --------------------------------------------------------------------------------------
def _key(message: Message) -> Key:
    msgid = message.id
    return message.context, msgid if isinstance(msgid, str) else tuple(msgid)


def _forms(message: Message) -> tuple[str, ...]:
    """The translation's forms: one, or one per plural form (an untranslated form is empty)."""
    string = message.string
    if isinstance(string, str) or string is None:
        return (string or "",)
    return tuple(string)


def _english(message: Message, form: int) -> str:
    """The English text a translated form stands for: a plural's form 0 the singular, others the plural."""
    msgid = message.id
    if isinstance(msgid, str):
        return msgid
    return msgid[0] if form == 0 else msgid[1]


def _names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _show(key: Key) -> str:
    context, message = key
    text = message[0] if isinstance(message, tuple) else message
    text = text if len(text) <= 70 else text[:67] + "..."
    return f"[{context}] {text!r}" if context else repr(text)


@dataclass
class Report:
    """What a language's catalog lacks or gets wrong, each as a list of messages."""

    code: str
    missing: list[Key] = field(default_factory=list)
    """In the code, not in the catalog: run `update`."""
    untranslated: list[Key] = field(default_factory=list)
    fuzzy: list[Key] = field(default_factory=list)
    """Guessed by `update` from a similar message: check the translation, then drop the flag."""
    unused: list[Key] = field(default_factory=list)
    """In the catalog, no longer in the code: run `update`."""
    english: list[Key] = field(default_factory=list)
    """Translated as the English text itself (flag `same-as-english` where that is right)."""
    placeholders: list[tuple[Key, str]] = field(default_factory=list)
    too_long: list[tuple[Key, str]] = field(default_factory=list)
    translated: int = 0

    def problems(self) -> list[str]:
        lines = [f"missing: {_show(k)}" for k in self.missing]
        lines += [f"untranslated: {_show(k)}" for k in self.untranslated]
        lines += [f"fuzzy: {_show(k)}" for k in self.fuzzy]
        lines += [f"unused: {_show(k)}" for k in self.unused]
        lines += [f"English left in: {_show(k)}" for k in self.english]
        lines += [f"placeholders: {_show(k)}: {why}" for k, why in self.placeholders]
        lines += [f"too long for Discord: {_show(k)}: {why}" for k, why in self.too_long]
        return [f"{self.code}: {line}" for line in lines]


def check(catalog: Catalog, wanted: Catalog | None = None) -> Report:
    """Everything a language's catalog lacks or gets wrong against the messages the code uses."""
    wanted = wanted or template()
    report = Report(str(catalog.locale))
    want = {_key(m) for m in list(wanted)[1:]}
    have = {_key(m): m for m in list(catalog)[1:]}
    report.missing = [key for key in want if key not in have]
    report.unused = [key for key in have if key not in want]
    for key, message in have.items():
        forms = _forms(message)
        if not all(forms):
            report.untranslated.append(key)
            continue
        if message.fuzzy:
            report.fuzzy.append(key)
            continue
        report.translated += 1
        for i, text in enumerate(forms):
            english = _english(message, i)
            if text == english and WORD.search(PLACEHOLDER.sub("", text)) and SAME not in message.flags:
                report.english.append(key)
            if _names(text) != _names(english):
                report.placeholders.append(
                    (key, f"form {i} has {sorted(_names(text))}, the English {sorted(_names(english))}")
                )
            if message.context == COMMAND and len(text) > DISCORD_LIMIT:
                report.too_long.append((key, f"{len(text)} characters"))
    return report


def languages() -> list[str]:
    return [code for code in SUPPORTED if code != ENGLISH]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalog", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument("languages", nargs="*", help="language codes (every supported one if left out)")
    parser.add_argument(
        "--compendium", type=Path, help="update: a .po of the same language whose translations to reuse"
    )
    args = parser.parse_args(argv)
    compendium = load(args.compendium) if args.compendium else None
    wanted = template()
    failed = False
    for code in args.languages or languages():
        path = po_path(code)
        if args.command == "update":
            update(path, wanted, compendium)
        report = check(load(path), wanted)
        problems = report.problems()
        failed |= bool(problems)
        for line in problems:
            print(line)
        print(f"{code}: {len(wanted)} messages, {report.translated} translated, {len(problems)} problems")
    return 1 if failed and args.command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
