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

from .cards import ALL_WEAPON_COUNT, is_potion, potion_size, weapon_ids, weapon_value

__all__ = [
    "card_value",
    "over_odds",
    "over_probability",
    "riskier_than",
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


def _totals_above(per_value: tuple[int, ...], count: int) -> tuple[int, ...]:
    """For each shifted total t: how many `count`-card subsets of the pool add up
    to more than t. A request of 1 to 4 weapons shares one count for every size
    (a bot asks about 1, 2, 3... of the same pool in turn)."""
    if count <= MAX_ASK:
        return _all_totals_above(per_value, MAX_ASK)[count]
    return _all_totals_above(per_value, count)[count]


@functools.lru_cache(maxsize=4096)
def _all_totals_above(per_value: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """`_totals_above` for every count from 0 to `most`, from one count of the
    subsets. Cached, whatever the room: search bots ask about the same pools
    often. Totals are counted shifted by 3 a card, so that none is negative."""
    # ways[j][t]: the number of j-card subsets whose shifted values add up to t,
    # each row only as long as its totals reach.
    ways: list[list[int]] = [[1], *([] for _ in range(most))]
    for value, copies in enumerate(per_value):
        if not copies:
            continue
        for j in range(most, 0, -1):
            row = ways[j]
            for taken in range(1, min(copies, j) + 1):
                below = ways[j - taken]
                if not below:
                    continue
                factor = comb(copies, taken)
                shift = value * taken
                if len(row) < shift + len(below):
                    row.extend([0] * (shift + len(below) - len(row)))
                for total, n in enumerate(below, shift):
                    if n:
                        row[total] += factor * n
    tails = []
    for row in ways:
        above = []
        running = 0
        for n in reversed(row):
            above.append(running)
            running += n
        above.reverse()
        tails.append(tuple(above))
    return tuple(tails)


def over_odds(view: Mapping[str, Any]) -> dict[int, float]:
    """For 1 to 4 weapons (as many as the deck holds), the chance of going over."""
    pool = unseen_weapons(view)
    strength = view["you"]["strength"]
    hp = view["boss"]["hp"]
    return {
        count: float(over_probability(strength, hp, pool, count))
        for count in range(1, min(MAX_ASK, view["weapon_deck"]) + 1)
    }
