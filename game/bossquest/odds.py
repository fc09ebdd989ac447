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
import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from .cards import ALL_WEAPON_COUNT, is_potion, potion_size, weapon_ids, weapon_value

__all__ = [
    "card_value",
    "over_odds",
    "over_probability",
    "riskier_than",
    "unseen_value_counts",
    "unseen_weapons",
    "value_counts",
]

MAX_ASK = 4
# Card values run from −3 (a potion read negative) to 7; index = value + _SHIFT.
_SHIFT = 3
_VALUES = 7 + _SHIFT + 1


def card_value(card: int) -> int:
    """What a drawn card adds to the strength, as the over-odds count it."""
    return _CARD_VALUES[card]


def _card_value(card: int) -> int:
    return -potion_size(card) if is_potion(card) else weapon_value(card)


_CARD_VALUES = tuple(_card_value(card) for card in range(ALL_WEAPON_COUNT))


def unseen_weapons(view: Mapping[str, Any]) -> list[int]:
    """The weapons a seat cannot see: every weapon of the game but those in view."""
    seen: set[int] = set()
    for seat in view["seats"]:
        seen.update(seat["visible"])
        if seat["hidden"] is not None:
            seen.add(seat["hidden"])
    cards = weapon_ids(view["uses_yellow"], potions="potions" in view)
    return [card for card in cards if card not in seen]


def unseen_value_counts(view: Mapping[str, Any]) -> tuple[tuple[int, ...], int]:
    """`value_counts(unseen_weapons(view))` and the number of those weapons, from
    the game's counts less the weapons in view (fewer than the unseen ones)."""
    seen: set[int] = set()
    for seat in view["seats"]:
        seen.update(seat["visible"])
        if seat["hidden"] is not None:
            seen.add(seat["hidden"])
    per_value, size = _game_counts(view["uses_yellow"], "potions" in view)
    counts = list(per_value)
    values = _CARD_VALUES
    for card in seen:
        counts[values[card] + _SHIFT] -= 1
    return tuple(counts), size - len(seen)


@functools.cache
def _game_counts(uses_yellow: bool, potions: bool) -> tuple[tuple[int, ...], int]:
    cards = weapon_ids(uses_yellow, potions=potions)
    return value_counts(cards), len(cards)


def value_counts(pool: Iterable[int]) -> tuple[int, ...]:
    """How many cards of `pool` have each value (index: value + 3)."""
    per_value = [0] * _VALUES
    values = _CARD_VALUES
    for card in pool:
        per_value[values[card] + _SHIFT] += 1
    return tuple(per_value)


def over_probability(strength: int, hp: int, pool: Iterable[int], count: int) -> Fraction:
    """P(strength + the values of `count` cards drawn from `pool` > hp), exactly."""
    return _over(value_counts(pool), hp - strength, count)


@functools.lru_cache(maxsize=8192)
def riskier_than(counts: tuple[int, ...], room: int, count: int, risk: float) -> bool:
    """Whether drawing `count` cards from a pool of `value_counts` `counts` goes
    more than `room` over, with a probability above `risk`: the same answer as
    comparing `over_probability` with it (exactly, as a Fraction compares with a
    float), remembered, as a search bot's playouts ask it thousands of times."""
    over, draws = _over_count(counts, room, count)
    numerator, denominator = risk.as_integer_ratio()
    return over * denominator > numerator * draws


def _over(per_value: tuple[int, ...], room: int, count: int) -> Fraction:
    """The same, from how many unseen cards have each value (index: value + 3) and
    the room left under the hit points."""
    over, draws = _over_count(per_value, room, count)
    return Fraction(over, draws)


def _over_count(per_value: tuple[int, ...], room: int, count: int) -> tuple[int, int]:
    """(How many `count`-card draws go over, how many draws there are)."""
    size = sum(per_value)
    if not 0 <= count <= size:
        raise ValueError(f"cannot draw {count} cards from {size}")
    draws = comb(size, count)
    threshold = room + _SHIFT * count  # totals are counted shifted by 3 a card
    if threshold < 0:
        return draws, draws  # no total is negative
    above = _totals_above(per_value, count)
    return (above[threshold] if threshold < len(above) else 0), draws


@functools.lru_cache(maxsize=8192)
def _totals_above(per_value: tuple[int, ...], count: int) -> tuple[int, ...]:
    """For each shifted total t: how many `count`-card subsets of the pool add up
    to more than t. Cached, whatever the room: search bots ask about the same
    pools often. Totals are counted shifted by 3 a card, so that none is negative."""
    if count == 1:  # one card: the counts themselves
        ways_1 = list(per_value)
        sums_1 = list(itertools.accumulate(ways_1))
        return tuple(sums_1[-1] - below for below in sums_1)
    top = _VALUES - 1
    # ways[j][t]: the number of j-card subsets whose shifted values add up to t.
    ways = [[1], *([0] * (top * j + 1) for j in range(1, count + 1))]
    for value, copies in enumerate(per_value):
        if not copies:
            continue
        if copies < _COMB_SIZE:
            chosen = _COMB[copies]
        else:
            chosen = [comb(copies, taken) for taken in range(count + 1)]
        for j in range(count, 0, -1):
            row = ways[j]
            for taken in range(1, min(copies, j) + 1):
                factor = chosen[taken]
                for total, n in enumerate(ways[j - taken], value * taken):
                    if n:
                        row[total] += factor * n
    sums = list(itertools.accumulate(ways[count]))
    every = sums[-1]
    return tuple(every - below for below in sums)


# comb(n, k) for the counts of cards of one value, up to a whole deck.
_COMB_SIZE = 64
_COMB = [[comb(copies, taken) for taken in range(_COMB_SIZE)] for copies in range(_COMB_SIZE)]


def over_odds(view: Mapping[str, Any]) -> dict[int, float]:
    """For 1 to 4 weapons (as many as the deck holds), the chance of going over."""
    pool = unseen_weapons(view)
    strength = view["you"]["strength"]
    hp = view["boss"]["hp"]
    return {
        count: float(over_probability(strength, hp, pool, count))
        for count in range(1, min(MAX_ASK, view["weapon_deck"]) + 1)
    }
