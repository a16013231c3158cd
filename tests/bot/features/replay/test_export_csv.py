"""An exported ledger as CSV (bot/features/replay/export_csv.py): in the exporter's words, the ledger screen's
own (who paid whom, how much, what for, month and day); a name a spreadsheet would run as a formula
written behind a quote, whatever it begins with; numbers left numbers."""

import csv
import io
from datetime import UTC, datetime

import pytest

from bot.features.replay.export_csv import BOM, FORMULA_STARTS, ledger_csv, separator, spreadsheet_cell
from bot.features.replay.exports import record_of
from bot.render.language.i18n import lang
from tests.bot.service.games import logged_game

START = datetime(2026, 1, 1, tzinfo=UTC)
HOSTILE = ('=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1")
"""A nickname for each first character a spreadsheet may run a cell by."""


@pytest.fixture(scope="module")
def record() -> dict:
    table, log = logged_game(months=1, players=6)
    return record_of(3, table, {"reason": "retired"}, log, START, START)


def rows(text: str, code: str = "en") -> list[list[str]]:
    """The cells of an exported ledger, read as a spreadsheet in `code`'s language would."""
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text.removeprefix(BOM), newline=""), delimiter=separator(lang(code))))


@pytest.mark.parametrize(
    ("code", "heading", "first"),
    [
        ("en", ["Month", "Day", "Paid by", "Paid to", "Amount", "What for"], ["the Bank", "start cash"]),
        (
            "it",
            ["Mese", "Giorno", "Pagato da", "Pagato a", "Importo", "Causale"],
            ["Banca", "capitale iniziale"],
        ),
    ],
)
def test_the_ledger_reads_in_the_exporters_words(record, code, heading, first):
    written = rows(ledger_csv(record, lang(code)), code)

    assert written[0] == heading
    assert written[1] == ["1", "0", first[0], "P0", "3500", first[1]]
    assert len(written) == 1 + len(record["ledger"])
    assert not any(cell in {"bank", "start_cash", "-1", "-2", "-3"} for row in written for cell in row)


def test_a_deal_bought_names_the_deal_and_a_fund_its_name(record):
    written = rows(ledger_csv(record, lang("en")))

    assert ["1", "12", "P1", "the Bank", "6000", "bought Louie's Limos"] in written
    assert ["1", "0", "the Jackpot", "P2", "700", "rolled a 6"] in written


def test_a_name_a_spreadsheet_would_run_is_written_behind_a_quote(record):
    hostile = {
        **record,
        "players": [{**p, "name": n} for p, n in zip(record["players"], HOSTILE, strict=True)],
    }

    written = rows(ledger_csv(hostile, lang("en")))[1:]

    named = {row[3] for row in written[:6]}
    assert named == {"'" + name for name in HOSTILE}
    assert not any(cell.startswith(FORMULA_STARTS) for row in written for cell in row)
    assert all(int(row[4]) > 0 for row in written)  # amounts stay numbers


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_text_that_could_start_a_formula_is_quoted_and_a_number_is_not(start):
    assert spreadsheet_cell(start + "cmd") == "'" + start + "cmd"
    assert spreadsheet_cell("alice" + start) == "alice" + start
    assert spreadsheet_cell(-500) == -500


@pytest.mark.parametrize(("code", "first_line"), [("en", "Month,Day,"), ("it", "Mese;Giorno;")])
def test_the_file_opens_in_a_spreadsheet_of_the_exporters_language(record, code, first_line):
    """The byte order mark, so accented names are not garbled, and the language's list separator,
    so an Italian spreadsheet splits the cells."""
    written = ledger_csv(record, lang(code)).encode()

    assert written.startswith(BOM.encode() + first_line.encode())
