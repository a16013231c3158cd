"""The text of `/payday help` and `/payday rules`, kept here so wording changes never touch the cog.

Every `/payday rules` page is written for one edition from that edition's data (board, decks and
`Rules`): no amount, rate, deck size or day is typed into the prose, so a page can never disagree
with the game it describes (docs/RULES.md is the spec they follow). A test renders every topic for
every edition, and for editions with every number changed, and checks each number in the text.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Literal

from bot.game import calendar as cal
from bot.game import cards, engine, rulesets
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.rulesets import Ruleset

Topic = Literal[
    "overview",
    "board",
    "mail",
    "deals",
    "loans",
    "payday",
    "lottery",
    "interrupts",
    "winning",
    "timeouts",
    "editions",
]

HELP_TITLE = "Pay Day — the board game, played in this channel"

HELP_TEXT = """\
I run games of **Pay Day** for 2 to 6 players. I am the Banker and the Loan Record Keeper: \
I roll the die, pay salaries, charge interest and write down every dollar that changes hands, \
so nobody has to count.

**How a game goes**
1. Someone runs `/payday start`, the others `/payday join`, and the game begins.
2. On your turn, press **Roll**. Your token moves through the calendar and I tell you what happened.
3. When a space asks for a choice (buy a Deal, pick a neighbour, ante for the Lottery), \
buttons appear for the player who decides. Everyone else can watch.
4. Every month ends on Pay Day: salary in, interest and bills out.
5. After the last month, the highest net worth (cash minus debts) wins.

**Commands**"""

# (usage, what it does): the whole /payday command set, in the order a newcomer meets it.
COMMANDS: tuple[tuple[str, str], ...] = (
    (
        "/payday start [months] [turn_time] [ruleset]",
        "Open a game here: 1–12 months (3 by default), a turn time limit and the edition of the rules.",
    ),
    ("/payday join", "Take a seat in the game waiting to start."),
    ("/payday leave", "Leave the game here; in a running game a computer player takes your seat."),
    ("/payday status", "Show the game message again at the bottom of the channel, with its buttons."),
    ("/payday hand", "See your Mail and Deals (only you can see them)."),
    ("/payday ledger [book] [page]", "The Bank's statement or the loan book: who paid whom, how much, why."),
    ("/payday loan amount", "Borrow from the Bank, in $1,000 steps, at any time."),
    ("/payday repay amount", "Pay back your loan, in $1,000 steps, on your Pay Day."),
    (
        "/payday deposit amount",
        "Classic edition: put cash in savings, in $100 steps, on your Pay Day.",
    ),
    (
        "/payday withdraw amount",
        "Classic edition: take money out of savings; free on your Pay Day, a $50 fee at other times.",
    ),
    ("/payday end", "Stop the game in this channel."),
    ("/payday rules [topic]", "The rules, one topic at a time."),
    ("/payday help", "This message."),
)

TITLES: dict[str, str] = {
    "overview": "Pay Day in a nutshell",
    "board": "The calendar",
    "mail": "Mail",
    "deals": "The Deal deck",
    "loans": "Loans",
    "payday": "Pay Day",
    "lottery": "The Lottery",
    "interrupts": "Playing out of turn",
    "winning": "The end and the winner",
    "timeouts": "Time limits",
    "editions": "Editions of the rules",
}
TOPICS_LINE = "Topics: " + ", ".join(f"`{topic}`" for topic in TITLES) + "."
RECONSTRUCTED = (
    "*The 1975 board and card lists are not published anywhere we could find: where each space sits "
    "and every card's name and amount in this edition are our reconstruction.*"
)


# -- small pieces ---------------------------------------------------------------------------------
def _money(amount: int) -> str:
    return f"${amount:,}"


def _and(items: Sequence[str], word: str = "and") -> str:
    """Items in a sentence: `a`, `a and b`, `a, b and c` (or another `word`)."""
    items = list(items)
    return ", ".join(items[:-1]) + f" {word} {items[-1]}" if len(items) > 1 else "".join(items)


def _days(ruleset: Ruleset, kind: str) -> list[int]:
    return [day for day, space in enumerate(ruleset.board) if space.kind == kind]


def _space(ruleset: Ruleset, kind: str) -> cal.Space | None:
    return next((space for space in ruleset.board if space.kind == kind), None)


def _mail(ruleset: Ruleset, kind: str) -> list[cards.MailCard]:
    return [card for card in ruleset.mail if card.kind == kind]


def _amounts(deck: Sequence[cards.MailCard]) -> str:
    """The spread of a kind's amounts: "$500", "$1,000, $3,000 and $4,000" or "$100 to $5,000"."""
    values = sorted({card.amount for card in deck})
    if len(values) <= 3:
        return _and([_money(v) for v in values])
    return f"{_money(values[0])} to {_money(values[-1])}"


