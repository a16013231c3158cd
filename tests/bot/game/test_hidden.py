"""Samples of hidden information (bot.game.hidden): the public game kept, the hidden part drawn
from the sampler's seed alone."""

from bot.game.engine import apply
from bot.game.hidden import sample
from bot.game.simulate import play
from bot.game.state import GameState, to_json
from bot.game.strengths import choose
from tests.bot.game.scripted import ANN, force_dice, game, hidden_twin


def mid_game(ruleset: str = "modern", actions: int = 60) -> GameState:
    st = game(4, ruleset=ruleset, seed=11)
    for _ in range(actions):
        apply(st, choose(st, st.asked.seats[0]))
    return st


def public(state: GameState) -> tuple:
    """Everything a player at the table sees: all but the piles' order, the Yard Sale card, the dice."""
    return (
        [(p.cash, p.loan, p.savings, p.day, p.mail, p.carried, p.deals) for p in state.players],
        state.mail_discard,
        state.deal_discard,
        sorted(state.mail_deck),
        sorted(state.deal_deck + ([] if state.yard_sale is None else [state.yard_sale])),
        state.pending,
        state.agenda,
        state.jackpot,
        state.pot,
        state.prompt,
    )


def test_a_sample_keeps_what_the_table_sees_and_redraws_the_rest():
    st = mid_game()
    force_dice(st, 6, 6, 6)
    before = to_json(st)
    world = sample(st, 5)
    assert to_json(st) == before  # the game itself is untouched
    assert public(world) == public(st)
    assert world.mail_deck != st.mail_deck and world.deal_deck != st.deal_deck
    assert world.rng != st.rng and world.script == []


def test_games_differing_only_in_hidden_information_give_the_same_samples():
    for ruleset in ("modern", "family", "classic"):
        st = mid_game(ruleset)
        twin = hidden_twin(st, 1)
        assert twin.mail_deck != st.mail_deck and twin.rng != st.rng
        assert to_json(sample(twin, 3)) == to_json(sample(st, 3)), ruleset


def test_different_sampling_seeds_give_different_futures():
    st = mid_game()
    assert to_json(sample(st, 1)) != to_json(sample(st, 2))


def test_a_sampled_future_plays_to_the_end():
    world = sample(mid_game(), 4)
    play(world)
    assert world.over and world.winners
    assert world.players[ANN].retired
