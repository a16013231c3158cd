"""The Banker's statement and the Loan Record Keeper's book, from the stored event log."""

import discord

from bot.game.events import BANK, LOAN_REASONS, account_name, money
from bot.render.board import GOLD, safe

PAGE_SIZE = 15
TITLES = {"bank": "The Bank's statement", "loans": "The Loan Record Keeper's book"}


def wanted(book: str, record: dict) -> bool:
    if book == "loans":
        return record["reason"] in LOAN_REASONS
    return BANK in (record["src"], record["dst"])


def line(record: dict, names: list[str]) -> str:
    src, dst = account_name(record["src"], names), account_name(record["dst"], names)
    when = f"`M{record['month']} D{record['day']:>2}`"
    return f"{when} {src} → {dst} **{money(record['amount'])}** · {record['reason']}"


def ledger_embed(
    book: str, records: list[dict], names: list[str], page: int, pages: int, loans: list[int]
) -> discord.Embed:
    """`records` are the page's transfers, newest first; `loans` the current balance of every seat."""
    shown = [safe(n) for n in names]
    body = "\n".join(line(r, shown) for r in records) or "Nothing recorded yet."
    embed = discord.Embed(title=TITLES[book], description=body, colour=GOLD)
    if book == "loans":
        balances = "\n".join(f"{name}: {money(loan)}" for name, loan in zip(shown, loans, strict=True))
        embed.add_field(name="Loans outstanding", value=balances)
    embed.set_footer(text=f"Page {page} of {pages} · newest first · M = month, D = day")
    return embed