def _count(deck: Sequence[cards.MailCard]) -> str:
    return f"{len(deck)} card{'s' * (len(deck) != 1)}"


def _commission(ruleset: Ruleset) -> bool:
    return any(deal.commission for deal in ruleset.deals)


def _faces(lowest: int) -> str:
    """The die faces from `lowest` up: "5 or 6"."""
    faces = [str(face) for face in LOTTERY_NUMBERS if face >= lowest]
    return " or ".join([", ".join(faces[:-1]), faces[-1]]) if len(faces) > 1 else faces[0]


# -- the topics -----------------------------------------------------------------------------------
def _overview(rs: Ruleset, limits: dict[str, str]) -> str:
    r = rs.rules
    things = ["collect Mail (mostly bills)", "buy Deals you hope to sell at a profit"]
    if _days(rs, cal.LOTTERY):
        things.append("enter the Lottery")
    things.append(f"pay into {rs.jackpot_name}")
    last = " (none at the Pay Day of your last month)" if not r.salary_in_final_month else ""
    savings = (
        f" Spare cash can go into **savings** at {r.savings_interest_pct}% a Pay Day." if r.savings else ""
    )
    return (
        "Pay Day is a race to end the game with the most money. Each month is one lap of a calendar: "
        f"you roll the die, move that many days and do what the day says: {_and(things)}.\n\n"
        f"{r.min_players} to {r.max_players} players. Everyone starts with **{_money(r.start_cash)}** and "
        f"earns a **{_money(r.salary)}** salary on every Pay Day, the last day of the month{last}. The "
        f"table chooses how many months to play when the game starts ({engine.DEFAULT_MONTHS} unless "
        f"chosen otherwise, from {engine.MIN_MONTHS} to {engine.MAX_MONTHS}). The player who opened the "
        "game rolls first; play then goes round in the order players sat down.\n\n"
        f"Short of cash? Take a **loan** whenever you like, in {_money(r.loan_step)} steps; it costs "
        f"{r.loan_interest_pct}% at every Pay Day.{savings} After your last Pay Day you retire; when "
        "everyone has retired, the player with the highest net worth wins.\n\n" + TOPICS_LINE
    )


def _mail_line(rs: Ruleset, kind: str, deck: list[cards.MailCard]) -> str:
    r, n = rs.rules, _count(deck)
    once = "as soon as you read it" if r.read_mail_discarded else "at your Pay Day"
    lines: dict[str, Callable[[], str]] = {
        cards.BILL: lambda: (
            f"**Bills** ({n}, {_amounts(deck)}) — keep them; you pay them all on your Pay Day."
            + (" Some are car bills, some health bills." if any(c.tag for c in deck) else "")
        ),
        cards.MONSTER: lambda: (
            f"**Monster Charges** ({n}: {_amounts(deck)}) — keep it until your Pay Day. There, pay "
            f"{r.charge_interest_pct}% interest plus the whole balance, or the interest alone and carry "
            "the balance (and the card) to next month. No part payments; at your last Pay Day every "
            "Monster Charge is paid off."
        ),
        cards.CHARITY: lambda: f"**Charity** ({n}, {_amounts(deck)}) — pay it into {rs.jackpot_name} now.",
        cards.MONEYGRAM: lambda: (
            f"**Moneygrams** ({n}, {_amounts(deck)}) — send it to {rs.jackpot_name} now."
        ),
        cards.MAD_MONEY: lambda: (
            f"**Mad Money** ({n}, {_amounts(deck)}) — collect it now from a player you choose."
        ),
        cards.NEIGHBOR: lambda: (
            f"**Pay a Neighbor** ({n}, {_amounts(deck)}) — pay it now to a player you choose."
        ),
        cards.MOVE_AHEAD: lambda: (
            f"**Move Ahead** ({n}) — jump now to the next Deal or the next Buyer day (your choice) before "
            "Pay Day, and play that day. If neither is left this month, nothing happens."
        ),
        cards.JUNK: lambda: f"**Junk mail** ({n}) — nothing happens; discarded {once}.",
        cards.POSTCARD: lambda: f"**Postcards** ({n}) — nothing happens; discarded {once}.",
        cards.COLLECTION: lambda: f"**Collections** ({n}, {_amounts(deck)}) — the Bank pays you at once.",
        cards.TICKET: lambda: (
            f"**Lottery Tickets** ({n}, {_amounts(deck)}) — the Bank pays the ticket if you land on a "
            "Lottery Draw the same month (see `lottery`)."
        ),
        cards.SWELLFARE: lambda: (
            f"**Swellfare** ({n}) — if your loan, its interest due and your bills come to more than your "
            f"cash, bet up to {_money(r.swellfare_max)} in {_money(r.swellfare_step)} steps on one roll: "
            f"a {_faces(r.swellfare_win)} pays {r.swellfare_odds}× the bet, anything else sends the bet to "
            f"{rs.jackpot_name}. Otherwise the card is discarded unused."
        ),
        cards.INSURANCE: lambda: (
            f"**Insurance** ({n}, {_amounts(deck)}, car or health) — buy it when it comes and it cancels "
            "every matching bill, the ones you hold too, for the rest of the game."
        ),
    }
    return lines[kind]()


