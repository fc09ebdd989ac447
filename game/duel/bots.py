"""Duel's heuristic bots: each decides from its seat's view alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .state import Action, Commit, Keep, Swap, value_of

__all__ = ["easy_bot", "normal_bot"]


def easy_bot(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Keeps its hand and always plays its best card."""
    commits = [action for action in legal if isinstance(action, Commit)]
    if commits:
        return max(commits, key=lambda action: action.card)
    return next((action for action in legal if isinstance(action, Keep)), legal[0])


def normal_bot(view: dict[str, Any], legal: Sequence[Action]) -> Action:
    """Swaps away a 1, then plays its worst card when the trick looks lost
    (the rival's best possible card beats its best) and its best otherwise."""
    swaps = [action for action in legal if isinstance(action, Swap)]
    low = [action for action in swaps if value_of(action.card) == 1]
    if low:
        return low[0]
    commits = sorted(
        (action for action in legal if isinstance(action, Commit)), key=lambda a: a.card
    )
    if not commits:
        return next((action for action in legal if isinstance(action, Keep)), legal[0])
    seen = set(view["discards"]) | set(view["hand"] or ())
    unseen = [card for card in range(10) if card not in seen]
    best = commits[-1]
    rival_best = max((value_of(card) for card in unseen), default=0)
    return best if value_of(best.card) >= rival_best else commits[0]
