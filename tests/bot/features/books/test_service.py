"""The books through the service: a page of the ledger, everyone's or only a player's own payments
(issue 29's worked example): only the lines from or to their seat's cash or savings, what they paid
and received in all, pages of those lines alone; refused for someone who plays no seat."""

import pytest

from bot.features.books.service import LEDGER_PAGE, BookReader, BooksCode, own_payments
from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.events import Event, EventKind, Reason
from bot.service import LobbyOptions, Move, Person, Refused, Service

CHANNEL, GUILD = 10, 20
ALICE, BOB, OLGA = Person(1, "alice"), Person(2, "bob"), Person(9, "olga")


async def started(service: Service, ruleset: str = "modern") -> None:
    options = LobbyOptions(ruleset=ruleset, months=1, turn_seconds=86400)
    await service.lobbies.open_lobby(CHANNEL, GUILD, ALICE, options)
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ALICE)


async def everything(books: BookReader, book: str = "bank") -> list[Event]:
    """Every line of the book, newest first, page after page."""
    first = await books.ledger(CHANNEL, book, 1)
    lines = list(first.entries)
    for page in range(2, first.pages + 1):
        lines += (await books.ledger(CHANNEL, book, page)).entries
    return lines


async def test_only_the_readers_own_payments_in_pages_of_their_own_with_what_they_paid_and_received(service):
    await started(service)
    books = BookReader(service.core)
    for _ in range(17):
        await service.playing.act(CHANNEL, ALICE, Move(ActionKind.LOAN, 1000))
    await service.playing.act(CHANNEL, BOB, Move(ActionKind.LOAN, 3000))
    whole = await everything(books)
    alice, bob = 0, 1

    first = await books.ledger(CHANNEL, "bank", 1, reader=ALICE.user_id, mine=True)
    second = await books.ledger(CHANNEL, "bank", 2, reader=ALICE.user_id, mine=True)

    hers = [e for e in whole if alice in (e.src, e.dst)]
    assert len(hers) == 18 == LEDGER_PAGE + 3  # her start cash and 17 loans
    assert (first.pages, first.page, second.page) == (2, 1, 2) and first.mine and first.seat == alice
    assert first.entries + second.entries == hers  # newest first, as the whole ledger
    assert len(first.entries) == LEDGER_PAGE
    assert (first.received, first.paid) == (3500 + 17 * 1000, 0) == (second.received, second.paid)

    theirs = await books.ledger(CHANNEL, "bank", 1, reader=BOB.user_id, mine=True)
    assert [(e.dst, e.amount, e.reason) for e in theirs.entries] == [
        (bob, 3000, Reason.LOAN),
        (bob, 3500, Reason.START_CASH),
    ]
    assert (theirs.pages, theirs.received, theirs.paid) == (1, 6500, 0)

    loans = await books.ledger(CHANNEL, "loans", 1, reader=BOB.user_id, mine=True)
    assert [e.amount for e in loans.entries] == [3000] and loans.received == 3000


async def test_everyones_lines_say_which_seat_is_the_readers_and_ask_nothing_of_an_onlooker(service):
    await started(service)
    books = BookReader(service.core)

    bob = await books.ledger(CHANNEL, "bank", 1, reader=BOB.user_id)
    olga = await books.ledger(CHANNEL, "bank", 1, reader=OLGA.user_id)

    assert bob.seat == 1 and not bob.mine and (bob.paid, bob.received) == (0, 0)
    assert olga.seat is None and olga.entries == bob.entries and len(olga.entries) == 2


async def test_someone_who_plays_no_seat_is_refused_their_own_payments(service):
    await started(service)
    books = BookReader(service.core)
    with pytest.raises(Refused) as refused:
        await books.ledger(CHANNEL, "bank", 1, reader=OLGA.user_id, mine=True)
    assert refused.value.code == BooksCode.NOT_SEATED
    with pytest.raises(Refused) as nobody:
        await books.ledger(CHANNEL, "bank", 1, mine=True)
    assert nobody.value.code == BooksCode.NOT_SEATED


async def test_an_empty_book_of_ones_own_payments_is_one_empty_page(service):
    await started(service)
    shown = await BookReader(service.core).ledger(CHANNEL, "loans", 3, reader=BOB.user_id, mine=True)
    assert (shown.entries, shown.page, shown.pages, shown.paid, shown.received) == ([], 1, 1, 0, 0)


async def test_a_player_who_left_still_reads_the_payments_they_made_after_the_game(service):
    """Leaving hands the seat to a computer player; the seat's payments are still the leaver's."""
    await started(service)
    await service.playing.act(CHANNEL, BOB, Move(ActionKind.LOAN, 1000))
    books = BookReader(service.core)
    game_id = (await books.ledger(CHANNEL, "bank", 1)).game_id
    for person in (ALICE, BOB):
        await service.lobbies.leave(CHANNEL, person)

    shown = await books.ledger(CHANNEL, "bank", 1, game_id, reader=ALICE.user_id, mine=True)

    assert shown.game_id == game_id and shown.entries and all(0 in (e.src, e.dst) for e in shown.entries)


def test_a_move_between_ones_own_cash_and_savings_is_neither_paid_nor_received():
    def pay(src: int, dst: int, amount: int, reason: Reason) -> Event:
        return Event(EventKind.TRANSFER, amount=amount, src=src, dst=dst, reason=reason)

    savings = ev.savings_account(1)
    lines = [
        pay(ev.BANK, savings, 50, Reason.SAVINGS_INTEREST),
        pay(1, savings, 400, Reason.DEPOSIT),
        pay(0, 1, 100, Reason.SPACE),
        pay(1, ev.BANK, 30, Reason.INTEREST),
        pay(0, ev.BANK, 999, Reason.INTEREST),
        pay(ev.savings_account(0), 0, 10, Reason.WITHDRAWAL),
    ]
    mine, paid, received = own_payments(lines, 1)
    assert mine == lines[:4] and (paid, received) == (30, 150)