def _mail_page(rs: Ruleset, limits: dict[str, str]) -> str:
    kinds = list(dict.fromkeys(card.kind for card in rs.mail))
    counts = sorted({space.count for space in rs.board if space.kind == cal.MAIL})
    body = "\n".join(_mail_line(rs, kind, _mail(rs, kind)) for kind in kinds)
    neighbours = ""
    if _mail(rs, cards.MAD_MONEY) or _mail(rs, cards.NEIGHBOR):
        neighbours = (
            "\n\nMad Money and Pay a Neighbor choose among the players still playing the month; with "
            "every other player retired, the card does nothing."
        )
    draws = _and([str(count) for count in counts], "or")
    return (
        f"The Mail pile has **{len(rs.mail)}** cards. A Mail day gives you {draws} "
        "of them, as its flag says. Some act at once, some wait for Pay Day.\n\n"
        f"{body}{neighbours}\n\nYour Mail is private: `/payday hand` shows it to you alone."
    )


def _loans(rs: Ruleset, limits: dict[str, str]) -> str:
    r, step = rs.rules, _money(rs.rules.loan_step)
    when = "at any time" if r.repay_anytime else "only on your Pay Day"
    text = (
        f"You may borrow from the Bank at **any time** with `/payday loan`, in steps of {step}, up to "
        f"{_money(r.loan_cap)} borrowed by choice.\n\n"
        f"Every Pay Day the Bank charges **{r.loan_interest_pct}%** of what you owe. You can pay a loan "
        f"back {when} (`/payday repay`, or the Pay Day buttons), also in {step} steps.\n\n"
        "If you ever have to pay more than the cash you hold, "
        + ("your savings cover it first (no fee), then " if r.savings else "")
        + f"I take out the smallest loan that covers it (in {step} steps, even past the limit) and tell "
        "the table. Nobody goes bankrupt; they just owe more."
    )
    if r.savings:
        text += (
            f"\n\n**Savings**: deposit on your Pay Day in {_money(r.savings_step)} steps "
            f"(`/payday deposit`); {r.savings_interest_pct}% interest each Pay Day. Withdraw free on your "
            f"Pay Day, or at any other time for a {_money(r.withdraw_fee)} fee (`/payday withdraw`). You "
            "never hold savings and a loan at once: repay before you save, withdraw before you borrow."
        )
    return text + "\n\n`/payday ledger` lists every loan, repayment and interest charge."


