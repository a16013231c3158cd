"""What the game is waiting for, in words, and the buttons that answer it (pure data, no Discord)."""

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.game import events as ev
from bot.game.actions import ActionKind
from bot.game.bank import whole_steps
from bot.game.calendar import SpaceKind
from bot.game.cards import DealCard, MailKind
from bot.game.engine import legal_actions
from bot.game.mail import destinations, swellfare_bets
from bot.game.outlook import bills_due, buyer_days_ahead, charges_due, months_after
from bot.game.payday import banking_moves, charge_due
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState, Pending, PendingKind
from bot.render.cards import deal_name, jackpot_name, mail_label, mail_name, space_name, tag_name
from bot.render.events import and_list, or_list
from bot.render.i18n import Lang

ROW = 5
"""Discord puts five buttons in a row; a select menu takes a row of its own."""
MAX_ROWS = 3
"""Phones: the live message shows at most three rows of controls (issue 9.8), with room for the
message's own buttons (`rows(..., extra)`) beside the answers."""
MENU_OPTIONS = 25
"""Discord's limit on the options of one select menu."""
MAX_LABEL = 25
"""Phones: a button label or menu option longer than this is cut or wraps."""

PRIMARY, SUCCESS, DANGER, SECONDARY = "primary", "success", "danger", "secondary"


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    kind: str
    value: int = 0
    style: str = SECONDARY
    menu: str = ""
    """Non-empty: this choice is an option of a select menu with this placeholder, not a button:
    answers that would take more than a row of buttons (amounts, Deals to sell, bets)."""
    detail: str = ""
    """A menu option's second line (a Deal's price and profit), where the label has no room."""


@dataclass(frozen=True, slots=True)
class Menu:
    """One select menu: every option answers with the same action kind, the option's value."""

    placeholder: str
    kind: str
    options: tuple[Choice, ...]


Row = tuple[Any, ...] | Menu
"""A row of the live message: up to five buttons (`Choice`s, and the message's own), or one menu."""


def rows(offered: Sequence[Choice], extra: Sequence[Any] = (), most: int = 5) -> list[Row]:
    """The answers laid out in rows: buttons first, five to a row, with the message's own buttons
    (`extra`, such as My hand, of any type) after them, then one row per select menu. Never more
    than `most` rows (Discord's five): answer buttons past that are dropped, never the message's
    own (`choices` keeps to `MAX_ROWS` anyway)."""
    menus: dict[str, list[Choice]] = {}
    for choice in offered:
        if choice.menu:
            menus.setdefault(choice.menu, []).append(choice)
    room = (most - len(menus)) * ROW - len(extra)
    buttons = [choice for choice in offered if not choice.menu][: max(room, 0)] + list(extra)
    laid: list[Row] = [tuple(buttons[i : i + ROW]) for i in range(0, len(buttons), ROW)]
    laid += [Menu(placeholder, options[0].kind, tuple(options)) for placeholder, options in menus.items()]
    return laid


def short(name: str) -> str:
    """A name from a player, cut to fit a button on a phone."""
    return name if len(name) <= MAX_LABEL else name[: MAX_LABEL - 1] + "…"


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
        facts.append(L._("Buying it takes a {loan} loan.", loan=L.money(loan)))
    return facts


