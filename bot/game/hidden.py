"""What a player at the table cannot know, and fresh samples of it for a computer that plans.

Hidden: the order of the Mail and Deal draw piles, the face-down Yard Sale card (modern), the
dice to come (the RNG integer) and any scripted faces. Public: everything else, because the table
sees it happen: the discards, every player's held Mail, carried Monster Charges, Deals, cash,
loans and savings, the Jackpot and the pot, and the question being asked. Which cards are in the
draw piles is public too (every card not seen elsewhere), only their order is not.

A sample keeps the public part and replaces the hidden part by a draw from the sampler's own seed,
starting from the cards in sorted order, so two games that differ only in hidden information give
identical samples. Classic puts declined and sold Deals at the bottom of the pile, in an order a
player who watched could remember; a sample forgets it, which can only make the sampler know less.
"""

from bot.game.context import Game
from bot.game.rng import seed_state
from bot.game.state import GameState, from_json, to_json


def sample(state: GameState, seed: int) -> GameState:
    """A copy of `state` whose hidden information is drawn from `seed` alone."""
    return resample(from_json(to_json(state)), seed)


def resample(world: GameState, seed: int) -> GameState:
    """Replace `world`'s hidden information, in place, by a draw from `seed`; returns `world`."""
    world.rng = seed_state(seed)
    world.script.clear()
    g = Game(world)
    world.mail_deck.sort()
    g.shuffle(world.mail_deck)
    face_down = world.deal_deck + ([] if world.yard_sale is None else [world.yard_sale])
    face_down.sort()
    g.shuffle(face_down)
    if world.yard_sale is not None:
        world.yard_sale = face_down.pop()
    world.deal_deck[:] = face_down
    return world
