"""Words from codes: every event kind, every reason, every refusal and every question has its English
sentence, with every placeholder filled; and an event log saved before the codes still reads."""

import json
from pathlib import Path

import pytest

from bot.features.books.words import line
from bot.game import actions as a
from bot.game import bank
from bot.game import events as ev
from bot.game.actions import IllegalAction, RefusalCode
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.state import PendingKind
from bot.render.language.events import describe, describe_record
from bot.render.language.i18n import lang
from bot.render.language.ledger import reason_text
from bot.render.prompts.answers import choices
from bot.render.prompts.questions import question
from bot.render.refusals import refusal_text
from bot.table.lobby import LobbyCode, Refusal
from tests.bot.render.games import every_question

ENGLISH = lang("en")
NAMES = ["Ann", "Bob", "Cat"]
MODERN, CLASSIC = RULESETS["modern"], RULESETS["classic"]
FIXTURES = Path(__file__).parents[1] / "game" / "fixtures"


def transfer(reason: Reason, ref: int = -1, src: int = ev.BANK, dst: int = 0) -> Event:
    return Event(
        EventKind.TRANSFER, amount=500, value=1000, src=src, dst=dst, reason=reason, month=1, day=3, ref=ref
    )


def note(reason: Reason, ref: int = -1, value: int = 0) -> Event:
    return Event(EventKind.NOTHING, seat=1, value=value, reason=reason, ref=ref)


def rolled(reason: Reason, ref: int = -1) -> Event:
    return Event(EventKind.ROLLED, seat=0, value=4, reason=reason, ref=ref)


