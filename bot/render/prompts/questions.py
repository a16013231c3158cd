"""The question the live message asks, one sentence per kind of question: who must do what, with
the facts that decide it (the Buyer days left before buying a Deal, the bills a Pay Day still
charges). `computer_only` says whether only the computer answers it: then the question says so,
and `answers` offers no buttons.
"""

from collections.abc import Callable, Collection

from bot.game import events as ev
from bot.game.bank import whole_steps
from bot.game.cards import DealCard, MailKind
from bot.game.outlook import bills_due, buyer_days_ahead, charges_due, months_after
from bot.game.payday import charge_due
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState, Pending, PendingKind
from bot.render.language.cards import deal_name, jackpot_name, mail_label, mail_name, space_name, tag_name
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list, in_turn, or_list
from bot.render.prompts.layout import SELL_BUTTONS


def computer_only(state: GameState, computers: Collection[int]) -> bool:
    """Whether only the computer answers the question the game waits on: everyone it still asks
    sits in one of `computers` (the seats of computer players, and those a computer took over
    when their player left or was removed). Nobody at the table can answer it, so it gets no
    buttons, and no player is asked by name (a player who is away is not one of these: their
    click brings them back)."""
    p = state.pending
    return not state.over and p is not None and all(seat in computers for seat in p.seats)


def question(state: GameState, names: list[str], L: Lang, computers: Collection[int] = ()) -> str:
    """One sentence: who must do what, e.g. "**Bob** drew a Deal: buy it or decline?". A question
    only the computer answers says so instead (`computer_only`); among several players asked, the
    seats of `computers` are marked as the computer's."""
    p = state.pending
    if state.over or p is None:
        return L._("The game is over.")
    asked = [f"**{names[seat]}**" for seat in p.seats]
    if computers and computer_only(state, computers):
        return L._("The computer is playing for {who}…", who=and_list(asked, L))
    if computers:
        asked = [
            L._("{player} (computer)", player=name) if seat in computers else name
            for seat, name in zip(p.seats, asked, strict=True)
        ]
    write = _QUESTIONS.get(p.kind)
    who = and_list(asked, L)
    if write is None:
        return L._("Waiting for {who}.", who=who)
    return write(state, p, RULESETS[state.ruleset], names, who, L)


Ask = Callable[[GameState, Pending, Ruleset, list[str], str, Lang], str]


