"""What a shop's public cards add up to, read from a view (the rules'
`shop.py` reads states): the window's places and pull, the storage's
places, the wounds that fell the monster."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import EMPLOYEES, ITEMS, MONSTERS, UPGRADES

__all__ = ["staff_power", "storage_places", "window_hearts", "window_places", "wounds_to_fall"]


def staff_power(view: Mapping[str, Any], seat: int, kind: str) -> int:
    staff = view["staff"][seat]
    return sum(EMPLOYEES[e].effect.amount for e in staff if EMPLOYEES[e].effect.kind == kind)


def _level(view: Mapping[str, Any], seat: int, kind: str) -> int:
    for card in view["owned"][seat]:
        if UPGRADES[card].kind == kind:
            return 2 if card in view["flipped"] else 1
    return 0


def window_places(view: Mapping[str, Any], seat: int) -> int:
    return 1 + _level(view, seat, "window")


def storage_places(view: Mapping[str, Any], seat: int) -> int:
    return 1 + _level(view, seat, "storage") + staff_power(view, seat, "extra_storage")


def window_hearts(view: Mapping[str, Any], seat: int, window: list[int]) -> int:
    own = sum(ITEMS[item].hearts for item in window)
    sign = sum(UPGRADES[card].hearts for card in view["owned"][seat])
    return own + sign + staff_power(view, seat, "extra_hearts")


def wounds_to_fall(view: Mapping[str, Any]) -> int:
    monster = view["monster"]
    effect = MONSTERS[monster].effect if monster is not None else None
    tough = effect.amount if effect is not None and effect.kind == "tough" else 0
    return (4 if view["advanced"] else len(view["coins"])) + tough