SAMPLES: list[tuple[Event, str]] = [
    # (the event as the engine makes it, what the table reads) — modern unless the card is classic
    (Event(EventKind.ROLLED, seat=0, value=6), "Ann rolled a 6"),
    (rolled(Reason.SPACE, 2), "Ann rolled a 4 (Sweepstakes)"),
    (rolled(Reason.YARD_SALE_PRICE), "Ann rolled a 4 (Yard Sale price)"),
    (rolled(Reason.LOTTERY_DRAW), "Ann rolled a 4 (Lottery draw)"),
    (Event(EventKind.MOVED, seat=2, value=7), "Cat moved to day 7: Ski Weekend"),
    (Event(EventKind.DREW_MAIL, seat=0, value=0), "Ann drew Mail — Bill $5,000: New Roof"),
    (
        Event(EventKind.DREW_DEAL, seat=0, value=11),
        "Ann drew a Deal — Teen Jeans (cost $7,000, sells for $14,000)",
    ),
    (Event(EventKind.BOUGHT, seat=0, value=11), "Ann bought Teen Jeans"),
    (Event(EventKind.DECLINED, seat=0, value=11), "Ann declined Teen Jeans"),
    (Event(EventKind.SOLD, seat=0, value=11), "Ann sold Teen Jeans"),
    (Event(EventKind.KEPT, seat=1), "Bob kept their Deals"),
    (Event(EventKind.ANTED, seat=1, amount=100, value=3), "Bob anted $100 on number 3"),
    (Event(EventKind.SAT_OUT, seat=1), "Bob sat out the Lottery"),
    (Event(EventKind.SAT_OUT, seat=1, reason=Reason.POKER), "Bob sat out the Poker Game"),
    (Event(EventKind.PUT_IN, seat=1, amount=100), "Bob put $100 into the Poker Game"),
    (Event(EventKind.BET, seat=1, amount=25), "Bob bet $25 on Swellfare"),
    (Event(EventKind.BET, seat=1), "Bob bet nothing on Swellfare"),
    (
        Event(EventKind.RESHUFFLED, reason=Reason.MAIL_PILE),
        "The Mail discards were shuffled into a new draw pile",
    ),
    (
        Event(EventKind.RESHUFFLED, reason=Reason.DEAL_PILE),
        "The Deal discards were shuffled into a new draw pile",
    ),
    (
        Event(EventKind.TIMED_OUT, seat=2, reason=PendingKind.LOTTERY),
        "Cat ran out of time: the bot chose for them",
    ),
    (
        Event(EventKind.CARRIED, seat=0, amount=3000),
        "Ann carried a Monster Charge balance of $3,000 to next month",
    ),
    (Event(EventKind.NEW_MONTH, seat=0, value=2), "Ann went back to START for month 2"),
    (Event(EventKind.RETIRED, seat=0, amount=-500), "Ann retired with a net worth of -$500"),
    (
        Event(EventKind.DISCARDED, seat=0, value=11),
        "Ann's unsold Teen Jeans is discarded: a Deal is worth nothing at the end",
    ),
    (
        Event(EventKind.GAME_OVER, amount=9000, value=1, ref=0b010),
        "Game over: Bob wins with a net worth of $9,000",
    ),
    (
        Event(EventKind.GAME_OVER, amount=9000, value=2, ref=0b101),
        "Game over: Ann and Cat share the win with a net worth of $9,000",
    ),
    # money
    (transfer(Reason.START_CASH), "Ann collected $500 from the Bank (start cash)"),
    (transfer(Reason.SALARY), "Ann collected $500 from the Bank (salary)"),
    (transfer(Reason.LOAN), "Ann took a loan of $500 (loan now $1,000)"),
    (transfer(Reason.AUTO_LOAN), "Ann took a loan of $500 to cover a payment (loan now $1,000)"),
    (transfer(Reason.REPAYMENT, src=0, dst=ev.BANK), "Ann repaid $500 of their loan (loan now $1,000)"),
    (transfer(Reason.INTEREST, src=0, dst=ev.BANK), "Ann paid $500 to the Bank (loan interest)"),
    (
        transfer(Reason.CHARGE_INTEREST, 16, src=0, dst=ev.BANK),
        "Ann paid $500 to the Bank (Monster Charge interest)",
    ),
    (
        transfer(Reason.CHARGE_PAID, 16, src=0, dst=ev.BANK),
        "Ann paid $500 to the Bank (Monster Charge paid in full)",
    ),
    (transfer(Reason.SIX, src=ev.JACKPOT), "Ann collected $500 from the Jackpot (rolled a 6)"),
    (transfer(Reason.SPACE, 14, src=0, dst=ev.JACKPOT), "Ann paid $500 to the Jackpot (Charity Concert)"),
    (transfer(Reason.SPACE, 10, src=1, dst=0), "Bob paid $500 to Ann (Happy Birthday)"),
    (transfer(Reason.MAIL, 19, src=0, dst=ev.JACKPOT), "Ann paid $500 to the Jackpot (Animal Shelter Drive)"),
    (transfer(Reason.BILL, 0, src=0, dst=ev.BANK), "Ann paid $500 to the Bank (bill: New Roof)"),
    (transfer(Reason.DEAL_BOUGHT, 11, src=0, dst=ev.BANK), "Ann paid $500 to the Bank (bought Teen Jeans)"),
    (transfer(Reason.DEAL_SOLD, 11), "Ann collected $500 from the Bank (sold Teen Jeans)"),
    (
        transfer(Reason.DEAL_RETURNED, 11),
        "Ann collected $500 from the Bank (Teen Jeans bought back at cost: the game ended early)",
    ),
    (transfer(Reason.LOTTERY_ANTE, src=1, dst=ev.POT), "Bob paid $500 to the Lottery pot (Lottery ante)"),
    (
        transfer(Reason.LOTTERY_STAKE, dst=ev.POT),
        "the Lottery pot collected $500 from the Bank (the Bank's Lottery stake)",
    ),
    (
        transfer(Reason.JACKPOT_SEED, dst=ev.JACKPOT),
        "the Jackpot collected $500 from the Bank (the Bank's seed money)",
    ),
    (transfer(Reason.LOTTERY_WIN, src=ev.POT), "Ann collected $500 from the Lottery pot (Lottery win)"),
    (
        transfer(Reason.ANTE_RETURNED, src=ev.POT),
        "Ann collected $500 from the Lottery pot (Lottery ante returned: the game ended early)",
    ),
    # notes
    (note(Reason.NO_DEAL_LEFT), "Bob: no Deal left to draw: every Deal is held"),
    (note(Reason.NO_DEAL_TO_SELL), "Bob: no Deal to sell at the Buyer"),
    (note(Reason.NO_YARD_SALE_DEAL), "Bob: no Deal left for the Yard Sale"),
    (note(Reason.NO_FINAL_SALARY), "Bob: no salary at the Pay Day of the last month"),
    (note(Reason.NO_MOVE_AHEAD), "Bob: Move Ahead: no Deal or Buyer left before Pay Day"),
    (
        note(Reason.NO_NEIGHBOUR, 25),
        "Bob's Mad Money $2,000: Won the Office Bet does nothing: every other player has retired",
    ),
    (note(Reason.NO_ANTES), "Bob: nobody anted, so there is no Lottery"),
    (note(Reason.NO_RADIO_WINNER, value=3), "Bob: nobody rolled a 3 on the radio"),
    (
        note(Reason.NUMBER_TAKEN, value=4),
        "Number 4 went to a player before Bob in turn order: Bob picks again",
    ),
]

