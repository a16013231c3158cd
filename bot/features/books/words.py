"""The books in words: the Banker's statement and the Loan Record Keeper's book as pages of plain
lines (everyone's, or a player's own payments with what they paid and received in all), and why a
page of the books or of the story cannot be read."""

from enum import StrEnum

import discord

from bot.features.books.service import BooksCode, LedgerPage
from bot.game.events import Event
from bot.game.rulesets import Ruleset
from bot.render.embeds import GOLD, safe
from bot.render.language.i18n import Lang
from bot.render.language.ledger import account_name, reason_text
from bot.render.refusal_table import REFUSALS, Writer


def line(event: Event, names: list[str], ruleset: Ruleset, L: Lang) -> str:
    """One ledger line; an event logged before the reason codes shows the reason it was stored with."""
    src, dst = account_name(event.src, names, ruleset, L), account_name(event.dst, names, ruleset, L)
    day = f"{event.day:>2}"
    when = L._("`M{month} D{day}`", month=event.month, day=day)
    return f"{when} {src} → {dst} **{L.money(event.amount)}** · {reason_text(event, ruleset, L)}"


def title(book: str, L: Lang, mine: bool = False) -> str:
    if mine:
        if book == "bank":
            return L._("The Bank's statement: your payments")
        return L._("The Loan Record Keeper's book: your payments")
    return L._("The Bank's statement") if book == "bank" else L._("The Loan Record Keeper's book")


def ledger_embed(page: LedgerPage, L: Lang) -> discord.Embed:
    """A page of ledger lines, newest first, and for the loan book every seat's current balances;
    a page of the reader's own payments says first what they paid and received in all."""
    shown = [safe(n) for n in page.names]
    empty = (
        L._("Nothing you paid or received is in this book yet.")
        if page.mine
        else L._("Nothing recorded yet.")
    )
    body = "\n".join(line(e, shown, page.ruleset, L) for e in page.entries) or empty
    embed = discord.Embed(title=title(page.book, L, page.mine), description=body, colour=GOLD)
    if page.mine:
        total = L._(
            "You paid {paid} and received {received}.",
            paid=L.money(page.paid),
            received=L.money(page.received),
        )
        embed.add_field(name=L._("Your payments in this book"), value=total, inline=False)
    if page.book == "loans":
        balances = "\n".join(f"{name}: {L.money(loan)}" for name, loan in zip(shown, page.loans, strict=True))
        embed.add_field(name=L._("Loans outstanding"), value=balances)
        if page.savings is not None:
            saved = "\n".join(f"{name}: {L.money(s)}" for name, s in zip(shown, page.savings, strict=True))
            embed.add_field(name=L._("Savings"), value=saved)
    embed.set_footer(
        text=L._(
            "Page {page} of {pages} · newest first · M = month, D = day", page=page.page, pages=page.pages
        )
    )
    return embed


_REFUSALS: dict[StrEnum, Writer] = {
    BooksCode.NO_LEDGER: lambda p, n, L: L._("No game has been played in this channel yet."),
    BooksCode.LEDGER_GONE: lambda p, n, L: L._("That ledger is no longer available."),
    BooksCode.NO_STORY: lambda p, n, L: L._("No game has been played in this channel yet."),
    BooksCode.STORY_GONE: lambda p, n, L: L._("That game's story is no longer kept."),
    BooksCode.NOT_SEATED: lambda p, n, L: L._(
        "You're not playing in that game, so none of its payments are yours: leave out mine to read "
        "everyone's."
    ),
}
REFUSALS.register(_REFUSALS)
