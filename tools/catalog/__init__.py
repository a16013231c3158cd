"""The message catalogs kept in step with the code: every message is found, each language's `.po`
files are updated with one command, and a check says what a language still lacks.

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

A language has one catalog for the core, bot/render/locale/<code>/LC_MESSAGES/payday.po, and one
per feature, bot/features/<name>/locale/<code>/LC_MESSAGES/payday.po, holding the messages found
only in that feature's folder (so a feature's change touches nothing outside it); a message the core
and a feature share, or two features, is the core's. `update` moves a message, translation and all,
when its home changes (messages.py finds them, files.py updates one `.po`, places.py a language's
every `.po`, report.py checks one).
"""

import argparse
from pathlib import Path

from bot.render.language.i18n import ENGLISH, SUPPORTED
from tools.catalog.files import SAME, load, update, write
from tools.catalog.messages import (
    COMMAND,
    COMMANDS,
    CORE,
    Found,
    Key,
    from_code,
    from_commands,
    from_data,
    owner,
    template,
    templates,
)
from tools.catalog.places import Places, check_language, update_language
from tools.catalog.report import DISCORD_LIMIT, Report, check

__all__ = [
    "COMMAND",
    "COMMANDS",
    "CORE",
    "DISCORD_LIMIT",
    "SAME",
    "Found",
    "Key",
    "Places",
    "Report",
    "check",
    "check_language",
    "from_code",
    "from_commands",
    "from_data",
    "languages",
    "load",
    "main",
    "owner",
    "template",
    "templates",
    "update",
    "update_language",
    "write",
]


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
    wanted = templates()
    failed = False
    for code in args.languages or languages():
        if args.command == "update":
            update_language(code, wanted, compendium)
        for report in check_language(code, wanted):
            problems = report.problems()
            failed |= bool(problems)
            for line in problems:
                print(line)
            print(
                f"{report.code}: {report.wanted} messages, {report.translated} translated, "
                f"{len(problems)} problems"
            )
    return 1 if failed and args.command == "check" else 0
