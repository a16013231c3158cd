"""What the game is waiting for, in words, and the buttons that answer it (pure data, no Discord)."""

from dataclasses import dataclass

from bot.game import actions as act
from bot.game import cards
from bot.game import events as ev
from bot.game import state as s
from bot.game.bank import whole_steps
from bot.game.engine import legal_actions
from bot.game.events import money
from bot.game.mail import destinations, swellfare_bets
from bot.game.payday import banking_moves, charge_due
from bot.game.rulesets import RULESETS
from bot.game.state import GameState

MAX_REPAY_BUTTONS = 10
MAX_SELL_BUTTONS = 20
MAX_BUTTONS = 25
"""Discord's limit: five rows of five."""
BET_MENU = "Choose your bet"

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


def question(state: GameState, names: list[str]) -> str:
    """One sentence: who must do what, e.g. "**Bob** drew a Deal: buy it or decline?"."""
    p = state.pending
    if state.over or p is None:
        return "The game is over."
    ruleset = RULESETS[state.ruleset]
    who = " and ".join(f"**{names[seat]}**" for seat in p.seats)
    player = state.players[p.seats[0]]
    kind = p.kind
    if kind == s.ROLL:
        return f"{who}, roll the die."
    if kind == s.DEAL:
        deal = ruleset.deals[p.card]
        return f"{who}, buy **{deal.name}** for {money(deal.cost)} (sells for {money(deal.value)})?"
    if kind == s.SELL:
        return f"{who} found a Buyer: sell one Deal at its value, or keep them all?"
    if kind == s.TARGET:
        card = ruleset.mail[p.card]
        verb = "collect" if card.kind == cards.MAD_MONEY else "pay"
        prep = "from" if card.kind == cards.MAD_MONEY else "to"
        return f"{who}, {card.label}: {verb} {money(card.amount)} {prep} which player?"
    if kind == s.MOVE:
        return f"{who}, Move Ahead: to the next Deal or the next Buyer?"
    if kind == s.REPAY:
        return f"{who}, Pay Day: repay some of your {money(player.loan)} loan?"
    if kind == s.CHARGE:
        due = charge_due(state, p.amount)
        if state.in_last_month(p.seats[0]):
            return f"{who}, last Pay Day: pay off your {money(p.amount)} Monster Charge ({money(due)})."
        return (
            f"{who}, Monster Charge of {money(p.amount)}: pay it off ({money(due)} with the interest), "
            f"or pay {money(due - p.amount)} interest and carry the balance to next month?"
        )
    if kind == s.LOTTERY:
        taken = ", ".join(f"{n} ({names[seat]})" for n, seat in sorted(p.picks.items())) or "none yet"
        wishes = ", ".join(f"{n} ({names[seat]})" for seat, n in sorted(p.wants.items(), key=lambda w: w[1]))
        waiting = f" Asked for, once the players before have answered: {wishes}." if wishes else ""
        return (
            f"**Lottery!** Ante {money(p.amount)} and take a number, or sit out. "
            f"The Bank adds {money(state.rules.lottery_bank)}. Numbers go in turn from "
            f"**{names[p.lander]}**: a player earlier in turn gets a number first. "
            f"Taken: {taken}.{waiting} Waiting for {who}."
        )
    if kind == s.RADIO:
        return f"**Radio Contest:** {who}, roll — a {state.rules.radio_number} wins {money(p.amount)}."
    if kind == s.WALK:
        return f"**Walk for Charity:** {who}, roll and give {money(p.amount)} × your roll to the Jackpot."
    if kind == s.ROLL_OFF:
        if p.card >= 0:
            return (
                f"**Commission on {ruleset.deals[p.card].name}: everyone rolls.** {who}, roll — "
                f"the highest roll collects {money(p.amount)} from the Bank (ties roll again)."
            )
        if p.payer == ev.POT:
            return f"**{p.reason}:** {who}, roll — the highest roll takes the {money(p.amount)} pot."
        return f"**{p.reason}:** {who}, roll — the highest roll wins {money(p.amount)}."
    if kind == s.BANKING:
        step = money(state.rules.savings_step)
        return (
            f"{who}, Pay Day banking ({money(player.cash)} cash, {money(player.loan)} loan, "
            f"{money(player.savings)} savings): repay, deposit or withdraw in {step} steps, "
            f"one move at a time, then press Done."
        )
    if kind == s.SWELLFARE:
        rules = state.rules
        faces = " or ".join(str(face) for face in range(rules.swellfare_win, 7))
        return (
            f"{who}, **Swellfare**: you owe more than you hold. Bet up to {money(rules.swellfare_max)} "
            f"in {money(rules.swellfare_step)} steps on one roll — a {faces} pays {rules.swellfare_odds}× "
            f"the bet, anything else sends the bet to {ruleset.jackpot_name}."
        )
    if kind == s.INSURANCE:
        card = ruleset.mail[p.card]
        return (
            f"{who}, buy **{card.name}** for {money(card.amount)}? It cancels every {card.tag} bill, "
            f"the ones you hold too, for the rest of the game."
        )
    if kind == s.POKER:
        takers = ", ".join(names[seat] for seat in p.picks) or "nobody yet"
        return (
            f"**Poker Game!** Put {money(p.amount)} in or sit out; everyone in rolls and the highest "
            f"takes the pot. In so far: {takers}. Waiting for {who}."
        )
    return f"Waiting for {who}."


