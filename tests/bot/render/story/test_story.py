"""The game's story (`/payday log`): one block per turn headed by the roll as a die face and where
the token landed, every event in order, the big moments in bold with their sign; old logs (before
issue 8) still read. (Its pages: tests/bot/features/books/test_pages.py.)"""

import json
import random
from pathlib import Path

from bot.game import events as ev
from bot.game.ai import choose
from bot.game.engine import apply, end_early
from bot.game.events import Event, EventKind, Reason
from bot.game.rulesets import RULESETS
from bot.game.simulate import start
from bot.render.language.i18n import lang
from bot.render.story.block import FACES, Block, die
from bot.render.story.turns import Story, blocks

EN = lang("en")
NAMES = ["Ann", "Bob", "Cat"]
MODERN, CLASSIC = RULESETS["modern"], RULESETS["classic"]
TEEN_JEANS = next(i for i, d in enumerate(MODERN.deals) if d.name == "Teen Jeans")  # $7,000 -> $14,000
FIXTURES = Path(__file__).parents[2] / "game" / "fixtures"
ROLL, MOVED, TRANSFER = EventKind.ROLLED, EventKind.MOVED, EventKind.TRANSFER


def mail(name: str) -> int:
    return next(i for i, card in enumerate(MODERN.mail) if card.name == name)


def rec(kind: str, **fields) -> dict:
    return Event(kind, **fields).to_dict()


def pay(src: int, dst: int, amount: int, reason: Reason, ref: int = -1, value: int = 0) -> dict:
    return rec(TRANSFER, amount=amount, src=src, dst=dst, reason=reason, ref=ref, value=value, month=1)


def turn(seat: int, face: int, day: int) -> list[dict]:
    return [rec(ROLL, seat=seat, value=face), rec(MOVED, seat=seat, value=day)]


def opening(cash: int = 3500) -> list[dict]:
    return [pay(ev.BANK, seat, cash, Reason.START_CASH) for seat in range(3)]


def story(records: list[dict], ruleset=MODERN, names=NAMES) -> list[Block]:
    return blocks(records, names, ruleset, EN)


def test_a_turn_is_one_block_headed_by_its_roll_as_a_die_face_and_where_the_token_landed():
    told = story([*opening(), *turn(0, 4, 4), rec(EventKind.DREW_DEAL, seat=0, value=TEEN_JEANS)])
    assert [b.heading for b in told] == ["The game begins", "Month 1 · Ann ⚃ 4 → Thu 4: Deal"]
    assert told[0].lines == ["Ann, Bob and Cat each collected $3,500 from the Bank (start cash)"]
    # The movement roll and the move are in the heading, not repeated as lines.
    assert told[1].lines == ["Ann drew a Deal — Teen Jeans (cost $7,000, sells for $14,000)"]


def test_every_face_is_drawn_with_its_number():
    assert [die(n) for n in range(1, 7)] == [
        f"{face} {n}" for n, face in zip(range(1, 7), FACES, strict=True)
    ]


def test_the_month_in_a_heading_is_the_players_own_after_their_pay_day():
    told = story([*turn(0, 3, 31), rec(EventKind.NEW_MONTH, seat=0, value=2), *turn(1, 2, 2), *turn(0, 1, 1)])
    assert [b.heading.split(" ·")[0] for b in told] == ["Month 1", "Month 1", "Month 2"]


def test_money_says_who_paid_whom_and_why_and_cards_go_by_name():
    told = story(
        [
            *turn(1, 5, 5),
            rec(EventKind.DREW_MAIL, seat=1, value=0),
            pay(ev.BANK, 1, 3000, Reason.AUTO_LOAN, value=3000),
            pay(
                1,
                2,
                2000,
                Reason.MAIL,
                ref=next(i for i, c in enumerate(MODERN.mail) if c.name == "Fence Dispute"),
            ),
        ]
    )
    assert told[-1].lines == [
        "Bob drew Mail — Bill $5,000: New Roof",
        "Bob took a loan of $3,000 to cover a payment (loan now $3,000)",
        "Bob paid $2,000 to Cat (Fence Dispute)",
    ]