CLASSIC_SAMPLES: list[tuple[Event, str]] = [
    (rolled(Reason.SWELLFARE), "Ann rolled a 4 (Swellfare)"),
    (rolled(Reason.COMMISSION, 14), "Ann rolled a 4 (Commission on Shoeshine Stand)"),
    (rolled(Reason.SPACE, 5), "Ann rolled a 4 (Poker Game)"),
    (
        Event(EventKind.INSURED, seat=0, value=66),
        "Ann bought Carr Insurance Co. Deluxe Policy: every car bill is cancelled for the rest of the game",
    ),
    (Event(EventKind.CANCELLED, seat=0, value=0), "Ann's insurance cancelled Bill $150 (car): Fender Bender"),
    (
        Event(EventKind.VOIDED, seat=0, value=50),
        "Ann's unused Lottery Ticket $200: State Lottery Ticket is void",
    ),
    (
        transfer(Reason.DEPOSIT, src=0, dst=ev.savings_account(0)),
        "Ann deposited $500 in savings (savings now $1,000)",
    ),
    (
        transfer(Reason.WITHDRAWAL, src=ev.savings_account(0)),
        "Ann withdrew $500 from savings (savings now $1,000)",
    ),
    (
        transfer(Reason.SAVINGS_COVER, src=ev.savings_account(0)),
        "Ann withdrew $500 from savings to cover a payment (savings now $1,000)",
    ),
    (
        transfer(Reason.SAVINGS_INTEREST, dst=ev.savings_account(0)),
        "Ann's savings earned $500 interest from the Bank (savings now $1,000)",
    ),
    (transfer(Reason.WITHDRAW_FEE, src=0, dst=ev.BANK), "Ann paid $500 to the Bank (savings withdrawal fee)"),
    (transfer(Reason.TICKET, 50), "Ann collected $500 from the Bank (Lottery Ticket: State Lottery Ticket)"),
    (
        transfer(Reason.COMMISSION, 14, dst=1),
        "Bob collected $500 from the Bank (Commission on Shoeshine Stand)",
    ),
    (transfer(Reason.SWELLFARE_WIN), "Ann collected $500 from the Bank (Swellfare win)"),
    (transfer(Reason.SWELLFARE_LOST, src=0, dst=ev.JACKPOT), "Ann paid $500 to the Pot (Swellfare bet lost)"),
    (transfer(Reason.DAYLIGHT_START), "Ann collected $500 from the Bank (Daylight Savings on START)"),
    (
        transfer(Reason.POKER_ALONE, src=ev.POT),
        "Ann collected $500 from the poker pot (Poker Game: nobody to play, stake returned)",
    ),
    (
        transfer(Reason.STAKE_RETURNED, src=ev.POT),
        "Ann collected $500 from the poker pot (Poker Game stake returned: the game ended early)",
    ),
    (
        transfer(Reason.POT_SHARED, src=ev.POT),
        "Ann collected $500 from the poker pot (Poker Game pot shared: the game ended early)",
    ),
    (note(Reason.NO_TICKET), "Bob: no Lottery Ticket to cash at the Lottery Draw"),
    (note(Reason.DAYLIGHT_ONCE), "Bob: Daylight Savings happens only once: nothing more"),
    (
        note(Reason.SWELLFARE_UNUSED, 60),
        "Bob: Swellfare: your cash covers what you owe, so the card goes unused",
    ),
    (note(Reason.ALREADY_INSURED, 69), "Bob: already insured against health bills"),
    (note(Reason.INSURANCE_DECLINED, 66), "Bob: declined Carr Insurance Co. Deluxe Policy"),
    (note(Reason.NO_POKER), "Bob: nobody put money into the Poker Game"),
]


@pytest.mark.parametrize(("event", "said"), SAMPLES)
def test_every_modern_event_reads_as_a_sentence(event, said):
    assert describe(event, NAMES, MODERN, ENGLISH) == said


@pytest.mark.parametrize(("event", "said"), CLASSIC_SAMPLES)
def test_every_classic_event_reads_as_a_sentence(event, said):
    assert describe(event, NAMES, CLASSIC, ENGLISH) == said


def test_the_samples_cover_every_event_kind_and_every_reason():
    """A new kind or reason without words fails here until it has a sample (and a sentence)."""
    events = [event for event, _ in SAMPLES + CLASSIC_SAMPLES]
    assert {e.kind for e in events} == set(EventKind)
    assert {e.reason for e in events if e.kind != EventKind.TIMED_OUT} - {""} == set(Reason)