def _pay_day_step(rs: Ruleset, step: str) -> str:
    r = rs.rules
    steps: dict[str, Callable[[], str]] = {
        rulesets.PAY_SALARY: lambda: (
            f"Collect your **{_money(r.salary)}** salary"
            + ("." if r.salary_in_final_month else " (none at the Pay Day of your last month).")
        ),
        rulesets.PAY_INTEREST: lambda: (
            f"Pay **{r.loan_interest_pct}% interest** on your loan"
            + (f", or collect {r.savings_interest_pct}% on your savings." if r.savings else ".")
        ),
        rulesets.PAY_REPAY: lambda: f"Repay some of your loan if you wish, in {_money(r.loan_step)} steps.",
        rulesets.PAY_BILLS: lambda: (
            "Pay **every bill** you are holding. If your cash runs out, "
            + ("your savings, then " if r.savings else "")
            + "a loan covers the rest."
        ),
        rulesets.PAY_CHARGES: lambda: (
            f"For each Monster Charge, pay {r.charge_interest_pct}% interest plus the balance, or the "
            "interest alone and carry the balance to next month. At your last Pay Day there is no "
            "carrying: every charge is paid off."
        ),
        rulesets.PAY_BANKING: lambda: (
            f"Repay in {_money(r.loan_step)} steps, deposit or withdraw in {_money(r.savings_step)} steps, "
            "one move at a time, until you press Done."
        ),
        rulesets.PAY_TICKETS: lambda: (
            "Unused Lottery Tickets are void: they go to the bottom of the Mail pile."
        ),
        rulesets.PAY_MONTH_END: lambda: (
            "Go back to START for the next month, or **retire** if that was your last month (any Deal "
            "you still hold is discarded: it is worth nothing at the end)."
        ),
    }
    return steps[step]()


def _still_in(rs: Ruleset) -> list[str]:
    """What a retired player still takes part in, on this edition's board and decks."""
    kinds = {space.kind for space in rs.board}
    parts = {
        cal.LOTTERY: "ante in the Lottery",
        cal.RADIO: "roll in the Radio Contest",
        cal.BIRTHDAY: "give on Happy Birthday",
        cal.WALK: "pay on the Walk for Charity",
        cal.POKER: "play the Poker Game",
        cal.ELECTION: "pay for the Town Election",
    }
    still = [text for kind, text in parts.items() if kind in kinds]
    return still + (["roll for Deal commissions"] if _commission(rs) else [])


def _payday(rs: Ruleset, limits: dict[str, str]) -> str:
    steps = "\n".join(f"{i}. {_pay_day_step(rs, step)}" for i, step in enumerate(rs.payday, 1))
    not_in = (
        " They take no part in Mad Money or Pay a Neighbor."
        if _mail(rs, cards.MAD_MONEY) or _mail(rs, cards.NEIGHBOR)
        else ""
    )
    return (
        f"Day {cal.PAYDAY_DAY} ends your month. Whatever you rolled, you stop there, and then, in this "
        f"order:\n\n{steps}\n\nRetired players stop moving, but still {_and(_still_in(rs))}.{not_in}"
    )


def _lottery(rs: Ruleset, limits: dict[str, str]) -> str:
    r = rs.rules
    days = _and([str(d) for d in _days(rs, cal.LOTTERY)])
    if not days:
        draws = _and([str(d) for d in _days(rs, cal.LOTTERY_DRAW)])
        return (
            "This edition has no Lottery pot. **Lottery Tickets** come in the Mail "
            f"({_amounts(_mail(rs, cards.TICKET))}). Land on a Lottery Draw day ({draws}) in the month "
            "you got a ticket and the Bank pays its value. At your Pay Day an unused ticket is void and "
            "goes to the bottom of the Mail pile."
        )
    low, high = LOTTERY_NUMBERS[0], LOTTERY_NUMBERS[-1]
    return (
        f"When a player lands on a Lottery day ({days}), the Bank puts **{_money(r.lottery_bank)}** in "
        f"the pot. Then every player, retired ones too, may ante **{_money(r.lottery_ante)}** and take a "
        f"number from {low} to {high} that nobody else has.\n\n"
        "Numbers are picked in turn, starting with the player who landed. Everyone may answer at once, "
        "but a player earlier in that order always gets the number they asked for; a later player who "
        "asked for the same number is asked again, with the taken numbers shown.\n\n"
        "The lander rolls until one of the taken numbers comes up; that player takes the whole pot. "
        "If nobody antes, nothing happens. Anteing is optional, and not answering in time counts as "
        "not anteing."
    )


