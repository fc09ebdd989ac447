"""Bazar Quest's heuristic bots: each decides from its seat's view alone.

The easy bot takes what comes (the first card, the first hero) and sells
whatever it can; the normal bot drafts for price and hearts, shows its
most attractive item, invites the hero it can sell the most to, and hires
only the employees that train its heroes, while a monster is still in the
pile. Measured, everything else it bought cost it more than it brought: a
window upgrade keeps a second item from sale, and coins break ties (buying
window, storage and staff as it once did, it lost to the easy bot at 2
players, 44% of the wins)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import EMPLOYEES, HEROES, ITEMS, MONSTERS
from .state import Done, Hire, Invite, Pick, Sell, Show, Store

__all__ = ["easy_bot", "normal_bot"]

_MARGIN = 2
"""Defence the normal bot buys beyond the monster's strength: an adventure may take 2."""
_STAFF_WANTED = ("train_defence", "train_attack")
"""Employee powers the normal bot hires, best first."""


def _worth(item: int) -> int:
    """What an item is worth to a shop: its price, and its pull in a window."""
    return ITEMS[item].price + 2 * ITEMS[item].hearts


def easy_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The first pick, the first item shown, the first hero, every sale it can."""
    for kind in (Pick, Show, Invite, Sell, Store):
        found = [action for action in legal if isinstance(action, kind)]
        if found:
            return found[0]
    return next((a for a in legal if isinstance(a, Done)), legal[0])


def normal_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    stage = view["stage"]
    if stage == "draft":
        return max(legal, key=lambda a: (_worth(a.item), -a.item))
    if stage == "display":
        return _display(view, legal)
    if stage == "invite":
        return max(legal, key=lambda a: (_sales(view, a.hero), -a.hero))
    if stage == "sell":
        sales = [a for a in legal if isinstance(a, Sell)]
        return max(sales, key=lambda a: _sale_value(view, a)) if sales else legal[-1]
    if stage == "upgrade":
        return _upgrade(view, legal)
    stores = [a for a in legal if isinstance(a, Store)]
    return max(stores, key=lambda a: (_worth(a.item), -a.item)) if stores else legal[-1]


def _sale_value(view: dict[str, Any], sale: Sell) -> tuple[int, int, int, int]:
    """A hero that would die gets defence first, one that cannot wound gets
    attack, then the dearest item: a living hero scores stars."""
    monster = MONSTERS[view["monster"]]
    gear = view["gear"][str(sale.hero)]
    defence = HEROES[sale.hero].defence + sum(ITEMS[i].defence for i in gear)
    attack = HEROES[sale.hero].attack + sum(ITEMS[i].attack for i in gear)
    item = ITEMS[sale.item]
    need = item.defence if defence < monster.strength + _MARGIN else 0
    want = item.attack if attack < monster.resistance else 0
    return (need, want, item.price, -sale.item)


def _display(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The item with the most hearts (the cheapest among them: the rest sells);
    a second slot only for another heart."""
    shows = [a for a in legal if isinstance(a, Show)]
    best = max(shows, key=lambda a: (ITEMS[a.item].hearts, -ITEMS[a.item].price, -a.item))
    if view["my_window"] and ITEMS[best.item].hearts == 0:
        return next(a for a in legal if isinstance(a, Done))
    return best


def _sales(view: dict[str, Any], hero: int) -> int:
    """Coins the shop could take from this hero's purse with its hand (a greedy fill)."""
    purse = view["purses"][str(hero)]
    window = set(view["my_window"] or ())
    classes = set(HEROES[hero].classes)
    total = 0
    hand = [i for i in view["hand"] if i not in window and classes & set(ITEMS[i].classes)]
    for item in sorted(hand, key=lambda i: -ITEMS[i].price):
        if total + ITEMS[item].price <= purse:
            total += ITEMS[item].price
    return total


def _upgrade(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """A trainer while a monster is left in the pile (it pays over the rounds
    to come), else nothing."""
    if view["levels_left"]:
        hires = [a for a in legal if isinstance(a, Hire)]
        for power in _STAFF_WANTED:
            wanted = [a for a in hires if EMPLOYEES[a.employee].effect.kind == power]
            if wanted:
                return wanted[0]
    return next(a for a in legal if isinstance(a, Done))