REFUSALS: list[tuple[IllegalAction, str]] = [
    (
        IllegalAction(RefusalCode.NO_RULESET, ruleset="fancy", choices=("modern", "family")),
        "There is no ruleset called fancy: choose one of modern, family.",
    ),
    (IllegalAction(RefusalCode.PLAYER_COUNT, least=2, most=4), "This ruleset needs 2 to 4 players."),
    (IllegalAction(RefusalCode.MONTHS, least=1, most=12), "Choose between 1 and 12 months."),
    (IllegalAction(RefusalCode.NAME_LENGTH, most=32), "Every player needs a name of 1 to 32 characters."),
    (a.GameOver(RefusalCode.GAME_OVER), "This game is over."),
    (a.NotInGame(RefusalCode.NOT_IN_GAME), "You're not playing in this game."),
    (a.StalePrompt(RefusalCode.STALE), "That question has passed."),
    (a.AlreadyAnswered(RefusalCode.ALREADY_ANSWERED), "You already answered this one."),
    (
        a.NotYourTurn(RefusalCode.NOT_YOUR_TURN, seats=(1, 2)),
        "It's not your move: the game is waiting for Bob and Cat.",
    ),
    (a.InvalidChoice(RefusalCode.NOT_A_CHOICE), "That isn't one of the choices right now."),
    (
        a.InvalidChoice(RefusalCode.LOAN_STEP, step=1000),
        "Loans come in steps of $1,000: ask for $1,000, $2,000 and so on.",
    ),
    (
        a.InvalidChoice(RefusalCode.BORROW_WITH_SAVINGS, savings=300),
        "You have $300 in savings: withdraw it before you borrow (nobody holds savings and a loan at once).",
    ),
    (a.InvalidChoice(RefusalCode.LOAN_CAP, cap=6900), "That would take your loan past the $6,900 limit."),
    (a.InvalidChoice(RefusalCode.REPAY_PASSED), "The repayment step of this Pay Day has passed."),
    (a.InvalidChoice(RefusalCode.REPAY_AT_PAY_DAY), "Loans can only be repaid at your own Pay Day."),
    (a.InvalidChoice(RefusalCode.REPAY_STEP, step=1000), "Repayments come in steps of $1,000."),
    (a.InvalidChoice(RefusalCode.LOAN_ONLY, loan=3000), "Your loan is only $3,000."),
    (a.InvalidChoice(RefusalCode.CASH_ONLY, cash=2500), "You only have $2,500 in cash."),
    (
        a.InvalidChoice(RefusalCode.REPAY_CHOICE, step=1000),
        "Repay in steps of $1,000, no more than your loan and your cash.",
    ),
    (a.InvalidChoice(RefusalCode.NO_SAVINGS), "This edition of the rules has no savings accounts."),
    (a.InvalidChoice(RefusalCode.DEPOSIT_AT_PAY_DAY), "Savings deposits are taken only at your own Pay Day."),
    (a.InvalidChoice(RefusalCode.NOTHING_TO_WITHDRAW), "You have no savings to withdraw."),
    (
        a.InvalidChoice(RefusalCode.WITHDRAW_STEP, step=100),
        "Withdraw in steps of $100, or your whole balance.",
    ),
    (a.InvalidChoice(RefusalCode.SAVINGS_ONLY, savings=300), "Your savings are only $300."),
    (
        a.InvalidChoice(RefusalCode.FEE_TOO_BIG, fee=50),
        "A withdrawal before Pay Day costs a $50 fee: withdraw more than that.",
    ),
    (
        a.InvalidChoice(RefusalCode.OWE_BEFORE_SAVING, loan=300),
        "You owe $300: repay your loan before you save (never both at once).",
    ),
    (
        a.InvalidChoice(RefusalCode.WITHDREW_THIS_PAY_DAY),
        "You withdrew this Pay Day: deposit at your next one.",
    ),
    (
        a.InvalidChoice(RefusalCode.DEPOSITED_THIS_PAY_DAY),
        "You deposited this Pay Day: withdraw at your next one, or later for a fee.",
    ),
    (
        a.InvalidChoice(RefusalCode.BANK_STEP, step=100),
        "Bank in steps of $100, within your cash, your loan and your savings.",
    ),
    (
        a.InvalidChoice(RefusalCode.NUMBER_TAKEN, number=4, seat=0),
        "Number 4 goes to Ann, who picks before you in turn: pick another number.",
    ),
    (a.InvalidChoice(RefusalCode.NOT_HELD), "You don't hold that Deal."),
    (Refusal(LobbyCode.STARTED), "The game in this channel has already started: wait for the next one."),
    (Refusal(LobbyCode.ALREADY_JOINED), "You're already in this game."),
    (Refusal(LobbyCode.TABLE_FULL, most=6), "The table is full (6 players)."),
    (Refusal(LobbyCode.NOT_JOINED), "You're not in this game."),
    (Refusal(LobbyCode.NOT_PLAYING), "You're not playing in this game."),
    (Refusal(LobbyCode.HOST_ADDS_COMPUTERS, host="Ann"), "Only the host, Ann, can add computer players."),
    (Refusal(LobbyCode.HOST_STARTS, host="*Ann*"), "Only the host, \\*Ann\\*, can start the game."),
    (Refusal(LobbyCode.HOST_STARTS, host=""), "Only the host can start the game."),
    (Refusal(LobbyCode.HOST_HOUSE_RULES, host="Ann"), "Only the host, Ann, can change the house rules."),
    (
        Refusal(LobbyCode.PLAYER_COUNT, least=2, most=6),
        "A game needs 2 to 6 players: invite someone, or add a computer player.",
    ),
    (
        Refusal(LobbyCode.HOST_OR_MANAGER, host="Ann"),
        "Only the host, Ann, or someone with Manage Channels can do that.",
    ),
    (
        Refusal(LobbyCode.REMATCH_PLAYERS),
        "Only the players of that game can ask for a rematch: start a new game with /payday start.",
    ),
    (Refusal(LobbyCode.KICK_SELF), "To leave the game yourself, use /payday leave."),
    (Refusal(LobbyCode.NOT_SEATED, name="*olga*"), "\\*olga\\* has no seat in this game."),
    (
        Refusal(LobbyCode.REPLACED, name="dave"),
        "dave is no longer in this game: a computer player already plays their seat.",
    ),
]


