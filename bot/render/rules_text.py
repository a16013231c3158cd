"""The text of `/payday rules`, kept here so wording changes never touch the cog.

Every `/payday rules` page is written for one edition from that edition's data (board, decks and
`Rules`): no amount, rate, deck size or day is typed into the prose, so a page can never disagree
with the game it describes (docs/RULES.md is the spec they follow). A test renders every topic for
every edition, and for editions with every number changed, and checks each number in the text.
Every page is written in a language (`Lang`): each paragraph is one message with named placeholders.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Literal

from bot.game import calendar as cal
from bot.game import cards, engine, rulesets
from bot.game.calendar import SpaceKind
from bot.game.cards import MailKind
from bot.game.interrupts import LOTTERY_NUMBERS
from bot.game.rulesets import JackpotSix, Rules, Ruleset
from bot.game.steps import Step
from bot.render.commands import in_language
from bot.render.house import house_rules_heading, house_rules_lines
from bot.render.language.cards import deal_name, jackpot_name, space_name
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list, or_list

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


TITLES: dict[str, Callable[[Lang], str]] = {
    "overview": lambda L: L._("Pay Day in a nutshell"),
    "board": lambda L: L._("The calendar"),
    "mail": lambda L: L._("Mail"),
    "deals": lambda L: L._("The Deal deck"),
    "loans": lambda L: L._("Loans"),
    "payday": lambda L: L._("Pay Day"),
    "lottery": lambda L: L._("The Lottery"),
    "interrupts": lambda L: L._("Playing out of turn"),
    "winning": lambda L: L._("The end and the winner"),
    "timeouts": lambda L: L._("Time limits"),
    "editions": lambda L: L._("Editions of the rules"),
}
"""Each topic's title, in a language."""


def _topics_line(L: Lang) -> str:
    """The topics as the command's picker names them in this language (its choices are translated)."""
    topics = ", ".join(f"`{in_language(topic, L)}`" for topic in TITLES)
    return L._("Topics: {topics}.", topics=topics)


def _reconstructed(L: Lang) -> str:
    return L._(
        "*The 1975 board and card lists are not published anywhere we could find: where each space sits "
        "and every card's name and amount in this edition are our reconstruction.*"
    )


# -- small pieces ---------------------------------------------------------------------------------
def _days(ruleset: Ruleset, kind: str) -> list[int]:
    return [day for day, space in enumerate(ruleset.board) if space.kind == kind]


def _space(ruleset: Ruleset, kind: str) -> cal.Space | None:
    return next((space for space in ruleset.board if space.kind == kind), None)


def _mail(ruleset: Ruleset, kind: str) -> list[cards.MailCard]:
    return [card for card in ruleset.mail if card.kind == kind]


def _amounts(deck: Sequence[cards.MailCard], L: Lang) -> str:
    """The spread of a kind's amounts: "$500", "$1,000, $3,000 and $4,000" or "$100 to $5,000"."""
    values = sorted({card.amount for card in deck})
    if len(values) <= 3:
        return and_list([L.money(v) for v in values], L)
    return L._("{low} to {high}", low=L.money(values[0]), high=L.money(values[-1]))


def _count(deck: Sequence[cards.MailCard], L: Lang) -> str:
    return L.ngettext("{n} card", "{n} cards", len(deck))


def _commission(ruleset: Ruleset) -> bool:
    return any(deal.commission for deal in ruleset.deals)


def _faces(lowest: int, L: Lang) -> str:
    """The die faces from `lowest` up: "5 or 6"."""
    return or_list([str(face) for face in LOTTERY_NUMBERS if face >= lowest], L)


def _jackpot(rs: Ruleset, L: Lang) -> str:
    return jackpot_name(rs, L)


