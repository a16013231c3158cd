"""The text of `/payday help` and `/payday rules`, kept as data so wording changes never touch the cog.

Rules follow the modern preset of /work/shared/RULES.md; the `editions` topic covers the family
and classic presets. Texts may use `{turn}` and `{interrupt}`,
filled with the time limits this bot runs with (see `duration`).
"""

from typing import Literal

from bot.game import board, rulesets

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

RULES: dict[str, tuple[str, str]] = {
    "overview": (
        "Pay Day in a nutshell",
        """\
Pay Day is a race to end the game with the most money. Each month is one lap of a calendar: \
you roll the die, move that many days and do what the day says: collect mail (mostly bills), \
buy Deals you hope to sell at a profit, enter the Lottery, pay into the Jackpot.

Everyone starts with **$3,500** and earns a **$3,500** salary on every Pay Day, the last day of \
the month. The table chooses how many months to play when the game starts (3 unless chosen \
otherwise, from 1 to 12).

Short of cash? Take a **loan** whenever you like, but it costs 10% a month. \
After your last Pay Day you retire; when everyone has retired, the player with the highest \
net worth wins.

Topics: `board`, `mail`, `deals`, `loans`, `payday`, `lottery`, `interrupts`, `winning`, `timeouts`, \
`editions`.""",
    ),
    "mail": (
        "Mail",
        """\
Landing on a Mail day gives you that many Mail cards. Some act at once, some wait for Pay Day.

**Bills** ($100 to $5,000) — keep them; you pay them all on your Pay Day.
**Monster Charge** ($1,000, $3,000, $4,000) — keep it. On Pay Day pay the whole balance, \
or pay 10% interest and carry the balance into next month. No part payments.
**Charity** ($200 to $400) — pay it into the Jackpot now.
**Mad Money** ($100 to $2,000) — collect it now from a player you choose.
**Pay a Neighbor** ($200 to $2,000) — pay it now to a player you choose.
**Move Ahead** — jump now to the next Deal or the next Found a Buyer day (your choice) \
before Pay Day, and play that day. If neither is left this month, nothing happens.

Your Mail is private: `/payday hand` shows it to you alone. Paid Mail is discarded on Pay Day.""",
    ),
    "loans": (
        "Loans",
        """\
You may borrow from the Bank at **any time** with `/payday loan`, in steps of $1,000.

Every Pay Day the Bank charges **10%** of what you owe. You can only pay a loan back on your \
Pay Day (`/payday repay` or the Pay Day buttons), also in $1,000 steps.

If you ever have to pay more than the cash you hold, I take out the smallest loan that covers \
it (in $1,000 steps) and tell the table. Nobody goes bankrupt; they just owe more.

`/payday ledger` lists every loan, repayment and interest charge.""",
    ),
    "payday": (
        "Pay Day",
        """\
Day 31 ends your month. Whatever you rolled, you stop there, and then, in this order:

1. Collect your **$3,500** salary.
2. Pay **10% interest** on your loan.
3. Repay some of your loan if you wish, in $1,000 steps.
4. Pay **every bill** you are holding. For each Monster Charge, pay it all or pay 10% interest \
and carry it over. If your cash runs out, the rest becomes a loan.
5. Go back to START for the next month, or **retire** if that was your last month.

Retired players stop moving, but still play the Lottery and the Radio Contest, and still give \
and pay on Happy Birthday and Walk for Charity.""",
    ),
    "lottery": (
        "The Lottery",
        """\
When a player lands on a Lottery day (6, 13, 20, 27), the Bank puts **$1,000** in the pot. \
Then every player, including retired ones, may ante **$100** and take a number from 1 to 6 \
that nobody else has, starting with the player who landed.

The lander rolls until one of the taken numbers comes up; that player takes the whole pot. \
If nobody antes, nothing happens.

Anteing is optional, and not answering in time counts as not anteing.""",
    ),
    "interrupts": (
        "Playing out of turn",
        """\
Some days involve everyone, not just the player who landed:

**Lottery** — each player may ante $100 and pick a number.
**Radio Contest** — starting with the lander, players roll in turn; the first 3 wins $1,000.
**Happy Birthday** — every other player gives the lander $100.
**Walk for Charity** — every other player rolls and pays $100 × the roll to the Jackpot.

When your answer is needed, buttons for it appear on the game message, and only the players \
being asked can press them. You have **{interrupt}** to answer; after that I play it safe for \
you (no ante, or a roll made for you) and tell the table.""",
    ),
    "winning": (
        "The end and the winner",
        """\
The game ends when every player has finished their last Pay Day. Each player's **net worth** is \
cash minus loan minus any Monster Charge balance still carried.

Deals you still hold count for nothing. The highest net worth wins; if everyone is in debt, \
the smallest debt wins. Players with equal net worth share the win.""",
    ),
    "timeouts": (
        "Time limits",
        """\
So that one absent player cannot stall the table, every decision has a time limit.

**Your turn**: **{turn}** unless the game was started with another limit.
**Answers asked of everyone** (Lottery ante, Radio Contest roll): **{interrupt}**.

Halfway through your turn's time I mention you once, as a reminder. When time runs out I choose \
the cautious option for you and say so in the channel: I roll for you, decline the Deal, \
don't ante, don't repay, and pay Monster Charges in full. At a Buyer I sell your most \
profitable Deal (a sale can only gain); Mad Money and Pay a Neighbor go to the next player in \
turn order; Move Ahead goes to the Buyer if you hold a Deal, otherwise to the Deal.

In the classic edition: banking ends (Done), no Swellfare bet, the insurance is declined and \
you sit out the Poker Game.

Computer players answer by themselves after a short pause. Deadlines are saved with the game, \
so they still apply if I restart.""",
    ),
    "editions": (
        "Editions of the rules",
        """\
Choose one with `/payday start ruleset:`.

**Modern edition** (the default) — everything in these topics: $3,500 to start and as salary, \
48 Mail cards, 24 Deals, 2 to 6 players.

**Family variant** — up to 4 players and 18 Deals (those under $10,000). Sweepstakes pays \
$1,000 × a roll. Everyone rolls in the Radio Contest and the highest roll wins (ties roll again). \
Loans can be repaid at any time. The Yard Sale draws the top Deal and rolls for its price. \
Day 7 is Fun Day ($200 to the Jackpot), day 18 Buy Groceries ($200), and days 14 and 28 are \
Family Casino Night: an odd roll collects $500, an even one pays $500 to the Jackpot. \
The Mail has Ads and Postcards (nothing happens) and Moneygrams (paid into the Jackpot) \
instead of Charity and Move Ahead cards.

**Classic 1975 (reconstructed)** — the rules of the 1975 edition, on a board and with cards we \
rebuilt: the 1975 board and card lists are not published, so where each space sits and every \
card's name and amount are our reconstruction. $325 to start and as salary, but no salary at \
the Pay Day of your last month; 2 to 6 players; 72 Mail cards and 16 Deals.
• **Savings**: deposit on your Pay Day in $100 steps (`/payday deposit`); 10% interest each \
Pay Day. Withdraw free on your Pay Day, or at any other time for a $50 fee (`/payday withdraw`). \
You never hold savings and a loan at once: repay before you save, withdraw before you borrow.
• **Loans**: any time in $100 steps, up to $6,900 borrowed by choice; 20% interest each Pay Day; \
repaid only on your Pay Day. A payment you can't cover comes out of your savings first (no fee), \
then from the smallest loan that covers it — that one may go past $6,900.
• **Pay Day**: salary; savings interest or loan interest; bills; then repay, deposit or withdraw \
in $100 steps until you press Done; unused Lottery Tickets are void; in your last month your \
Deals are discarded.
• **Deals** have a cost, a selling price and a commission: when anyone buys one, everyone rolls \
and the highest roll (ties roll again) collects the commission from the Bank. A declined or sold \
Deal goes to the bottom of the pile. Sell one per Buyer landing.
• **Mail**: bills (some for the car or your health) wait for Pay Day; collections pay you at once; \
postcards and junk mail do nothing; Lottery Tickets pay their value if you land on a Lottery \
Draw the same month; Swellfare lets a player whose loan, interest due and bills exceed their cash \
bet up to $100 — a 5 or 6 pays 10×, otherwise the bet goes to the Pot; Insurance (car or health) \
cancels every matching bill, held ones too, for the rest of the game.
• **Spaces**: Sundays are Sweet Sunday (rest). Poker Game: everyone may put $100 in; all who did \
roll, the highest takes the pot (a lone taker gets their money back). Town Election: everyone \
pays $50 into the Pot (this edition's Jackpot), which the next movement roll of a 6 wins; \
lost Swellfare bets go there too. Daylight Savings: from the \
lander, each player still playing moves back one day and plays it; a player on START collects \
$325 instead; it never sets off another Daylight Savings.
• **Winning**: cash + savings − loan.""",
    ),
}