def _interrupt_lines(rs: Ruleset) -> list[str]:
    r, lines = rs.rules, []
    for kind in dict.fromkeys(space.kind for space in rs.board):
        space = _space(rs, kind)
        if kind == cal.LOTTERY:
            lines.append(f"**Lottery** — each player may ante {_money(r.lottery_ante)} and pick a number.")
        elif kind == cal.RADIO and r.radio_mode == rulesets.RADIO_HIGHEST:
            lines.append(
                f"**{space.name}** — everyone rolls; the highest roll wins {_money(space.amount)} "
                "(ties roll again)."
            )
        elif kind == cal.RADIO:
            lines.append(
                f"**{space.name}** — starting with the lander, each player rolls once in turn; the first "
                f"to roll a {r.radio_number} wins {_money(space.amount)}."
            )
        elif kind == cal.BIRTHDAY:
            lines.append(f"**{space.name}** — every other player gives the lander {_money(space.amount)}.")
        elif kind == cal.WALK:
            lines.append(
                f"**{space.name}** — every other player rolls and pays {_money(space.amount)} × the roll "
                f"to {rs.jackpot_name}."
            )
        elif kind == cal.POKER:
            lines.append(
                f"**{space.name}** — every player may put {_money(space.amount)} in; all who did roll and "
                "the highest takes the pot (ties roll again; a lone taker gets the money back)."
            )
        elif kind == cal.ELECTION:
            lines.append(
                f"**{space.name}** — every player pays {_money(space.amount)} into {rs.jackpot_name}; "
                "the next movement roll of a 6 wins it."
            )
        elif kind == cal.DAYLIGHT:
            lines.append(
                f"**{space.name}** — from the lander, each player still playing steps back one day and "
                f"plays it; a player on START collects {_money(r.salary)} instead. It never sets off "
                "another."
            )
    if _commission(rs):
        lines.append(
            "**Deal commissions** — whenever a Deal is bought, everyone rolls; the highest roll collects "
            "its commission from the Bank (ties roll again)."
        )
    return lines


def _interrupts(rs: Ruleset, limits: dict[str, str]) -> str:
    return (
        "Some days involve everyone, not just the player who landed:\n\n"
        + "\n".join(_interrupt_lines(rs))
        + "\n\nWhen your answer is needed, buttons for it appear on the game message, and only the "
        f"players being asked can press them. You have **{limits['interrupt']}** to answer; after that I "
        "play it safe for you (you sit out, or I roll for you) and tell the table."
    )


def _winning(rs: Ruleset, limits: dict[str, str]) -> str:
    worth = "cash plus savings minus loan" if rs.rules.savings else "cash minus loan"
    charges = (
        " Every bill and Monster Charge was paid at the last Pay Day; a game its host ends early also "
        "subtracts any Monster Charge still carried."
        if _mail(rs, cards.MONSTER)
        else ""
    )
    return (
        "The game ends when every player has finished their last Pay Day. Each player's **net worth** is "
        f"{worth}.{charges}\n\n"
        "Deals you still hold count for nothing. The highest net worth wins; if everyone is in debt, the "
        "smallest debt wins. Players with equal net worth share the win."
    )


def _timeouts(rs: Ruleset, limits: dict[str, str]) -> str:
    kinds = {card.kind for card in rs.mail}
    defaults = ["I roll for you", "decline the Deal", "sit out", "don't repay"]
    if cards.MONSTER in kinds:
        defaults.append("pay Monster Charges off")
    extra = []
    if rulesets.PAY_BANKING in rs.payday:
        extra.append("banking ends (Done)")
    if cards.SWELLFARE in kinds:
        extra.append("no Swellfare bet")
    if cards.INSURANCE in kinds:
        extra.append("the insurance is declined")
    others = []
    if kinds & {cards.MAD_MONEY, cards.NEIGHBOR}:
        others.append("Mad Money and Pay a Neighbor go to the next player still playing, in turn order")
    if cards.MOVE_AHEAD in kinds:
        others.append("Move Ahead goes to the Buyer if you hold a Deal, otherwise to the Deal")
    return (
        "So that one absent player cannot stall the table, every decision has a time limit.\n\n"
        f"**Your turn**: **{limits['turn']}** unless the game was started with another limit.\n"
        f"**Answers asked of everyone** (the Lottery, a roll for the table): **{limits['interrupt']}**."
        "\n\nHalfway through your turn's time I mention you once, as a reminder. When time runs out I "
        f"choose the cautious option for you and say so in the channel: {_and(defaults + extra)}. At a "
        "Buyer I sell your most profitable Deal (a sale can only gain)"
        + "".join(f"; {line}" for line in others)
        + ".\n\nWhoever lets their own questions time out twice in a row is played that cautious way "
        "without waiting until they press a button again. Computer players answer by themselves after "
        "a short pause. Deadlines are saved with the game, so they still apply if I restart."
    )