def test_big_moments_stand_out_with_a_sign_and_bold_type_and_nothing_else_does():
    radio = 8
    records = [
        *opening(),
        *turn(0, 6, 6),
        pay(ev.JACKPOT, 0, 2400, Reason.SIX),
        rec(TRANSFER, amount=100, src=1, dst=ev.POT, reason=Reason.LOTTERY_ANTE),
        rec(EventKind.ANTED, seat=1, amount=100, value=3),
        pay(ev.BANK, ev.POT, 1000, Reason.LOTTERY_STAKE),
        rec(ROLL, seat=0, value=5, reason=Reason.LOTTERY_DRAW),
        rec(ROLL, seat=0, value=3, reason=Reason.LOTTERY_DRAW),
        pay(ev.POT, 1, 1100, Reason.LOTTERY_WIN),
        *turn(1, 2, radio),
        rec(ROLL, seat=1, value=1, reason=Reason.SPACE, ref=radio),
        rec(ROLL, seat=2, value=3, reason=Reason.SPACE, ref=radio),
        pay(ev.BANK, 2, 1000, Reason.SPACE, ref=radio),
        *turn(2, 1, 9),
        pay(ev.BANK, 2, 14000, Reason.DEAL_SOLD, ref=TEEN_JEANS),
        rec(EventKind.SOLD, seat=2, value=TEEN_JEANS),
    ]
    text = "\n".join(b.text() for b in story(records))
    assert "🎰 **Ann collected $2,400 from the Jackpot (rolled a 6)**" in text
    assert "Bob paid $100 into the Lottery pot for number 3" in text  # the ante and its payment, one line
    assert "Lottery draw: ⚄ 5 · ⚂ 3" in text
    assert "🎟️ **Bob collected $1,100 from the Lottery pot (Lottery win)**" in text
    assert "Bob rolled ⚀ 1 (Radio Contest)\nCat rolled ⚂ 3 (Radio Contest)" in text
    assert "📻 **Cat collected $1,000 from the Bank (Radio Contest)**" in text
    # Nobody bought it in this log: the profit is counted from the card's cost.
    assert "🤝 **Cat sold Teen Jeans to the Bank for $14,000: a profit of +$7,000**" in text
    assert "Cat sold Teen Jeans\n" not in text + "\n"
    bold = [line for b in story(records) for line in b.lines if "**" in line]
    assert [line.split()[0] for line in bold] == ["🎰", "🎟️", "📻", "🤝"]


def test_a_deals_profit_is_counted_from_what_its_seller_paid_for_it():
    yard_sale = 21
    records = [
        *turn(0, 3, yard_sale),
        rec(ROLL, seat=0, value=2, reason=Reason.YARD_SALE_PRICE),
        pay(0, ev.BANK, 2000, Reason.SPACE, ref=yard_sale),
        rec(EventKind.BOUGHT, seat=0, value=TEEN_JEANS),
        *turn(0, 2, 23),
        pay(ev.BANK, 0, 14000, Reason.DEAL_SOLD, ref=TEEN_JEANS),
        rec(EventKind.SOLD, seat=0, value=TEEN_JEANS),
    ]
    told = story(records)
    assert told[0].lines == [
        "Ann rolled ⚁ 2 (Yard Sale price)",
        "Ann paid $2,000 to the Bank (Yard Sale)",
        "Ann bought Teen Jeans",  # a Yard Sale's payment does not name the Deal: this line does
    ]
    assert told[1].lines == ["🤝 **Ann sold Teen Jeans to the Bank for $14,000: a profit of +$12,000**"]


def test_a_deal_bought_at_a_deal_space_is_one_line():
    records = [
        *turn(0, 2, 2),
        pay(0, ev.BANK, 7000, Reason.DEAL_BOUGHT, ref=TEEN_JEANS),
        rec(EventKind.BOUGHT, seat=0, value=TEEN_JEANS),
    ]
    assert story(records)[0].lines == ["Ann paid $7,000 to the Bank (bought Teen Jeans)"]


def test_a_walk_for_charity_roll_and_its_payment_share_a_line_unless_a_loan_comes_between():
    walk = 30
    records = [
        *turn(0, 2, walk),
        rec(ROLL, seat=1, value=6, reason=Reason.SPACE, ref=walk),
        pay(1, ev.JACKPOT, 600, Reason.SPACE, ref=walk),
        rec(ROLL, seat=2, value=4, reason=Reason.SPACE, ref=walk),
        pay(ev.BANK, 2, 1000, Reason.AUTO_LOAN, value=1000),
        pay(2, ev.JACKPOT, 400, Reason.SPACE, ref=walk),
    ]
    assert story(records)[0].lines == [
        "Bob rolled ⚅ 6 and paid $600 into the Jackpot (Walk for Charity)",
        "Cat rolled ⚃ 4 (Walk for Charity)",
        "Cat took a loan of $1,000 to cover a payment (loan now $1,000)",
        "Cat paid $400 to the Jackpot (Walk for Charity)",
    ]


def test_each_pay_day_ends_with_its_result_and_where_the_player_stands():
    records = [
        *opening(),
        pay(ev.BANK, 0, 2000, Reason.LOAN, value=2000),  # before Pay Day: not part of its result
        *turn(0, 3, 31),
        pay(ev.BANK, 0, 3500, Reason.SALARY),
        pay(0, ev.BANK, 200, Reason.INTEREST),
        pay(0, ev.BANK, 300, Reason.BILL, ref=next(i for i, c in enumerate(MODERN.mail) if c.amount == 300)),
        pay(0, ev.BANK, 1000, Reason.REPAYMENT, value=1000),  # a repayment is no loss
        rec(EventKind.NEW_MONTH, seat=0, value=2),
    ]
    told = story(records)
    assert told[-1].lines[-1] == (
        "💵 **Pay Day for Ann: +$3,000 (cash $7,500, loan $1,000); month 2 begins**"
    )
    assert not any("went back to START" in line for line in told[-1].lines)


