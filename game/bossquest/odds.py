"""The odds of going over the boss when asking for weapons, from what one seat
can see: its own strength, every weapon in view, and the size of the deck.

Every weapon the seat cannot see is equally likely to be on top of the deck,
so the next k cards are a uniform draw without replacement from those unseen
weapons. The count is exact: a small dynamic programme over card values.

Potions: a drawn potion comes face up and its drawer reads it at once, so we
assume the drawer reads it so as to stay under the boss: it counts −size (a
draw goes over only if it does even with every potion in it read negative). A
potion the seat already holds counts at its reading, 0 while unread.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from .cards import is_potion, potion_size, weapon_ids, weapon_value

__all__ = ["card_value", "over_odds", "over_probability", "unseen_weapons"]

MAX_ASK = 4
# Card values run from −3 (a potion read negative) to 7; index = value + _SHIFT.
_SHIFT = 3
_VALUES = 7 + _SHIFT + 1


def card_value(card: int) -> int:
    """What a drawn card adds to the strength, as the over-odds count it."""
    return -potion_size(card) if is_potion(card) else weapon_value(card)


def unseen_weapons(view: Mapping[str, Any]) -> list[int]:
    """The weapons a seat cannot see: every weapon of the game but those in view."""
    seen: set[int] = set()
    for seat in view["seats"]:
        seen.update(seat["visible"])
        if seat["hidden"] is not None:
            seen.add(seat["hidden"])
    cards = weapon_ids(view["uses_yellow"], potions="potions" in view)
    return [card for card in cards if card not in seen]


def over_probability(strength: int, hp: int, pool: Iterable[int], count: int) -> Fraction:
    """P(strength + the values of `count` cards drawn from `pool` > hp), exactly."""
    per_value = [0] * _VALUES
    for card in pool:
        per_value[card_value(card) + _SHIFT] += 1
    return _over(tuple(per_value), hp - strength, count)


@functools.lru_cache(maxsize=4096)
def _over(per_value: tuple[int, ...], room: int, count: int) -> Fraction:
    """The same, from how many unseen cards have each value (index: value + 3) and
    the room left under the hit points. Cached: search bots ask the same question
    often. Totals are counted shifted by 3 a card, so that none is negative."""
    size = sum(per_value)
    if not 0 <= count <= size:
        raise ValueError(f"cannot draw {count} cards from {size}")
    # ways[j][t]: the number of j-card subsets whose shifted values add up to t.
    top = (_VALUES - 1) * count
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
    over = sum(n for total, n in enumerate(ways[count]) if total > room + _SHIFT * count)
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
