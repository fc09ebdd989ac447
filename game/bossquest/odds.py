"""The odds of going over the boss when asking for weapons, from what one seat
can see: its own strength, every weapon in view, and the size of the deck.

Every weapon the seat cannot see is equally likely to be on top of the deck,
so the next k cards are a uniform draw without replacement from those unseen
weapons. The count is exact: a small dynamic programme over card values.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from .cards import weapon_ids, weapon_value

__all__ = ["over_odds", "over_probability", "unseen_weapons"]

MAX_ASK = 4


def unseen_weapons(view: Mapping[str, Any]) -> list[int]:
    """The weapons a seat cannot see: every weapon of the game but those in view."""
    seen: set[int] = set()
    for seat in view["seats"]:
        seen.update(seat["visible"])
        if seat["hidden"] is not None:
            seen.add(seat["hidden"])
    return [card for card in weapon_ids(view["uses_yellow"]) if card not in seen]


def over_probability(strength: int, hp: int, pool: Iterable[int], count: int) -> Fraction:
    """P(strength + the values of `count` cards drawn from `pool` > hp), exactly."""
    per_value = [0] * 8
    for card in pool:
        per_value[weapon_value(card)] += 1
    return _over(tuple(per_value), hp - strength, count)


@functools.lru_cache(maxsize=4096)
def _over(per_value: tuple[int, ...], room: int, count: int) -> Fraction:
    """The same, from how many unseen cards have each value (1..7) and the room
    left under the hit points. Cached: search bots ask the same question often."""
    size = sum(per_value)
    if not 0 <= count <= size:
        raise ValueError(f"cannot draw {count} cards from {size}")
    # ways[j][t]: the number of j-card subsets whose values add up to t.
    top = 7 * count
    ways = [[0] * (top + 1) for _ in range(count + 1)]
    ways[0][0] = 1
    for value, copies in enumerate(per_value):
        if not copies:
            continue
        for j in range(count, 0, -1):
            row = ways[j]
            for taken in range(1, min(copies, j) + 1):
                below = ways[j - taken]
                factor = comb(copies, taken)
                shift = value * taken
                for total in range(top, shift - 1, -1):
                    if below[total - shift]:
                        row[total] += factor * below[total - shift]
    over = sum(n for total, n in enumerate(ways[count]) if total > room)
    return Fraction(over, comb(size, count))


def over_odds(view: Mapping[str, Any]) -> dict[int, float]:
    """For 1 to 4 weapons (as many as the deck holds), the chance of going over."""
    pool = unseen_weapons(view)
    strength = view["you"]["strength"]
    hp = view["boss"]["hp"]
    return {
        count: float(over_probability(strength, hp, pool, count))
        for count in range(1, min(MAX_ASK, view["weapon_deck"]) + 1)
    }