GENERATED: dict[str, str] = {"board": "The calendar", "deals": "The Deal deck"}
"""Topics written from the edition's own data, so every edition's page is exact."""

_EFFECTS = {
    board.START: lambda sp, r: "",
    board.MAIL: lambda sp, r: f"draw {sp.count} Mail card{'s' * (sp.count != 1)}",
    board.SWEEPSTAKES: lambda sp, r: (
        f"collect {_money(sp.amount)} × a roll" if r.sweepstakes_roll else f"collect {_money(sp.amount)}"
    ),
    board.DEAL: lambda sp, r: "draw a Deal: buy it or let it go",
    board.LOTTERY: lambda sp, r: (
        f"everyone may ante {_money(r.lottery_ante)} on a number; the Bank adds {_money(r.lottery_bank)}"
    ),
    board.FEE: lambda sp, r: f"pay {_money(sp.amount)} into the Jackpot",
    board.RADIO: lambda sp, r: (
        f"everyone rolls, the highest roll wins {_money(sp.amount)}"
        if r.radio_mode == rulesets.RADIO_HIGHEST
        else f"from you, players roll in turn; the first {r.radio_number} wins {_money(sp.amount)}"
    ),
    board.BUYER: lambda sp, r: "sell one of your Deals to the Bank for its value",
    board.BIRTHDAY: lambda sp, r: f"every other player gives you {_money(sp.amount)}",
    board.YARD_SALE: lambda sp, r: (
        f"take the top Deal for {_money(sp.amount)} × a new roll"
        if r.yard_sale_draws
        else f"pay {_money(sp.amount)} × your roll for the face-down Deal by the board"
    ),
    board.WALK: lambda sp, r: f"everyone else rolls and pays {_money(sp.amount)} × the roll into the Jackpot",
    board.PAYDAY: lambda sp, r: "every token stops here: salary, interest, bills",
    board.CASINO: lambda sp, r: (
        f"roll: odd collects {_money(sp.amount)}, even pays {_money(sp.amount)} into the Jackpot"
    ),
    board.LOTTERY_DRAW: lambda sp, r: "cash every Lottery Ticket you hold",
    board.SUNDAY: lambda sp, r: "nothing happens",
    board.POKER: lambda sp, r: (
        f"everyone may put in {_money(sp.amount)}; the highest roll among them takes it"
    ),
    board.ELECTION: lambda sp, r: f"every player pays {_money(sp.amount)} into the Pot",
    board.DAYLIGHT: lambda sp, r: (
        f"everyone steps back one day and plays it; on START, collect {_money(r.salary)}"
    ),
}


