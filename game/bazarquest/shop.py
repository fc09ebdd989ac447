"""What a shop's cards add up to: its window's size and pull, its storage, its
employees' powers; and small helpers on tuples every phase uses."""

from __future__ import annotations

from typing import Any

from .cards import EMPLOYEES, HEROES, ITEMS, UPGRADES
from .state import State

__all__ = [
    "hearts",
    "matches",
    "put",
    "staff_power",
    "storage_size",
    "upgrade_level",
    "window_price",
    "window_size",
    "without",
]


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """`cards` less one copy of `card` (ids are unique: the one card)."""
    return tuple(held for held in cards if held != card)


def staff_power(state: State, seat: int, kind: str) -> int:
    """The sum of the shop's employees' amounts for effect `kind` (0: none)."""
    return sum(
        EMPLOYEES[e].effect.amount for e in state.staff[seat] if EMPLOYEES[e].effect.kind == kind
    )


def upgrade_level(state: State, seat: int, kind: str) -> int:
    """0 without an upgrade of `kind`, 1 or 2 by the side it shows."""
    for card in state.owned[seat]:
        if UPGRADES[card].kind == kind:
            return 2 if card in state.flipped else 1
    return 0


def window_size(state: State, seat: int) -> int:
    return 1 + upgrade_level(state, seat, "window")


def storage_size(state: State, seat: int) -> int:
    return 1 + upgrade_level(state, seat, "storage") + staff_power(state, seat, "extra_storage")


def hearts(state: State, seat: int) -> int:
    """The window's pull: its items' hearts, a window upgrade's and the staff's."""
    own = sum(ITEMS[item].hearts for item in state.window[seat])
    sign = sum(UPGRADES[card].hearts for card in state.owned[seat])
    return own + sign + staff_power(state, seat, "extra_hearts")


def window_price(state: State, seat: int) -> int:
    return sum(ITEMS[item].price for item in state.window[seat])


def matches(hero: int, items: tuple[int, ...]) -> bool:
    """Whether the hero shares a class with at least one of the items."""
    classes = set(HEROES[hero].classes)
    return any(classes & set(ITEMS[item].classes) for item in items)