@pytest.mark.parametrize(("refusal", "said"), REFUSALS)
def test_every_refusal_reads_as_a_sentence(refusal, said):
    assert refusal_text(refusal, ENGLISH, NAMES) == said


def test_the_refusals_cover_every_code():
    assert {refusal.code for refusal, _ in REFUSALS} == set(RefusalCode) | set(LobbyCode)


def test_a_refusal_carries_its_code_and_numbers_and_no_words():
    refusal = a.InvalidChoice(RefusalCode.NUMBER_TAKEN, number=4, seat=0)
    assert (refusal.code, refusal.params) == (RefusalCode.NUMBER_TAKEN, {"number": 4, "seat": 0})
    assert str(refusal) == "number_taken(number=4, seat=0)"


def test_every_question_of_every_edition_reads_with_every_placeholder_filled():
    asked: set[str] = set()
    for st, names in every_question():
        asked.add(st.pending.kind)
        text = question(st, names, ENGLISH)
        labels = [choice.label for choice in choices(st, ENGLISH)]
        assert text and labels and "{" not in text + "".join(labels), (text, labels)
    assert asked == set(PendingKind)


# -- an event log saved before the codes ---------------------------------------------------------------
def test_an_event_log_saved_before_the_codes_still_reads_as_it_did():
    log = json.loads((FIXTURES / "log-before-issue-8-classic-commission.json").read_text())
    for record in log:
        assert describe_record(record, NAMES, CLASSIC, ENGLISH) == record["text"]


def test_its_ledger_shows_each_old_row_with_the_reason_it_was_stored_with():
    log = json.loads((FIXTURES / "log-before-issue-8-classic-commission.json").read_text())
    rows = [record for record in log if record["kind"] == EventKind.TRANSFER]
    events = [Event.from_record(record) for record in rows]
    assert [reason_text(e, CLASSIC, ENGLISH) for e in events] == [record["reason"] for record in rows]
    assert "· bought Bowling Alley" in line(
        events[[r["reason"] for r in rows].index("bought Bowling Alley")], NAMES, CLASSIC, ENGLISH
    )
    # Reasons that already were fixed strings are codes now, so the loan book still finds them.
    pad = [e.reason for e in bank.loan_book(events)]
    assert sorted(pad) == sorted(r["reason"] for r in rows if r["reason"].startswith(("loan", "savings")))
    assert len(pad) == 9


def test_old_rows_whose_reasons_are_codes_now_read_the_same_from_their_codes():
    log = json.loads((FIXTURES / "log-before-issue-8-classic-commission.json").read_text())
    coded = [r for r in log if r["reason"] in set(Reason) and r["kind"] in set(EventKind)]
    assert len(coded) > 10
    for record in coded:
        assert describe(Event.from_record(record), NAMES, CLASSIC, ENGLISH) == record["text"]
