"""The Jackpot: which 6 takes it, and what the Bank seeds it with at the start.

Every edition pays it on a movement 6; a house rule (`Rules.jackpot_six`) counts any 6 a player
rolls, or none. So every roll a player makes for themselves goes through `roll`; only the Lottery
draw, which the lander rolls for the whole table, is a plain `Game.roll` and never wins it.
"""

from bot.game import events as ev
from bot.game.bank import transfer
from bot.game.context import Game
from bot.game.events import Reason
from bot.game.rulesets import JackpotSix


def roll(g: Game, seat: int, reason: str = "", ref: int = -1) -> int:
    """`seat`'s own die roll (its movement roll when `reason` is empty); a 6 takes the whole
    Jackpot first when the table's rules count this roll (docs/RULES.md §2.3, §7)."""
    face = g.roll(seat, reason, ref)
    if face == 6 and g.state.jackpot and _counts(g, reason) and _open(g):
        transfer(g, ev.JACKPOT, seat, g.state.jackpot, Reason.SIX)
        g.state.election_held = False
    return face


def _counts(g: Game, reason: str) -> bool:
    six = g.rules.jackpot_six
    return six is JackpotSix.ANY or (six is JackpotSix.MOVEMENT and not reason)


def _open(g: Game) -> bool:
    """Whether a 6 takes the Jackpot now: always in modern and family; in classic, only once a Town
    Election has been held since the Pot was last won (docs/RULES.md §4.7)."""
    return g.state.election_held or not g.rules.jackpot_needs_election


def seed(g: Game) -> None:
    """The Bank's seed money for the Jackpot, a house rule (none in every edition)."""
    transfer(g, ev.BANK, ev.JACKPOT, g.rules.jackpot_seed, Reason.JACKPOT_SEED)
