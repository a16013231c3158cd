"""What the game is waiting for, in words, and the buttons that answer it (pure data, no Discord)."""

from collections.abc import Callable
from dataclasses import dataclass

from bot.game import actions as act
from bot.game import cards
from bot.game import events as ev
from bot.game import state as s
from bot.game.bank import whole_steps
from bot.game.engine import legal_actions
from bot.game.mail import destinations, swellfare_bets
from bot.game.payday import banking_moves, charge_due
from bot.game.rulesets import RULESETS, Ruleset
from bot.game.state import GameState, Pending
from bot.render.cards import deal_name, jackpot_name, mail_label, mail_name, space_name, tag_name
from bot.render.events import and_list, or_list
from bot.render.i18n import Lang

MAX_REPAY_BUTTONS = 10
MAX_SELL_BUTTONS = 20
MAX_BUTTONS = 25
"""Discord's limit: five rows of five."""

PRIMARY, SUCCESS, DANGER, SECONDARY = "primary", "success", "danger", "secondary"


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    kind: str
    value: int = 0
    style: str = SECONDARY
    menu: str = ""
    """Non-empty: this choice is an option of a select menu with this placeholder, not a button
    (for long lists of amounts, such as the classic Swellfare bet)."""


def question(state: GameState, names: list[str], L: Lang) -> str:
    """One sentence: who must do what, e.g. "**Bob** drew a Deal: buy it or decline?"."""
    p = state.pending
    if state.over or p is None:
        return L._("The game is over.")
    write = _QUESTIONS.get(p.kind)
    who = and_list([f"**{names[seat]}**" for seat in p.seats], L)
    if write is None:
        return L._("Waiting for {who}.", who=who)
    return write(state, p, RULESETS[state.ruleset], names, who, L)


Ask = Callable[[GameState, Pending, Ruleset, list[str], str, Lang], str]


def _deal(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    deal = rs.deals[p.card]
    return L._(
        "{who}, buy **{deal}** for {cost} (sells for {value})?",
        who=who,
        deal=deal_name(deal, L),
        cost=L.money(deal.cost),
        value=L.money(deal.value),
    )


def _target(st: GameState, p: Pending, rs: Ruleset, names: list[str], who: str, L: Lang) -> str:
    card = rs.mail[p.card]
    label, amount = mail_label(card, L), L.money(card.amount)
    if card.kind == cards.MAD_MONEY:
        return L._("{who}, {card}: collect {amount} from which player?", who=who, card=label, amount=amount)
    return L._("{who}, {card}: pay {amount} to which player?", who=who, card=label, amount=amount)


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
    s.ROLL: lambda st, p, rs, names, who, L: L._("{who}, roll the die.", who=who),
    s.DEAL: _deal,
    s.SELL: lambda st, p, rs, names, who, L: L._(
        "{who} found a Buyer: sell one Deal at its value, or keep them all?", who=who
    ),
    s.TARGET: _target,
    s.MOVE: lambda st, p, rs, names, who, L: L._(
        "{who}, Move Ahead: to the next Deal or the next Buyer?", who=who
    ),
    s.REPAY: lambda st, p, rs, names, who, L: L._(
        "{who}, Pay Day: repay some of your {loan} loan?", who=who, loan=L.money(st.players[p.seats[0]].loan)
    ),
    s.CHARGE: _charge,
    s.LOTTERY: _lottery,
    s.RADIO: lambda st, p, rs, names, who, L: L._(
        "**Radio Contest:** {who}, roll — a {number} wins {amount}.",
        who=who,
        number=st.rules.radio_number,
        amount=L.money(p.amount),
    ),
    s.WALK: lambda st, p, rs, names, who, L: L._(
        "**Walk for Charity:** {who}, roll and give {amount} × your roll to the Jackpot.",
        who=who,
        amount=L.money(p.amount),
    ),
    s.ROLL_OFF: _roll_off,
    s.BANKING: _banking,
    s.SWELLFARE: _swellfare,
    s.INSURANCE: _insurance,
    s.POKER: _poker,
}
"""One sentence writer per kind of question."""