def _edition_line(rs: Ruleset) -> str:
    r = rs.rules
    features = []
    sweepstakes = _space(rs, cal.SWEEPSTAKES)
    if sweepstakes and r.sweepstakes_roll:
        features.append(f"Sweepstakes pays {_money(sweepstakes.amount)} × a roll")
    if _space(rs, cal.RADIO) and r.radio_mode == rulesets.RADIO_HIGHEST:
        features.append("everyone rolls in the Radio Contest and the highest roll wins")
    if r.repay_anytime:
        features.append("loans can be repaid at any time")
    if r.yard_sale_draws:
        features.append("the Yard Sale draws the top Deal and rolls for its price")
    if _space(rs, cal.CASINO):
        features.append("Family Casino Night on the board")
    if r.savings:
        features.append(f"savings at {r.savings_interest_pct}%")
    if not r.salary_in_final_month:
        features.append("no salary at your last Pay Day")
    if _commission(rs):
        features.append("Deals pay a commission to the highest roller")
    if r.jackpot_needs_election:
        features.append(f"{rs.jackpot_name} is won by the next 6 after a Town Election")
    default = " (the default)" if rs.name == rulesets.DEFAULT_RULESET else ""
    line = (
        f"**{rs.title}**{default} — {_money(r.start_cash)} to start, {_money(r.salary)} salary; "
        f"{r.min_players} to {r.max_players} players; {len(rs.mail)} Mail cards, {len(rs.deals)} Deals; "
        f"loans in {_money(r.loan_step)} steps at {r.loan_interest_pct}%."
    )
    if features:
        line += " " + _and(features)[:1].upper() + _and(features)[1:] + "."
    if rs.reconstructed:
        line += " The board and the cards are our reconstruction of the 1975 edition."
    return line


def editions_page(editions: Iterable[Ruleset]) -> str:
    lines = "\n\n".join(_edition_line(rs) for rs in editions)
    return (
        f"Choose one with `/payday start ruleset:`.\n\n{lines}\n\n"
        "Read any topic for any edition with `/payday rules topic:... edition:...`; it follows the "
        "game in this channel when you leave the edition out."
    )


def _jackpot_line(rs: Ruleset) -> str:
    if not rs.rules.jackpot_on_six:
        return ""
    name = rs.jackpot_name.removeprefix("the ")
    if rs.rules.jackpot_needs_election:
        return (
            f"\n\n**{name}**: after a Town Election, the next player to roll a 6 for their move takes "
            f"the whole {name}; money that goes in before any election waits there for one."
        )
    return f"\n\n**{name}**: roll a 6 for your move and the whole {name} is yours."


_EFFECTS: dict[str, Callable[[cal.Space, Ruleset], str]] = {
    cal.START: lambda sp, rs: "",
    cal.MAIL: lambda sp, rs: f"draw {sp.count} Mail card{'s' * (sp.count != 1)}",
    cal.SWEEPSTAKES: lambda sp, rs: (
        f"collect {_money(sp.amount)} × a roll"
        if rs.rules.sweepstakes_roll
        else f"collect {_money(sp.amount)}"
    ),
    cal.DEAL: lambda sp, rs: "draw a Deal: buy it or let it go",
    cal.LOTTERY: lambda sp, rs: (
        f"everyone may ante {_money(rs.rules.lottery_ante)} on a number; the Bank adds "
        f"{_money(rs.rules.lottery_bank)}"
    ),
    cal.FEE: lambda sp, rs: f"pay {_money(sp.amount)} into {rs.jackpot_name}",
    cal.RADIO: lambda sp, rs: (
        f"everyone rolls, the highest roll wins {_money(sp.amount)}"
        if rs.rules.radio_mode == rulesets.RADIO_HIGHEST
        else f"from you, players roll once each in turn; the first to roll a {rs.rules.radio_number} wins "
        f"{_money(sp.amount)}"
    ),
    cal.BUYER: lambda sp, rs: "sell one of your Deals to the Bank for its value",
    cal.BIRTHDAY: lambda sp, rs: f"every other player gives you {_money(sp.amount)}",
    cal.YARD_SALE: lambda sp, rs: (
        f"take the top Deal for {_money(sp.amount)} × a new roll"
        if rs.rules.yard_sale_draws
        else f"pay {_money(sp.amount)} × your roll for the face-down Deal by the board"
    ),
    cal.WALK: lambda sp, rs: (
        f"everyone else rolls and pays {_money(sp.amount)} × the roll into {rs.jackpot_name}"
    ),
    cal.PAYDAY: lambda sp, rs: "every token stops here: salary, interest, bills",
    cal.CASINO: lambda sp, rs: (
        f"roll: odd collects {_money(sp.amount)}, even pays {_money(sp.amount)} into {rs.jackpot_name}"
    ),
    cal.LOTTERY_DRAW: lambda sp, rs: "cash every Lottery Ticket you hold",
    cal.SUNDAY: lambda sp, rs: "nothing happens",
    cal.POKER: lambda sp, rs: (
        f"everyone may put in {_money(sp.amount)}; the highest roll among them takes it"
    ),
    cal.ELECTION: lambda sp, rs: f"every player pays {_money(sp.amount)} into {rs.jackpot_name}",
    cal.DAYLIGHT: lambda sp, rs: (
        f"everyone still playing steps back one day and plays it; on START, collect {_money(rs.rules.salary)}"
    ),
}


