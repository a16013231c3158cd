"""The Banker's statement and the Loan Record Keeper's book, as pages of plain lines."""

import discord

from bot.game.bank import bank_statement, loan_book
from bot.game.events import Event, account_name, money
from bot.render.board import GOLD, safe

PAGE_SIZE = 15
BOOKS = {"bank": bank_statement, "loans": loan_book}
"""Which view of the ledger each book is: the engine's, so the books can't disagree with the money."""
TITLES = {"bank": "The Bank's statement", "loans": "The Loan Record Keeper's book"}


def line(event: Event, names: list[str], pot: str = "the Lottery pot", jackpot: str = "the Jackpot") -> str:
    src, dst = account_name(event.src, names, pot, jackpot), account_name(event.dst, names, pot, jackpot)
    when = f"`M{event.month} D{event.day:>2}`"
    return f"{when} {src} → {dst} **{money(event.amount)}** · {event.reason}"


def ledger_embed(
    book: str,
    entries: list[Event],
    names: list[str],
    page: int,
    pages: int,
    loans: list[int],
    savings: list[int] | None = None,
    pot: str = "the Lottery pot",
    jackpot: str = "the Jackpot",
) -> discord.Embed:
    """`entries` are the page's ledger lines, newest first; `loans` (and, where the rules have
    savings, `savings`) the current balance of every seat; `pot` and `jackpot` the ruleset's names
    for the pot and the Jackpot."""
    shown = [safe(n) for n in names]
    body = "\n".join(line(e, shown, pot, jackpot) for e in entries) or "Nothing recorded yet."
    embed = discord.Embed(title=TITLES[book], description=body, colour=GOLD)
    if book == "loans":
        balances = "\n".join(f"{name}: {money(loan)}" for name, loan in zip(shown, loans, strict=True))
        embed.add_field(name="Loans outstanding", value=balances)
        if savings is not None:
            saved = "\n".join(f"{name}: {money(s)}" for name, s in zip(shown, savings, strict=True))
            embed.add_field(name="Savings", value=saved)
    embed.set_footer(text=f"Page {page} of {pages} · newest first · M = month, D = day")
    return embed
