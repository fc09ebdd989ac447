"""The engine's generator: pinned outputs, so any change to it is deliberate."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine import rng


def test_splitmix64_reference_value() -> None:
    # SplitMix64's published first output for seed 0.
    value, _ = rng.next_u64(rng.seed_state(0))
    assert value == 0xE220A8397B1DCDAF


def test_pinned_first_outputs() -> None:
    state = rng.seed_state(2026)
    outputs = []
    for _ in range(5):
        value, state = rng.next_u64(state)
        outputs.append(value)
    assert outputs == [
        15824617304438902051,
        8699989649721214301,
        12310341597754734734,
        7097835237234771186,
        14602530494585831241,
    ]


def test_pinned_shuffle_and_bounded_draws() -> None:
    shuffled, state = rng.shuffle(rng.seed_state(7), range(10))
    assert shuffled == (8, 1, 5, 9, 0, 4, 3, 2, 6, 7)
    assert state == 10372713005361028292
    state = rng.seed_state(1)
    draws = []
    for _ in range(10):
        value, state = rng.below(state, 6)
        draws.append(value)
    assert draws == [5, 1, 0, 5, 3, 2, 3, 3, 0, 4]


def test_seeds_of_any_size_and_sign_are_accepted() -> None:
    assert rng.seed_state(-1) == rng.MASK64
    assert rng.seed_state(2**70 + 5) == 5


def test_below_is_roughly_uniform() -> None:
    state = rng.seed_state(99)
    counts: Counter[int] = Counter()
    for _ in range(6000):
        value, state = rng.below(state, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    assert all(800 < count < 1200 for count in counts.values())


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="positive"):
        rng.below(0, 0)


def test_shuffle_keeps_every_item_and_does_not_touch_the_input() -> None:
    items = list(range(35))
    shuffled, _ = rng.shuffle(rng.seed_state(3), items)
    assert sorted(shuffled) == items
    assert items == list(range(35))
    assert shuffled != tuple(items)


def _below_by_steps(state: int, bound: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value, state = rng.next_u64(state)
        if value < limit:
            return value % bound, state


def test_the_written_out_draws_are_next_u64s() -> None:
    """`below` and `shuffle` write SplitMix64's step out for speed: they must
    draw exactly as rejection sampling over `next_u64` does, for any bound."""
    state = rng.seed_state(99)
    for bound in [1, 2, 3, 6, 35, 256, 257, 1000, 2**40 + 3, 2**63 + 1, 2**64 - 1]:
        for _ in range(50):
            assert rng.below(state, bound) == _below_by_steps(state, bound)
            state = rng.next_u64(state)[1]
    for size in [0, 1, 2, 38, 300]:
        cards = list(range(size))
        expected = state
        for i in range(size - 1, 0, -1):
            j, expected = _below_by_steps(expected, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        assert rng.shuffle(state, range(size)) == (tuple(cards), expected)


def test_a_shuffle_draws_again_where_below_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """`shuffle` hands a rejected draw to `below`; a real rejection is too rare
    to meet (about one in 2**57), so here the limits reject about half the draws."""
    limits = tuple(bound * (2**63 // bound) if bound else 0 for bound in range(257))
    monkeypatch.setattr(rng, "_LIMITS", limits)

    def below_by_steps(state: int, bound: int) -> tuple[int, int]:
        while True:
            value, state = rng.next_u64(state)
            if value < limits[bound]:
                return value % bound, state

    state = rng.seed_state(5)
    for size in [9, 40, 256]:
        cards = list(range(size))
        expected = state
        for i in range(size - 1, 0, -1):
            j, expected = below_by_steps(expected, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        assert rng.shuffle(state, range(size)) == (tuple(cards), expected)
        assert expected != (state + (size - 1) * 0x9E3779B97F4A7C15) & rng.MASK64  # it drew again
        state = expected
