"""Bazar Quest's state and actions as JSON, decoded strictly: a decoded state
is sound or refused. The engine's generic codec reads the records by their
types; this module adds the ranges the types cannot say."""

from __future__ import annotations

from typing import Any

from ..engine.codec import (
    record_state_from_json,
    record_state_to_json,
    tagged_from_json,
    tagged_to_json,
)
from ..engine.errors import MalformedData
from .cards import EMPLOYEES, HEROES, ITEMS, UPGRADES
from .problems import state_problems
from .state import Action, Buy, Done, Flip, Hire, Invite, Pick, Sell, Show, State, Store

__all__ = ["action_from_json", "action_to_json", "state_from_json", "state_to_json"]

_ACTIONS: dict[str, type[Action]] = {
    "pick": Pick,
    "show": Show,
    "invite": Invite,
    "sell": Sell,
    "buy": Buy,
    "flip": Flip,
    "hire": Hire,
    "store": Store,
    "done": Done,
}
_WHAT = "bazarquest state"


def state_to_json(state: State) -> dict[str, Any]:
    return record_state_to_json(state)


def state_from_json(data: Any) -> State:
    return record_state_from_json(State, data, _WHAT, state_problems)


def action_to_json(action: Action) -> dict[str, Any]:
    return tagged_to_json(action, _ACTIONS)


def _bound(action: Action) -> tuple[str, int, int] | None:
    """The field an action names and how many cards of its kind exist."""
    if isinstance(action, Sell) and not 0 <= action.hero < len(HEROES):
        return "hero", action.hero, len(HEROES)
    if isinstance(action, Pick | Show | Sell | Store):
        return "item", action.item, len(ITEMS)
    if isinstance(action, Invite):
        return "hero", action.hero, len(HEROES)
    if isinstance(action, Buy | Flip):
        return "upgrade", action.upgrade, len(UPGRADES)
    if isinstance(action, Hire):
        return "employee", action.employee, len(EMPLOYEES)
    return None


def action_from_json(data: Any) -> Action:
    what = "bazarquest action"
    action: Action = tagged_from_json(_ACTIONS, data, what)
    bound = _bound(action)
    if bound is not None and not 0 <= bound[1] < bound[2]:
        raise MalformedData(f"{what}.{bound[0]} must be a card id 0..{bound[2] - 1}")
    return action