def _target(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    card = rs.mail[p.card]
    label, amount = mail_label(card, L), L.money(card.amount)
    if card.kind == MailKind.MAD_MONEY:
        return L._("{who}, {card}: collect {amount} from which player?", who=who, card=label, amount=amount)
    return L._("{who}, {card}: pay {amount} to which player?", who=who, card=label, amount=amount)


def _sell(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    held = st.players[p.seats[0]].deals
    if len(held) == 1:
        deal = rs.deals[held[0]]
        return L._(
            "{who} found a Buyer: sell **{deal}** for {value}, or keep it?",
            who=who,
            deal=deal_name(deal, L),
            value=L.money(deal.value),
        )
    return L._("{who} found a Buyer: sell one Deal at its value, or keep them all?", who=who)


def _repay(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    """The repayment, with what this Pay Day still charges once it is made: the bills due now and
    their total, then the Monster Charges."""
    seat = p.seats[0]
    player = st.players[seat]
    ask = L._(
        "{who}, Pay Day: repay some of your {loan} loan? You hold {cash}.",
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
    def listed(pairs: list[tuple[int, int]]) -> str:
        return ", ".join(L._("{number} ({player})", number=n, player=names[seat]) for n, seat in pairs)

    taken = listed(sorted(p.picks.items())) or L._("none yet")
    common = {
        "ante": L.money(p.amount),
        "bank": L.money(st.rules.lottery_bank),
        "lander": names[p.lander],
        "taken": taken,
        "who": who,
    }
    if not p.wants:
        return L._(
            "**Lottery!** Ante {ante} and take a number, or sit out. The Bank adds {bank}. Numbers go "
            "in turn from **{lander}**: a player earlier in turn gets a number first. Taken: {taken}. "
            "Waiting for {who}.",
            **common,
        )
    wishes = listed([(n, seat) for seat, n in sorted(p.wants.items(), key=lambda w: w[1])])
    return L._(
        "**Lottery!** Ante {ante} and take a number, or sit out. The Bank adds {bank}. Numbers go "
        "in turn from **{lander}**: a player earlier in turn gets a number first. Taken: {taken}. "
        "Asked for, once the players before have answered: {wishes}. Waiting for {who}.",
        wishes=wishes,
        **common,
    )


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
    PendingKind.RADIO: lambda st, p, rs, names, who, L: L._(
        "**Radio Contest:** {who}, roll — a {number} wins {amount}.",
        who=who,
        number=st.rules.radio_number,
        amount=L.money(p.amount),
    ),
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


def choices(state: GameState, L: Lang, computers: Collection[int] = ()) -> list[Choice]:
    """The answers to the current question, one per legal answer (a spread of long money lists):
    buttons with labels that fit a phone, or a select menu where more than a row of them would be
    needed, so the live message never takes more than `MAX_ROWS` rows. None for a question only
    the computer answers (`computer_only`): nobody at the table could click them."""
    p = state.pending
    if state.over or p is None or (computers and computer_only(state, computers)):
        return []
    write = _CHOICES.get(p.kind)
    return [] if write is None else write(state, p, RULESETS[state.ruleset], p.seats[0], L)


Offer = Callable[[GameState, Pending, Ruleset, int, Lang], list[Choice]]


def _offer_roll(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [Choice(L._("Roll the die"), ActionKind.ROLL, style=PRIMARY)]


def _offer_buy(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    deal = rs.deals[p.card]
    loan = whole_steps(deal.cost - st.players[seat].cash, st.rules.loan_step)
    if loan:
        buy = L._("Buy, borrow {loan}", loan=L.money(loan))
    else:
        buy = L._("Buy for {cost}", cost=L.money(deal.cost))
    return [Choice(buy, ActionKind.BUY, style=SUCCESS), Choice(L._("Decline"), ActionKind.DECLINE)]


def _offer_sell(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """One Deal: a button with its price (the question names it). More: a menu, best profit first,
    each option the Deal's name with its price and profit underneath."""
    held = sorted(st.players[seat].deals, key=lambda card: -rs.deals[card].profit)
    keep = Choice(L.ngettext("Keep it", "Keep them all", len(held)), ActionKind.KEEP)
    if len(held) == 1:
        value = L.money(rs.deals[held[0]].value)
        return [Choice(L._("Sell for {value}", value=value), ActionKind.SELL, held[0], SUCCESS), keep]
    menu = L._("Sell a Deal…")
    sells = [
        Choice(short(deal_name(d, L)), ActionKind.SELL, card, SUCCESS, menu=menu, detail=_sale(d, L))
        for card, d in ((card, rs.deals[card]) for card in held[:MENU_OPTIONS])
    ]
    return [keep, *sells]


def _sale(deal: DealCard, L: Lang) -> str:
    """A Deal's price and profit under its name in the menu; with the whole name when the label
    had to cut it."""
    value, profit = L.money(deal.value), L.money(deal.profit)
    name = deal_name(deal, L)
    if short(name) != name:
        return L._("{deal}: sells for {value}, profit {profit}", deal=name, value=value, profit=profit)
    return L._("sells for {value}, profit {profit}", value=value, profit=profit)


def _offer_target(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [
        Choice(short(st.players[a.value].name), ActionKind.TARGET, a.value, PRIMARY)
        for a in legal_actions(st, seat)
    ]


def _offer_move(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    board = rs.board
    return [
        Choice(
            L._("To the Buyer (day {day})", day=day)
            if board[day].kind == SpaceKind.BUYER
            else L._("To the Deal (day {day})", day=day),
            ActionKind.MOVE,
            day,
            PRIMARY,
        )
        for day in destinations(st, board, seat)
    ]


def _offer_repay(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    amounts = [a.value for a in legal_actions(st, seat) if a.value]
    repays = [Choice(L._("Repay {amount}", amount=L.money(a)), ActionKind.REPAY, a, SUCCESS) for a in amounts]
    return _fitted([Choice(L._("No repayment"), ActionKind.REPAY, 0)], [(L._("Repay how much?"), repays)])


def _offer_charge(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    due = charge_due(st, p.amount)
    offered = {a.kind for a in legal_actions(st, seat)}
    both = [
        Choice(L._("Pay it off: {due}", due=L.money(due)), ActionKind.PAY_ALL, style=SUCCESS),
        Choice(L._("Pay {interest} and carry", interest=L.money(due - p.amount)), ActionKind.CARRY),
    ]
    return [choice for choice in both if choice.kind in offered]


def _offer_lottery(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """Six numbers are still one click each: two rows with Sit out."""
    numbers = [Choice(str(n), ActionKind.ANTE, n, PRIMARY) for n in range(1, 7) if n not in p.picks]
    return [*numbers, Choice(L._("Sit out"), ActionKind.SIT_OUT)]


_BANKING: tuple[tuple[str, str, Callable[[Lang, str], str], Callable[[Lang], str]], ...] = (
    (
        ActionKind.REPAY,
        SUCCESS,
        lambda L, amount: L._("Repay {amount}", amount=amount),
        lambda L: L._("Repay…"),
    ),
    (
        ActionKind.DEPOSIT,
        PRIMARY,
        lambda L, amount: L._("Deposit {amount}", amount=amount),
        lambda L: L._("Deposit…"),
    ),
    (
        ActionKind.WITHDRAW,
        DANGER,
        lambda L, amount: L._("Withdraw {amount}", amount=amount),
        lambda L: L._("Withdraw…"),
    ),
)
"""Each banking move: its action, button style, label and menu placeholder."""


def _offer_banking(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    """Done, then each open move: buttons while they fit a row, else a menu per move. Repaying and
    depositing are never open together (no saving while owing), so that is two menus at most;
    `/payday repay`, `deposit` and `withdraw` take any other amount."""
    moves = banking_moves(st, seat, p.reason)
    groups = [
        (placeholder(L), [Choice(label(L, L.money(a)), kind, a, style) for a in amounts])
        for (kind, style, label, placeholder), amounts in zip(_BANKING, moves, strict=True)
        if amounts
    ]
    return _fitted([Choice(L._("Done"), ActionKind.DONE)], groups)


def _offer_swellfare(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    bets = [
        Choice(L._("Bet {amount}", amount=L.money(bet)) if bet else L._("Bet nothing"), ActionKind.BET, bet)
        for bet in swellfare_bets(st)
    ]
    return _fitted([], [(L._("Choose your bet"), bets)])


def _offer_insurance(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    card, cash = rs.mail[p.card], st.players[seat].cash
    if card.amount > cash:
        buy = L._("Buy, short {short}", short=L.money(card.amount - cash))
    else:
        buy = L._("Buy for {price}", price=L.money(card.amount))
    return [Choice(buy, ActionKind.BUY, style=SUCCESS), Choice(L._("Decline"), ActionKind.DECLINE)]


def _offer_poker(st: GameState, p: Pending, rs: Ruleset, seat: int, L: Lang) -> list[Choice]:
    return [
        Choice(L._("Put in {amount}", amount=L.money(p.amount)), ActionKind.PUT_IN, style=PRIMARY),
        Choice(L._("Sit out"), ActionKind.SIT_OUT),
    ]


_CHOICES: dict[str, Offer] = {
    PendingKind.ROLL: _offer_roll,
    PendingKind.RADIO: _offer_roll,
    PendingKind.WALK: _offer_roll,
    PendingKind.ROLL_OFF: _offer_roll,
    PendingKind.DEAL: _offer_buy,
    PendingKind.SELL: _offer_sell,
    PendingKind.TARGET: _offer_target,
    PendingKind.MOVE: _offer_move,
    PendingKind.REPAY: _offer_repay,
    PendingKind.CHARGE: _offer_charge,
    PendingKind.LOTTERY: _offer_lottery,
    PendingKind.BANKING: _offer_banking,
    PendingKind.SWELLFARE: _offer_swellfare,
    PendingKind.INSURANCE: _offer_insurance,
    PendingKind.POKER: _offer_poker,
}
"""One answer writer per kind of question."""


def _fitted(fixed: list[Choice], groups: list[tuple[str, list[Choice]]]) -> list[Choice]:
    """`fixed` buttons and groups of amounts: all buttons while they fit one row, else each group
    becomes a select menu (placeholder, options) of at most 25 options, evenly spread."""
    if len(fixed) + sum(len(options) for _, options in groups) <= ROW:
        return [*fixed, *(choice for _, options in groups for choice in options)]
    menus = [
        replace(choice, menu=placeholder)
        for placeholder, options in groups
        for choice in _spread(options, MENU_OPTIONS)
    ]
    return [*fixed, *menus]


def _spread(values: list, most: int) -> list:
    """At most `most` values, always keeping the first and the last, evenly spaced between."""
    if len(values) <= most:
        return values
    return [values[i] for i in sorted({round(i * (len(values) - 1) / (most - 1)) for i in range(most)})]
