"""A tiny seeded RNG whose whole state is one integer, so it fits in the saved game.

SplitMix64: fast, well distributed, and trivially serialisable. The game stores the integer,
so a restart or a replay can never re-roll an outcome.
"""

MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Spread a small user seed over 64 bits so seeds 1, 2, 3 start far apart."""
    return next_u64(seed & MASK)[1]


def mix(*values: int) -> int:
    """One 64-bit seed from several integers (a game's seed, a prompt number, a seat), so every
    decision of a computer player samples from a stream of its own."""
    state = 0
    for value in values:
        state = next_u64(state ^ (value & MASK))[1]
    return state
