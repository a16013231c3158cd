"""The rules' behaviour pinned as one digest: 2,000 computer games over every edition, their final
states and whole event logs, byte for byte.

A change of the code's shape (renaming, splitting a module, a different validation path) must leave
every game exactly as it was. A change of the rules is not that: it changes the digest, and the
commit that means to change a rule says so by updating `DIGEST` with the reason.

The games mix what players do: the computer player's answers, the last answer a question lists,
time limits running out (the cautious default), standing loans and repayments tried between
answers (refused ones included, which must change nothing), and every tenth game ended early.
"""

import hashlib
import json

from bot.game import ai, engine
from bot.game.actions import Action, ActionKind, IllegalAction
from bot.game.rulesets import RULESETS
from bot.game.state import GameState, to_json

GAMES = 2000
DIGEST = "3d2619813b3e4ccd49c906b3b7f4a8468df875a2425a8a5e2c08db0f3a873174"
"""sha256 of every game's final state and event log, as `fingerprint` writes them."""


def table_of(game: int) -> tuple[str, int, int]:
    """Game `game`'s edition, player count and months: every edition, 2 to 6 players, 1 to 3 months."""
    rulesets = sorted(RULESETS)
    ruleset = rulesets[game % len(rulesets)]
    least, most = RULESETS[ruleset].rules.min_players, RULESETS[ruleset].rules.max_players
    players = least + (game // len(rulesets)) % (most - least + 1)
    months = 1 + (game // 15) % 3
    return ruleset, players, months


def standing_try(state: GameState, game: int, actions: int) -> Action | None:
    """Now and then a player tries a loan or a repayment outside any question (some are refused)."""
    if (game + actions) % 11:
        return None
    seat = (game + actions) % len(state.players)
    step = state.rules.loan_step
    kind = ActionKind.LOAN if actions % 2 else ActionKind.REPAY
    return Action(seat, kind, step * (1 + actions % 3))


def play(game: int) -> tuple[GameState, list[dict]]:
    """One game of the fingerprint, played to its end (or ended early), with its whole event log."""
    ruleset, players, months = table_of(game)
    names = [f"P{seat}" for seat in range(players)]
    state, opening = engine.start(names, ruleset=ruleset, months=months, seed=game)
    log = [event.to_dict() for event in opening]
    stop = game * 7 % (players * 40) if game % 10 == 9 else None
    actions = 0
    while not state.over:
        if stop is not None and actions == stop:
            log += [event.to_dict() for event in engine.end_early(state)]
            break
        standing = standing_try(state, game, actions)
        if standing is not None:
            before = to_json(state)
            try:
                log += [event.to_dict() for event in engine.apply(state, standing)]
            except IllegalAction:
                assert to_json(state) == before, "a refused action changed the game"
            if state.over:  # a repayment that answered the last Pay Day's question
                break
        seat = state.pending.seats[0]
        if game % 4 == 3 and actions % 5 == 0:
            action = engine.default_action(state, seat)
        elif game % 4 == 1 and actions % 3 == 0:
            action = engine.legal_actions(state, seat)[-1]
        else:
            action = ai.choose(state, seat)
        log += [event.to_dict() for event in engine.apply(state, action)]
        actions += 1
    return state, log


def fingerprint(games: int = GAMES) -> str:
    digest = hashlib.sha256()
    for game in range(games):
        state, log = play(game)
        digest.update(to_json(state).encode())
        digest.update(json.dumps(log, separators=(",", ":")).encode())
    return digest.hexdigest()


def test_two_thousand_games_of_every_edition_play_exactly_as_pinned():
    assert fingerprint() == DIGEST