def choices(state: GameState, L: Lang) -> list[Choice]:
    """The buttons for the current question, one per legal answer (a few for long money lists)."""
    p = state.pending
    if state.over or p is None:
        return []
    ruleset = RULESETS[state.ruleset]
    seat = p.seats[0]
    kind = p.kind
    if kind in (s.ROLL, s.RADIO, s.WALK, s.ROLL_OFF):
        return [Choice(L._("Roll the die"), act.ROLL, style=PRIMARY)]
    if kind == s.DEAL:
        deal, cash = ruleset.deals[p.card], state.players[seat].cash
        loan = whole_steps(deal.cost - cash, state.rules.loan_step)
        cost = L.money(deal.cost)
        if loan:
            buy = L._("Buy for {cost} (borrow {loan})", cost=cost, loan=L.money(loan))
        else:
            buy = L._("Buy for {cost}", cost=cost)
        return [Choice(buy, act.BUY, style=SUCCESS), Choice(L._("Decline"), act.DECLINE)]
    if kind == s.SELL:
        held = sorted(state.players[seat].deals, key=lambda c: -ruleset.deals[c].profit)[:MAX_SELL_BUTTONS]
        sells = [
            Choice(
                L._("Sell {deal} for {value}", deal=deal_name(d, L), value=L.money(d.value)),
                act.SELL,
                card,
                SUCCESS,
            )
            for card, d in ((card, ruleset.deals[card]) for card in held)
        ]
        return [*sells, Choice(L._("Keep them all"), act.KEEP)]
    if kind == s.TARGET:
        return [
            Choice(state.players[a.value].name, act.TARGET, a.value, PRIMARY)
            for a in legal_actions(state, seat)
        ]
    if kind == s.MOVE:
        board = ruleset.board
        days = destinations(state, board, seat)
        return [
            Choice(L._("{space} (day {day})", space=space_name(board[d], L), day=d), act.MOVE, d, PRIMARY)
            for d in days
        ]
    if kind == s.REPAY:
        amounts = [a.value for a in legal_actions(state, seat)]
        shown = _spread(amounts[1:], MAX_REPAY_BUTTONS - 1)
        return [Choice(L._("No repayment"), act.REPAY, 0)] + [
            Choice(L._("Repay {amount}", amount=L.money(a)), act.REPAY, a, SUCCESS) for a in shown
        ]
    if kind == s.CHARGE:
        due = charge_due(state, p.amount)
        offered = {a.kind for a in legal_actions(state, seat)}
        both = [
            Choice(L._("Pay it off: {due}", due=L.money(due)), act.PAY_ALL, style=SUCCESS),
            Choice(L._("Pay {interest} interest and carry", interest=L.money(due - p.amount)), act.CARRY),
        ]
        return [choice for choice in both if choice.kind in offered]
    if kind == s.LOTTERY:
        numbers = [Choice(str(n), act.ANTE, n, PRIMARY) for n in range(1, 7) if n not in p.picks]
        return [*numbers, Choice(L._("Sit out"), act.SIT_OUT)]
    if kind == s.BANKING:
        return _banking_choices(state, seat, L)
    if kind == s.SWELLFARE:
        menu = L._("Choose your bet")
        return [
            Choice(
                L._("Bet {amount}", amount=L.money(bet)) if bet else L._("Bet nothing"),
                act.BET,
                bet,
                menu=menu,
            )
            for bet in swellfare_bets(state)
        ]
    if kind == s.INSURANCE:
        card, cash = ruleset.mail[p.card], state.players[seat].cash
        price = L.money(card.amount)
        if card.amount > cash:
            buy = L._("Buy for {price} (short {short})", price=price, short=L.money(card.amount - cash))
        else:
            buy = L._("Buy for {price}", price=price)
        return [Choice(buy, act.BUY, style=SUCCESS), Choice(L._("Decline"), act.DECLINE)]
    if kind == s.POKER:
        return [
            Choice(L._("Put in {amount}", amount=L.money(p.amount)), act.PUT_IN, style=PRIMARY),
            Choice(L._("Sit out"), act.SIT_OUT),
        ]
    return []


_BANKING_LABELS: dict[str, Callable[[Lang, str], str]] = {
    act.REPAY: lambda L, amount: L._("Repay {amount}", amount=amount),
    act.DEPOSIT: lambda L, amount: L._("Deposit {amount}", amount=amount),
    act.WITHDRAW: lambda L, amount: L._("Withdraw {amount}", amount=amount),
}


def _banking_choices(state: GameState, seat: int, L: Lang) -> list[Choice]:
    """Done, then a spread of each open move (smallest and largest always shown), 25 buttons at most;
    `/payday repay`, `deposit` and `withdraw` take any other amount."""
    moves = banking_moves(state, seat, state.pending.reason)
    kinds = ((act.REPAY, SUCCESS), (act.DEPOSIT, PRIMARY), (act.WITHDRAW, DANGER))
    shown = [(kind, amounts) for kind, amounts in zip(kinds, moves, strict=True) if amounts]
    room = (MAX_BUTTONS - 1) // max(len(shown), 1)
    buttons = [Choice(L._("Done"), act.DONE, style=SECONDARY)]
    for (kind, style), amounts in shown:
        label = _BANKING_LABELS[kind]
        buttons += [Choice(label(L, L.money(a)), kind, a, style) for a in _spread(amounts, room)]
    return buttons


def _spread(values: list[int], most: int) -> list[int]:
    """At most `most` values, always keeping the smallest and the largest, evenly spaced between."""
    if len(values) <= most:
        return values
    picks = {values[round(i * (len(values) - 1) / (most - 1))] for i in range(most)}
    return sorted(picks)