def generated_page(topic: str, ruleset: rulesets.Ruleset) -> tuple[str, str]:
    """The `board` or `deals` page of one edition, from its data."""
    if topic == "deals":
        rows = [
            f"{deal.name}: {_money(deal.cost)} → {_money(deal.value)}"
            + (f", commission {_money(deal.commission)}" if deal.commission else "")
            for deal in sorted(ruleset.deals, key=lambda d: (-d.cost, d.name))
        ]
        intro = (
            f"{len(ruleset.deals)} Deals, cost → selling price. Buy on a Deal day, sell one per Buyer "
            "landing; a Deal still held at the end is worth nothing."
        )
        if any(deal.commission for deal in ruleset.deals):
            intro += " Whenever a Deal is bought, everyone rolls: the highest roll collects its commission."
        return f"{GENERATED[topic]} — {ruleset.title}", intro + "\n\n" + "\n".join(rows)
    days: dict[str, list[int]] = {}
    spaces: dict[str, board.Space] = {}
    for day, space in enumerate(ruleset.board):
        if day:
            days.setdefault(space.name, []).append(day)
            spaces.setdefault(space.name, space)
    lines = []
    for name, on in days.items():
        effect = _EFFECTS[spaces[name].kind](spaces[name], ruleset.rules)
        when = f"day{'s' * (len(on) > 1)} {', '.join(map(str, on))}"
        lines.append(f"**{name}** — {when}" + (f": {effect}" if effect else ""))
    jackpot = "\n\n**Jackpot**: roll a 6 for your move and the whole Jackpot is yours."
    text = ("START is a Sunday; day 1 a Monday; day 31, a Wednesday, is Pay Day.\n\n" + "\n".join(lines)) + (
        jackpot if ruleset.rules.jackpot_on_six else ""
    )
    return f"{GENERATED[topic]} — {ruleset.title}", text


def page(topic: str, edition: str, turn: str, interrupt: str) -> tuple[str, str]:
    """The page a player asked for, for the edition their table plays."""
    ruleset = rulesets.RULESETS[edition]
    if topic in GENERATED:
        return generated_page(topic, ruleset)
    title, text = RULES[topic]
    text = text.format(turn=turn, interrupt=interrupt)
    if edition != rulesets.DEFAULT_RULESET and topic not in ("editions", "timeouts", "overview"):
        text += (
            f"\n\n*This page describes the modern edition; `/payday rules topic:editions` says what "
            f"changes in the {ruleset.title}.*"
        )
    return title, text


def _money(amount: int) -> str:
    return f"${amount:,}"


def duration(seconds: int) -> str:
    """Say a time limit the way a player would: `5 minutes`, `1 minute`, `90 seconds`."""
    minutes, rest = divmod(seconds, 60)
    if minutes and not rest:
        return f"{minutes} minute{'s' * (minutes != 1)}"
    return f"{seconds} second{'s' * (seconds != 1)}"
