"""A slash command's private answer speaks to the player who acted (issue 17.8): their own loan,
repayment and savings moves in the second person, a loan with its interest at each Pay Day; what
followed, and anyone else's doings, in the table's own words."""

import pytest

from bot.game import events as ev
from bot.game.events import Event, EventKind, Reason
from bot.render.language.i18n import NBSP, lang
from bot.render.notes import note_text
from bot.service.values import Note, NoteCode
from bot.table import Table, lobby

ALICE, BOB = 0, 1


def classic() -> Table:
    """alice and bob at a classic table (loans at 20% a Pay Day, savings)."""
    table = Table(host_id=1, ruleset="classic", turn_seconds=300, interrupt_seconds=60, seed=3)
    lobby.join(table, 1, "alice")
    lobby.join(table, 2, "bob")
    lobby.start(table, 1)
    return table


def money(src: int, dst: int, amount: int, reason: Reason, balance: int = 0) -> Event:
    return Event(EventKind.TRANSFER, amount=amount, value=balance, src=src, dst=dst, reason=reason)


def done(table: Table, seat: int, *events: Event, code: str = "en") -> str:
    return note_text(Note(NoteCode.DONE, {"events": events, "seat": seat}), lang(code), table)


@pytest.mark.parametrize(
    ("event", "english"),
    [
        (
            money(ev.BANK, BOB, 500, Reason.LOAN, 1500),
            "You borrowed $500 (loan now $1,500): $300 interest at each Pay Day.",
        ),
        (
            money(BOB, ev.BANK, 500, Reason.REPAYMENT, 1000),
            "You repaid $500 (loan now $1,000): $200 interest at each Pay Day.",
        ),
        (money(BOB, ev.BANK, 1000, Reason.REPAYMENT, 0), "You repaid $1,000: your loan is paid off."),
        (
            money(BOB, ev.savings_account(BOB), 300, Reason.DEPOSIT, 300),
            "You deposited $300 in savings (savings now $300).",
        ),
        (
            money(ev.savings_account(BOB), BOB, 100, Reason.WITHDRAWAL, 200),
            "You withdrew $100 from savings (savings now $200).",
        ),
        (
            money(BOB, ev.BANK, 50, Reason.WITHDRAW_FEE),
            "You paid the Bank a fee of $50 for withdrawing outside your Pay Day.",
        ),
    ],
)
def test_the_players_own_bookkeeping_is_said_to_them(event, english):
    assert done(classic(), BOB, event) == english


def test_a_loan_is_said_to_the_borrower_in_italian_with_its_interest():
    said = done(classic(), BOB, money(ev.BANK, BOB, 500, Reason.LOAN, 1500), code="it")
    assert said == (
        f"Hai chiesto un prestito di 500{NBSP}$ (prestito ora 1.500{NBSP}$): paghi 300{NBSP}$ di interessi "
        "a ogni Giorno di paga."
    )


def test_what_others_did_and_what_followed_stay_in_the_tables_words():
    alices_loan = money(ev.BANK, ALICE, 1000, Reason.LOAN, 1000)
    rolled = Event(EventKind.ROLLED, BOB, value=4)
    assert done(classic(), BOB, alices_loan, rolled).split("\n") == [
        "alice took a loan of $1,000 (loan now $1,000)",
        "bob rolled a 4",
    ]