def _board(rs: Ruleset, limits: dict[str, str]) -> str:
    days: dict[str, list[int]] = {}
    spaces: dict[str, cal.Space] = {}
    for day, space in enumerate(rs.board):
        if day:
            days.setdefault(space.name, []).append(day)
            spaces.setdefault(space.name, space)
    lines = []
    for name, on in days.items():
        effect = _EFFECTS[spaces[name].kind](spaces[name], rs)
        when = f"day{'s' * (len(on) > 1)} {', '.join(map(str, on))}"
        lines.append(f"**{name}** — {when}" + (f": {effect}" if effect else ""))
    calendar = f"START is a Sunday; day 1 a Monday; day {cal.PAYDAY_DAY}, a Wednesday, is Pay Day."
    return calendar + "\n\n" + "\n".join(lines) + _jackpot_line(rs)


def _deals(rs: Ruleset, limits: dict[str, str]) -> str:
    rows = [
        f"{deal.name}: {_money(deal.cost)} → {_money(deal.value)}"
        + (f", commission {_money(deal.commission)}" if deal.commission else "")
        for deal in sorted(rs.deals, key=lambda d: (-d.cost, d.name))
    ]
    back = "go to the bottom of the pile" if rs.rules.deals_to_bottom else "go to the discards"
    intro = (
        f"{len(rs.deals)} Deals, cost → selling price. Buy on a Deal day (a loan covers what your cash "
        "does not), sell one per Buyer landing; a Deal still held at the end is worth nothing. "
        f"Declined and sold Deals {back}."
    )
    if _commission(rs):
        intro += " Whenever a Deal is bought, everyone rolls: the highest roll collects its commission."
    return intro + "\n\n" + "\n".join(rows)


WRITTEN: dict[str, Callable[[Ruleset, dict[str, str]], str]] = {
    "overview": _overview,
    "board": _board,
    "mail": _mail_page,
    "deals": _deals,
    "loans": _loans,
    "payday": _payday,
    "lottery": _lottery,
    "interrupts": _interrupts,
    "winning": _winning,
    "timeouts": _timeouts,
}
"""Every topic but `editions`, written from one edition's data and the bot's time limits."""
RECONSTRUCTED_TOPICS = frozenset({"overview", "board", "mail", "deals"})


def render(
    topic: str, ruleset: Ruleset, turn: str, interrupt: str, editions: Iterable[Ruleset] = ()
) -> tuple[str, str]:
    """One page for one edition. `editions`: the editions the `editions` page compares (all of
    them unless given; the tests pass changed copies)."""
    if topic == "editions":
        return TITLES[topic], editions_page(editions or rulesets.RULESETS.values())
    text = WRITTEN[topic](ruleset, {"turn": turn, "interrupt": interrupt})
    if ruleset.reconstructed and topic in RECONSTRUCTED_TOPICS:
        text += "\n\n" + RECONSTRUCTED
    return f"{TITLES[topic]} — {ruleset.title}", text


def page(topic: str, edition: str, turn: str, interrupt: str) -> tuple[str, str]:
    """The page a player asked for, for the edition their table plays."""
    return render(topic, rulesets.RULESETS[edition], turn, interrupt)


def duration(seconds: int) -> str:
    """Say a time limit the way a player would: `5 minutes`, `1 minute`, `90 seconds`."""
    minutes, rest = divmod(seconds, 60)
    if minutes and not rest:
        return f"{minutes} minute{'s' * (minutes != 1)}"
    return f"{seconds} second{'s' * (seconds != 1)}"
