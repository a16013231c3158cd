"""An exported game's ledger as CSV, for a spreadsheet: one line per transfer, in the words of the
person who exported it (the ledger screen's own account names and reasons, bot/render/language/ledger.py).

A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or a tab or a carriage return
before one) as a formula, and a player's name is whatever they typed: every text cell that begins
so is written behind a single quote, as OWASP's advice on CSV injection says. Amounts, months and
days are written as numbers, which a spreadsheet reads as numbers and never runs.

The file opens in a spreadsheet as the exporter's language expects: it starts with UTF-8's byte
order mark (without it, Excel reads the file in the machine's code page and garbles accented
names), and its cells are separated by that language's list separator (a semicolon where the
decimal mark is a comma, as in Italian; a comma elsewhere).
"""

import csv
import io
from collections.abc import Mapping
from typing import Any

from babel.numbers import get_decimal_symbol

from bot.game.events import Event
from bot.game.rulesets import RULESETS
from bot.render.language.i18n import Lang
from bot.render.language.ledger import account_name, reason_text

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may take a text cell for a formula by (OWASP, "CSV Injection")."""

BOM = "\ufeff"
"""UTF-8's byte order mark, which tells a spreadsheet the file's encoding."""

Cell = str | int


def spreadsheet_cell(value: Cell) -> Cell:
    """`value` as a cell no spreadsheet runs: a number as it is, text behind a quote if it could
    start a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def separator(L: Lang) -> str:
    """The cells' separator a spreadsheet in `L`'s language expects."""
    return ";" if get_decimal_symbol(L.code) == "," else ","


def ledger_csv(record: Mapping[str, Any], L: Lang) -> str:
    """The record's ledger: month, day, who paid, who was paid, how much and what for, behind the
    byte order mark."""
    names = [player["name"] for player in record["players"]]
    ruleset = RULESETS[record["settings"]["edition"]]
    out = io.StringIO(newline="")
    out.write(BOM)
    # Lines end in CRLF (RFC 4180): a cell holding a CR or LF is quoted.
    writer = csv.writer(out, delimiter=separator(L))
    writer.writerow(
        (
            L.pgettext("ledger column", "Month"),
            L.pgettext("ledger column", "Day"),
            L.pgettext("ledger column", "Paid by"),
            L.pgettext("ledger column", "Paid to"),
            L.pgettext("ledger column", "Amount"),
            L.pgettext("ledger column", "What for"),
        )
    )
    for row in record["ledger"]:
        e = Event.from_record(row)
        cells: tuple[Cell, ...] = (
            e.month,
            e.day,
            account_name(e.src, names, ruleset, L),
            account_name(e.dst, names, ruleset, L),
            e.amount,
            reason_text(e, ruleset, L),
        )
        writer.writerow(spreadsheet_cell(cell) for cell in cells)
    return out.getvalue()
