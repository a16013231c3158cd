"""The Banker's statement and the Loan Record Keeper's book, as pages of plain lines."""

import discord

from bot.game.bank import bank_statement, loan_book
from bot.game.events import Event
from bot.game.rulesets import Ruleset
from bot.render.board import GOLD, safe
from bot.render.events import account_name, reason_text
from bot.render.i18n import Lang

PAGE_SIZE = 15
BOOKS = {"bank": bank_statement, "loans": loan_book}
"""Which view of the ledger each book is: the engine's, so the books can't disagree with the money."""
TITLES = {"bank": "The Bank's statement", "loans": "The Loan Record Keeper's book"}


def line(event: Event, names: list[str], ruleset: Ruleset, L: Lang) -> str:
    """One ledger line; an event logged before the reason codes shows the reason it was stored with."""
    src, dst = account_name(event.src, names, ruleset, L), account_name(event.dst, names, ruleset, L)
    when = f"`M{event.month} D{event.day:>2}`"
    return f"{when} {src} → {dst} **{L.money(event.amount)}** · {reason_text(event, ruleset, L)}"


def ledger_embed(
    book: str,
    entries: list[Event],
    names: list[str],
    page: int,
    pages: int,
    loans: list[int],
    savings: list[int] | None,
    ruleset: Ruleset,
    L: Lang,
) -> discord.Embed:
    """`entries` are the page's ledger lines, newest first; `loans` (and, where the rules have
    savings, `savings`) the current balance of every seat."""
    shown = [safe(n) for n in names]
    body = "\n".join(line(e, shown, ruleset, L) for e in entries) or "Nothing recorded yet."
    embed = discord.Embed(title=TITLES[book], description=body, colour=GOLD)
    if book == "loans":
        balances = "\n".join(f"{name}: {L.money(loan)}" for name, loan in zip(shown, loans, strict=True))
        embed.add_field(name="Loans outstanding", value=balances)
        if savings is not None:
            saved = "\n".join(f"{name}: {L.money(s)}" for name, s in zip(shown, savings, strict=True))
            embed.add_field(name="Savings", value=saved)
    embed.set_footer(text=f"Page {page} of {pages} · newest first · M = month, D = day")
    return embed