def _deal(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """The Deal, then what decides whether it can be sold in time: the Buyer days left this month
    and the months after it, and the loan buying it takes."""
    deal, seat = rs.deals[p.card], p.seats[0]
    ask = L._(
        "{who}, buy **{deal}** for {cost} (sells for {value})?",
        who=who,
        deal=deal_name(deal, L),
        cost=L.money(deal.cost),
        value=L.money(deal.value),
    )
    return " ".join((ask, *deal_facts(st, seat, deal.cost, L)))


def deal_facts(st: GameState, seat: int, cost: int, L: Lang) -> list[str]:
    """Sentences about selling a Deal bought now: Buyer days left, months left, the loan it takes."""
    days = buyer_days_ahead(st, seat)
    if days:
        facts = [
            L.ngettext(
                "Buyer day left this month: {days}.",
                "{n} Buyer days left this month: {days}.",
                len(days),
                days=", ".join(map(str, days)),
            )
        ]
    else:
        facts = [L._("No Buyer day is left this month.")]
    more = months_after(st, seat)
    if more:
        facts.append(L.ngettext("{n} more month after this one.", "{n} more months after this one.", more))
    else:
        facts.append(L._("This is your last month: a Deal still held at your last Pay Day is lost."))
    loan = whole_steps(cost - st.players[seat].cash, st.rules.loan_step)
    if loan:
        facts.append(L._("Buying it takes a loan of {loan}.", loan=L.money(loan)))
    return facts


def _target(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    card = rs.mail[p.card]
    label, amount = mail_label(card, L), L.money(card.amount)
    if card.kind == MailKind.MAD_MONEY:
        return L._("{who}, {card}: collect {amount} from which player?", who=who, card=label, amount=amount)
    return L._("{who}, {card}: pay {amount} to which player?", who=who, card=label, amount=amount)


def _sell(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """One Deal: named in the question. Up to `SELL_BUTTONS`: each on a line of its own, whole, with
    its price and profit, in the order of their buttons (whose labels may cut a long name)."""
    held = deals_by_profit(st, p.seats[0])
    if len(held) == 1:
        deal = rs.deals[held[0]]
        return L._(
            "{who} found a Buyer: sell **{deal}** for {value}, or keep it?",
            who=who,
            deal=deal_name(deal, L),
            value=L.money(deal.value),
        )
    ask = L._("{who} found a Buyer: sell one Deal at its value, or keep them all?", who=who)
    if len(held) > SELL_BUTTONS:
        return ask
    return "\n".join([ask, *(f"• {sale(rs.deals[card], L)}" for card in held)])


def deals_by_profit(st: GameState, seat: int) -> list[int]:
    """The Deals `seat` holds, best profit first: the order a Buyer offers them in."""
    deals = RULESETS[st.ruleset].deals
    return sorted(st.players[seat].deals, key=lambda card: -deals[card].profit)


def sale(deal: DealCard, L: Lang) -> str:
    """ "Teen Jeans: sells for $14,000, profit $7,000"."""
    return L._(
        "{deal}: sells for {value}, profit {profit}",
        deal=deal_name(deal, L),
        value=L.money(deal.value),
        profit=L.money(deal.profit),
    )


def _repay(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """The repayment, with what this Pay Day still charges once it is made: the bills due now and
    their total, then the Monster Charges."""
    seat = p.seats[0]
    player = st.players[seat]
    ask = L._(
        "{who}, Pay Day: you owe {loan}; repay some of it? You hold {cash}.",
        who=who,
        loan=L.money(player.loan),
        cash=L.money(player.cash),
    )
    return " ".join((ask, *payday_facts(st, seat, L)))


def payday_facts(st: GameState, seat: int, L: Lang) -> list[str]:
    """What the player's Pay Day charges after the repayment: each bill, their total, and the
    Monster Charges (each costs at least its interest)."""
    mail = RULESETS[st.ruleset].mail
    bills = [mail[card] for card in bills_due(st, seat)]
    if bills:
        listed = [
            L._("{name} {amount}", name=mail_name(bill, L), amount=L.money(bill.amount)) for bill in bills
        ]
        facts = [
            L.ngettext(
                "Bill due now: {bills}.",
                "Bills due now: {bills} ({total} in all).",
                len(bills),
                bills=", ".join(listed),
                total=L.money(sum(bill.amount for bill in bills)),
            )
        ]
    else:
        facts = [L._("No bills are due.")]
    charges = charges_due(st, seat)
    if charges:
        facts.append(
            L.ngettext(
                "Then a Monster Charge of {balances} (interest {interest}).",
                "Then Monster Charges of {balances} (interest {interest}).",
                len(charges),
                balances=and_list([L.money(balance) for balance in charges], L),
                interest=L.money(sum(charge_due(st, b) - b for b in charges)),
            )
        )
    return facts


def _charge(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    due = charge_due(st, p.amount)
    if st.in_last_month(p.seats[0]):
        return L._(
            "{who}, last Pay Day: pay off your {balance} Monster Charge ({due}).",
            who=who,
            balance=L.money(p.amount),
            due=L.money(due),
        )
    return L._(
        "{who}, Monster Charge of {balance}: pay it off ({due} with the interest), "
        "or pay {interest} interest and carry the balance to next month?",
        who=who,
        balance=L.money(p.amount),
        due=L.money(due),
        interest=L.money(due - p.amount),
    )


def _lottery(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """The stakes and who is asked, then a line each for what decides who gets a number, shown
    before anyone clicks (docs/RULES.md §2.4): the turn order from the lander, the numbers taken,
    and those held for a player who asked while someone earlier in turn has not answered yet (who
    may still take it)."""

    def place(seat: int) -> int:
        return (seat - p.lander) % len(st.players)

    order = [
        f"**{names[seat]}**" if seat == p.lander else names[seat]
        for seat in sorted(range(len(st.players)), key=place)
    ]
    stakes = L._(
        "**Lottery!** Ante {ante} on a number, or sit out; the Bank adds {bank}.",
        ante=L.money(p.amount),
        bank=L.money(st.rules.lottery_bank),
    )
    said = [
        " ".join((stakes, L._("Waiting for {who}.", who=who))),
        L._(
            "Numbers go in turn: {order}, so a number two players ask for goes to the earlier one.",
            order=in_turn(order),
        ),
    ]
    if p.picks:
        taken = [
            L._("{number} ({player})", number=n, player=names[seat]) for n, seat in sorted(p.picks.items())
        ]
        said.append(L._("Taken: {taken}.", taken=", ".join(taken)))
    held = [
        L._(
            "{number} for {player} unless {earlier} takes it first",
            number=n,
            player=names[seat],
            earlier=or_list([names[other] for other in p.seats if place(other) < place(seat)], L),
        )
        for seat, n in sorted(p.wants.items(), key=lambda wish: wish[1])
    ]
    if held:
        said.append(L._("Held: {held}.", held="; ".join(held)))
    return "\n".join(said)


def _roll_off(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    amount = L.money(p.amount)
    if p.card >= 0:
        return L._(
            "**Commission on {deal}: everyone rolls.** {who}, roll — "
            "the highest roll collects {amount} from the Bank (ties roll again).",
            deal=deal_name(rs.deals[p.card], L),
            who=who,
            amount=amount,
        )
    # The family Radio Contest or the classic Poker Game: the space the lander stands on.
    space = space_name(rs.board[st.players[p.lander].day], L)
    if p.payer == ev.POT:
        return L._(
            "**{space}:** {who}, roll — the highest roll takes the {amount} pot.",
            space=space,
            who=who,
            amount=amount,
        )
    return L._(
        "**{space}:** {who}, roll — the highest roll wins {amount}.", space=space, who=who, amount=amount
    )


def _banking(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    player = st.players[p.seats[0]]
    return L._(
        "{who}, Pay Day banking ({cash} cash, {loan} loan, {savings} savings): repay, deposit or "
        "withdraw in {step} steps, one move at a time, then press Done.",
        who=who,
        cash=L.money(player.cash),
        loan=L.money(player.loan),
        savings=L.money(player.savings),
        step=L.money(st.rules.savings_step),
    )


def _swellfare(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    rules = st.rules
    faces = [str(face) for face in range(rules.swellfare_win, 7)]
    return L._(
        "{who}, **Swellfare**: you owe more than you hold. Bet up to {most} in {step} steps on one roll "
        "— a {faces} pays {odds}× the bet, anything else sends the bet to {jackpot}.",
        who=who,
        most=L.money(rules.swellfare_max),
        step=L.money(rules.swellfare_step),
        faces=or_list(faces, L),
        odds=rules.swellfare_odds,
        jackpot=jackpot_name(rs, L),
    )


def _insurance(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    card = rs.mail[p.card]
    return L._(
        "{who}, buy **{card}** for {amount}? It cancels every {tag} bill, the ones you hold too, "
        "for the rest of the game.",
        who=who,
        card=mail_name(card, L),
        amount=L.money(card.amount),
        tag=tag_name(card.tag, L),
    )


def _radio(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """The roller, then everyone after them in turn: the table sees the order before anyone rolls."""
    ask = L._(
        "**Radio Contest:** {who}, roll — a {number} wins {amount}.",
        who=who,
        number=st.rules.radio_number,
        amount=L.money(p.amount),
    )
    if not p.order:
        return ask
    return L._("{question} Next: {order}.", question=ask, order=in_turn([names[seat] for seat in p.order]))


def _poker(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    takers = ", ".join(names[seat] for seat in p.picks) or L._("nobody yet")
    return L._(
        "**Poker Game!** Put {amount} in or sit out; everyone in rolls and the highest takes the pot. "
        "In so far: {takers}. Waiting for {who}.",
        amount=L.money(p.amount),
        takers=takers,
        who=who,
    )


_QUESTIONS: dict[str, Ask] = {
    PendingKind.ROLL: lambda st, p, rs, names, who, L: L._("{who}, roll the die.", who=who),
    PendingKind.DEAL: _deal,
    PendingKind.SELL: _sell,
    PendingKind.TARGET: _target,
    PendingKind.MOVE: lambda st, p, rs, names, who, L: L._(
        "{who}, Move Ahead: to the next Deal or the next Buyer?", who=who
    ),
    PendingKind.REPAY: _repay,
    PendingKind.CHARGE: _charge,
    PendingKind.LOTTERY: _lottery,
    PendingKind.RADIO: _radio,
    PendingKind.WALK: lambda st, p, rs, names, who, L: L._(
        "**Walk for Charity:** {who}, roll and give {amount} × your roll to the Jackpot.",
        who=who,
        amount=L.money(p.amount),
    ),
    PendingKind.ROLL_OFF: _roll_off,
    PendingKind.BANKING: _banking,
    PendingKind.SWELLFARE: _swellfare,
    PendingKind.INSURANCE: _insurance,
    PendingKind.POKER: _poker,
}
"""One sentence writer per kind of question."""
