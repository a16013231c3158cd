"""The private hand panel in words: what a player holds and what it means for their next Pay Day.

`hand_panel` returns a `Panel` (a title, a summary line and titled sections), no Discord type: the
cog lays it out as an ephemeral embed. The facts come from bot/game/hand.py; a section only
appears when it has something to say, and each stays inside an embed field's 1,024 characters.
"""

from dataclasses import dataclass

from bot.game.hand import Charge, Hand, hand
from bot.game.orders import LotteryOrder, Orders, favourite
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState
from bot.render.language.cards import deal_label, mail_label, mail_name, tag_name
from bot.render.language.i18n import Lang
from bot.render.language.lists import and_list

FIELD_LIMIT = 1024
ORDERS_MARK = "⟳"
"""By the name of a player whose standing orders answer for them, on the board and in its picture."""


@dataclass(frozen=True, slots=True)
class Panel:
    title: str
    summary: str
    sections: tuple[tuple[str, str], ...]
    """(heading, text) pairs, in reading order."""


def hand_panel(state: GameState, seat: int, name: str, orders: Orders, L: Lang) -> Panel:
    """Everything `seat` holds and what it will cost them, for their eyes only. `name` is shown as
    given (escape it for markdown before)."""
    facts = hand(state, seat)
    rs = RULESETS[state.ruleset]
    sections = [
        _bills(facts, rs, L),
        _charges(facts, rs, L),
        _deals(facts, rs, L),
        _tickets(facts, rs, L),
        _forecast(facts, L),
        _money(facts, state, L),
        (L._("Standing orders"), orders_text(orders, seat, L)),
    ]
    return Panel(
        title=L._("Your hand, {name}", name=name),
        summary=_summary(facts, state, L),
        sections=tuple(section for section in sections if section is not None),
    )


def _summary(h: Hand, state: GameState, L: Lang) -> str:
    worth = L.money(state.net_worth(h.seat))
    parts = [L._("Cash {amount}", amount=L.money(h.cash))]
    if h.savings or state.rules.savings:
        parts.append(L._("Savings {amount}", amount=L.money(h.savings)))
    parts.append(L._("Loan {amount}", amount=L.money(h.loan)))
    parts.append(L._("Net worth {amount}", amount=worth))
    summary = " · ".join(parts)
    if h.insured:
        tags = and_list([tag_name(tag, L) for tag in h.insured], L)
        summary += "\n" + L._("Insured: your {tags} bills are cancelled.", tags=tags)
    if h.retired:
        summary += "\n" + L._("You have retired: you still take part in the table's events.")
    return summary


def _bills(h: Hand, rs: Ruleset, L: Lang) -> tuple[str, str] | None:
    if h.retired:
        return None
    heading = L._("Still due at this Pay Day") if h.forecast.under_way else L._("Due at your next Pay Day")
    if not h.bills:
        return heading, L._("No bills held.")
    lines = [f"• {mail_label(rs.mail[card], L)}" for card in h.bills]
    total = L._("**Total: {amount}**", amount=L.money(h.bills_total))
    return heading, _fit(lines, total, L)


def _charges(h: Hand, rs: Ruleset, L: Lang) -> tuple[str, str] | None:
    if not h.charges:
        return None
    lines = [f"• {_charge_line(ch, h, rs, L)}" for ch in h.charges]
    if h.last_pay_day:
        note = L._("Your next Pay Day is your last: every Monster Charge is paid off there.")
    else:
        note = L._("At Pay Day pay each one off, or pay its interest and carry the balance.")
    return L._("Monster Charges"), _fit(lines, note, L)


def _charge_line(ch: Charge, h: Hand, rs: Ruleset, L: Lang) -> str:
    what = mail_name(rs.mail[ch.card], L) if ch.card >= 0 else L._("Monster Charge")
    args = {
        "name": what,
        "balance": L.money(ch.balance),
        "interest": L.money(ch.interest),
        "pay_off": L.money(ch.pay_off),
    }
    if h.last_pay_day:
        return L._("{name} {balance}: paying it off costs {pay_off}", **args)
    return L._("{name} {balance}: carry it {interest} · pay it off {pay_off}", **args)


def _deals(h: Hand, rs: Ruleset, L: Lang) -> tuple[str, str] | None:
    if not h.deals:
        return None
    lines = [f"• {deal_label(rs.deals[card], L)}" for card in h.deals]
    return L.ngettext("Your Deal", "Your {n} Deals", len(h.deals)), _fit(lines, buyer_days(h, L), L)


