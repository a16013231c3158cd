"""Every question a game can ask, reached by playing: shared by the English and the Italian word tests."""

import random
from collections.abc import Iterator

from bot.game.ai import choose
from bot.game.engine import apply, default_action
from bot.game.rulesets import RULESETS
from bot.game.simulate import start
from bot.game.state import GameState


def every_question() -> Iterator[tuple[GameState, list[str]]]:
    """(state, names) at each question of computer games of every edition, a few answers timed out:
    enough games that every kind of question is asked."""
    rnd = random.Random(8)
    for name in RULESETS:
        for seed in range(25):
            st, _ = start(seed, players=3, months=2, ruleset=name)
            names = [p.name for p in st.players]
            while not st.over:
                yield st, names
                seat = st.pending.seats[0]
                apply(st, choose(st, seat) if rnd.random() < 0.8 else default_action(st, seat))