def test_the_last_pay_day_retires_the_player_and_the_game_ends_in_its_own_block():
    records = [
        *turn(0, 3, 31),
        pay(ev.BANK, 0, 3500, Reason.SALARY),
        rec(EventKind.RETIRED, seat=0, amount=12000),
        rec(EventKind.GAME_OVER, amount=12000, value=1, ref=1),
    ]
    told = story(records)
    assert told[0].lines[-1] == "🏁 **Pay Day for Ann: +$3,500. Ann retires with a net worth of $12,000**"
    assert told[-1] == Block("Final result", ["🏆 **Game over: Ann wins with a net worth of $12,000**"])


def test_rows_about_the_table_are_told_or_left_out():
    records = [
        {"kind": "started", "seats": NAMES},
        {"kind": "action", "seat": 0, "action": "roll", "value": 0, "prompt": 1},
        *turn(0, 1, 1),
        {"kind": "back", "seat": 1},
        {"kind": "clock_restarted", "prompt": 2},
        {"kind": "left", "user": 5, "seat": 2},
        {"kind": "lobby", "text": "**Cat** sat down."},  # bookkeeping: left out
        {"kind": "retired_kind", "text": "**Cat** did a thing once."},  # unknown, with its English
        {"kind": "ended", "by": 7},
        {"kind": "gone"},
        {"kind": "idle"},
        {"kind": "pause_expired"},
    ]
    told = blocks(records, NAMES, MODERN, EN, escape=lambda text: text.replace("*", "\\*"))
    assert told[-1].lines == [
        "Bob is back.",
        "Cat left; a computer player takes over their seat.",
        "\\*\\*Cat\\*\\* did a thing once.",  # stored English is escaped like a name
        "The game was ended early.",
        "The game's channel or thread could no longer be reached: the game ended.",
        "Nobody played for days: the game ended by itself.",
        "The game stayed paused too long and ended by itself.",
    ]


def test_a_log_written_before_the_codes_still_reads_with_faces_in_its_headings():
    records = json.loads((FIXTURES / "log-before-issue-8-classic-commission.json").read_text())
    told = blocks(records, NAMES, CLASSIC, EN, escape=lambda text: f"<{text}>")
    text = "\n".join(b.text() for b in told)
    assert told[1].heading == "Month 1 · Ann ⚁ 2 → Tue 2: Deal"
    for row in records:
        stored = row["text"]
        headed = row["kind"] == "moved" or (row["kind"] == "rolled" and not row["reason"])
        # Start cash is one line for all; an ante and a Poker stake are said by their payment's line.
        if headed or row["reason"] in ("start cash", "Lottery ante") or row["kind"] == "put_in":
            continue
        if row["kind"] == "rolled":  # every roll is shown as a face, whatever its reason was
            stored = f"rolled {die(row['value'])} ({row['reason']})"
        if row["kind"] == "new_month":  # the Pay Day's result says it
            stored = f"; month {row['value']} begins**"
        assert stored in text, stored
    assert "<Ann paid $350 to the Bank (bought Car Wash)>" in text  # free-text reason: stored, escaped
    assert "Ann drew a Deal — Car Wash (cost $350, sells for $600, commission $35)" in text  # a code


def played(seed: int, ruleset: str, players: int = 3, months: int = 2, stop: int | None = None) -> list[dict]:
    """The log rows of a computer game, as the cog stores them (an action row before each answer)."""
    state, opening_events = start(seed, players, months, ruleset)
    rows = [e.to_dict() for e in opening_events]
    rng = random.Random(seed)
    actions = 0
    while not state.over:
        if actions == stop:
            rows += [{"kind": "ended", "by": 1}, *(e.to_dict() for e in end_early(state))]
            break
        seat = rng.choice(state.pending.seats)
        rows.append({"kind": "action", "seat": seat})
        rows += [e.to_dict() for e in apply(state, choose(state, seat))]
        actions += 1
    return rows


def test_the_story_is_written_in_the_readers_language():
    rows = played(2, "modern", months=1)
    italian = lang("it")
    told = blocks(rows, NAMES, MODERN, italian)
    assert told[0].heading != "The game begins" or italian.missing  # translated once the catalog has it
    assert "€" not in told[0].text()
    assert "3.500" in told[0].text()  # Italian money, from the same log


def test_a_story_read_a_few_rows_at_a_time_reads_as_one_read_at_once():
    rows = played(4, "modern", months=1)
    whole = blocks(rows, NAMES, MODERN, EN)
    story = Story(NAMES, MODERN, EN)
    cut = 0
    for size in [1, 3, 2, 7, 5] * len(rows):
        if cut >= len(rows):
            break
        story.read(rows[cut : cut + size])
        cut += size
        assert story.rows == min(cut, len(rows))
        assert story.blocks() == blocks(rows[:cut], NAMES, MODERN, EN)  # held lines shown, not lost
    assert story.blocks() == whole