def buyer_days(h: Hand, L: Lang) -> str:
    """Where the player can still sell: Buyer days left this month and in the months after."""
    if not h.buyers_this_month and not h.buyers_later:
        return L._("No Buyer day is left in your game: a Deal still held at the end is worth nothing.")
    if h.buyers_this_month:
        days = L.ngettext(
            "{n} Buyer day left this month", "{n} Buyer days left this month", h.buyers_this_month
        )
        chance = round(h.buyer_chance * 100)
        this_month = L._("{days} (your rolls land on one {percent}% of the time)", days=days, percent=chance)
    else:
        this_month = L._("No Buyer day left this month")
    if not h.buyers_later:
        return L._("{this_month}; none after this month.", this_month=this_month)
    later = L.ngettext("{n} in the months after", "{n} in the months after", h.buyers_later)
    return L._("{this_month}; {later}.", this_month=this_month, later=later)


def _tickets(h: Hand, rs: Ruleset, L: Lang) -> tuple[str, str] | None:
    if not h.tickets:
        return None
    lines = [f"• {mail_label(rs.mail[card], L)}" for card in h.tickets]
    draws = L.ngettext(
        "{n} Lottery Draw left this month", "{n} Lottery Draws left this month", h.draws_this_month
    )
    note = L._("Land on a Lottery Draw to cash them ({draws}); they are void at Pay Day.", draws=draws)
    return L._("Lottery Tickets"), _fit(lines, note, L)


def _forecast(h: Hand, L: Lang) -> tuple[str, str] | None:
    if h.retired:
        return None
    f = h.forecast
    rows = [
        (L._("Salary"), f.salary),
        (L._("Loan interest"), -f.loan_interest),
        (L._("Savings interest"), f.savings_interest),
        (L._("Bills"), -f.bills),
        (
            L._("Monster Charges paid off")
            if h.last_pay_day
            else L.pgettext("forecast", "Monster Charge interest"),
            -f.charges,
        ),
    ]
    lines = [f"{label}: {L.signed(amount)}" for label, amount in rows if amount]
    if not lines:
        lines.append(L._("Nothing left to pay or collect."))
    else:
        lines.append(L._("**Net: {amount}**", amount=L.signed(f.result)))
    if h.cash_after >= 0:
        lines.append(L._("Cash after it: {amount}.", amount=L.money(h.cash_after)))
    elif not h.shortfall:
        lines.append(L._("Your savings cover the {amount} your cash lacks.", amount=L.money(-h.cash_after)))
    else:
        short, step = L.money(h.shortfall), L.money(h.loan_step)
        lines.append(
            L._("You are {amount} short: the Bank will lend it in {step} steps.", amount=short, step=step)
        )
    heading = L._("This Pay Day, still to come") if f.under_way else L._("Next Pay Day forecast")
    return heading, "\n".join(lines)


def _money(h: Hand, state: GameState, L: Lang) -> tuple[str, str]:
    rules = state.rules
    step = L.money(rules.loan_step)
    if h.savings and not h.loan_room:
        borrow = L._("No loan while you have savings: withdraw them first.")
    elif h.loan_room:
        borrow = L._("Borrow any time in {step} steps.", step=step)
    else:
        borrow = L._("You have reached the loan limit of {cap}.", cap=L.money(rules.loan_cap))
    if h.repay_now:
        repay = L._("Repay now: up to {amount}, in {step} steps.", amount=L.money(h.repay_now), step=step)
    elif not h.loan:
        repay = L._("You owe the Bank nothing.")
    elif h.repay_at_pay_day:
        repay = L._("Repayments are made at your own Pay Day.")
    else:
        repay = L._("Repay in {step} steps when your cash covers one.", step=step)
    return L._("Loans"), f"{borrow}\n{repay}"


def orders_text(orders: Orders, seat: int, L: Lang) -> str:
    """The seat's standing orders, one line each, or the line saying every question is asked."""
    lines = []
    if orders.roll:
        lines.append(L._("🎲 I roll your die on your turn."))
    if orders.table_rolls:
        lines.append(L._("📻 I roll for you in the Radio Contest, the Walk for Charity and roll-offs."))
    if orders.lottery == LotteryOrder.ALWAYS:
        lines.append(
            L._(
                "🎟️ Lottery: you ante on {number} (or the nearest free number) when your cash covers it.",
                number=favourite(orders, seat),
            )
        )
    elif orders.lottery == LotteryOrder.NEVER:
        lines.append(L._("🎟️ Lottery: you sit out."))
    if not lines:
        return L._("None: every question is put to you.")
    lines.append(L._("Every real decision is still put to you."))
    return "\n".join(lines)


def _fit(lines: list[str], last: str, L: Lang) -> str:
    """The lines and a closing line within one embed field; lines that do not fit are counted."""
    kept = list(lines)
    while kept and len("\n".join([*kept, last])) > FIELD_LIMIT - 40:
        kept.pop()
    dropped = len(lines) - len(kept)
    if dropped:
        kept.append(L.ngettext("… and {n} more", "… and {n} more", dropped))
    return "\n".join([*kept, last])