# -- the topics -----------------------------------------------------------------------------------
def _overview(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    r = rs.rules
    things = [L._("collect Mail (mostly bills)"), L._("buy Deals you hope to sell at a profit")]
    if _days(rs, SpaceKind.LOTTERY):
        things.append(L._("enter the Lottery"))
    things.append(L._("pay into {jackpot}", jackpot=_jackpot(rs, L)))
    numbers = {
        "least": r.min_players,
        "most": r.max_players,
        "start": L.money(r.start_cash),
        "salary": L.money(r.salary),
        "default": engine.DEFAULT_MONTHS,
        "fewest": engine.MIN_MONTHS,
        "longest": engine.MAX_MONTHS,
    }
    if r.salary_in_final_month:
        players = L._(
            "{least} to {most} players. Everyone starts with **{start}** and earns a **{salary}** salary "
            "on every Pay Day, the last day of the month. The table chooses how many months to play when "
            "the game starts ({default} unless chosen otherwise, from {fewest} to {longest}). The player "
            "who opened the game rolls first; play then goes round in the order players sat down.",
            **numbers,
        )
    else:
        players = L._(
            "{least} to {most} players. Everyone starts with **{start}** and earns a **{salary}** salary "
            "on every Pay Day, the last day of the month (none at the Pay Day of your last month). The "
            "table chooses how many months to play when the game starts ({default} unless chosen "
            "otherwise, from {fewest} to {longest}). The player who opened the game rolls first; play "
            "then goes round in the order players sat down.",
            **numbers,
        )
    loans = L._(
        "Short of cash? Take a **loan** whenever you like, in {step} steps; it costs {pct}% at every "
        "Pay Day.",
        step=L.money(r.loan_step),
        pct=r.loan_interest_pct,
    )
    if r.savings:
        loans += " " + L._(
            "Spare cash can go into **savings** at {pct}% a Pay Day.", pct=r.savings_interest_pct
        )
    loans += " " + L._(
        "After your last Pay Day you retire; when everyone has retired, the player with the highest net "
        "worth wins."
    )
    intro = L._(
        "Pay Day is a race to end the game with the most money. Each month is one lap of a calendar: "
        "you roll the die, move that many days and do what the day says: {things}.",
        things=and_list(things, L),
    )
    return f"{intro}\n\n{players}\n\n{loans}\n\n{_topics_line(L)}"


def _mail_line(rs: Ruleset, kind: str, deck: list[cards.MailCard], L: Lang) -> str:
    r = rs.rules
    n, amounts, jackpot = _count(deck, L), _amounts(deck, L), _jackpot(rs, L)

    def bills() -> str:
        text = L._(
            "**Bills** ({n}, {amounts}) — keep them; you pay them all on your Pay Day.", n=n, amounts=amounts
        )
        if any(c.tag for c in deck):
            text += " " + L._("Some are car bills, some health bills.")
        return text

    def read() -> str:
        if r.read_mail_discarded:
            return L._("nothing happens; discarded as soon as you read it.")
        return L._("nothing happens; discarded at your Pay Day.")

    lines: dict[str, Callable[[], str]] = {
        MailKind.BILL: bills,
        MailKind.MONSTER: lambda: L._(
            "**Monster Charges** ({n}: {amounts}) — keep it until your Pay Day. There, pay {pct}% "
            "interest plus the whole balance, or the interest alone and carry the balance (and the card) "
            "to next month. No part payments; at your last Pay Day every Monster Charge is paid off.",
            n=n,
            amounts=amounts,
            pct=r.charge_interest_pct,
        ),
        MailKind.CHARITY: lambda: L._(
            "**Charity** ({n}, {amounts}) — pay it into {jackpot} now.", n=n, amounts=amounts, jackpot=jackpot
        ),
        MailKind.MONEYGRAM: lambda: L._(
            "**Moneygrams** ({n}, {amounts}) — send it to {jackpot} now.",
            n=n,
            amounts=amounts,
            jackpot=jackpot,
        ),
        MailKind.MAD_MONEY: lambda: L._(
            "**Mad Money** ({n}, {amounts}) — collect it now from a player you choose.", n=n, amounts=amounts
        ),
        MailKind.NEIGHBOR: lambda: L._(
            "**Pay a Neighbor** ({n}, {amounts}) — pay it now to a player you choose.", n=n, amounts=amounts
        ),
        MailKind.MOVE_AHEAD: lambda: L._(
            "**Move Ahead** ({n}) — jump now to the next Deal or the next Buyer day (your choice) before "
            "Pay Day, and play that day. If neither is left this month, nothing happens.",
            n=n,
        ),
        MailKind.JUNK: lambda: L._("**Junk mail** ({n}) — {effect}", n=n, effect=read()),
        MailKind.POSTCARD: lambda: L._("**Postcards** ({n}) — {effect}", n=n, effect=read()),
        MailKind.COLLECTION: lambda: L._(
            "**Collections** ({n}, {amounts}) — the Bank pays you at once.", n=n, amounts=amounts
        ),
        MailKind.TICKET: lambda: L._(
            "**Lottery Tickets** ({n}, {amounts}) — the Bank pays the ticket if you land on a Lottery "
            "Draw the same month (see `lottery`).",
            n=n,
            amounts=amounts,
        ),
        MailKind.SWELLFARE: lambda: L._(
            "**Swellfare** ({n}) — if your loan, its interest due and your bills come to more than your "
            "cash, bet up to {most} in {step} steps on one roll: a {faces} pays {odds}× the bet, anything "
            "else sends the bet to {jackpot}. Otherwise the card is discarded unused.",
            n=n,
            most=L.money(r.swellfare_max),
            step=L.money(r.swellfare_step),
            faces=_faces(r.swellfare_win, L),
            odds=r.swellfare_odds,
            jackpot=jackpot,
        ),
        MailKind.INSURANCE: lambda: L._(
            "**Insurance** ({n}, {amounts}, car or health) — buy it when it comes and it cancels every "
            "matching bill, the ones you hold too, for the rest of the game.",
            n=n,
            amounts=amounts,
        ),
    }
    return lines[kind]()


def _mail_page(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    kinds = list(dict.fromkeys(card.kind for card in rs.mail))
    counts = sorted({space.count for space in rs.board if space.kind == SpaceKind.MAIL})
    body = "\n".join(_mail_line(rs, kind, _mail(rs, kind), L) for kind in kinds)
    text = L._(
        "The Mail pile has **{cards}** cards. A Mail day gives you {draws} of them, as its flag says. Some "
        "act at once, some wait for Pay Day.",
        cards=len(rs.mail),
        draws=or_list([str(count) for count in counts], L),
    )
    text += "\n\n" + body
    if _mail(rs, MailKind.MAD_MONEY) or _mail(rs, MailKind.NEIGHBOR):
        text += "\n\n" + L._(
            "Mad Money and Pay a Neighbor choose among the players still playing the month; with every "
            "other player retired, the card does nothing."
        )
    return text + "\n\n" + L._("Your Mail is private: `/payday hand` shows it to you alone.")


def _loans(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    r, step = rs.rules, L.money(rs.rules.loan_step)
    borrow = L._(
        "You may borrow from the Bank at **any time** with `/payday loan`, in steps of {step}, up to "
        "{cap} borrowed by choice.",
        step=step,
        cap=L.money(r.loan_cap),
    )
    if r.repay_anytime:
        interest = L._(
            "Every Pay Day the Bank charges **{pct}%** of what you owe. You can pay a loan back at any "
            "time (`/payday repay`, or the Pay Day buttons), also in {step} steps.",
            pct=r.loan_interest_pct,
            step=step,
        )
    else:
        interest = L._(
            "Every Pay Day the Bank charges **{pct}%** of what you owe. You can pay a loan back only on "
            "your Pay Day (`/payday repay`, or the Pay Day buttons), also in {step} steps.",
            pct=r.loan_interest_pct,
            step=step,
        )
    if r.savings:
        short = L._(
            "If you ever have to pay more than the cash you hold, your savings cover it first (no fee), "
            "then I take out the smallest loan that covers it (in {step} steps, even past the limit) and "
            "tell the table. Nobody goes bankrupt; they just owe more.",
            step=step,
        )
    else:
        short = L._(
            "If you ever have to pay more than the cash you hold, I take out the smallest loan that covers "
            "it (in {step} steps, even past the limit) and tell the table. Nobody goes bankrupt; they just "
            "owe more.",
            step=step,
        )
    text = f"{borrow}\n\n{interest}\n\n{short}"
    if r.savings:
        text += "\n\n" + L._(
            "**Savings**: deposit on your Pay Day in {step} steps (`/payday savings deposit`); {pct}% "
            "interest each Pay Day. Withdraw free on your Pay Day, or at any other time for a {fee} fee "
            "(`/payday savings withdraw`). You never hold savings and a loan at once: repay before you "
            "save, withdraw before you borrow.",
            step=L.money(r.savings_step),
            pct=r.savings_interest_pct,
            fee=L.money(r.withdraw_fee),
        )
    return text + "\n\n" + L._("`/payday ledger` lists every loan, repayment and interest charge.")


def _pay_day_step(rs: Ruleset, step: str, L: Lang) -> str:
    r = rs.rules
    steps: dict[str, Callable[[], str]] = {
        Step.PAY_SALARY: lambda: (
            L._("Collect your **{salary}** salary.", salary=L.money(r.salary))
            if r.salary_in_final_month
            else L._(
                "Collect your **{salary}** salary (none at the Pay Day of your last month).",
                salary=L.money(r.salary),
            )
        ),
        Step.PAY_INTEREST: lambda: (
            L._(
                "Pay **{pct}% interest** on your loan, or collect {savings_pct}% on your savings.",
                pct=r.loan_interest_pct,
                savings_pct=r.savings_interest_pct,
            )
            if r.savings
            else L._("Pay **{pct}% interest** on your loan.", pct=r.loan_interest_pct)
        ),
        Step.PAY_REPAY: lambda: L._(
            "Repay some of your loan if you wish, in {step} steps.", step=L.money(r.loan_step)
        ),
        Step.PAY_BILLS: lambda: (
            L._(
                "Pay **every bill** you are holding. If your cash runs out, your savings, then a loan "
                "covers the rest."
            )
            if r.savings
            else L._("Pay **every bill** you are holding. If your cash runs out, a loan covers the rest.")
        ),
        Step.PAY_CHARGES: lambda: L._(
            "For each Monster Charge, pay {pct}% interest plus the balance, or the interest alone and carry "
            "the balance to next month. At your last Pay Day there is no carrying: every charge is paid off.",
            pct=r.charge_interest_pct,
        ),
        Step.PAY_BANKING: lambda: L._(
            "Repay in {loan_step} steps, deposit or withdraw in {savings_step} steps, one move at a time, "
            "until you press Done.",
            loan_step=L.money(r.loan_step),
            savings_step=L.money(r.savings_step),
        ),
        Step.PAY_TICKETS: lambda: L._(
            "Unused Lottery Tickets are void: they go to the bottom of the Mail pile."
        ),
        Step.PAY_MONTH_END: lambda: L._(
            "Go back to START for the next month, or **retire** if that was your last month (any Deal you "
            "still hold is discarded: it is worth nothing at the end)."
        ),
    }
    return steps[step]()


def _still_in(rs: Ruleset, L: Lang) -> list[str]:
    """What a retired player still takes part in, on this edition's board and decks."""
    kinds = {space.kind for space in rs.board}
    parts: dict[str, Callable[[], str]] = {
        SpaceKind.LOTTERY: lambda: L._("ante in the Lottery"),
        SpaceKind.RADIO: lambda: L._("roll in the Radio Contest"),
        SpaceKind.BIRTHDAY: lambda: L._("give on Happy Birthday"),
        SpaceKind.WALK: lambda: L._("pay on the Walk for Charity"),
        SpaceKind.POKER: lambda: L._("play the Poker Game"),
        SpaceKind.ELECTION: lambda: L._("pay for the Town Election"),
    }
    still = [text() for kind, text in parts.items() if kind in kinds]
    return still + ([L._("roll for Deal commissions")] if _commission(rs) else [])


def _payday(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    steps = "\n".join(f"{i}. {_pay_day_step(rs, step, L)}" for i, step in enumerate(rs.payday, 1))
    text = L._(
        "Day {day} ends your month. Whatever you rolled, you stop there, and then, in this order:",
        day=cal.PAYDAY_DAY,
    )
    retired = L._("Retired players stop moving, but still {things}.", things=and_list(_still_in(rs, L), L))
    if _mail(rs, MailKind.MAD_MONEY) or _mail(rs, MailKind.NEIGHBOR):
        retired += " " + L._("They take no part in Mad Money or Pay a Neighbor.")
    return f"{text}\n\n{steps}\n\n{retired}"


def _lottery(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    r = rs.rules
    days = and_list([str(d) for d in _days(rs, SpaceKind.LOTTERY)], L)
    if not days:
        return L._(
            "This edition has no Lottery pot. **Lottery Tickets** come in the Mail ({amounts}). Land on a "
            "Lottery Draw day ({draws}) in the month you got a ticket and the Bank pays its value. At your "
            "Pay Day an unused ticket is void and goes to the bottom of the Mail pile.",
            amounts=_amounts(_mail(rs, MailKind.TICKET), L),
            draws=and_list([str(d) for d in _days(rs, SpaceKind.LOTTERY_DRAW)], L),
        )
    pot = L._(
        "When a player lands on a Lottery day ({days}), the Bank puts **{bank}** in the pot. Then every "
        "player, retired ones too, may ante **{ante}** and take a number from {low} to {high} that nobody "
        "else has.",
        days=days,
        bank=L.money(r.lottery_bank),
        ante=L.money(r.lottery_ante),
        low=LOTTERY_NUMBERS[0],
        high=LOTTERY_NUMBERS[-1],
    )
    order = L._(
        "Numbers are picked in turn, starting with the player who landed. Everyone may answer at once, but "
        "a player earlier in that order always gets the number they asked for; a later player who asked "
        "for the same number is asked again, with the taken numbers shown."
    )
    draw = L._(
        "The lander rolls until one of the taken numbers comes up; that player takes the whole pot. If "
        "nobody antes, nothing happens. Anteing is optional, and not answering in time counts as not "
        "anteing."
    )
    return f"{pot}\n\n{order}\n\n{draw}"


def _interrupt_line(rs: Ruleset, kind: str, L: Lang) -> str | None:
    r, space = rs.rules, _space(rs, kind)
    if kind == SpaceKind.LOTTERY:
        return L._(
            "**Lottery** — each player may ante {ante} and pick a number.", ante=L.money(r.lottery_ante)
        )
    if space is None or kind not in _INTERRUPT_LINES:
        return None
    return _INTERRUPT_LINES[kind](rs, space, space_name(space, L), L.money(space.amount), L)


def _radio_line(rs: Ruleset, space: cal.Space, name: str, space_amount: str, L: Lang) -> str:
    """The Radio Contest: its prize is the rules' (a house rule may change it), not the space's."""
    amount = L.money(rs.rules.radio_prize)
    if rs.rules.radio_mode == rulesets.RadioMode.HIGHEST:
        return L._(
            "**{space}** — everyone rolls; the highest roll wins {amount} (ties roll again).",
            space=name,
            amount=amount,
        )
    return L._(
        "**{space}** — starting with the lander, each player rolls once in turn; the first to roll a "
        "{number} wins {amount}.",
        space=name,
        number=rs.rules.radio_number,
        amount=amount,
    )


def _election_line(rs: Ruleset, name: str, amount: str, L: Lang) -> str:
    """The Town Election, and which 6 then wins the Pot (a house rule may change it, §7.2)."""
    jackpot, six = _jackpot(rs, L), rs.rules.jackpot_six
    if six is JackpotSix.ANY:
        return L._(
            "**{space}** — every player pays {amount} into {jackpot}; the next 6 anyone rolls for "
            "themselves wins it.",
            space=name,
            amount=amount,
            jackpot=jackpot,
        )
    if six is JackpotSix.NONE:
        return L._(
            "**{space}** — every player pays {amount} into {jackpot}.",
            space=name,
            amount=amount,
            jackpot=jackpot,
        )
    return L._(
        "**{space}** — every player pays {amount} into {jackpot}; the next movement roll of a 6 wins it.",
        space=name,
        amount=amount,
        jackpot=jackpot,
    )


_INTERRUPT_LINES: dict[str, Callable[[Ruleset, cal.Space, str, str, Lang], str]] = {
    SpaceKind.RADIO: _radio_line,
    SpaceKind.BIRTHDAY: lambda rs, sp, name, amount, L: L._(
        "**{space}** — every other player gives the lander {amount}.", space=name, amount=amount
    ),
    SpaceKind.WALK: lambda rs, sp, name, amount, L: L._(
        "**{space}** — every other player rolls and pays {amount} × the roll to {jackpot}.",
        space=name,
        amount=amount,
        jackpot=_jackpot(rs, L),
    ),
    SpaceKind.POKER: lambda rs, sp, name, amount, L: L._(
        "**{space}** — every player may put {amount} in; all who did roll and the highest takes the pot "
        "(ties roll again; a lone taker gets the money back).",
        space=name,
        amount=amount,
    ),
    SpaceKind.ELECTION: lambda rs, sp, name, amount, L: _election_line(rs, name, amount, L),
    SpaceKind.DAYLIGHT: lambda rs, sp, name, amount, L: L._(
        "**{space}** — from the lander, each player still playing steps back one day and plays it; a "
        "player on START collects {salary} instead. It never sets off another.",
        space=name,
        salary=L.money(rs.rules.salary),
    ),
}
"""Spaces that involve everyone (the Lottery aside), one line each for the `interrupts` page."""


def _interrupt_lines(rs: Ruleset, L: Lang) -> list[str]:
    kinds = dict.fromkeys(space.kind for space in rs.board)
    lines = [line for kind in kinds if (line := _interrupt_line(rs, kind, L)) is not None]
    if _commission(rs):
        lines.append(
            L._(
                "**Deal commissions** — whenever a Deal is bought, everyone rolls; the highest roll collects "
                "its commission from the Bank (ties roll again)."
            )
        )
    return lines


def _interrupts(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    intro = L._("Some days involve everyone, not just the player who landed:")
    answer = L._(
        "When your answer is needed, buttons for it appear on the game message, and only the players "
        "being asked can press them. You have **{limit}** to answer; after that I play it safe for you "
        "(you sit out, or I roll for you) and tell the table.",
        limit=limits["interrupt"],
    )
    return intro + "\n\n" + "\n".join(_interrupt_lines(rs, L)) + "\n\n" + answer


def _winning(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    if rs.rules.savings:
        worth = L._(
            "The game ends when every player has finished their last Pay Day. Each player's **net worth** "
            "is cash plus savings minus loan."
        )
    else:
        worth = L._(
            "The game ends when every player has finished their last Pay Day. Each player's **net worth** "
            "is cash minus loan."
        )
    if _mail(rs, MailKind.MONSTER):
        worth += " " + L._(
            "Every bill and Monster Charge was paid at the last Pay Day; a game its host ends early also "
            "subtracts any Monster Charge still carried."
        )
    ends = L._(
        "Deals you still hold count for nothing (if the host ends the game early, the Bank buys them back "
        "at what they cost). The highest net worth wins; if everyone is in debt, the smallest debt wins. "
        "Players with equal net worth share the win."
    )
    return f"{worth}\n\n{ends}"


def _timeouts(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    kinds = {card.kind for card in rs.mail}
    defaults = [L._("I roll for you"), L._("decline the Deal"), L._("sit out"), L._("don't repay")]
    if MailKind.MONSTER in kinds:
        defaults.append(L._("pay Monster Charges off"))
    if Step.PAY_BANKING in rs.payday:
        defaults.append(L._("banking ends (Done)"))
    if MailKind.SWELLFARE in kinds:
        defaults.append(L._("no Swellfare bet"))
    if MailKind.INSURANCE in kinds:
        defaults.append(L._("the insurance is declined"))
    others = []
    if kinds & {MailKind.MAD_MONEY, MailKind.NEIGHBOR}:
        others.append(L._("Mad Money and Pay a Neighbor go to the next player still playing, in turn order"))
    if MailKind.MOVE_AHEAD in kinds:
        others.append(L._("Move Ahead goes to the Buyer if you hold a Deal, otherwise to the Deal"))
    limit = L._(
        "**Your turn**: **{turn}** (whoever starts a game may choose another).\n"
        "**Answers asked of everyone** (the Lottery, a roll for the table): **{interrupt}**.",
        turn=limits["turn"],
        interrupt=limits["interrupt"],
    )
    cautious = L._(
        "Halfway through your time I mention you once, as a reminder; in a game by post (a turn of an hour "
        "or more) again shortly before time runs out, and questions asked of everyone get a quarter of the "
        "turn. When time runs out I choose the cautious option for you and say so in the channel: "
        "{defaults}. At a Buyer I sell your most profitable Deal (a sale can only gain){others}.",
        defaults=and_list(defaults, L),
        others="".join(f"; {line}" for line in others),
    )
    away = L._(
        "Whoever lets their own questions time out twice in a row is played that cautious way without "
        "waiting until they press a button again. Computer players answer by themselves after a short "
        "pause. Deadlines are saved with the game, so they still apply if I restart."
    )
    intro = L._("So that one absent player cannot stall the table, every decision has a time limit.")
    return f"{intro}\n\n{limit}\n\n{cautious}\n\n{away}"


def _features(rs: Ruleset, L: Lang) -> list[str]:
    """What sets an edition apart, as phrases for its line on the `editions` page."""
    r = rs.rules
    features = []
    sweepstakes = _space(rs, SpaceKind.SWEEPSTAKES)
    if sweepstakes and r.sweepstakes_roll:
        features.append(L._("Sweepstakes pays {amount} × a roll", amount=L.money(sweepstakes.amount)))
    if _space(rs, SpaceKind.RADIO) and r.radio_mode == rulesets.RadioMode.HIGHEST:
        features.append(L._("everyone rolls in the Radio Contest and the highest roll wins"))
    if r.repay_anytime:
        features.append(L._("loans can be repaid at any time"))
    if r.yard_sale_draws:
        features.append(L._("the Yard Sale draws the top Deal and rolls for its price"))
    if _space(rs, SpaceKind.CASINO):
        features.append(L._("Family Casino Night on the board"))
    if r.savings:
        features.append(L._("savings at {pct}%", pct=r.savings_interest_pct))
    if not r.salary_in_final_month:
        features.append(L._("no salary at your last Pay Day"))
    if _commission(rs):
        features.append(L._("Deals pay a commission to the highest roller"))
    if r.jackpot_needs_election:
        features.append(L._("{jackpot} is won by the next 6 after a Town Election", jackpot=_jackpot(rs, L)))
    return features


def edition_title(rs: Ruleset, L: Lang) -> str:
    """The edition's name: "Modern edition", "Classic 1975 (reconstructed)"."""
    return L.pgettext("edition", rs.title)


def _edition_line(rs: Ruleset, L: Lang) -> str:
    r = rs.rules
    numbers = {
        "title": edition_title(rs, L),
        "start": L.money(r.start_cash),
        "salary": L.money(r.salary),
        "least": r.min_players,
        "most": r.max_players,
        "mail": len(rs.mail),
        "deals": len(rs.deals),
        "step": L.money(r.loan_step),
        "pct": r.loan_interest_pct,
    }
    if rs.name == rulesets.DEFAULT_RULESET:
        line = L._(
            "**{title}** (the default) — {start} to start, {salary} salary; {least} to {most} players; "
            "{mail} Mail cards, {deals} Deals; loans in {step} steps at {pct}%.",
            **numbers,
        )
    else:
        line = L._(
            "**{title}** — {start} to start, {salary} salary; {least} to {most} players; {mail} Mail cards, "
            "{deals} Deals; loans in {step} steps at {pct}%.",
            **numbers,
        )
    features = _features(rs, L)
    if features:
        listed = and_list(features, L)
        line += " " + L._("{features}.", features=listed[:1].upper() + listed[1:])
    if rs.reconstructed:
        line += " " + L._("The board and the cards are our reconstruction of the 1975 edition.")
    return line


def editions_page(editions: Iterable[Ruleset], L: Lang) -> str:
    lines = "\n\n".join(_edition_line(rs, L) for rs in editions)
    choose = L._("Choose one with `/payday start ruleset:`.")
    any_topic = L._(
        "Read any topic for any edition with `/payday rules topic:... edition:...`; it follows the game in "
        "this channel when you leave the edition out."
    )
    return f"{choose}\n\n{lines}\n\n{any_topic}"


def _jackpot_line(rs: Ruleset, L: Lang) -> str:
    r = rs.rules
    name = L.pgettext("jackpot", rs.jackpot_name.removeprefix("the "))
    if r.jackpot_six is JackpotSix.NONE:
        line = L._("**{name}**: in this game no roll wins it; it only grows.", name=name)
    elif r.jackpot_needs_election and r.jackpot_six is JackpotSix.ANY:
        line = L._(
            "**{name}**: after a Town Election, the next player to roll a 6 on any roll of their own (not "
            "the Lottery draw) takes the whole {name}; money that goes in before any election waits there "
            "for one.",
            name=name,
        )
    elif r.jackpot_needs_election:
        line = L._(
            "**{name}**: after a Town Election, the next player to roll a 6 for their move takes the whole "
            "{name}; money that goes in before any election waits there for one.",
            name=name,
        )
    elif r.jackpot_six is JackpotSix.ANY:
        line = L._(
            "**{name}**: roll a 6, for your move or any other roll of your own (not the Lottery draw), and "
            "the whole {name} is yours.",
            name=name,
        )
    else:
        line = L._("**{name}**: roll a 6 for your move and the whole {name} is yours.", name=name)
    if r.jackpot_seed:
        line += " " + L._("The Bank puts {amount} on it at the start.", amount=L.money(r.jackpot_seed))
    return "\n\n" + line


Effect = Callable[[cal.Space, Ruleset, Lang], str]


def _radio_effect(sp: cal.Space, rs: Ruleset, L: Lang) -> str:
    prize = L.money(rs.rules.radio_prize)
    if rs.rules.radio_mode == rulesets.RadioMode.HIGHEST:
        return L._("everyone rolls, the highest roll wins {amount}", amount=prize)
    return L._(
        "from you, players roll once each in turn; the first to roll a {number} wins {amount}",
        number=rs.rules.radio_number,
        amount=prize,
    )


_EFFECTS: dict[str, Effect] = {
    SpaceKind.START: lambda sp, rs, L: "",
    SpaceKind.MAIL: lambda sp, rs, L: L.ngettext("draw {n} Mail card", "draw {n} Mail cards", sp.count),
    SpaceKind.SWEEPSTAKES: lambda sp, rs, L: (
        L._("collect {amount} × a roll", amount=L.money(sp.amount))
        if rs.rules.sweepstakes_roll
        else L._("collect {amount}", amount=L.money(sp.amount))
    ),
    SpaceKind.DEAL: lambda sp, rs, L: L._("draw a Deal: buy it or let it go"),
    SpaceKind.LOTTERY: lambda sp, rs, L: L._(
        "everyone may ante {ante} on a number; the Bank adds {bank}",
        ante=L.money(rs.rules.lottery_ante),
        bank=L.money(rs.rules.lottery_bank),
    ),
    SpaceKind.FEE: lambda sp, rs, L: L._(
        "pay {amount} into {jackpot}", amount=L.money(sp.amount), jackpot=_jackpot(rs, L)
    ),
    SpaceKind.RADIO: _radio_effect,
    SpaceKind.BUYER: lambda sp, rs, L: L._("sell one of your Deals to the Bank for its value"),
    SpaceKind.BIRTHDAY: lambda sp, rs, L: L._(
        "every other player gives you {amount}", amount=L.money(sp.amount)
    ),
    SpaceKind.YARD_SALE: lambda sp, rs, L: (
        L._("take the top Deal for {amount} × a new roll", amount=L.money(sp.amount))
        if rs.rules.yard_sale_draws
        else L._("pay {amount} × your roll for the face-down Deal by the board", amount=L.money(sp.amount))
    ),
    SpaceKind.WALK: lambda sp, rs, L: L._(
        "everyone else rolls and pays {amount} × the roll into {jackpot}",
        amount=L.money(sp.amount),
        jackpot=_jackpot(rs, L),
    ),
    SpaceKind.PAYDAY: lambda sp, rs, L: L._("every token stops here: salary, interest, bills"),
    SpaceKind.CASINO: lambda sp, rs, L: L._(
        "roll: odd collects {amount}, even pays {amount} into {jackpot}",
        amount=L.money(sp.amount),
        jackpot=_jackpot(rs, L),
    ),
    SpaceKind.LOTTERY_DRAW: lambda sp, rs, L: L._("cash every Lottery Ticket you hold"),
    SpaceKind.SUNDAY: lambda sp, rs, L: L._("nothing happens"),
    SpaceKind.POKER: lambda sp, rs, L: L._(
        "everyone may put in {amount}; the highest roll among them takes it", amount=L.money(sp.amount)
    ),
    SpaceKind.ELECTION: lambda sp, rs, L: L._(
        "every player pays {amount} into {jackpot}", amount=L.money(sp.amount), jackpot=_jackpot(rs, L)
    ),
    SpaceKind.DAYLIGHT: lambda sp, rs, L: L._(
        "everyone still playing steps back one day and plays it; on START, collect {salary}",
        salary=L.money(rs.rules.salary),
    ),
}


def _board(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    days: dict[str, list[int]] = {}
    spaces: dict[str, cal.Space] = {}
    for day, space in enumerate(rs.board):
        if day:
            days.setdefault(space.name, []).append(day)
            spaces.setdefault(space.name, space)
    lines = []
    for name, on in days.items():
        space = spaces[name]
        effect = _EFFECTS[space.kind](space, rs, L)
        when = L.ngettext("day {days}", "days {days}", len(on), days=", ".join(map(str, on)))
        shown = space_name(space, L)
        if effect:
            lines.append(L._("**{space}** — {when}: {effect}", space=shown, when=when, effect=effect))
        else:
            lines.append(L._("**{space}** — {when}", space=shown, when=when))
    month = L._(
        "START is a Sunday; day 1 a Monday; day {payday}, a Wednesday, is Pay Day.", payday=cal.PAYDAY_DAY
    )
    return month + "\n\n" + "\n".join(lines) + _jackpot_line(rs, L)


def _deals(rs: Ruleset, limits: dict[str, str], L: Lang) -> str:
    rows = []
    for deal in sorted(rs.deals, key=lambda d: (-d.cost, d.name)):
        name, cost, value = deal_name(deal, L), L.money(deal.cost), L.money(deal.value)
        if deal.commission:
            commission = L.money(deal.commission)
            rows.append(
                L._(
                    "{deal}: {cost} → {value}, commission {commission}",
                    deal=name,
                    cost=cost,
                    value=value,
                    commission=commission,
                )
            )
        else:
            rows.append(L._("{deal}: {cost} → {value}", deal=name, cost=cost, value=value))
    if rs.rules.deals_to_bottom:
        intro = L._(
            "{deals} Deals, cost → selling price. Buy on a Deal day (a loan covers what your cash does not), "
            "sell one per Buyer landing; a Deal still held at the end is worth nothing. Declined and sold "
            "Deals go to the bottom of the pile.",
            deals=len(rs.deals),
        )
    else:
        intro = L._(
            "{deals} Deals, cost → selling price. Buy on a Deal day (a loan covers what your cash does not), "
            "sell one per Buyer landing; a Deal still held at the end is worth nothing. Declined and sold "
            "Deals go to the discards.",
            deals=len(rs.deals),
        )
    if _commission(rs):
        intro += " " + L._(
            "Whenever a Deal is bought, everyone rolls: the highest roll collects its commission."
        )
    return intro + "\n\n" + "\n".join(rows)


WRITTEN: dict[str, Callable[[Ruleset, dict[str, str], Lang], str]] = {
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
    topic: str, ruleset: Ruleset, turn: str, interrupt: str, L: Lang, editions: Iterable[Ruleset] = ()
) -> tuple[str, str]:
    """One page for one edition. `editions`: the editions the `editions` page compares (all of
    them unless given; the tests pass changed copies)."""
    if topic == "editions":
        return TITLES[topic](L), editions_page(editions or rulesets.RULESETS.values(), L)
    text = WRITTEN[topic](ruleset, {"turn": turn, "interrupt": interrupt}, L)
    if ruleset.reconstructed and topic in RECONSTRUCTED_TOPICS:
        text += "\n\n" + _reconstructed(L)
    return f"{TITLES[topic](L)} — {edition_title(ruleset, L)}", text


def page(
    topic: str, edition: str, turn: str, interrupt: str, L: Lang, rules: Rules | None = None
) -> tuple[str, str]:
    """The page a player asked for, for the edition their table plays, written with the game's own
    `rules` (its edition's if none), so its numbers are the house rules' and a part lists them."""
    preset = rulesets.RULESETS[edition]
    played = preset if rules is None else replace(preset, rules=rules)
    title, text = render(topic, played, turn, interrupt, L)
    lines = house_rules_lines(L, edition, played.rules)
    if lines:
        text += f"\n\n**{house_rules_heading(L)}**\n" + "\n".join(f"- {line}" for line in lines)
    return title, text


HOUR = 3600
DAY = 24 * HOUR


def duration(seconds: int, L: Lang) -> str:
    """Say a time limit the way a player would: `2 days`, `12 hours`, `5 minutes`, `1 minute`,
    `90 seconds`."""
    days, rest = divmod(seconds, DAY)
    if days and not rest:
        return L.ngettext("{count} day", "{count} days", days, count=days)
    hours, rest = divmod(seconds, HOUR)
    if hours and not rest:
        return L.ngettext("{count} hour", "{count} hours", hours, count=hours)
    minutes, rest = divmod(seconds, 60)
    if minutes and not rest:
        return L.ngettext("{count} minute", "{count} minutes", minutes, count=minutes)
    return L.ngettext("{count} second", "{count} seconds", seconds, count=seconds)
