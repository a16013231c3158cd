"""What lies ahead of a player, for the questions that need it (issue 9.6): the Buyer days still
to come this month, the months after this one, and what the next Pay Day will charge. Pure reads
of the state; nothing here changes the game.
"""

from bot.game.calendar import PAYDAY_DAY, SpaceKind
from bot.game.cards import MailKind
from bot.game.rulesets import RULESETS
from bot.game.state import GameState


def buyer_days_ahead(state: GameState, seat: int) -> list[int]:
    """The Buyer days after the player's own day this month, where a Deal can still be sold."""
    board = RULESETS[state.ruleset].board
    today = state.players[seat].day
    return [day for day in range(today + 1, PAYDAY_DAY) if board[day].kind == SpaceKind.BUYER]


def months_after(state: GameState, seat: int) -> int:
    """Whole months the player still plays after this one (0 in their last month, when a Deal not
    sold by their last Pay Day is lost, docs/RULES.md §2.10)."""
    return max(state.months - state.players[seat].months_done - 1, 0)


def bills_due(state: GameState, seat: int) -> list[int]:
    """The Bills the player holds, by card: all paid at their next Pay Day."""
    mail = RULESETS[state.ruleset].mail
    return [card for card in state.players[seat].mail if mail[card].kind == MailKind.BILL]


def charges_due(state: GameState, seat: int) -> list[int]:
    """The balances of every Monster Charge the next Pay Day settles: those carried from earlier
    months, then those held since the last Pay Day."""
    mail = RULESETS[state.ruleset].mail
    held = [mail[card].amount for card in state.players[seat].mail if mail[card].kind == MailKind.MONSTER]
    return [*state.carried_balances(seat), *held]