def choices(state: GameState) -> list[Choice]:
    """The buttons for the current question, one per legal answer (a few for long money lists)."""
    p = state.pending
    if state.over or p is None:
        return []
    ruleset = RULESETS[state.ruleset]
    seat = p.seats[0]
    kind = p.kind
    if kind in (s.ROLL, s.RADIO, s.WALK, s.ROLL_OFF):
        return [Choice("Roll the die", act.ROLL, style=PRIMARY)]
    if kind == s.DEAL:
        deal, cash = ruleset.deals[p.card], state.players[seat].cash
        loan = whole_steps(deal.cost - cash, state.rules.loan_step)
        short = f" (borrow {money(loan)})" if loan else ""
        return [
            Choice(f"Buy for {money(deal.cost)}{short}", act.BUY, style=SUCCESS),
            Choice("Decline", act.DECLINE),
        ]
    if kind == s.SELL:
        held = sorted(state.players[seat].deals, key=lambda c: -ruleset.deals[c].profit)[:MAX_SELL_BUTTONS]
        sells = [
            Choice(f"Sell {d.name} for {money(d.value)}", act.SELL, card, SUCCESS)
            for card, d in ((card, ruleset.deals[card]) for card in held)
        ]
        return [*sells, Choice("Keep them all", act.KEEP)]
    if kind == s.TARGET:
        return [
            Choice(state.players[a.value].name, act.TARGET, a.value, PRIMARY)
            for a in legal_actions(state, seat)
        ]
    if kind == s.MOVE:
        board = ruleset.board
        days = destinations(state, board, seat)
        return [Choice(f"{board[d].name} (day {d})", act.MOVE, d, PRIMARY) for d in days]
    if kind == s.REPAY:
        amounts = [a.value for a in legal_actions(state, seat)]
        shown = _spread(amounts[1:], MAX_REPAY_BUTTONS - 1)
        return [Choice("No repayment", act.REPAY, 0)] + [
            Choice(f"Repay {money(a)}", act.REPAY, a, SUCCESS) for a in shown
        ]
    if kind == s.CHARGE:
        due = charge_due(state, p.amount)
        offered = {a.kind for a in legal_actions(state, seat)}
        both = [
            Choice(f"Pay it off: {money(due)}", act.PAY_ALL, style=SUCCESS),
            Choice(f"Pay {money(due - p.amount)} interest and carry", act.CARRY),
        ]
        return [choice for choice in both if choice.kind in offered]
    if kind == s.LOTTERY:
        numbers = [Choice(str(n), act.ANTE, n, PRIMARY) for n in range(1, 7) if n not in p.picks]
        return [*numbers, Choice("Sit out", act.SIT_OUT)]
    if kind == s.BANKING:
        return _banking_choices(state, seat)
    if kind == s.SWELLFARE:
        return [
            Choice(f"Bet {money(bet)}" if bet else "Bet nothing", act.BET, bet, menu=BET_MENU)
            for bet in swellfare_bets(state)
        ]
    if kind == s.INSURANCE:
        card, cash = ruleset.mail[p.card], state.players[seat].cash
        short = f" (short {money(card.amount - cash)})" if card.amount > cash else ""
        return [
            Choice(f"Buy for {money(card.amount)}{short}", act.BUY, style=SUCCESS),
            Choice("Decline", act.DECLINE),
        ]
    if kind == s.POKER:
        return [
            Choice(f"Put in {money(p.amount)}", act.PUT_IN, style=PRIMARY),
            Choice("Sit out", act.SIT_OUT),
        ]
    return []


def _banking_choices(state: GameState, seat: int) -> list[Choice]:
    """Done, then a spread of each open move (smallest and largest always shown), 25 buttons at most;
    `/payday repay`, `deposit` and `withdraw` take any other amount."""
    moves = banking_moves(state, seat, state.pending.reason)
    kinds = (
        (act.REPAY, "Repay", SUCCESS),
        (act.DEPOSIT, "Deposit", PRIMARY),
        (act.WITHDRAW, "Withdraw", DANGER),
    )
    shown = [(kind, amounts) for kind, amounts in zip(kinds, moves, strict=True) if amounts]
    room = (MAX_BUTTONS - 1) // max(len(shown), 1)
    buttons = [Choice("Done", act.DONE, style=SECONDARY)]
    for (kind, label, style), amounts in shown:
        buttons += [Choice(f"{label} {money(a)}", kind, a, style) for a in _spread(amounts, room)]
    return buttons


def _spread(values: list[int], most: int) -> list[int]:
    """At most `most` values, always keeping the smallest and the largest, evenly spaced between."""
    if len(values) <= most:
        return values
    picks = {values[round(i * (len(values) - 1) / (most - 1))] for i in range(most)}
    return sorted(picks)
