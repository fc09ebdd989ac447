"""Raid's heuristic bots: each decides from its seat's view alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rules import max_hp
from .state import Block, End, Kind, Pick, Play, Take, kind_of

__all__ = ["easy_bot", "normal_bot", "wary_bot"]

#: what each side drafts first
_WANTED = {
    True: (Kind.STRIKE, Kind.SHIELD, Kind.SCOUT, Kind.HEAL),  # the Boss
    False: (Kind.STRIKE, Kind.HEAL, Kind.SHIELD, Kind.SCOUT),  # a hero
}


def easy_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Picks the first card it is offered, strikes with every strike, blocks
    whenever it can, and plays nothing else."""
    for action in legal:
        if isinstance(action, Pick | Block):
            return action
        if isinstance(action, Play) and kind_of(action.card) == Kind.STRIKE:
            return action
    return next((a for a in legal if isinstance(a, End | Take)), legal[0])


def normal_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """Drafts what its side needs, strikes the weakest enemy, heals and
    shields the most hurt ally within reach, scouts while it can, blocks."""
    picks = [action for action in legal if isinstance(action, Pick)]
    if picks:
        order = _WANTED[view["seat"] == 0]
        return min(picks, key=lambda a: (order.index(kind_of(a.card)), a.card))
    blocks = [action for action in legal if isinstance(action, Block)]
    if blocks or any(isinstance(action, Take) for action in legal):
        return blocks[0] if blocks else legal[-1]
    hp: list[int] = view["hp"]
    plays = [action for action in legal if isinstance(action, Play)]
    useful: list[tuple[int, Play]] = []
    for action in plays:
        kind = kind_of(action.card)
        if kind == Kind.STRIKE:
            useful.append((0 + hp[action.target], action))
        elif kind == Kind.SCOUT:
            useful.append((50, action))
        elif kind == Kind.HEAL and hp[action.target] < _full(view, action.target):
            useful.append((100 + hp[action.target], action))
        elif kind == Kind.SHIELD and view["guard"][action.target] == 0:
            useful.append((200 + hp[action.target], action))
    if useful:
        return min(useful, key=lambda item: (item[0], item[1].card, item[1].target))[1]
    return next(action for action in legal if isinstance(action, End))


def wary_bot(view: dict[str, Any], legal: Sequence[Any]) -> Any:
    """The normal bot that first raises a shield over itself while it has
    none: a Boss level that strikes later and lasts longer."""
    own = view["seat"]
    for action in legal:
        shield = isinstance(action, Play) and kind_of(action.card) == Kind.SHIELD
        if shield and action.target == own and view["guard"][own] == 0:
            return action
    return normal_bot(view, legal)


def _full(view: dict[str, Any], seat: int) -> int:
    return max_hp(seat, len(view["hp"]), view["dawn"])
